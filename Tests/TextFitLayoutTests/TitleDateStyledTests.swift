import Foundation
import Testing
import TextFit
import TextFitLayout

/// The title + date block (§5.1) with styled text: the title's lines take their runs' boxes (S6), and the
/// date sits on the baseline of the line it follows, whatever that line's box.
///
/// Noto Sans (Regular and Bold share hhea: ascender 1069, descender −293, no gap, per 1000 units): at
/// 17 pt ascent 18.173, line 23.154; at 30 pt ascent 32.07, descent 8.79, line 40.86. "Date" at 17 pt
/// is 37.67 wide, so D = 38.
@Suite struct TitleDateStyledTests {
    static func font(_ size: CGFloat, bold: Bool = false) throws -> Font {
        try Font(family: "Noto Sans", size: size, weight: bold ? .bold : .regular)
    }
    static func width(_ string: String, _ font: Font) throws -> CGFloat {
        try PreparedText(string, font: font).layout().sizeIncludingTrailingWhitespace.width
    }
    static func date() throws -> StyledText { try StyledText("Date", font: font(17)) }

    /// Case 1: "Title " (17 pt) then "BIG" (30 pt bold) on one line: the line's box is the 30 pt run's
    /// (ascent 32.07, height 40.86), so the date's top is round(32.07 − 18.173) = round(13.897) = 14, not
    /// the 0 a 17 pt line would give. x = ceil(width of the two runs measured apart (S2) + 8).
    @Test func dateSitsOnTheTallerLinesBaseline() throws {
        var title = try StyledText("Title ", font: Self.font(17))
        try title.append("BIG", attributes: TextAttributes(font: Self.font(30, bold: true)))
        let block = try TitleDateLayout(title: title, date: Self.date(), width: 320)
        #expect(block.layoutCase == .dateAfterTitle)
        let lineWidth = try Self.width("Title ", Self.font(17)) + Self.width("BIG", Self.font(30, bold: true))
        #expect(block.titleFrame == CGRect(x: 0, y: 0, width: (lineWidth - 1e-9).rounded(.up), height: 41))
        #expect(block.dateFrame == CGRect(x: (lineWidth + 8 - 1e-9).rounded(.up), y: 14, width: 38, height: 24))
        #expect(abs(block.titleLines[0].baseline - 32.07) < 1e-9)
        #expect(block.size.height == 41)
    }

    /// Case 3: "BIG" (30 pt) then a line break and "small" (17 pt): line 2's top is 40.86 and its baseline
    /// 40.86 + 18.173 = 59.033, so the date (17 pt) starts at round(40.86) = 41 on line 2 (a uniform
    /// pitch would put it at 23).
    @Test func dateFollowsTheLastLineAtItsOwnBaseline() throws {
        var title = try StyledText("BIG\n", attributes: TextAttributes(font: Self.font(30, bold: true)), font: Self.font(17))
        title.append("small")
        let block = try TitleDateLayout(title: title, date: Self.date(), width: 320)
        #expect(block.layoutCase == .dateAfterLastLine)
        #expect(block.titleLines.map(\.text) == ["BIG", "small"])
        #expect(block.dateLineIndex == 1)
        let x = (try Self.width("small", Self.font(17)) + 8 - 1e-9).rounded(.up)
        #expect(block.dateFrame == CGRect(x: x, y: 41, width: 38, height: 24))
        #expect(block.titleFrame.height == 65)  // ceil(40.86 + 23.154)
        #expect(block.size.height == 65)
    }

    /// A raised date (baselineOffset 3, S4): its ascent is 18.173 + 3 = 21.173, so on a 17 pt title line
    /// its top would be at 18.173 − 21.173 = −3; the block moves down 3 instead. Its frame is one line
    /// box tall: ceil(21.173 + 1.981) = 24.
    @Test func raisedDatePushesTheBlockDown() throws {
        let date = try StyledText("Date", attributes: TextAttributes(baselineOffset: 3), font: Self.font(17))
        let block = try TitleDateLayout(title: StyledText("Title Short", font: Self.font(17)), date: date, width: 320)
        #expect(block.layoutCase == .dateAfterTitle)
        #expect(block.titleFrame == CGRect(x: 0, y: 3, width: 82, height: 24))
        #expect(block.dateFrame == CGRect(x: 90, y: 0, width: 38, height: 24))
        #expect(block.size.height == 27)
    }

    /// One run in one font lays out exactly as the plain block: the seed titles at their widths.
    @Test(arguments: [(0, 320), (1, 400), (2, 375), (3, 320)] as [(Int, CGFloat)])
    func oneRunMatchesThePlainBlock(seed: Int, width: CGFloat) throws {
        let (title, date) = SeedExamples.titleDate[seed]
        let plain = try TitleDateLayout(
            title: title, date: date, titleFont: Self.font(17), dateFont: Self.font(17), width: width)
        let styled = try TitleDateLayout(
            title: StyledText(title, font: Self.font(17)), date: StyledText(date, font: Self.font(17)),
            width: width)
        #expect(styled.layoutCase == plain.layoutCase)
        #expect(styled.titleFrame == plain.titleFrame && styled.dateFrame == plain.dateFrame && styled.size == plain.size)
        #expect(styled.titleLines.map(\.text) == plain.titleLines.map(\.text))
    }

    /// Case 2 with a styled title: the one-line title (its 30 pt word gives it a 40.86 line) leaves no
    /// room; the date goes below the block, its baseline one ascender of the font the title ends in (17 pt)
    /// under the title's bottom: y = round(40.86 + 18.173 − 18.173) = 41.
    @Test func dateOnTheNextLineStartsBelowTheTallLine() throws {
        var title = try StyledText("BIG ", attributes: TextAttributes(font: Self.font(30, bold: true)), font: Self.font(17))
        title.append("and a long tail of words")
        let lineWidth =
            try Self.width("BIG ", Self.font(30, bold: true)) + Self.width("and a long tail of words", Self.font(17))
        // Wide enough for the title on one line, too narrow for the gap and the date after it.
        let width = (lineWidth + 20).rounded(.up)
        let block = try TitleDateLayout(title: title, date: Self.date(), width: width)
        #expect(block.layoutCase == .dateOnNextLine)
        #expect(block.titleLines.count == 1)
        #expect(block.dateFrame == CGRect(x: 0, y: 41, width: 38, height: 24))
        #expect(block.size.height == 65)  // ceil(41 + 24)
    }
}
