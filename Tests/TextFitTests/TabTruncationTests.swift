import Foundation
import Testing
@testable import TextFit

/// Truncated lines with tabs (rules T4, T5 with P10): the last visible line is cut with its tabs at their
/// stops, the "…" in place, and draws exactly the width it was measured with. Noto Sans 17 pt.
@Suite struct TabTruncationTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    static let modes: [LineBreakMode] = [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]

    func cut(_ string: String, _ style: ParagraphStyle, width: CGFloat, mode: LineBreakMode, lines: Int = 1) throws -> TextLayout {
        try PreparedText(string, font: font, paragraphStyle: style).layout(width: width, numberOfLines: lines, lineBreakMode: mode)
    }

    /// Tail (T4): the column after a left stop at 100 still starts at 100 on the cut line, the "…" follows,
    /// and the line fits its width.
    @Test func tailKeepsTheStop() throws {
        let style = Tabbed.style([TextTab(location: 100)])
        let layout = try cut("Name\tA value far too long to fit on the line", style, width: 220, mode: .byTruncatingTail)
        let line = layout.lines[0]
        #expect(line.ellipsis == .tail && layout.isTruncated)
        #expect(Tabbed.x(of: 5, in: line) == 100)
        #expect(line.width <= 220)
        #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width))
        // Measured with its stop, not as a space: the cut shows less than a tab-as-space cut would.
        let spaced = try PreparedText("Name\tA value far too long to fit on the line", font: font)
            .layout(width: 220, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0]
        #expect(line.visible.upperBound < spaced.visible.upperBound)
    }

    /// Head (T5): "…" then the suffix; a tab in the suffix advances from the pen after the "…".
    @Test func headCountsTheEllipsisBeforeTheTab() throws {
        let style = Tabbed.style([TextTab(location: 60), TextTab(location: 200)])
        let layout = try cut("Something long first\tthen\tend", style, width: 150, mode: .byTruncatingHead)
        let line = layout.lines[0]
        #expect(line.ellipsis == .head)
        #expect(line.width <= 150)
        #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width))
        if line.visible.lowerBound <= 20 { #expect(Tabbed.x(of: 21, in: line) == 60) }
    }

    /// Middle (T5): prefix, "…", suffix; the suffix's tabs continue from the pen after the "…".
    @Test func middleContinuesThePen() throws {
        let style = Tabbed.style([TextTab(location: 40), TextTab(alignment: .right, location: 180)])
        let layout = try cut("Qty\tDescription of the item sold\t12", style, width: 170, mode: .byTruncatingMiddle)
        let line = layout.lines[0]
        #expect(line.ellipsis == .middle)
        #expect(line.width <= 170)
        #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width))
    }

    /// A right stop's column holds the "…": the cut column, "…" included, ends at the stop.
    @Test func theEllipsisEndsARightColumn() throws {
        let style = Tabbed.style([TextTab(alignment: .right, location: 150)])
        let layout = try cut("a\tbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", style, width: 150, mode: .byTruncatingTail)
        let line = layout.lines[0]
        #expect(line.ellipsis == .tail)
        #expect(abs(line.width - 150) <= 1.0 / 1024 || line.width < 150)
        let glyphs = line.glyphs()
        #expect(abs((glyphs.ellipsis?.upperBound ?? 0) - line.width) <= 1.0 / 1024)
    }

    /// Over many widths and all three modes, with indents and several kinds of stop: the cut line fits
    /// (or shows one cluster and the "…"), and its glyphs and visual runs add up to its width.
    @Test func cutLinesDrawTheirWidth() throws {
        let stops = [TextTab(location: 30), TextTab(alignment: .center, location: 90),
                     TextTab.decimal(location: 150, locale: Locale(identifier: "en_US")), TextTab(alignment: .right, location: 230)]
        let texts = ["Row\tone\t3.25\tend of the row", "\tLeading tab then words and more words",
                     "x\t\t\t1.5 and some trailing text", "Tea\tCoffee\t12.5\tCake and a long tail of words"]
        var checked = 0
        for text in texts {
            for indent in [0, 12] as [CGFloat] {
                let style = Tabbed.style(stops) { $0.firstLineHeadIndent = indent; $0.headIndent = indent / 2 }
                for mode in Self.modes {
                    for width in stride(from: 40 as CGFloat, through: 260, by: 22) {
                        let layout = try cut(text, style, width: width, mode: mode, lines: 2)
                        for line in layout.lines {
                            #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width), "\(text) \(mode) \(width)")
                            #expect(Tabbed.tiledUnits(line) == Tabbed.units(line.width), "\(text) \(mode) \(width)")
                            if line.ellipsis != nil, line.visible.count + line.suffix.count > 1 {
                                #expect(line.x + line.width <= width + 1.0 / 1024, "\(text) \(mode) \(width)")
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 300)
    }

    /// Measuring agrees with the layout for cut tabbed lines (`measure` goes through the same breaker).
    @Test func measureAgrees() throws {
        let style = Tabbed.style([TextTab(location: 50), TextTab(alignment: .right, location: 160)])
        let text = try PreparedText("Label\tvalue that is long\t99", font: font, paragraphStyle: style)
        for mode in Self.modes {
            let layout = try text.layout(width: 140, numberOfLines: 1, lineBreakMode: mode)
            let metrics = try text.measure(width: 140, numberOfLines: 1, lineBreakMode: mode)
            #expect(metrics.size.width == layout.size.width)
        }
    }
}
