import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// Tabbed text drawn (rule P10): the picture's ink follows the tab advances the lines were measured with,
/// left to right and right to left, cut or whole.
@Suite struct TabRenderingTests {
    static let scale: CGFloat = 2
    static let padding: CGFloat = 4

    /// Columns of ink: "a" before a left stop at 100, nothing between it and the stop, "b" from the stop.
    /// Right to left the stop is measured from the right margin and `.left` still means "right of it".
    @Test func inkStartsAtTheStop() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        var style = ParagraphStyle()
        style.tabStops = [TextTab(location: 100)]
        for (string, rtl) in [("a\tb", false), ("\u{5E9}\u{5DC}\u{5D5}\u{5DD}\tb", true)] {
            let layout = try PreparedText(string, font: font, paragraphStyle: style).layout(width: 200)
            let picture = try layout.picture(options: RenderOptions(scale: Self.scale, padding: Self.padding))
            let bitmap = Bitmap(try PNGRenderer.rasterize(picture, scale: Self.scale))
            let columns = (0..<bitmap.width).filter { x in (0..<bitmap.height).contains { bitmap.isInk(x, $0) } }
            let stop = Int(((rtl ? 200 - 100 : 100) + Self.padding) * Self.scale)
            let line = layout.lines[0]
            if rtl {
                // Alignments are absolute: after a `.left` stop the text lies right of it in a right-to-left
                // line too, so "b" starts at the stop (100 pt from the right margin) and all ink is right of it.
                let b = try #require(line.glyphs().runs.flatMap(\.glyphs).first { $0.stringIndex == 5 })
                #expect(abs(line.x + b.position.x - 100) <= 1.0 / 1024)
                #expect(!columns.isEmpty && columns.allSatisfy { $0 >= stop - 2 })
            } else {
                let gap = Int((Self.padding + 20) * Self.scale)..<(stop - 2)
                #expect(!columns.contains { gap.contains($0) }, "ink between the columns")
                #expect(columns.contains { $0 >= stop && $0 < stop + 20 }, "no ink at the stop")
            }
        }
    }

    /// The drawn picture of a cut tabbed line adds up to its width: the glyph advances drawn are the
    /// line's, "…" included.
    @Test func cutTabbedLinesDrawTheirWidth() throws {
        let font = try Font(family: "Noto Sans", size: 15)
        var style = ParagraphStyle()
        style.tabStops = [TextTab(location: 60), TextTab.decimal(location: 150, locale: Locale(identifier: "en_US"))]
        let text = try PreparedText("Item\tA long description\t12.50 and more", font: font, paragraphStyle: style)
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let layout = try text.layout(width: 170, numberOfLines: 1, lineBreakMode: mode)
            let glyphs = layout.lines.glyphs()[0]
            let advances = glyphs.runs.flatMap(\.glyphs).reduce(CGFloat(0)) { $0 + $1.advance }
            #expect(abs(advances - layout.lines[0].width) <= 1.0 / 1024, "\(mode)")
            _ = try layout.renderSVG()
        }
    }
}
