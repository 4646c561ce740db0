/// Whether what a layout shows has characters no font draws: they take the font's .notdef box, so the
/// measured width is that box's, not the text's the user meant (a CI check of label overflow should
/// say so rather than pass on a box's width).
extension TextLayout {
    /// Whether a cluster drawn on one of the visible lines has no glyph in the font or any fallback.
    /// `preparedText.hasMissingGlyphs` answers for the whole text, hidden lines included.
    ///
    /// ```swift
    /// let layout = try PreparedText("A\u{0378}B", font: try Font.systemFont(ofSize: 17)).layout()
    /// layout.hasMissingGlyphs   // true: U+0378 is unassigned, no font has it
    /// ```
    public var hasMissingGlyphs: Bool {
        let text = preparedText
        guard text.hasMissingGlyphs else { return false }
        return text.flags.withUnsafeBufferPointer { flags in
            lines.contains { line in
                line.visibleRanges.contains { range in
                    range.contains { flags[$0] & PreparedText.Flag.missingGlyph != 0 }
                }
            }
        }
    }
}
