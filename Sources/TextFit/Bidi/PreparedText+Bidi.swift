import Synchronization

/// A text's bidi levels, or the knowledge that it has none to resolve, kept once per `PreparedText`.
final class BidiMemo: Sendable {
    /// nil: every level is 0 (left-to-right text in a natural or left-to-right paragraph).
    let levels: BidiLevels?

    init(levels: BidiLevels?) { self.levels = levels }
}

extension PreparedText {
    /// Analyses and shapes `text` in `font` with every paragraph's base direction given (UAX #9 P3's
    /// higher-level override, `NSParagraphStyle.baseWritingDirection`); `.natural` is what
    /// `init(_:font:)` does.
    ///
    /// ```swift
    /// let text = PreparedText("12 apples", font: font, baseWritingDirection: .rightToLeft)
    /// try text.layout(width: 200).baseWritingDirection   // .rightToLeft
    /// ```
    public convenience init(_ text: String, font: Font, baseWritingDirection: WritingDirection) {
        var style = ParagraphStyle()
        style.baseWritingDirection = baseWritingDirection
        self.init(text, font: font, paragraph: nil, style: style)
    }

    /// The text's levels, nil when every one is 0 (nothing to reorder). Resolved on first use and kept:
    /// line breaking works in logical order and widths do not depend on direction, so measuring never asks
    /// (but for a tabbed line's paragraph direction, P10, on a text prepared with a paragraph style),
    /// and a text that is never drawn or reordered never pays for it. A text without a unit that may need
    /// resolution (`mayBeRightToLeft`, found while preparing) costs nothing here.
    var bidi: BidiLevels? {
        if let memo = bidiMemo.load() { return memo.levels }
        // No memo: the direction was natural (or left to right on a text that needs no resolution, the same
        // levels), so without the builder's hint every level is 0.
        guard mayBeRightToLeft else { return nil }
        return bidiMemo.storeIfNil(makeBidi(.natural)).levels
    }

    func makeBidi(_ direction: WritingDirection) -> BidiMemo {
        let needed = units.withUnsafeBufferPointer { BidiLevels.needsResolution($0, baseWritingDirection: direction) }
        return BidiMemo(levels: needed ? BidiLevels(utf16: Array(units), baseWritingDirection: direction) : nil)
    }

    /// Whether the text has levels to resolve: a right-to-left character, an Arabic digit, an explicit
    /// direction control, or a right-to-left base direction. When false every line is one left-to-right run.
    ///
    /// ```swift
    /// PreparedText("Hello", font: font).isBidirectional          // false
    /// PreparedText("Hello שלום", font: font).isBidirectional     // true
    /// ```
    public var isBidirectional: Bool { bidi != nil }

    /// The resolved base direction of the paragraph holding UTF-16 offset `offset` (the first paragraph's
    /// for 0): `.leftToRight` or `.rightToLeft`, never `.natural`.
    public func baseWritingDirection(at offset: Int = 0) -> WritingDirection {
        bidi?.direction(at: offset) ?? .leftToRight
    }
}
