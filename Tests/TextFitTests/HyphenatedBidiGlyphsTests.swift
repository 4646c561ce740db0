import Foundation
import Testing
import TextFit

/// Rule H2 with D7: a hyphenated line of a text that holds right-to-left characters (here Arabic-Indic
/// digits, so the glyphs are placed by the bidi path) draws the hyphen it was measured with, so its
/// glyphs add up to its width as a left-to-right text's do (`Crashers/FuzzStyled/hyphenated-line-of-a-bidi-text`:
/// "x‐" measured 61.27 pt and drew 38.09, the hyphen missing).
@Suite struct HyphenatedBidiGlyphsTests {
    static func layout(_ text: String, kern: CGFloat) throws -> TextLayout {
        var styled = try StyledText(font: try Font(family: "Noto Sans", size: 72))
        styled.language = "fr"
        try styled.append(text, attributes: TextAttributes(kern: kern))
        var style = ParagraphStyle()
        style.hyphenationFactor = 0.13
        return try PreparedText(styled: styled, paragraphStyle: style).layout(width: 80)
    }

    @Test(arguments: [0.0, 1.5, -0.25])
    func hyphenatedLinesDrawTheirHyphen(kern: Double) throws {
        let bidi = try Self.layout("Hello ١٢٣Hello x\u{AD}١٢٣internationalizationHello ", kern: CGFloat(kern))
        #expect(bidi.lines.contains { $0.isHyphenated })
        for line in bidi.lines {
            #expect(abs(line.glyphs().width - line.width) < 1e-6, "\(line.text.debugDescription)")
        }
        // The same hyphenated word drawn by the left-to-right path (no right-to-left character) and by the
        // bidi path: the same glyph ids.
        let plain = try Self.layout("x\u{AD}123", kern: CGFloat(kern))
        let plainLine = try #require(plain.lines.first { $0.isHyphenated })
        let bidiLine = try #require(bidi.lines.first { $0.text == "x‐" })
        #expect(plainLine.text == "x‐")
        let ids = { (line: TextLine) in line.glyphs().runs.flatMap { $0.glyphs.map(\.id) } }
        #expect(ids(bidiLine) == ids(plainLine))
    }
}
