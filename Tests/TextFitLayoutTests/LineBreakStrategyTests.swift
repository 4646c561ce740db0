import Foundation
import Testing
import TextFitLayout

/// W6: labels default to `.standard` (push-out of a lone last word), string measurement to none.
@Suite struct LineBreakStrategyTests {
    let text = "The quick brown fox jumps over the dog."
    /// Holds "The quick brown fox jumps over the" (285.19 pt in Noto Sans 17) but not " dog." more.
    let width: CGFloat = 300

    @Test func bothOutcomesOnTheSameText() throws {
        let font = try Fixtures.font()
        #expect(try Fixtures.width("The quick brown fox jumps over the", font) <= width)
        #expect(try Fixtures.width(text, font) > width)

        // String measurement (NSParagraphStyle default, strategy none): the orphan stays alone.
        let plain = try PreparedText(text, font: font).layout(width: width)
        #expect(plain.lines.map(\.text) == ["The quick brown fox jumps over the ", "dog."])

        // A label (L1: strategy .standard): one word moves down to keep "dog." company.
        var label = Label(text: text, font: font, numberOfLines: 0)
        label.frame = CGRect(x: 0, y: 0, width: width, height: 0)
        #expect(try label.drawing().lines.map(\.text) == ["The quick brown fox jumps over ", "the dog."])
        // Same line count, narrower widest line.
        let labelSize = try label.sizeThatFits(CGSize(width: width, height: 0))
        #expect(
            labelSize
                == CGSize(
                    width: Fixtures.ceilPx(try Fixtures.width("The quick brown fox jumps over", font)),
                    height: 47))
        #expect(
            try PreparedText(text, font: font).sizeThatFits(CGSize(width: width, height: 0)).width
                == Fixtures.ceilPx(try Fixtures.width("The quick brown fox jumps over the", font)))

        // A label set to strategy none measures like a string.
        label.lineBreakStrategy = []
        #expect(try label.drawing().lines.map(\.text) == plain.lines.map(\.text))
    }
}
