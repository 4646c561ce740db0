import Foundation
import TextFit

/// Writes a `TextPicture` as SVG: glyph outlines as `<path>`s in font units under a transform, so the file
/// needs no font to be viewed.
enum SVGRenderer {
    struct Output {
        var document: String
        /// Glyphs written as `<path>`s of their outlines (the .notdef box included).
        var pathGlyphs = 0
        /// Colour bitmap glyphs written as `<image>`s.
        var imageGlyphs = 0
    }

    private enum GlyphData {
        case empty
        case path(String)
        case colorBitmap
    }

    static func render(_ picture: TextPicture, scale: CGFloat) throws -> Output {
        let pixels = try picture.pixelSize(scale: scale)
        let s = Double(scale)
        var output = Output(document: "")
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(pixels.width)" height="\(pixels.height)" \
            viewBox="0 0 \(number(picture.size.width)) \(number(picture.size.height))">

            """
        if let background = picture.background {
            svg +=
                "<rect width=\"\(number(picture.size.width))\" height=\"\(number(picture.size.height))\"\(fill(background))/>\n"
        }
        let sources = GlyphSources()
        var glyphData: [GlyphKey: GlyphData] = [:]
        for item in picture.items {
            switch item {
            case let .glyph(face, glyph, origin, pointsPerUnit, color):
                let source = try sources.source(for: face)
                let key = GlyphKey(face: face, glyph: glyph)
                let data: GlyphData
                if let cached = glyphData[key] {
                    data = cached
                } else {
                    switch source.kind(of: glyph) {
                    case .outline:
                        let path = source.svgPath(of: glyph)
                        data = path.isEmpty ? .empty : .path(path)
                    case .colorBitmap: data = .colorBitmap
                    case .empty: data = .empty
                    }
                    glyphData[key] = data
                }
                switch data {
                case .empty:
                    break
                case .path(let path):
                    let k = number(pointsPerUnit, decimals: 9)
                    svg +=
                        "<path transform=\"matrix(\(k) 0 0 -\(k) \(number(origin.x, decimals: 4)) "
                        + "\(number(origin.y, decimals: 4)))\" d=\"\(path)\"\(fill(color))/>\n"
                    output.pathGlyphs += 1
                case .colorBitmap:
                    if let image = try colorGlyphImage(
                        glyph, source: source, origin: origin, pixelsPerUnit: pointsPerUnit * s,
                        scale: s)
                    {
                        svg += image + "\n"
                        output.imageGlyphs += 1
                    }
                }
            case let .missingGlyph(rect, thickness, color):
                let t = min(thickness, rect.width / 2, rect.height / 2)
                let outer = rect
                let inner = rect.insetBy(dx: t, dy: t)
                svg +=
                    "<path d=\"M\(number(outer.minX)) \(number(outer.minY))H\(number(outer.maxX))V\(number(outer.maxY))"
                    + "H\(number(outer.minX))Z"
                if inner.width > 0, inner.height > 0 {
                    svg +=
                        "M\(number(inner.minX)) \(number(inner.minY))V\(number(inner.maxY))H\(number(inner.maxX))"
                        + "V\(number(inner.minY))Z"
                }
                svg += "\" fill-rule=\"evenodd\"\(fill(color))/>\n"
                output.pathGlyphs += 1
            case let .fill(rect, color):
                svg +=
                    "<rect x=\"\(number(rect.minX))\" y=\"\(number(rect.minY))\" width=\"\(number(rect.width))\" "
                    + "height=\"\(number(rect.height))\"\(fill(color))/>\n"
            case let .stroke(rect, color, pixels):
                let w = Double(pixels) / s
                let r = rect.insetBy(dx: CGFloat(w / 2), dy: CGFloat(w / 2))
                guard r.width > 0, r.height > 0 else { continue }
                svg +=
                    "<rect x=\"\(number(r.minX))\" y=\"\(number(r.minY))\" width=\"\(number(r.width))\" "
                    + "height=\"\(number(r.height))\" fill=\"none\"\(stroke(color, width: w))/>\n"
            case let .line(from, to, color, pixels, dashed):
                // Centred on the pixel row or column the PNG fills.
                let horizontal = abs(to.y - from.y) <= abs(to.x - from.x)
                let w = Double(pixels) / s
                func centre(_ value: CGFloat) -> Double { ((Double(value) * s).rounded(.down) + Double(pixels) / 2) / s }
                let (x1, y1, x2, y2) =
                    horizontal
                    ? (Double(from.x), centre(from.y), Double(to.x), centre(from.y))
                    : (centre(from.x), Double(from.y), centre(from.x), Double(to.y))
                var element =
                    "<line x1=\"\(number(x1))\" y1=\"\(number(y1))\" x2=\"\(number(x2))\" y2=\"\(number(y2))\""
                    + stroke(color, width: w)
                if dashed {
                    element += " stroke-dasharray=\"\(number(PNGRenderer.dash.on / s)) \(number(PNGRenderer.dash.off / s))\""
                }
                svg += element + "/>\n"
            }
        }
        svg += "</svg>\n"
        output.document = svg
        return output
    }

    private struct GlyphKey: Hashable {
        var face: FontFace
        var glyph: UInt32
    }

    /// A colour glyph rasterised at the picture's scale and embedded as a PNG `<image>`.
    private static func colorGlyphImage(
        _ glyph: UInt32, source: GlyphSource, origin: CGPoint, pixelsPerUnit: Double,
        scale s: Double
    ) throws -> String? {
        let x = Double(origin.x) * s, y = Double(origin.y) * s
        guard let box = source.pixelBounds(of: glyph, x: x, y: y, pixelsPerUnit: pixelsPerUnit),
            let canvas = Canvas(width: box.x1 - box.x0, height: box.y1 - box.y0, background: nil)
        else { return nil }
        canvas.draw(
            glyph, from: source, x: x - Double(box.x0), y: y - Double(box.y0), pixelsPerUnit: pixelsPerUnit,
            color: .black)
        let png = Data(try canvas.png(keepAlpha: true)).base64EncodedString()
        return "<image x=\"\(number(Double(box.x0) / s))\" y=\"\(number(Double(box.y0) / s))\" "
            + "width=\"\(number(Double(box.x1 - box.x0) / s))\" height=\"\(number(Double(box.y1 - box.y0) / s))\" "
            + "xlink:href=\"data:image/png;base64,\(png)\"/>"
    }

    private static func fill(_ color: RenderColor) -> String {
        " fill=\"\(color.hex)\"" + (color.alpha < 255 ? " fill-opacity=\"\(number(Double(color.alpha) / 255))\"" : "")
    }

    private static func stroke(_ color: RenderColor, width: Double) -> String {
        " stroke=\"\(color.hex)\" stroke-width=\"\(number(width))\""
            + (color.alpha < 255 ? " stroke-opacity=\"\(number(Double(color.alpha) / 255))\"" : "")
    }

    /// A decimal with at most `decimals` places, trailing zeros dropped ("12.5", "3", "-0.25").
    static func number(_ value: CGFloat, decimals: Int = 3) -> String { number(Double(value), decimals: decimals) }

    static func number(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
