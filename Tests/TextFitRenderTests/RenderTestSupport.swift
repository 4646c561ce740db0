import Foundation
import _TextFitTestSupport
import TextFit
@testable import TextFitRender

/// Rasterised pictures for the render tests, and what "ink" means in them.
struct Bitmap {
    var width: Int
    var height: Int
    /// Straight-alpha RGBA8 rows, top first.
    var rgba: [UInt8]

    init(width: Int, height: Int, rgba: [UInt8]) {
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    init(_ canvas: Canvas) {
        self.init(width: canvas.width, height: canvas.height, rgba: canvas.rgba())
    }

    init(png: Data) throws {
        let image = try PNG.decode(Array(png))
        self.init(width: image.width, height: image.height, rgba: image.rgba)
    }

    /// Ink on a white background: any channel darker than `threshold` (faint anti-aliasing fringes below
    /// 255 − `threshold` count as paper), or any colour.
    func isInk(_ x: Int, _ y: Int, threshold: UInt8 = 250) -> Bool {
        let i = (y * width + x) * 4
        let r = rgba[i], g = rgba[i + 1], b = rgba[i + 2]
        return r < threshold || g < threshold || b < threshold
    }

    /// The box of all ink, [x0, x1) × [y0, y1) in pixels; nil when blank.
    func inkBox(rows: Range<Int>? = nil) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in (rows ?? 0..<height).clamped(to: 0..<height) {
            for x in 0..<width where isInk(x, y) {
                if let b = box {
                    box = (min(b.x0, x), min(b.y0, y), max(b.x1, x + 1), max(b.y1, y + 1))
                } else {
                    box = (x, y, x + 1, y + 1)
                }
            }
        }
        return box
    }

    /// Runs of consecutive rows holding ink, top to bottom.
    func inkRowBands() -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var start: Int?
        for y in 0..<height {
            let hasInk = (0..<width).contains { isInk($0, y) }
            if hasInk, start == nil { start = y }
            if !hasInk, let s = start {
                bands.append(s..<y)
                start = nil
            }
        }
        if let s = start { bands.append(s..<height) }
        return bands
    }

    /// Pixels that are neither gray nor white (for colour glyphs).
    var colouredPixelCount: Int {
        stride(from: 0, to: rgba.count, by: 4).filter { i in
            let r = Int(rgba[i]), g = Int(rgba[i + 1]), b = Int(rgba[i + 2])
            return max(r, g, b) - min(r, g, b) > 40
        }.count
    }
}

/// Layout cases for the render tests: text, width, line limit, mode and size.
typealias RenderCase = LayoutCase
