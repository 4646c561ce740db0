import Foundation
import Testing
import TextFitLayout

/// `Label.paragraphStyle`: sizes and height limits with the style's line boxes (P1–P5, L2, L5, T3).
@Suite struct LabelParagraphStyleTests {
    /// L2 + P4: two lines of 23.154 with 4 pt between them size to ceil(50.308) = 51 at 1x; the height
    /// limit (L5, T3) counts line boxes: 50 holds only the first, a one-line 24.
    @Test func lineSpacingInSizesAndLimits() throws {
        var label = Label(text: "one\ntwo", font: try Fixtures.font(), numberOfLines: 0)
        label.paragraphStyle.lineSpacing = 4
        #expect(try label.sizeThatFits(CGSize(width: 300, height: 0)).height == 51)
        let rect = try label.textRect(forBounds: CGRect(x: 0, y: 0, width: 300, height: 50), limitedToNumberOfLines: 0)
        #expect(rect.height == 24)
        let taller = try label.textRect(forBounds: CGRect(x: 0, y: 0, width: 300, height: 51), limitedToNumberOfLines: 0)
        #expect(taller.height == 51)
    }

    /// P7 through the label's drawing: a centred line sits in the middle of the bounds' width.
    @Test func centredLinesInTheDrawing() throws {
        var label = Label(text: "Hi", font: try Fixtures.font())
        label.paragraphStyle.alignment = .center
        label.frame = CGRect(x: 0, y: 0, width: 200, height: 30)
        let line = try #require(try label.drawing().lines.first)
        #expect(abs(line.rect.midX - 100) < 1e-9)
    }

    /// A bad style is an error when the label is measured, naming the field.
    @Test func invalidStyleIsAnError() throws {
        var label = Label(text: "x", font: try Fixtures.font())
        label.paragraphStyle.minimumLineHeight = 30
        label.paragraphStyle.maximumLineHeight = 10
        #expect(throws: ParagraphStyleError.self) { try label.sizeThatFits(.zero) }
    }
}
