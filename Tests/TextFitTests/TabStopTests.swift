import Foundation
import Testing
@testable import TextFit

/// Tab stops (P10) with Noto Sans 17 pt: NSParagraphStyle's default 12 stops every 28 pt, explicit
/// left, right and center stops, the default interval, and indents moving the pen's start.
@Suite struct TabStopTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    func natural(_ string: String) throws -> CGFloat { try PreparedText(string, font: font).layout().lines[0].width }

    func width(_ string: String, _ set: (inout ParagraphStyle) -> Void = { _ in }) throws -> (width: CGFloat, x: CGFloat) {
        var style = ParagraphStyle()
        set(&style)
        let line = try PreparedText(string, font: font, paragraphStyle: style).layout().lines[0]
        return (line.width, line.x)
    }

    /// The default stops: "a" is narrower than 28, so "b" starts at 28.
    @Test func defaultStopsEvery28Points() throws {
        #expect(abs((try width("a\tb")).width - (28 + (try natural("b")))) < 1e-9)
        #expect(abs((try width("a\t\tb")).width - (56 + (try natural("b")))) < 1e-9)
    }

    /// Past the twelfth stop (336 pt) with no interval a tab advances like itself (a space's width).
    @Test func pastTheLastStopATabIsASpace() throws {
        // A tab is shaped as a space (`ShapingText`): its own advance is a space's.
        let tab = try PreparedText(" ", font: font).layout().lines[0].widthIncludingTrailingWhitespace
        let thirteen = String(repeating: "\t", count: 13) + "x"
        #expect(abs((try width(thirteen)).width - (336 + tab + (try natural("x")))) < 1e-9)
    }

    /// `defaultTabInterval` places tabs after the stops at its multiples.
    @Test func defaultInterval() throws {
        let result = try width("ab\tc") {
            $0.tabStops = []; $0.defaultTabInterval = 50
        }
        #expect(abs(result.width - (50 + (try natural("c")))) < 1e-9)
        let twice = try width("ab\tc\td") {
            $0.tabStops = []; $0.defaultTabInterval = 50
        }
        #expect(abs(twice.width - (100 + (try natural("d")))) < 1e-9)
    }

    /// A right stop ends the text after the tab at the stop; a center stop centres it there.
    @Test func rightAndCenterStops() throws {
        let right = try width("a\t12345") { $0.tabStops = [TextTab(alignment: .right, location: 200)] }
        #expect(abs(right.width - 200) < 1e-9)
        let center = try width("a\tXY") { $0.tabStops = [TextTab(alignment: .center, location: 100)] }
        #expect(abs(center.width - (100 + (try natural("XY")) / 2)) < 1e-3)
    }

    /// Stops are measured from the leading margin, not the indent: with a 10 pt first-line indent the
    /// first stop is 18 pt after the line's start.
    @Test func stopsCountFromTheMargin() throws {
        let result = try width("a\tb") { $0.firstLineHeadIndent = 10 }
        #expect(result.x == 10)
        #expect(abs(result.width - (18 + (try natural("b")))) < 1e-9)
    }

    /// Lines with tabs wrap at their tab-aware widths; each fits the width.
    @Test func tabbedLinesWrap() throws {
        let text = "Name\tValue\tNote one two three four five six seven eight nine ten"
        let layout = try PreparedText(text, font: font, paragraphStyle: ParagraphStyle()).layout(width: 150)
        #expect(layout.lineCount > 1)
        for line in layout.lines { #expect(line.width <= 150) }
        #expect(abs(layout.lines[0].width - (try natural("Name Value"))) > 1)  // not measured as spaces
    }

}
