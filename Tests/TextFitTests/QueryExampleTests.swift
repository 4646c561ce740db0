import Foundation
import Testing
@testable import TextFit

/// Worked examples of the queries (rules Q1–Q5), each checked against widths measured independently:
/// the words as texts of their own, laid out on one line.
@Suite struct QueryExampleTests {
    static let unit = 1.0 / CGFloat(Units.perPoint)

    /// A word's own single-line width (no neighbour to kern with).
    func width(_ word: String, size: CGFloat = 17) throws -> CGFloat {
        try PreparedText(word, font: Fixtures.font(size)).measure(width: nil).size.width
    }

    /// "Hello world": one line needs both words and the space, two lines the wider word (Q1); between
    /// them the two-line layout holds from the wider word up to the whole line (Q3).
    @Test func helloWorld() throws {
        let text = PreparedText("Hello world", font: try Fixtures.font())
        let whole = try width("Hello world")
        let wider = max(try width("Hello"), try width("world"))
        #expect(try text.tightestWidth(numberOfLines: 1) == whole)
        #expect(try text.tightestWidth(numberOfLines: 2) == wider)
        #expect(try text.tightestWidth(forWidth: 60) == wider)
        let range = try text.widthRange(at: (wider + whole) / 2)
        #expect(range == WidthRange(lowerBound: wider, upperBound: whole))
        #expect(try text.widthRange(at: whole) == WidthRange(lowerBound: whole, upperBound: nil))
        #expect(try text.widthRange(at: nil) == WidthRange(lowerBound: whole, upperBound: nil))
    }

    /// Q3 with hanging whitespace (W4): "a b" at a width holding one letter: the line "a " ends at its
    /// opportunity, and the range reaches up to where "a b" (not "a b" plus anything) fits. Its lower
    /// end is "a"'s width, below the wider "b": narrower than "b", the line "b" overflows, one cluster,
    /// but is the same line (W2), so only "a" bounds the range.
    @Test func hangingSpaceDoesNotCount() throws {
        let text = PreparedText("a b", font: try Fixtures.font())
        #expect(try width("a") < (try width("b")))
        let range = try text.widthRange(at: try width("b") + 1)
        #expect(range.lowerBound == (try width("a")))
        #expect(range.upperBound == (try width("a b")))
    }

    /// Empty text: no width needed, every width gives its (no) lines, any size fits.
    @Test func emptyText() throws {
        let text = PreparedText("", font: try Fixtures.font())
        #expect(try text.tightestWidth(numberOfLines: 1) == 0)
        #expect(try text.tightestWidth(forWidth: 100) == 0)
        #expect(try text.widthRange(at: 100) == WidthRange(lowerBound: 0, upperBound: nil))
        let fit = try text.fittingFontSize(width: 10, numberOfLines: 1, minimumScaleFactor: 0.5)
        #expect(fit.fits && fit.pointSize == 17)
    }

    /// A single cluster wider than the width: it overflows at every narrower width with the same line,
    /// so the range is every width, and the tightest width that holds it is its own width (Q1).
    @Test func clusterWiderThanAnyWidth() throws {
        let family = "👩‍👩‍👧‍👦"
        let text = PreparedText(family, font: try Fixtures.font(40))
        let own = try width(family, size: 40)
        #expect(own > 5)
        #expect(try text.widthRange(at: 5) == WidthRange(lowerBound: 0, upperBound: nil))
        #expect(try text.tightestWidth(forWidth: 5) == own)
        #expect(try text.tightestWidth(numberOfLines: 1) == own)
        // A smaller size can fit it.
        let fit = try text.fittingFontSize(width: own / 2, numberOfLines: 1, minimumScaleFactor: 0.25)
        #expect(fit.fits && fit.pointSize < 20.01 && fit.pointSize > 19)
    }

    /// More paragraphs than lines: no width keeps them in one line, and no size does.
    @Test func moreParagraphsThanLines() throws {
        let text = PreparedText("one\ntwo", font: try Fixtures.font())
        #expect(try text.tightestWidth(numberOfLines: 1) == nil)
        #expect(try text.tightestWidth(numberOfLines: 2) == max(try width("one"), try width("two")))
        let fit = try text.fittingFontSize(width: 100, numberOfLines: 1, minimumScaleFactor: 0.5)
        #expect(!fit.fits && fit.pointSize == 8.5)
    }

    /// Q3 for tail truncation (T4): the range of a truncated line ends where one more cluster fits
    /// before the "…".
    @Test func truncatedLineRange() throws {
        let text = PreparedText("Supercalifragilistic", font: try Fixtures.font())
        let layout = try text.layout(width: 80, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let shown = layout.lines[0].text  // "Supercalif…" or so
        let range = try text.widthRange(at: 80, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(range.lowerBound == layout.size.width)
        let prefix = String(shown.dropLast())
        let next = String(text.text.prefix(prefix.count + 1))
        #expect(range.upperBound == (try width(next + "…")))
        // Truncated at 80, the tightest width keeps exactly what is shown.
        #expect(try text.tightestWidth(forWidth: 80, numberOfLines: 1, lineBreakMode: .byTruncatingTail) == range.lowerBound)
    }

    /// Q4: a 24 pt title fitted to 150 pt shrinks to the size whose line is at most 150 pt, and
    /// 1/1024 pt more is wider.
    @Test func quarterlyResults() throws {
        let text = PreparedText("Quarterly results", font: try Fixtures.font(24))
        let full = try width("Quarterly results", size: 24)
        #expect(full > 150)
        let fit = try text.fittingFontSize(width: 150, numberOfLines: 1, minimumScaleFactor: 0.5)
        #expect(fit.fits)
        #expect(abs(fit.pointSize - 24 * 150 / full) < 0.01)  // linear, to rounding
        #expect(fit.pointSize == (fit.pointSize * 1024).rounded() / 1024)
        #expect(try width("Quarterly results", size: fit.pointSize) <= 150)
        #expect(try width("Quarterly results", size: fit.pointSize + Self.unit) > 150)
        // UILabel's default minimumScaleFactor 0 does not shrink.
        let none = try text.fittingFontSize(width: 150, numberOfLines: 1, minimumScaleFactor: 0)
        #expect(!none.fits && none.pointSize == 24)
        #expect(throws: MeasureError.invalidMinimumScaleFactor(1.5)) {
            try text.fittingFontSize(width: 150, minimumScaleFactor: 1.5)
        }
        #expect(throws: MeasureError.self) { try text.fittingFontSize(width: 150, minimumScaleFactor: .nan) }
    }

    /// Q4, the issue-41 case: what the fit hands back to draw is the text at the fitted size, one line of
    /// it within 150 pt, untruncated, in a font of exactly `pointSize` (line height and all), the same as
    /// the text prepared afresh at that size.
    @Test func quarterlyResultsFitIsLaidOutAtItsSize() throws {
        let text = PreparedText("Quarterly results", font: try Fixtures.font(24))
        let fit = try text.fittingFontSize(width: 150, numberOfLines: 1, minimumScaleFactor: 0.5)
        #expect(abs(fit.pointSize - 19.01) < 0.01)
        #expect(fit.font.pointSize == fit.pointSize)
        let shown = try fit.preparedText.layout(width: 150, numberOfLines: 1)
        #expect(!shown.isTruncated && shown.lineCount == 1 && shown.lines[0].text == "Quarterly results")
        let fresh = try PreparedText("Quarterly results", font: Fixtures.font(fit.pointSize)).layout(
            width: 150, numberOfLines: 1)
        #expect(shown.size == fresh.size)
        #expect(shown.size.height == (try Fixtures.font(fit.pointSize)).lineHeight)
        // At the original size the same call truncates: the fit's text is not the original.
        #expect(try text.layout(width: 150, numberOfLines: 1).isTruncated)
    }

    /// Q5: greedy leaves a lone word on line 2; balanced moves words down so both lines are near half.
    @Test func balancedTitle() throws {
        let text = PreparedText("A balanced title keeps its last word company", font: try Fixtures.font(20))
        let whole = try width(text.text, size: 20)
        let greedy = try text.layout(width: whole - 1)
        #expect(greedy.lineCount == 2 && greedy.lines[1].text == "company")
        #expect(
            try text.balancedLayout(width: 300).lines.map(\.text) == ["A balanced title keeps ", "its last word company"])
        let balanced = try text.balancedLayout(width: whole - 1)
        #expect(balanced.lineCount == 2)
        #expect(balanced.size.width == (try text.tightestWidth(numberOfLines: 2)))
        #expect(balanced.size.width < whole * 0.6)
    }
}
