import Foundation
import TextFit

extension TextLayout {
    /// A picture of this layout alone on a plain background: the lines at (padding, padding), the picture
    /// as wide as the widest line (hanging whitespace included) or the width limit, whichever is wider.
    ///
    /// ```swift
    /// let text = PreparedText("The quick brown fox jumps over the lazy dog", font: font)
    /// let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
    /// let picture = try layout.picture(options: RenderOptions(overlays: .all, widthLimit: 150))
    /// let svg = try picture.svg(scale: 1)   // or picture.pngData(scale: 3)
    /// ```
    /// - Parameter options: overlays, width limit, padding, colours (the scale is used when encoding).
    /// - Throws: `RenderError.invalidGeometry` for a bad padding or width limit; `TextRangeError` for a
    ///   `selection` outside the text.
    public func picture(options: RenderOptions = RenderOptions()) throws -> TextPicture {
        guard options.padding.isFinite, options.padding >= 0 else {
            throw RenderError.invalidGeometry("padding \(options.padding)")
        }
        if let limit = options.widthLimit, limit.isNaN || limit < 0 {
            throw RenderError.invalidGeometry("width limit \(limit)")
        }
        let limit = options.widthLimit.flatMap { $0 > 0 && !$0.isUnboundedTextDimension ? $0 : nil }
        let padding = options.padding
        let size = CGSize(
            width: max(sizeIncludingTrailingWhitespace.width, limit ?? 0) + 2 * padding,
            height: size.height + 2 * padding)
        var picture = try TextPicture(size: size, background: options.background)
        if let selection = options.selection {
            // Under the glyphs, as a text view draws its selection.
            for piece in try rects(for: selection) {
                picture.fill(piece.rect.offsetBy(dx: padding, dy: padding), color: options.selectionColor)
            }
        }
        try picture.draw(
            self, at: CGPoint(x: padding, y: padding), color: options.textColor,
            overlays: options.overlays, widthLimit: limit)
        return picture
    }

    /// Draws the layout as PNG: exactly the lines measured, rasterised by FreeType.
    ///
    /// ```swift
    /// let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
    /// let png = try layout.renderPNG(options: RenderOptions(scale: 2, overlays: .all, widthLimit: 150))
    /// try png.write(to: URL(fileURLWithPath: "label.png"))
    /// ```
    /// - Parameter options: scale, overlays, width limit, padding, colours.
    /// - Returns: PNG bytes (RGB, or RGBA with a transparent or translucent background).
    /// - Throws: `RenderError` (bad scale or geometry, too large, unreadable font).
    /// - Complexity: shapes each segment the lines touch once, then rasterises each glyph.
    public func renderPNG(options: RenderOptions = RenderOptions()) throws -> Data {
        try picture(options: options).pngData(scale: options.scale)
    }

    /// Draws the layout as an SVG document with glyph outlines as paths (no font needed to view it).
    /// Options and errors as `renderPNG(options:)`.
    public func renderSVG(options: RenderOptions = RenderOptions()) throws -> String {
        try picture(options: options).svg(scale: options.scale)
    }
}
