import Foundation
import Testing
import TextFit

/// Measure = layout = draw (docs/fuzzing.md) for spaces after a line or paragraph separator, the place
/// `Crashers/FuzzLineWidths/spaces-after-a-line-separator-measure-narrower` found them measured in one face and
/// drawn in another: "Wi" U+2028 "  " in Droid Sans Fallback, whose "Wi" and U+2028 come from Noto Sans
/// (rule F6), keeps the spaces in Noto Sans' segment (6,390 units each at 24 pt), while a style run starting
/// at them sets them in the run's own font (Droid Sans Fallback's space, 6,432 units).
@Suite struct SpacesAfterALineBreakTests {
    /// Fonts with and without the letters around the spaces: Droid Sans Fallback (no Latin, so "Wi" falls
    /// back), Noto Sans, DejaVu Sans and a CJK font (with Latin of its own).
    static let fonts: [(family: String, size: CGFloat)] = [
        ("Droid Sans Fallback", 24), ("Noto Sans", 20), ("DejaVu Sans", 17), ("Noto Sans CJK SC", 19),
    ]
    static let separators = ["\u{2028}", "\u{2029}", "\n"]
    /// Letters the fonts lack or have, before and after the spaces.
    static let words = [("Wi", "Wi"), ("世界", "Wi"), ("Wi", "世界"), ("שלום", "Wi"), ("Wi", "\u{200E}")]
    static let kerns: [CGFloat?] = [nil, 0, 1.5, -0.25]

    /// The texts of the finding's shape: a word, a separator, spaces, a word; twice.
    static func texts() -> [String] {
        var texts: [String] = []
        for separator in separators {
            for (before, after) in words {
                texts.append("\(before)\(separator)  \(after)")
                texts.append("\(before)\(separator)  \(after)\(separator)  \(after)")
                texts.append("\(before)\(separator) \(separator)  \(after)")
            }
        }
        return texts
    }

    /// Each line's glyphs add up to its measured width, and `measure` answers the layout's size.
    static func expectDrawnAsMeasured(_ text: PreparedText, _ label: String) throws {
        for width in [CGFloat(1e6), 104, 40] {
            let layout = try text.layout(width: width)
            let measured = try text.measure(width: width)
            #expect(measured.size == layout.size, "\(label) at \(width)")
            for line in layout.lines {
                let drawn = line.glyphs().width
                #expect(
                    abs(max(0, drawn) - line.width) < 1e-6,
                    "\(label) at \(width): \(line.text.debugDescription) \(drawn) vs \(line.width)")
            }
        }
    }

    /// Plain text: one font, its fallbacks.
    @Test(arguments: fonts.map(\.family))
    func plainText(family: String) throws {
        let size = Self.fonts.first { $0.family == family }!.size
        let font = try Font(family: family, size: size)
        for text in Self.texts() {
            try Self.expectDrawnAsMeasured(PreparedText(text, font: font), "\(family) \(text.debugDescription)")
        }
    }

    /// Styled text: one run with a kern, and runs whose edge falls on the spaces (the finding: the spaces
    /// start a run of their own in the same font, kern 0), then a last run in another font.
    @Test(arguments: fonts.map(\.family))
    func styledRuns(family: String) throws {
        let size = Self.fonts.first { $0.family == family }!.size
        let font = try Font(family: family, size: size)
        let other = try Font(family: "Noto Sans", size: 20)
        for text in Self.texts() {
            for kern in Self.kerns {
                var whole = try StyledText(font: font)
                try whole.append(text, attributes: TextAttributes(kern: kern))
                try Self.expectDrawnAsMeasured(
                    PreparedText(styled: whole), "\(family) kern \(String(describing: kern)) \(text.debugDescription)")
                // Cut before every space run: the text before in this kern, the rest with no kern, the last
                // character in Noto Sans 20 with a kern of 1.5 (the finding's runs).
                let units = Array(text.utf16)
                for cut in units.indices where units[cut] == 0x20 && (cut == 0 || units[cut - 1] != 0x20) {
                    var styled = try StyledText(font: font)
                    let head = String(utf16CodeUnits: Array(units[..<cut]), count: cut)
                    let tail = Array(units[cut...])
                    try styled.append(head, attributes: TextAttributes(kern: kern, baselineOffset: 35))
                    try styled.append(String(utf16CodeUnits: Array(tail.dropLast()), count: tail.count - 1))
                    try styled.append(
                        String(utf16CodeUnits: [tail.last!], count: 1), attributes: TextAttributes(font: other, kern: 1.5))
                    try Self.expectDrawnAsMeasured(
                        PreparedText(styled: styled),
                        "\(family) kern \(String(describing: kern)) cut at \(cut) \(text.debugDescription)")
                }
            }
        }
    }

    /// The finding's smaller case, worked: the two spaces after U+2028 in a run of their own are Droid Sans
    /// Fallback's spaces (6,432 units, 1/1024 pt, at 24 pt; `hb-shape --font-size=24576` gives the same),
    /// measured and drawn, not Noto Sans' (6,390).
    @Test func theFindingsSpaces() throws {
        let droid = try Font(family: "Droid Sans Fallback", size: 24)
        var styled = try StyledText(font: droid)
        try styled.append("Wi\u{2028}", attributes: TextAttributes(kern: -0.25))
        try styled.append("  Wi")
        let layout = try PreparedText(styled: styled).layout(width: 104)
        let last = try #require(layout.lines.last)
        #expect(last.text == "  Wi")
        let spaces = last.glyphs().runs.flatMap(\.glyphs).prefix(2)
        #expect(spaces.count == 2)
        for glyph in spaces { #expect(abs(glyph.advance - 6432.0 / 1024) < 1e-9) }
        #expect(abs(last.glyphs().width - last.width) < 1e-6)
    }
}
