/// A glyph placed on a line, as measured (the integer form behind `GlyphRun.Glyph`): positions in
/// 1/1024 pt from the line's origin (x = 0 at the line's left edge, y = 0 on its baseline, y up,
/// HarfBuzz's convention).
struct PlacedGlyph: Sendable, Equatable {
    var face: Face
    var glyph: UInt32
    /// Pen position plus HarfBuzz's x offset.
    var x: Int
    /// HarfBuzz's y offset (up).
    var y: Int
    var advance: Int
    /// UTF-16 offset in the source text of the glyph's cluster; nil for the ellipsis.
    var cluster: Int?
    /// A styled text's style index (`Styling.styles`) the glyph is drawn in; 0 in plain text.
    var style: UInt16 = 0
    /// The glyph stands for an attachment's box (S5): `x`, `y` are its bottom-left corner, `advance` its width.
    var isAttachment = false
    /// The glyph is a custom truncation token's (T8): `style` is then an index into the token's styles.
    var isToken = false

    /// .notdef: no font has the character; drawn as a box.
    var isMissing: Bool { glyph == 0 }
}

/// The glyphs of one line and the extents of its ellipsis and hanging whitespace, in 1/1024 pt from the
/// line's left edge: what `LineGlyphs` presents in points, grouped into runs of one face.
struct PlacedLine: Sendable, Equatable {
    var glyphs: [PlacedGlyph] = []
    /// The summed advances of what the line draws: equals the line's measured width (ellipsis included,
    /// hanging whitespace excluded).
    var width = 0
    /// Where the "…" sits, if the line shows one.
    var ellipsis: Range<Int>?
    /// The hanging whitespace after the line's text (rule W4), if any.
    var hangingWhitespace: Range<Int>?
}
