import Foundation

extension CGFloat {
    /// The least width or height that means "no limit" (rule B7). UIKit reads the `CGFLOAT_MAX` callers
    /// pass to `boundingRect(with:)` as unbounded; TextFit reads any limit from 1e15 pt up that way
    /// (`.greatestFiniteMagnitude` included), far beyond any real line.
    @inlinable
    public static var unboundedTextDimension: CGFloat { 1e15 }

    /// Whether a width or height limit means "no limit" (rule B7): 0, +infinity, or at least
    /// `unboundedTextDimension`. A `nil` width is unbounded too. NaN and negative values are no limit at
    /// all: every measuring entry point of TextFit and TextFitLayout refuses them
    /// (`MeasureError.invalidWidth`, `.invalidHeight`).
    ///
    /// ```swift
    /// CGFloat(0).isUnboundedTextDimension                         // true: lines as wide as the text
    /// CGFloat.greatestFiniteMagnitude.isUnboundedTextDimension    // true
    /// CGFloat(320).isUnboundedTextDimension                       // false
    /// try prepared.layout(width: 0) == prepared.layout(width: nil)  // true
    /// ```
    @inlinable
    public var isUnboundedTextDimension: Bool {
        // As Doubles (CGFloat's storage on 64-bit Linux): Foundation's CGFloat comparisons are not
        // inlined, and relayout asks this once per width.
        let value = Double(self)
        return value == 0 || value >= Double(CGFloat.unboundedTextDimension)
    }

    /// A width limit as TextFit lays out at it: `nil` when unbounded (rule B7: `nil`, 0, +infinity,
    /// ≥ `unboundedTextDimension`), else the width itself.
    /// - Throws: `MeasureError.invalidWidth` for NaN or a negative width.
    @inlinable
    package static func wrapWidth(_ width: CGFloat?) throws -> CGFloat? {
        guard let width else { return nil }
        let points = Double(width)
        guard points >= 0 else { throw MeasureError.invalidWidth(points) }  // negative or NaN
        return width.isUnboundedTextDimension ? nil : width
    }
}
