import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// `RenderOptions.selection`: the range's rects (rule R1) filled under the text, where a selection is.
@Suite struct SelectionHighlightTests {
    /// A selection across the Hebrew word's edge of "Hello שלום world" tints exactly its two rects: their
    /// middles are blue-tinted, the pixels between them and outside are not.
    @Test func highlightFillsTheRangeRects() throws {
        let font = try Font(family: "Noto Sans", size: 20)
        let layout = try PreparedText("Hello שלום world", font: font).layout(width: 400)
        var options = RenderOptions(scale: 1, padding: 4)
        options.selection = 3..<8
        let bitmap = try Bitmap(png: layout.renderPNG(options: options))
        let rects = try layout.rects(for: 3..<8).map(\.rect)
        #expect(rects.count == 2)
        func tinted(_ x: CGFloat, _ y: CGFloat) -> Bool {
            let i = (Int(y + 4) * bitmap.width + Int(x + 4)) * 4
            return Int(bitmap.rgba[i + 2]) > Int(bitmap.rgba[i]) + 20  // blue above red: the wash
        }
        // Near the top of the line box, above the glyphs' ink.
        for rect in rects { #expect(tinted(rect.midX, rect.minY + 1)) }
        #expect(!tinted((rects[0].maxX + rects[1].minX) / 2, rects[0].minY + 1))
        #expect(!tinted(1, 1))
    }
}
