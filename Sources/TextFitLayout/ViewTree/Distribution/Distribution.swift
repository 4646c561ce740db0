import Foundation

/// A direction to lay items along.
public enum Axis: Sendable, Hashable {
    /// Left to right: items' x and width.
    case horizontal
    /// Top to bottom: items' y and height.
    case vertical
}

/// Equal distribution of items along a container's length, with the semantics of Masonry's
/// `mas_distributeViewsAlongAxis:withFixedSpacing:leadSpacing:tailSpacing:` and
/// `…withFixedItemLength:leadSpacing:tailSpacing:` (NSArray+MASAdditions.m).
///
/// Fixed spacing: the first item starts `leadSpacing` in, each next one starts `spacing` after the one
/// before and has its length, the last ends `tailSpacing` before the end, so every item has the length
/// `(length − lead − tail − (n − 1) × spacing) / n`. Fixed item length: the first item starts at `lead`,
/// the last ends at `length − tail`, and item i's end lies at Masonry's `length × i/(n−1) +
/// (1 − i/(n−1)) × (itemLength + lead) − i × tail/(n−1)`, which spaces the gaps equally.
///
/// ```swift
/// let spans = try Distribution.fixedSpacing(10, count: 3, length: 320, leadSpacing: 15, tailSpacing: 15)
/// spans.map(\.origin)   // [15, 115, 215], each 90 long: (320 − 15 − 15 − 2 × 10) / 3
/// let buttons = try Distribution.fixedItemLength(60, count: 4, length: 320, leadSpacing: 10, tailSpacing: 10)
/// buttons.map(\.origin) // [10, 90, 170, 250]: gaps of (320 − 10 − 10 − 4 × 60) / 3 = 20
/// ```
///
/// Masonry asserts when given fewer than two views (and, with assertions off, adds no constraints), so
/// fewer than two items is an error here rather than a layout Masonry never makes. Negative spacing and
/// lead or tail spacing are accepted, as Masonry passes them on as constraint offsets (items overlap or
/// start outside); items that would have a negative length are refused (`noRoom`), where Auto Layout
/// would report unsatisfiable constraints or produce an inverted frame.
public enum Distribution {
    /// One item's place along the axis.
    public struct Span: Sendable, Hashable, CustomStringConvertible {
        /// Where the item starts.
        public var origin: CGFloat
        /// Its length along the axis.
        public var length: CGFloat
        /// Where it ends: `origin + length`.
        public var end: CGFloat { origin + length }

        public init(origin: CGFloat, length: CGFloat) {
            self.origin = origin
            self.length = length
        }

        public var description: String { "\(origin) + \(length)" }
    }

    /// Items of equal length with `spacing` between neighbours.
    /// - Parameters:
    ///   - spacing: the gap between neighbours (negative: they overlap).
    ///   - count: how many items (at least 2).
    ///   - length: the container's length along the axis (≥ 0).
    ///   - leadSpacing: the space before the first item.
    ///   - tailSpacing: the space after the last item.
    ///   - scale: when given, every edge is rounded to the nearest pixel of this scale, as UIKit places
    ///     frames; lengths may then differ by a pixel but the items still tile the length exactly.
    /// - Returns: one span per item, in order.
    /// - Throws: `DistributionError.tooFewItems`, `.invalidValue` (NaN or infinite values, a negative
    ///   length, a scale ≤ 0), `.noRoom` when the spacing leaves the items a negative length.
    public static func fixedSpacing(
        _ spacing: CGFloat, count: Int, length: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat, scale: CGFloat? = nil
    ) throws -> [Span] {
        try validate(count: count, length: length, lead: leadSpacing, tail: tailSpacing, scale: scale)
        try finite(spacing, "fixedSpacing")
        let n = CGFloat(count)
        let free = length - leadSpacing - tailSpacing - (n - 1) * spacing
        guard free >= 0 else {
            throw DistributionError.noRoom(length: Double(length), needed: Double(length - free))
        }
        let itemLength = free / n
        let edges = (0..<count).map { index -> (CGFloat, CGFloat) in
            let start = leadSpacing + CGFloat(index) * (itemLength + spacing)
            return (start, index == count - 1 ? length - tailSpacing : start + itemLength)
        }
        return spans(edges, scale: scale)
    }

    /// Items of `itemLength` with equal gaps between neighbours (negative gaps when they do not fit:
    /// they overlap, as with Masonry).
    /// - Parameters:
    ///   - itemLength: every item's length (≥ 0).
    ///   - count: as in `fixedSpacing`.
    ///   - length: as in `fixedSpacing`.
    ///   - leadSpacing: as in `fixedSpacing`.
    ///   - tailSpacing: as in `fixedSpacing`.
    ///   - scale: as in `fixedSpacing`.
    /// - Returns: one span per item, in order.
    /// - Throws: `DistributionError.tooFewItems`, `.invalidValue` (NaN or infinite values, a negative
    ///   length or item length, a scale ≤ 0).
    public static func fixedItemLength(
        _ itemLength: CGFloat, count: Int, length: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat, scale: CGFloat? = nil
    ) throws -> [Span] {
        try validate(count: count, length: length, lead: leadSpacing, tail: tailSpacing, scale: scale)
        try finite(itemLength, "fixedItemLength")
        guard itemLength >= 0 else {
            throw DistributionError.invalidValue(field: "fixedItemLength", value: Double(itemLength))
        }
        let last = CGFloat(count - 1)
        let edges = (0..<count).map { index -> (CGFloat, CGFloat) in
            let i = CGFloat(index)
            let end: CGFloat
            if index == 0 {
                end = leadSpacing + itemLength  // first: left = lead
            } else if index == count - 1 {
                end = length - tailSpacing  // last: right = length − tail
            } else {  // Masonry's multiplier and offset
                end = length * (i / last) + (1 - i / last) * (itemLength + leadSpacing) - i * tailSpacing / last
            }
            return (index == 0 ? leadSpacing : end - itemLength, end)
        }
        return spans(edges, scale: scale)
    }

    private static func spans(_ edges: [(CGFloat, CGFloat)], scale: CGFloat?) -> [Span] {
        edges.map { start, end in
            guard let scale else { return Span(origin: start, length: end - start) }
            let snappedStart = (start * scale).rounded() / scale
            let snappedEnd = (end * scale).rounded() / scale
            return Span(origin: snappedStart, length: snappedEnd - snappedStart)
        }
    }

    private static func validate(count: Int, length: CGFloat, lead: CGFloat, tail: CGFloat, scale: CGFloat?) throws {
        guard count >= 2 else { throw DistributionError.tooFewItems(count: count) }
        try finite(length, "length")
        guard length >= 0 else { throw DistributionError.invalidValue(field: "length", value: Double(length)) }
        try finite(lead, "leadSpacing")
        try finite(tail, "tailSpacing")
        if let scale, !(scale.isFinite && scale > 0) {
            throw DistributionError.invalidValue(field: "scale", value: Double(scale))
        }
    }

    private static func finite(_ value: CGFloat, _ field: String) throws {
        guard value.isFinite else { throw DistributionError.invalidValue(field: field, value: Double(value)) }
    }
}

/// Why a distribution was refused.
public enum DistributionError: TextFitError, Equatable, Sendable {
    /// Fewer than two items: Masonry asserts "views to distribute need to bigger than one".
    case tooFewItems(count: Int)
    /// A NaN or infinite value, a negative length or item length, or a scale ≤ 0.
    case invalidValue(field: String, value: Double)
    /// Lead, tail and fixed spacing need `needed` points, more than the container's `length`.
    case noRoom(length: Double, needed: Double)
    /// An item is not a subview of the container (Masonry needs a common superview).
    case notASubview(item: String, container: String)

    public var description: String {
        switch self {
        case .tooFewItems(let count):
            return "cannot distribute \(count) item(s): use at least 2 (as Masonry requires)"
        case .invalidValue(let field, let value):
            let limit = field == "scale" ? " > 0" : ["length", "fixedItemLength"].contains(field) ? " >= 0" : ""
            return "invalid \(field) \(value): use a finite number\(limit)"
        case .noRoom(let length, let needed):
            return "the spacing needs \(needed) pt but the container is \(length) pt long: use less spacing or a "
                + "longer container"
        case .notASubview(let item, let container):
            return "'\(item)' is not a subview of '\(container)': distribute a container's own subviews"
        }
    }
}
