import TextFit

/// A text with characters no font draws (`PreparedText.hasMissingGlyphs`): they take the font's .notdef
/// box, so its width is not the width of the text the user meant. `batch` says so with
/// `"missingGlyphs": true` after the other fields (absent otherwise, so a result with every glyph keeps
/// exactly its usual fields); `measure` and `render` warn on stderr, which an overflow check in CI shows.
extension MeasureResult {
    static func missingGlyphMembers(_ prepared: PreparedText) -> [JSONMember] {
        prepared.hasMissingGlyphs ? [JSONMember("missingGlyphs", .bool(true))] : []
    }

    /// The warning `measure` and `render` print, or nil when every character has a glyph.
    static func missingGlyphWarning(_ prepared: PreparedText) -> String? {
        guard prepared.hasMissingGlyphs else { return nil }
        return "textfit: warning: no installed font has a glyph for some characters of the text; they are "
            + "measured and drawn as the font's missing-glyph box (.notdef), so the width may not be the real one"
    }
}
