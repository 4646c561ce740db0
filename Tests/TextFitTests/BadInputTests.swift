import Foundation
import Testing
@testable import TextFit

/// Bad input gets a clear error or a documented meaning, never a crash or a silent wrong answer.
@Suite struct BadInputTests {
    @Test func negativeAndNaNWidthsAreErrors() throws {
        let prepared = PreparedText("Hello world", font: try Fixtures.font())
        #expect(throws: MeasureError.invalidWidth(-3)) { try prepared.layout(width: -3) }
        #expect(throws: MeasureError.self) { try prepared.layout(width: .nan) }
        #expect(throws: MeasureError.self) { try prepared.layout(width: -.infinity) }
        #expect(
            MeasureError.invalidWidth(-3).description == "invalid width -3.0: use a number >= 0 (0 or infinity = unbounded)")
    }

    @Test func zeroAndInfiniteWidthsMeanUnbounded() throws {
        let prepared = PreparedText("Hello world, this is one line", font: try Fixtures.font())
        let unbounded = try prepared.layout(width: nil)
        #expect(unbounded.lineCount == 1)
        #expect(try prepared.layout(width: 0) == unbounded)
        #expect(try prepared.layout(width: .infinity) == unbounded)
        #expect(try prepared.layout(width: 1e300) == unbounded)
    }

    @Test func negativeNumberOfLinesIsAnError() throws {
        let prepared = PreparedText("Hello", font: try Fixtures.font())
        #expect(throws: MeasureError.invalidNumberOfLines(-1)) { try prepared.layout(width: 100, numberOfLines: -1) }
        #expect(MeasureError.invalidNumberOfLines(-1).description.contains("use 0 (unlimited)"))
    }

    @Test func invalidScaleAndHeightAreErrors() throws {
        let prepared = PreparedText("Hello", font: try Fixtures.font())
        #expect(throws: MeasureError.invalidScale(0)) { try prepared.sizeThatFits(.zero, scale: 0) }
        #expect(throws: MeasureError.invalidHeight(-1)) {
            try prepared.boundingRect(with: CGSize(width: 10, height: -1), options: .usesLineFragmentOrigin)
        }
    }

    /// Invalid UTF-16 is repaired one unit for one unit, so offsets still match the input.
    @Test func unpairedSurrogatesKeepOffsets() throws {
        let units: [UInt16] = [0x48, 0xD800, 0x69, 0x20, 0xDC00, 0x21]
        let prepared = PreparedText(utf16: units, font: try Fixtures.font())
        #expect(prepared.utf16Count == units.count)
        let layout = try prepared.layout(width: nil)
        #expect(layout.lines.map(\.range) == [0..<6])
        #expect(layout.lines[0].text == "H\u{FFFD}i \u{FFFD}!")
    }

    @Test func oddCharactersAreMeasuredWithoutDroppingAnything() throws {
        let font = try Fixtures.font()
        let texts = [
            "\u{0}NUL\u{0}", "\u{FFFE}\u{FFFF}", "\u{301}\u{302} lone marks", "a" + String(repeating: "\u{301}", count: 500),
            Array(repeating: "👩‍👩‍👧‍👦", count: 50).joined(separator: "\u{200D}"),
            "\u{202E}bidi\u{202C} \u{2067}isolate\u{2069} \u{200F}rtl", "tab\there", "שלום world مرحبا",
        ]
        for text in texts {
            let prepared = PreparedText(text, font: font)
            for width in [nil, 1, 30, 200] as [CGFloat?] {
                let layout = try prepared.layout(width: width)
                #expect(layout.lines.first?.range.lowerBound == 0)
                #expect(layout.lines.last?.range.upperBound == prepared.utf16Count, "\(text.debugDescription)")
                for (a, b) in zip(layout.lines, layout.lines.dropFirst()) {
                    #expect(a.range.upperBound == b.range.lowerBound)
                }
            }
        }
    }

    /// L8 and B7: empty text has no line; a final separator adds no line; "\n" alone is one empty line.
    @Test func emptyTextAndTrailingSeparators() throws {
        let font = try Fixtures.font()
        #expect(try PreparedText("", font: font).layout(width: 100).lineCount == 0)
        #expect(try PreparedText("", font: font).layout().size == .zero)
        #expect(try PreparedText("a\n", font: font).layout().lineCount == 1)
        #expect(try PreparedText("\n", font: font).layout().lineCount == 1)
        #expect(try PreparedText("a\n\nb", font: font).layout().lineCount == 3)
        #expect(try PreparedText("a\r\nb\rc\u{2029}d\u{85}e", font: font).layout().lineCount == 5)
        #expect(try PreparedText("a\u{2028}b", font: font).layout().lineCount == 2)
        #expect(
            try "".boundingRect(
                with: CGSize(width: 100, height: 100), options: .usesLineFragmentOrigin,
                attributes: TextStyle(font: font)) == .zero)
    }
}
