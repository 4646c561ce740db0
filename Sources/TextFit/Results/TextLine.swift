import Foundation

/// One laid-out line.
public struct TextLine: Sendable, Equatable {
    /// The UTF-16 range of the source text the line covers (NSRange convention, end exclusive). For a
    /// truncated line the end is where the visible source text stops. Paragraph separators belong to no
    /// line; trailing spaces belong to the line they end.
    public let range: Range<Int>
    /// Width without hanging trailing whitespace (rule W4), ellipsis included, in points; never below 0,
    /// even where a negative kern moves the pen back past the line's start (K1).
    public let width: CGFloat
    /// Width with the hanging whitespace, as `boundingRect` reports it (rule B6); never below 0 (K1).
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

    /// Every line is made here, wherever it was laid out (`layout`, the walker, a container), so the widths
    /// it reports are clamped at 0 in one place (K1: a negative kern can take a line's pen below 0; its box
    /// is then 0 wide at `rect`'s x, and its glyphs, runs and carets stay where the kerns put them). Lines
    /// are made when read, so relayout pays nothing for it.
    init(
        range: Range<Int>, width: CGFloat, widthIncludingTrailingWhitespace: CGFloat, baseline: CGFloat, rect: CGRect,
        ellipsis: EllipsisPlacement?, isTruncated: Bool, preparedText: PreparedText, visible: Range<Int>,
        suffix: Range<Int>
    ) {
        self.range = range
        self.width = max(0, width)
        self.widthIncludingTrailingWhitespace = max(0, widthIncludingTrailingWhitespace)
        self.baseline = baseline
        self.rect =
            rect.size.width < 0
            ? CGRect(x: rect.origin.x, y: rect.origin.y, width: 0, height: rect.size.height) : rect
        self.ellipsis = ellipsis
        self.isTruncated = isTruncated
        self.preparedText = preparedText
        self.visible = visible
        self.suffix = suffix
    }

    /// Whether the line ends with a shown hyphen: it broke after a soft hyphen or at a dictionary's
    /// hyphenation point (H1–H3). Its `width` and `text` include the hyphen.
    ///
    /// ```swift
    /// let text = try PreparedText("extra\u{AD}ordinary", font: Font(family: "Noto Sans", size: 17))
    /// let line = try text.layout(width: 60).lines[0]
    /// line.isHyphenated   // true
    /// line.text           // "extra‐"
    /// ```
    public var isHyphenated: Bool { shownHyphen != nil }

    /// The hyphenation table of a line that may end with a shown hyphen (H2): nil for a cut line.
    private var endHyphenation: Hyphenation? {
        guard ellipsis == nil, !isTruncated else { return nil }
        return preparedText.paragraphSettings?.hyphenation
    }

    /// The hyphen this line shows at its end (U+2010 or "-", H2), if it is hyphenated.
    var shownHyphen: Unicode.Scalar? {
        guard let hyphenation = endHyphenation, let index = hyphenation.index(of: range.upperBound) else { return nil }
        return Unicode.Scalar(hyphenation.hyphens[index])
    }

    /// The advance of `shownHyphen` in 1/1024 pt, as the line was measured with it (H2); 0 without one.
    var shownHyphenAdvance: Int { endHyphenation?.extra(at: range.upperBound) ?? 0 }

    /// The source ranges actually drawn: one, or two around a middle ellipsis.
    public var visibleRanges: [Range<Int>] { ellipsis == .middle ? [visible, suffix] : [visible] }

    /// What the line shows: the visible source text with the ellipsis (or the custom token, T8) in place, and the hyphen of a
    /// hyphenated line at its end (in place of the soft hyphen it broke after, H2).
    public var text: String {
        // From the storage's buffer in one loop (`UTF16Units.string`): decoding the `StoredArray` slice went
        // through the generic collection path, a third of `textfit batch`'s cost per case beside the engine.
        func string(_ range: Range<Int>) -> String {
            let units = preparedText.storage.unitsBuffer
            precondition(range.lowerBound >= 0 && range.upperBound <= units.count, "line range outside the text")
            return withExtendedLifetime(preparedText) { UTF16Units.string(UnsafeBufferPointer(rebasing: units[range])) }
        }
        switch ellipsis {
        case .none:
            guard let hyphen = shownHyphen else { return string(range) }
            let end =
                range.upperBound > range.lowerBound && source[range.upperBound - 1] == 0xAD
                ? range.upperBound - 1 : range.upperBound
            return string(range.lowerBound..<end) + String(Character(hyphen))
        // The token: "…" (T1) or the text's custom one (T8).
        case .tail: return string(visible) + preparedText.truncationTokenString
        case .head: return preparedText.truncationTokenString + string(visible)
        case .middle: return string(visible) + preparedText.truncationTokenString + string(suffix)
        }
    }
}
