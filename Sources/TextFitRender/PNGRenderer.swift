import Foundation
import TextFit

/// FreeType faces opened for one drawing, by face, created on first use and closed with the drawing.
final class GlyphSources {
    private var sources: [FontFace: GlyphSource] = [:]

    func source(for face: FontFace) throws -> GlyphSource {
        if let source = sources[face] { return source }
        let source = try GlyphSource(path: face.filePath, faceIndex: face.faceIndex, variations: face.variations)
        sources[face] = source
        return source
    }
}

/// Rasterises a `TextPicture` onto an RGBA canvas with FreeType.
enum PNGRenderer {
    /// Draws every item of `picture` at `scale` pixels per point.
    /// - Throws: `RenderError.invalidScale`, `.pictureTooLarge`, `.unreadableFont`.
    static func rasterize(_ picture: TextPicture, scale: CGFloat) throws -> Canvas {
        let size = try picture.pixelSize(scale: scale)
        guard let canvas = Canvas(width: size.width, height: size.height, background: picture.background) else {
            throw RenderError.pictureTooLarge(width: size.width, height: size.height)
        }
        let s = Double(scale)
        let sources = GlyphSources()
        for item in picture.items {
            switch item {
            case let .glyph(face, glyph, origin, pointsPerUnit, color):
                let source = try sources.source(for: face)
                canvas.draw(
                    glyph, from: source, x: Double(origin.x) * s, y: Double(origin.y) * s,
                    pixelsPerUnit: pointsPerUnit * s, color: color)
            case let .missingGlyph(rect, thickness, color):
                let r = scaled(rect, s)
                let t = max(Double(thickness) * s, 1)
                frame(canvas, x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY, thickness: t, color: color)
            case let .fill(rect, color):
                let r = scaled(rect, s)
                canvas.fill(x: r.minX, y: r.minY, width: r.width, height: r.height, color: color)
            case let .stroke(rect, color, pixels):
                let r = scaled(rect, s)
                frame(
                    canvas, x0: r.minX.rounded(), y0: r.minY.rounded(), x1: r.maxX.rounded(), y1: r.maxY.rounded(),
                    thickness: Double(pixels), color: color)
            case let .line(from, to, color, pixels, dashed):
                line(canvas, from: from, to: to, scale: s, pixels: Double(pixels), dashed: dashed, color: color)
            }
        }
        return canvas
    }

    private static func scaled(
        _ rect: CGRect, _ s: Double
    ) -> (
        minX: Double, minY: Double, maxX: Double, maxY: Double,
        width: Double, height: Double
    ) {
        let r = rect.standardized
        return (
            Double(r.minX) * s, Double(r.minY) * s, Double(r.maxX) * s, Double(r.maxY) * s,
            Double(r.width) * s, Double(r.height) * s
        )
    }

    /// A rectangle outline of `thickness` pixels inside (x0, y0)–(x1, y1).
    private static func frame(
        _ canvas: Canvas, x0: Double, y0: Double, x1: Double, y1: Double, thickness t: Double,
        color: RenderColor
    ) {
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0 else { return }
        if width <= 2 * t || height <= 2 * t {
            canvas.fill(x: x0, y: y0, width: width, height: height, color: color)
            return
        }
        canvas.fill(x: x0, y: y0, width: width, height: t, color: color)
        canvas.fill(x: x0, y: y1 - t, width: width, height: t, color: color)
        canvas.fill(x: x0, y: y0 + t, width: t, height: height - 2 * t, color: color)
        canvas.fill(x: x1 - t, y: y0 + t, width: t, height: height - 2 * t, color: color)
    }

    /// Dashes: 4 pixels on, 3 off.
    static let dash = (on: 4.0, off: 3.0)

    private static func line(
        _ canvas: Canvas, from: CGPoint, to: CGPoint, scale s: Double, pixels: Double, dashed: Bool,
        color: RenderColor
    ) {
        let horizontal = abs(to.y - from.y) <= abs(to.x - from.x)
        // The pixel row (or column) holding the line's position; the span along it, unsnapped.
        let across = ((horizontal ? Double(from.y) : Double(from.x)) * s).rounded(.down)
        let a = (horizontal ? Double(min(from.x, to.x)) : Double(min(from.y, to.y))) * s
        let b = (horizontal ? Double(max(from.x, to.x)) : Double(max(from.y, to.y))) * s
        var start = a
        while start < b {
            let end = dashed ? min(b, start + dash.on) : b
            if horizontal {
                canvas.fill(x: start, y: across, width: end - start, height: pixels, color: color)
            } else {
                canvas.fill(x: across, y: start, width: pixels, height: end - start, color: color)
            }
            start = end + (dashed ? dash.off : 0)
        }
    }
}
