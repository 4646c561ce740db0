import Foundation
import Testing
import TextFit

/// Rules P8 with H2: a justified line that ends with a shown hyphen is stretched to its room with the hyphen
/// counted, so its glyphs end at the room like every other justified line's. Before, the spaces took the
/// room less the text alone and the hyphen drew past the room (Noto Sans 17 at 150 pt: "Extraordinary in‐"
/// drew 155.47 pt), left to right and right to left alike.
@Suite struct JustifiedHyphenTests {
    static let texts = [
        "Extraordinary internationalization of hyphenation in paragraphs, whose words are long",
        "Extraordinary internationalization of hyphenation \u{5E9}\u{5DC}\u{5D5}\u{5DD} in paragraphs, whose words are long",
        "Die Donaudampfschifffahrtsgesellschaft veranstaltet Rundfahrten auf der Donau",
    ]

    static func lines(_ text: String, width: CGFloat, kern: CGFloat) throws -> [TextLine] {
        var styled = try StyledText(font: try Font(family: "Noto Sans", size: 17))
        styled.language = text.hasPrefix("Die") ? "de" : "en-US"
        try styled.append(text, attributes: TextAttributes(kern: kern))
        var style = ParagraphStyle()
        style.alignment = .justified
        style.hyphenationFactor = 1
        return Array(try PreparedText(styled: styled, paragraphStyle: style).layout(width: width).lines)
    }

    @Test(arguments: texts, [0.0, 1.5])
    func hyphenatedJustifiedLinesEndAtTheirRoom(text: String, kern: Double) throws {
        var hyphenated = 0
        for width in stride(from: 120.0, through: 260.0, by: 20.0) {
            let lines = try Self.lines(text, width: width, kern: kern)
            for line in lines.dropLast() where line.isHyphenated && line.text.contains(" ") {
                hyphenated += 1
                #expect(abs(line.width - width) <= 1.0 / 1024, "\(line.text) at \(width)")
                #expect(abs(line.glyphs().width - line.width) <= 1.0 / 1024, "\(line.text) at \(width)")
                let runsEnd = line.visualRuns.map { $0.x + $0.width }.max() ?? 0
                // The runs leave the hyphen's width at the line's end (H2), which the glyphs fill.
                #expect(runsEnd < line.width, "\(line.text) at \(width)")
            }
        }
        #expect(hyphenated >= 3)
    }
}
