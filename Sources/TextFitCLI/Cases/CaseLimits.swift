import TextFit

/// The ranges a case's numbers must be in, shared by `batch`'s fields and `measure`/`render`/`title-date`'s
/// flags, so a value out of range is refused with its field (or flag) and the limit named, and a value
/// the contract calls unbounded means the same everywhere.
///
/// ```swift
/// try CaseLimits.width(1e15)    // nil: unconstrained (B7)
/// try CaseLimits.width(-3)      // throws CaseLimits.OutOfRange
/// CaseLimits.count(1e18)        // 1_000_000_000_000_000_000
/// ```
enum CaseLimits {
    /// A value outside its field's range; the caller names the field and its `requirement`.
    struct OutOfRange: Error {}

    /// Widths from this up mean unconstrained, as 0 and +∞ do (B7): UIKit callers pass
    /// `CGFloat.greatestFiniteMagnitude` for "no limit".
    static let unboundedWidth: Double = 1e15
    /// Font sizes must be below this: what `Font` accepts (checked against it by the tests).
    static let maximumSize: Double = 100_000

    static let widthRequirement = "a number >= 0 (0, or 1e15 and more, = unconstrained)"
    static let sizeRequirement = "a number of points > 0 and < 100000"
    static let maxLinesRequirement = "a whole number from 0 to \(Int.max) (0 = no limit)"
    static let faceIndexRequirement = "a whole number from 0 to \(Int.max)"

    /// The wrap width `points` asks for: nil (unconstrained) for 0, +∞ and anything ≥ `unboundedWidth`.
    /// - Throws: `OutOfRange` for a negative width or NaN.
    static func width(_ points: Double) throws(OutOfRange) -> Double? {
        guard points >= 0 else { throw OutOfRange() }
        return points == 0 || points >= unboundedWidth ? nil : points
    }

    /// `points` as a font size.
    /// - Throws: `OutOfRange` unless 0 < `points` < `maximumSize`.
    static func size(_ points: Double) throws(OutOfRange) -> Double {
        guard points > 0, points < maximumSize else { throw OutOfRange() }
        return points
    }

    /// `value` as a count ≥ 0 (a line limit, a face index), or nil when it is not a whole number in
    /// `0...Int.max` (`Int(exactly:)` refuses fractions and doubles of 2^63 and more without trapping).
    static func count(_ value: Double) -> Int? {
        guard let count = Int(exactly: value), count >= 0 else { return nil }
        return count
    }
}
