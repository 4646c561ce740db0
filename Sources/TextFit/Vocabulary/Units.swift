import Foundation

/// TextFit measures internally in integers of 1/1024 pt (HarfBuzz's output at scale = size × 1024), so
/// sums are exact and "does it fit" never depends on floating-point rounding.
enum Units {
    static let perPoint = 1024

    /// The line width limit of an unbounded layout (rule B7, `CGFloat.isUnboundedTextDimension`): wider
    /// than any text, with room to add widths to it without overflow.
    static var unbounded: Int { Int.max / 4 }

    static func points(_ units: Int) -> CGFloat { CGFloat(units) / CGFloat(perPoint) }

    /// The largest unit count that fits in `points` (≥ 0: a width, checked by the caller). A width measured
    /// by TextFit converts back exactly; the 1e-6 slack absorbs the last-bit error of a caller's own
    /// arithmetic on such widths.
    @inline(__always)
    static func floor(_ points: Double) -> Int {
        if !points.isFinite || points >= Double(unbounded) / Double(perPoint) { return unbounded }
        // `Int(_:)` truncates toward zero, the floor of a non-negative value, in one instruction;
        // `rounded(.down)` called libm's `floor` on every relayout.
        assert(points >= 0, "a width is checked before it is converted")
        return Int(points * Double(perPoint) + 1e-6)
    }
}
