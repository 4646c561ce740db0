import Foundation
import Testing
@testable import TextFit

/// Truncated lines with tabs (rules T4, T5 with P10): the last visible line is cut with its tabs at their
/// stops, the "…" in place, and draws exactly the width it was measured with. Noto Sans 17 pt.
@Suite struct TabTruncationTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    static let modes: [LineBreakMode] = [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]

    func cut(
        _ string: String, _ style: ParagraphStyle, width: CGFloat, mode: LineBreakMode, lines: Int = 1
    ) throws -> TextLayout {
        try PreparedText(string, font: font, paragraphStyle: style).layout(
            width: width, numberOfLines: lines, lineBreakMode: mode)
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
        let stops = [
            TextTab(location: 30), TextTab(alignment: .center, location: 90),
            TextTab.decimal(location: 150, locale: Locale(identifier: "en_US")), TextTab(alignment: .right, location: 230),
        ]
        let texts = [
            "Row\tone\t3.25\tend of the row", "\tLeading tab then words and more words",
            "x\t\t\t1.5 and some trailing text", "Tea\tCoffee\t12.5\tCake and a long tail of words",
        ]
        var checked = 0
        for text in texts {
            for indent in [0, 12] as [CGFloat] {
                let style = Tabbed.style(stops) {
                    $0.firstLineHeadIndent = indent; $0.headIndent = indent / 2
                }
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

    /// T4 with S7 and P10: a styled text whose first character is a tab to a left stop at 40 cuts its line
    /// where the same styled text without the tab cuts at a width 40 pt less, "…" for "…": the tabbed cut
    /// searches as an untabbed one does (the widest "…" first, then as far as a narrower one lets it), so
    /// the line shows the longest prefix whose own "…" fits. Random runs of larger, smaller and bold type
    /// make the "…" differ in width along the line. (The general searches' tabbed cut once binary-searched
    /// over each candidate's own "…", whose width does not grow with the prefix, and missed longer cuts.)
    @Test func styledTabbedTailCutsAsWithoutTheTab() throws {
        let style = Tabbed.style([TextTab(location: 40)])
        var compared = 0
        var failures: [String] = []
        // Large type ending where small type begins: the "…" after the last large letter is wide, after the
        // small letters narrow, so a cut into the small type fits where cuts before it do not.
        var crafted: [StyledText] = []
        for (large, small) in [(34.0, 9.0), (28.0, 11.0), (40.0, 8.0)] {
            let string = "Wide WORDS then a long tail of small letters and words"
            var text = try StyledText(string, font: try Font(family: "Noto Sans", size: CGFloat(small)))
            try text.setAttributes(TextAttributes(font: try Font(family: "Noto Sans", size: CGFloat(large))), range: 0..<10)
            crafted.append(text)
        }
        for text in try StyledFastPathTests.randomStyledTexts(count: 80, seed: 0x7AB5) + crafted {
            let string = text.string
            guard !string.isEmpty else { continue }
            var tabbed = try StyledText("\t" + string, font: text.font)
            for run in text.runs {
                try tabbed.setAttributes(run.attributes, range: run.range.lowerBound + 1..<run.range.upperBound + 1)
            }
            let withTab = try PreparedText(styled: tabbed, paragraphStyle: style)
            let without = try PreparedText(styled: text, paragraphStyle: ParagraphStyle())
            for width in stride(from: 70.0, through: 330.0, by: text.runs.count == 2 ? 0.5 : 13.0) {
                let cut = try withTab.layout(width: CGFloat(width), numberOfLines: 1, lineBreakMode: .byTruncatingTail)
                    .lines[0]
                let plain = try without.layout(
                    width: CGFloat(width - 40), numberOfLines: 1, lineBreakMode: .byTruncatingTail
                ).lines[0]
                // Nothing but whitespace before the "…": the tab is trimmed with it (W4), and no prefix is compared.
                guard !plain.visible.isEmpty else { continue }
                compared += 1
                let shifted = plain.visible.lowerBound + 1..<plain.visible.upperBound + 1
                if cut.visible.upperBound != shifted.upperBound
                    || Tabbed.units(cut.width) != Tabbed.units(plain.width) + 40 * 1024
                {
                    failures.append(
                        "\(string.prefix(24)) at \(width): \(cut.visible) \(cut.width) against \(shifted) \(plain.width)")
                }
            }
        }
        #expect(compared > 500)
        #expect(failures.isEmpty, "\(failures.count) of \(compared): \(failures.prefix(5))")
    }
}
