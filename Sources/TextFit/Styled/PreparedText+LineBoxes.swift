import Foundation

extension PreparedText {
    /// Whether every line is one line height of `font` (F3): line `i`'s top is `i × font.lineHeight` and
    /// its baseline `font.ascender` below that. False when runs of several fonts, a baseline offset or an
    /// attachment give lines their own boxes (S6), or a paragraph style spaces them (P1–P6); then read
    /// each line's `rect` and `baseline`.
    ///
    /// ```swift
    /// PreparedText("Plain", font: font).hasUniformLineHeight                 // true
    /// try PreparedText(styled: boldNameThenSmallDate).hasUniformLineHeight   // false
    /// ```
    public var hasUniformLineHeight: Bool {
        // Plain text has neither: two nil checks, no style comparison.
        styling?.needsLineBoxes != true && (paragraphSettings.map { $0.style == .default } ?? true)
    }

    /// The font the character at UTF-16 offset `offset` is set in: its run's (a styled text), else `font`.
    /// Offsets past the end give the last character's, as an empty line there takes that style (S6).
    ///
    /// ```swift
    /// let text = try PreparedText(styled: styled)   // "Ada " bold, then regular
    /// text.font(at: 0)                              // the bold font
    /// text.font(at: text.utf16Count)                // the regular one
    /// ```
    public func font(at offset: Int) -> Font {
        guard let styling else { return font }
        return styling.style(at: min(max(offset, 0), max(utf16Count - 1, 0))).font
    }
}
