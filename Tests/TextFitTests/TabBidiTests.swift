import Foundation
import Testing
@testable import TextFit

/// Tabs in right-to-left and mixed lines (rules P10, D3, D4): stops are measured from the right margin of
/// a right-to-left paragraph, alignments are absolute (Apple, `NSTextTab`), each column is one visual
/// block (UAX #9 L1 gives the tab the paragraph level), and the glyphs, visual runs and caret positions
/// all read the advances the line was measured with.
@Suite struct TabBidiTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    static let width: CGFloat = 200
    static let hebrew = "שלום\tעולם"  // the second word at 5..<9

    func line(
        _ string: String, _ stops: [TextTab], direction: WritingDirection = .natural,
        indent: CGFloat = 0
    ) throws -> TextLine {
        let style = Tabbed.style(stops) {
            $0.baseWritingDirection = direction; $0.firstLineHeadIndent = indent
        }
        return try PreparedText(string, font: font, paragraphStyle: style).layout(width: Self.width).lines[0]
    }

    func near(_ a: CGFloat?, _ b: CGFloat) -> Bool { a.map { abs($0 - b) <= 1.0 / 1024 } ?? false }

    /// A natural stop leads in either direction: right to left, the column after the tab starts (its right
    /// edge) 80 pt from the right margin, moved in by the indent's margin too.
    @Test func naturalStopsLeadFromTheRightMargin() throws {
        let line = try line(Self.hebrew, [TextTab(alignment: .natural, location: 80)])
        #expect(line.baseWritingDirection == .rightToLeft)
        #expect(near(Tabbed.extent(5..<9, in: line)?.upperBound, Self.width - 80))
        #expect(near(Tabbed.extent(0..<4, in: line)?.upperBound, Self.width))
        let indented = try self.line(Self.hebrew, [TextTab(alignment: .natural, location: 80)], indent: 10)
        #expect(near(Tabbed.extent(5..<9, in: indented)?.upperBound, Self.width - 80))
        #expect(near(Tabbed.extent(0..<4, in: indented)?.upperBound, Self.width - 10))
    }

    /// Absolute alignments: right to left, text after a `.left` stop lies right of it (the column's left
    /// edge at the stop), after a `.right` stop left of it, and a `.center` one is centred on it.
    @Test func alignmentsAreAbsolute() throws {
        let stop = Self.width - 80
        let left = try self.line(Self.hebrew, [TextTab(alignment: .left, location: 80)])
        #expect(near(Tabbed.extent(5..<9, in: left)?.lowerBound, stop))
        let right = try self.line(Self.hebrew, [TextTab(alignment: .right, location: 80)])
        #expect(near(Tabbed.extent(5..<9, in: right)?.upperBound, stop))
        let center = try self.line(Self.hebrew, [TextTab(alignment: .center, location: 80)])
        let extent = try #require(Tabbed.extent(5..<9, in: center))
        #expect(abs((extent.lowerBound + extent.upperBound) / 2 - stop) <= 1.0 / 1024)
        // Left to right they are the usual ones.
        let ltrLeft = try self.line("Name\tAda", [TextTab(alignment: .left, location: 80)])
        #expect(near(Tabbed.extent(5..<8, in: ltrLeft)?.lowerBound, 80))
    }

    /// A decimal stop right to left: the number runs left to right inside the paragraph, and its "." starts
    /// at the stop, 80 pt from the right margin; a number without a separator lies left of the stop.
    @Test func decimalStopsRightToLeft() throws {
        let stop = TextTab.decimal(location: 80, locale: Locale(identifier: "en_US"))
        let line = try line("שלום\t12.50", [stop])
        #expect(near(Tabbed.x(of: 7, in: line), Self.width - 80))
        let forced = try self.line("Total\t12.50", [stop], direction: .rightToLeft)
        #expect(near(Tabbed.x(of: 8, in: forced), Self.width - 80))
        let whole = try self.line("שלום\t1250", [stop])
        #expect(near(Tabbed.extent(5..<9, in: whole)?.upperBound, Self.width - 80))
    }

    /// Columns stay whole and in the paragraph's order: a left-to-right word between two tabs of a
    /// right-to-left line is one visual run, right of the column after it.
    @Test func columnsAreVisualBlocks() throws {
        let line = try line(
            "שלום\tworld\tעולם", [TextTab(alignment: .natural, location: 60), TextTab(alignment: .natural, location: 130)])
        let world = try #require(Tabbed.extent(5..<10, in: line))
        let last = try #require(Tabbed.extent(11..<15, in: line))
        #expect(near(world.upperBound, Self.width - 60))
        #expect(near(last.upperBound, Self.width - 130))
        #expect(last.upperBound <= world.lowerBound)
        #expect(line.visualRuns.contains { $0.range == 5..<10 && !$0.isRightToLeft })
    }

    /// Visual runs and the caret read the tab advances: runs tile the line to its width, and the caret
    /// before the column after a left stop at 100 is at x = 100 (left to right) or at the stop from the
    /// right (right to left).
    @Test func runsAndCaretReadTheAdvances() throws {
        let ltr = try line("Name\tAda", [TextTab(location: 100)])
        #expect(near(ltr.x + ltr.x(forOffset: 5), 100))
        #expect(ltr.offset(atX: 100 - ltr.x + 0.1) == 5)
        #expect(Tabbed.tiledUnits(ltr) == Tabbed.units(ltr.width))
        let rtl = try self.line(Self.hebrew, [TextTab(alignment: .natural, location: 80)])
        #expect(near(rtl.x + rtl.x(forOffset: 5), Self.width - 80))
        #expect(Tabbed.tiledUnits(rtl) == Tabbed.units(rtl.width))
        #expect(Tabbed.drawnUnits(rtl) == Tabbed.units(rtl.width))
    }

    /// A truncated right-to-left tabbed line draws its width too, the "…" at its visual end (D5).
    @Test func truncatedRightToLeft() throws {
        let style = Tabbed.style([TextTab(alignment: .natural, location: 50)])
        let text = try PreparedText("שלום\tעולם ומלואו שלום עולם ומלואו", font: font, paragraphStyle: style)
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let line = try text.layout(width: 120, numberOfLines: 1, lineBreakMode: mode).lines[0]
            #expect(line.ellipsis != nil)
            #expect(line.width <= 120)
            #expect(Tabbed.drawnUnits(line) == Tabbed.units(line.width), "\(mode)")
            #expect(Tabbed.tiledUnits(line) == Tabbed.units(line.width), "\(mode)")
        }
    }
}
