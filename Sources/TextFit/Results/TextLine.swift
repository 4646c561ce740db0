import Foundation

/// One laid-out line.
public struct TextLine: Sendable, Equatable {
    /// The UTF-16 range of the source text the line covers (NSRange convention, end exclusive). For a
    /// truncated line the end is where the visible source text stops. Paragraph separators belong to no
    /// line; trailing spaces belong to the line they end.
    public let range: Range<Int>
    /// Width without hanging trailing whitespace (rule W4), ellipsis included, in points.
    public let width: CGFloat
    /// Width with the hanging whitespace, as `boundingRect` reports it (rule B6).
    public let widthIncludingTrailingWhitespace: CGFloat
    /// Distance from the top of the layout to this line's baseline.
    public let baseline: CGFloat
    /// The line box: x = 0 (left aligned), the line's width without hanging whitespace, one line height.
    public let rect: CGRect
    /// Where an ellipsis was inserted, if any (rules T4, T5).
    public let ellipsis: EllipsisPlacement?
    /// The line was truncated or cut at the edge.
    public let isTruncated: Bool

    /// The prepared text the line was laid out from (its glyphs: `glyphs()`).
    public let preparedText: PreparedText
    // The drawn ranges; `text` is built on demand so laying out allocates no strings.
    let visible: Range<Int>
    let suffix: Range<Int>
    var source: StoredArray<UInt16> { preparedText.units }

    /// The source ranges actually drawn: one, or two around a middle ellipsis.
    public var visibleRanges: [Range<Int>] { ellipsis == .middle ? [visible, suffix] : [visible] }

    /// What the line shows: the visible source text with the ellipsis in place.
    public var text: String {
        // From the storage's buffer in one loop (`UTF16Units.string`): decoding the `StoredArray` slice went
        // through the generic collection path, a third of `textfit batch`'s cost per case beside the engine.
        func string(_ range: Range<Int>) -> String {
            let units = preparedText.storage.unitsBuffer
            precondition(range.lowerBound >= 0 && range.upperBound <= units.count, "line range outside the text")
            return withExtendedLifetime(preparedText) { UTF16Units.string(UnsafeBufferPointer(rebasing: units[range])) }
        }
        switch ellipsis {
        case .none: return string(range)
        case .tail: return string(visible) + PreparedText.ellipsis
        case .head: return PreparedText.ellipsis + string(visible)
        case .middle: return string(visible) + PreparedText.ellipsis + string(suffix)
        }
    }
}
