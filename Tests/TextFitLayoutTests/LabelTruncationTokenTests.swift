import Foundation
import Testing
import TextFit
@testable import TextFitLayout

/// `Label.truncationToken` (rules T8, T12, T14, T16): sizing, the text rect and the drawing honour the
/// token, and the drawing's ellipsis box is the token's.
@Suite struct LabelTruncationTokenTests {
    static let review =
        "Lovely little place. The staff were friendly, the coffee was excellent and the croissants were the best I have had in years."

    @Test func drawingShowsTheTokenAndItsBox() throws {
        let font = try Font.systemFont(ofSize: 17)
        var label = Label(text: Self.review, font: font, numberOfLines: 2)
        var token = try StyledText("… ", font: font)
        try token.append("Read more", attributes: TextAttributes(font: try Font.systemFont(ofSize: 17, weight: .bold)))
        label.truncationToken = token
        label.frame = CGRect(x: 10, y: 20, width: 240, height: 100)
        let drawing = try label.drawing()
        #expect(drawing.lines.count == 2 && drawing.isTruncated)
        #expect(drawing.lines[1].text.hasSuffix("… Read more"))
        // The engine's layout of the same text and token, in the label's coordinates.
        let layout = try PreparedText(Self.review, font: font).withTruncationToken(token)
            .layout(width: 240, numberOfLines: 2, lineBreakMode: .byTruncatingTail, lineBreakStrategy: .standard)
        let rect = try #require(layout.truncationTokenRect)
        let box = try #require(drawing.ellipsis?.rect)
        #expect(abs(box.minX - rect.minX) < 1e-9 && abs(box.width - rect.width) < 1e-9)
        #expect(abs(box.minY - (drawing.textRect.minY + rect.minY)) < 1e-9)
        // Sizing honours it: the last line's width is the token layout's, not the "…" one's.
        let size = try label.sizeThatFits(CGSize(width: 240, height: 0))
        #expect(size == layout.size.ceiledToPixels(scale: label.scale))
        // Removing the token gives "…" back.
        label.truncationToken = nil
        #expect(try label.drawing().lines[1].text.hasSuffix("…"))
        #expect(try !label.drawing().lines[1].text.hasSuffix("Read more"))
    }

    /// T14: a token with a line break is refused where the label is measured; T16: a token wider than the
    /// label is drawn alone.
    @Test func badAndWideTokens() throws {
        let font = try Font.systemFont(ofSize: 17)
        var label = Label(text: Self.review, font: font)
        label.truncationToken = try StyledText("read\nmore", font: font)
        #expect(throws: MeasureError.truncationTokenHasLineBreak(offset: 4)) {
            try label.sizeThatFits(CGSize(width: 100, height: 0))
        }
        label.truncationToken = try StyledText("… continue reading this review", font: font)
        label.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        let drawing = try label.drawing()
        #expect(drawing.lines.first?.text == "… continue reading this review")
    }

    /// With `adjustsFontSizeToFitWidth` the text shrinks and the token keeps its own font (T15).
    @Test func shrinkingLabelKeepsItsToken() throws {
        let font = try Font.systemFont(ofSize: 17)
        var label = Label(text: Self.review, font: font)
        label.truncationToken = try StyledText(" more", font: font)
        label.adjustsFontSizeToFitWidth = true
        label.minimumScaleFactor = 0.5
        label.frame = CGRect(x: 0, y: 0, width: 300, height: 30)
        let drawing = try label.drawing()
        #expect(drawing.lines.first?.text.hasSuffix(" more") == true)
    }
}
