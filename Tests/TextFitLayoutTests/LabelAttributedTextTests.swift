import Foundation
import Testing
import TextFit
import TextFitLayout

/// `Label.attributedText`: a styled label sizes exactly as its `PreparedText(styled:paragraphStyle:)`
/// measures (L2, L4, S6), and its one-line width is the sum of its runs measured apart (S2).
@Suite struct LabelAttributedTextTests {
    static func styled() throws -> StyledText {
        let body = try Font(family: "Noto Sans", size: 15)
        var styled = try StyledText(
            "Ada Lovelace ", attributes: TextAttributes(font: Font(family: "Noto Sans", size: 22, weight: .bold)),
            font: body)
        styled.append("wrote the first program for an engine that did not yet exist.")
        return styled
    }

    @Test func sizesAsThePreparedStyledText() throws {
        var style = ParagraphStyle()
        style.lineSpacing = 3
        style.headIndent = 12
        var label = Label(font: try Font(family: "Noto Sans", size: 15), numberOfLines: 0, scale: 2)
        label.attributedText = try Self.styled()
        label.paragraphStyle = style
        #expect(label.text == (try Self.styled()).string)
        let prepared = try PreparedText(styled: Self.styled(), paragraphStyle: style)
        for width in [80, 140, 200, 320] as [CGFloat] {
            let size = try prepared.measure(width: width).size
            let expected = CGSize(width: (size.width * 2).rounded(.up) / 2, height: (size.height * 2).rounded(.up) / 2)
            #expect(try label.sizeThatFits(CGSize(width: width, height: 0)) == expected, "at \(width)")
        }
        label.preferredMaxLayoutWidth = 140
        let size = try prepared.measure(width: 140).size
        #expect(try label.intrinsicContentSize.height == (size.height * 2).rounded(.up) / 2)
        // Taller than the same text plain: the 22 pt bold run's line box (S6).
        let plain = Label(text: label.text, font: try Font(family: "Noto Sans", size: 15), numberOfLines: 0, scale: 2)
        #expect(
            try label.sizeThatFits(CGSize(width: 320, height: 0)).height
                > plain.sizeThatFits(CGSize(width: 320, height: 0)).height)
    }

    /// S2 worked: a single-line styled label is as wide as its two runs measured apart, rounded up.
    @Test func singleLineIsTheSumOfItsRuns() throws {
        var label = Label(font: try Font(family: "Noto Sans", size: 15))
        label.attributedText = try Self.styled()
        let bold = PreparedText("Ada Lovelace ", font: try Font(family: "Noto Sans", size: 22, weight: .bold))
        let body = PreparedText(
            "wrote the first program for an engine that did not yet exist.",
            font: try Font(family: "Noto Sans", size: 15))
        let width = try bold.layout().sizeIncludingTrailingWhitespace.width + body.layout().size.width
        #expect(try label.sizeThatFits(.zero).width == (width - 1e-9).rounded(.up))
    }

    /// Setting `text` drops the attributes (UILabel's behaviour); the label's font restyles unattributed ranges.
    @Test func textDropsAttributesAndFontFillsGaps() throws {
        var label = Label(font: try Font(family: "Noto Sans", size: 15))
        label.attributedText = try Self.styled()
        label.text = "plain"
        #expect(label.attributedText == nil)
        label.attributedText = try Self.styled()
        label.font = try Font(family: "Noto Sans", size: 30)
        #expect(label.attributedText?.font.pointSize == 30)
        #expect(try label.sizeThatFits(.zero).height >= 40)
    }
}
