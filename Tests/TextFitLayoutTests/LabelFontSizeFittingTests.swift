import Foundation
import Testing
import TextFitLayout

/// `Label.adjustsFontSizeToFitWidth` with `minimumScaleFactor` (rule Q4): the size drawn at, reported.
@Suite struct LabelFontSizeFittingTests {
    func label(_ text: String = "Quarterly results", size: CGFloat = 24, width: CGFloat = 150) throws -> Label {
        var label = Label(text: text, font: try Fixtures.font(size))
        label.frame = CGRect(x: 0, y: 0, width: width, height: 40)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        return label
    }

    /// The single line is wider than 150 at 24 pt: the label draws at the largest size whose line fits,
    /// untruncated, and 1/1024 pt larger would not fit.
    @Test func shrinksToTheLargestFittingSize() throws {
        let label = try label()
        let full = try Fixtures.width("Quarterly results", try Fixtures.font(24))
        #expect(full > 150)
        let size = try label.fittedFontSize
        #expect(size < 24 && size >= 12)
        #expect(try Fixtures.width("Quarterly results", try Fixtures.font(size)) <= 150)
        #expect(try Fixtures.width("Quarterly results", try Fixtures.font(size + 1.0 / 1024)) > 150)
        let drawing = try label.drawing()
        #expect(!drawing.isTruncated)
        #expect(drawing.lines.map(\.text) == ["Quarterly results"])
        #expect(drawing.lines[0].rect.height == (try Fixtures.font(size)).lineHeight)
    }

    /// Sizing keeps the full size (UIKit shrinks only when drawing).
    @Test func sizingKeepsTheFullSize() throws {
        let label = try label()
        var plain = label
        plain.adjustsFontSizeToFitWidth = false
        #expect(try label.sizeThatFits(.zero) == plain.sizeThatFits(.zero))
        #expect(try plain.fittedFontSize == 24)
    }

    /// Too long even at half size: drawn at the minimum size, truncated.
    @Test func tooLongDrawsTruncatedAtTheMinimum() throws {
        let label = try label("A title far too long to fit in one line even at half of its size", width: 150)
        #expect(try label.fittedFontSize == 12)
        let drawing = try label.drawing()
        #expect(drawing.isTruncated)
        #expect(drawing.lines.last?.ellipsis == .tail)
    }

    /// UIKit's default minimum scale factor 0 means no shrinking; out-of-range factors are refused.
    @Test func factorZeroDoesNotShrinkAndBadFactorsThrow() throws {
        var label = try label()
        label.minimumScaleFactor = 0
        #expect(try label.fittedFontSize == 24)
        label.minimumScaleFactor = 2
        #expect(throws: MeasureError.invalidMinimumScaleFactor(2)) { try label.fittedFontSize }
        #expect(throws: MeasureError.invalidMinimumScaleFactor(2)) { try label.drawing() }
    }

    /// Tightening is not modelled: setting it changes nothing.
    @Test func tighteningChangesNothing() throws {
        var label = try label()
        let before = try label.drawing()
        label.allowsDefaultTighteningForTruncation = true
        #expect(try label.drawing() == before)
    }
}
