// TextFitRender: pictures of what TextFit measured — PNG (FreeType rasterisation) and SVG (glyph
// outlines) — drawn from TextFit's public glyph runs only (`TextLines.glyphs()`), so a canvas of your
// own (PDF, Core Graphics) can draw the same glyphs at the same places.
//
// - `TextPicture`: a picture of layouts, lines, captions and shapes; `pngData(scale:)`, `svg(scale:)`.
// - `TextLayout.renderPNG(options:)`, `renderSVG(options:)`, `picture(options:)`: one layout alone.
// - `TitleDateLayout.draw(into:date:...)`: a title + date block with its frames.
// - `Internals/`: the door to the C drawing shim (`CTextFitRender`): FreeType faces, the canvas, libpng.
@_exported import TextFit
