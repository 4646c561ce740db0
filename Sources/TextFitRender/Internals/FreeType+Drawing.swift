import CTextFitRender
import TextFit

/// The door to FreeType for drawing: a face opened for rasterising and outlines, and the RGBA canvas glyphs
/// are composited on. Neither is thread-safe (FreeType faces are not); a picture creates its own while it
/// is being drawn and drops them after.
final class GlyphSource {
    /// How a glyph is drawn.
    enum Kind: Equatable {
        case empty, outline, colorBitmap
    }

    private let handle: OpaquePointer
    let unitsPerEm: Int
    let hasColor: Bool

    /// Opens face `faceIndex` of `path`, at the instance `variations` give when it is variable (O3: the
    /// outlines drawn are those HarfBuzz shaped, not the default instance's).
    /// - Throws: `RenderError.unreadableFont` with FreeType's error code.
    init(path: String, faceIndex: Int, variations: [FontVariation] = []) throws {
        var error: Int32 = 0
        guard let handle = tf_glyph_source_create(path, Int32(clamping: faceIndex), &error) else {
            throw RenderError.unreadableFont(path: path, reason: "FreeType error 0x\(String(error, radix: 16))")
        }
        if !variations.isEmpty {
            let tags = variations.map { $0.tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
            let values = variations.map(\.value)
            let status = tf_glyph_source_set_variations(handle, tags, values, Int32(variations.count))
            guard status == 0 else {
                tf_glyph_source_destroy(handle)
                throw RenderError.unreadableFont(path: path, reason: "FreeType error 0x\(String(-status, radix: 16))")
            }
        }
        self.handle = handle
        unitsPerEm = Int(tf_glyph_source_units_per_em(handle))
        hasColor = tf_glyph_source_has_color(handle) != 0
    }

    deinit { tf_glyph_source_destroy(handle) }

    func kind(of glyph: UInt32) -> Kind {
        switch tf_glyph_kind(handle, glyph) {
        case 1: return .outline
        case 2: return .colorBitmap
        default: return .empty
        }
    }

    /// SVG path data of the glyph's outline in font units, y up; "" when it has none.
    func svgPath(of glyph: UInt32) -> String {
        var capacity = 4096
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let length = tf_glyph_svg_path(handle, glyph, &buffer, Int32(capacity))
            if length <= 0 { return "" }
            if Int(length) < capacity { return CString.decode(buffer) }
            capacity = Int(length) + 1
        }
    }

    /// The canvas pixels the glyph touches with its pen at (`x`, `y`) pixels; nil when it has no ink.
    func pixelBounds(of glyph: UInt32, x: Double, y: Double, pixelsPerUnit: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int)?
    {
        var box = [Int32](repeating: 0, count: 4)
        guard tf_glyph_pixel_bounds(handle, glyph, x, y, pixelsPerUnit, &box) == 0 else { return nil }
        return (Int(box[0]), Int(box[1]), Int(box[2]), Int(box[3]))
    }

    fileprivate var pointer: OpaquePointer { handle }
}

/// An RGBA picture in pixels (premultiplied inside; `rgba()` returns straight alpha).
final class Canvas {
    private let handle: OpaquePointer
    let width: Int
    let height: Int

    /// Nil when the size is not positive or over 2^28 pixels, or memory ran out.
    init?(width: Int, height: Int, background: RenderColor?) {
        guard
            let handle = tf_canvas_create(
                Int32(clamping: width), Int32(clamping: height),
                background?.packed ?? 0)
        else { return nil }
        self.handle = handle
        self.width = width
        self.height = height
    }

    deinit { tf_canvas_destroy(handle) }

    func fill(x: Double, y: Double, width: Double, height: Double, color: RenderColor) {
        tf_canvas_fill_rect(handle, x, y, width, height, color.packed)
    }

    /// Draws a glyph with its pen at (`x`, `y`) pixels (y = baseline, down).
    @discardableResult
    func draw(
        _ glyph: UInt32, from source: GlyphSource, x: Double, y: Double, pixelsPerUnit: Double,
        color: RenderColor
    ) -> GlyphSource.Kind {
        switch tf_canvas_draw_glyph(handle, source.pointer, glyph, x, y, pixelsPerUnit, color.packed) {
        case 1: return .outline
        case 2: return .colorBitmap
        default: return .empty
        }
    }

    /// The pixels as straight-alpha RGBA8 rows, top row first.
    func rgba() -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { tf_canvas_copy_rgba(handle, $0.baseAddress) }
        return pixels
    }

    /// PNG bytes: RGB when `keepAlpha` is false, else RGBA.
    /// - Throws: `RenderError.encodingFailed` with libpng's message.
    func png(keepAlpha: Bool) throws -> [UInt8] {
        try PNG.encode(handle, keepAlpha: keepAlpha)
    }
}
