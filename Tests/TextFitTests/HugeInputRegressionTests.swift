import Foundation
import Testing
@testable import TextFit

/// The inputs that once measured negative or took quadratic time, with the answers they give. Each is
/// one grapheme cluster, so each is one line at any width (W2) and its width is the sum of its glyphs'
/// advances: the expected widths are worked out from the font's own advances (`designAdvance`), not
/// read back from the engine.
@Suite(.serialized) struct HugeInputRegressionTests {
    /// The advance in points of `glyphs` (scalar, count) when each is its nominal glyph in the face
    /// TextFit picked for the text, and how far HarfBuzz's rounding of each scaled advance may move the sum.
    static func nominalWidth(_ glyphs: [(Unicode.Scalar, Int)], prepared: PreparedText) throws -> (CGFloat, CGFloat) {
        var units = 0
        var count = 0
        for (scalar, n) in glyphs {
            let face = try #require(prepared.faces.first { $0.hasGlyph(for: scalar.value) })
            units += face.harfBuzz.designAdvance(of: scalar.value) * Int(prepared.font.scale) * n / face.unitsPerEm
            count += n
        }
        return (CGFloat(units) / CGFloat(Units.perPoint), CGFloat(count) / CGFloat(Units.perPoint))
    }

    /// Checks `layout` is as wide as `glyphs` nominally are: HarfBuzz's Indic and Universal shapers put a
    /// dotted circle (U+25CC) before a mark with no base letter, then every mark is its nominal glyph.
    func expectNominal(_ layout: TextLayout, _ glyphs: [(Unicode.Scalar, Int)], _ prepared: PreparedText) throws {
        let (expected, tolerance) = try Self.nominalWidth(glyphs, prepared: prepared)
        #expect(abs(layout.size.width - expected) <= tolerance, "\(layout.size.width) vs \(expected)")
    }

    func check(
        _ scalar: Unicode.Scalar, count: Int, base: String = "", size: CGFloat, family: String = "Noto Sans"
    )
        throws -> (TextLayout, PreparedText)
    {
        let text = base + String(repeating: Character(scalar), count: count)
        let prepared = PreparedText(text, font: try Font(family: family, size: size))
        let layout = try prepared.layout(width: nil)
        let wrapped = try prepared.layout(width: 100, lineBreakMode: .byCharWrapping)
        #expect(layout.lineCount == 1 && wrapped.lineCount == 1)
        #expect(layout.size.width > 0 && wrapped.size.width == layout.size.width)
        #expect(try prepared.measure(width: 100).size.width == layout.size.width)
        print("\(count) × U+\(String(scalar.value, radix: 16, uppercase: true)) at \(size) pt: \(layout.size.width) pt")
        return (layout, prepared)
    }

    /// 60 Buginese vowel signs O at 99,999 pt measured −594,339.98 pt (an int32 cluster sum wrapped).
    @Test func buginesVowelSignsAt99999Points() throws {
        let (layout, prepared) = try check("\u{1A1A}", count: 60, size: 99_999)
        #expect(layout.size.width == 3_299_367.003_906_25)
        try expectNominal(layout, [("\u{25CC}", 1), ("\u{1A1A}", 60)], prepared)
        // Linear in the size: at 1,000 pt the same cluster is 32,994 pt wide.
        let (small, _) = try check("\u{1A1A}", count: 60, size: 1000)
        #expect(abs(layout.size.width - small.size.width * 99.999) < 1)
    }

    /// 50,000 Devanagari vowel signs AA (spacing marks) at 200 pt measured −1,604,161 pt.
    @Test func fiftyThousandDevanagariSpacingMarksAt200Points() throws {
        let (layout, prepared) = try check("\u{093E}", count: 50_000, size: 200)
        #expect(layout.size.width == 2_590_092.234_375)
        try expectNominal(layout, [("\u{25CC}", 1), ("\u{093E}", 50_000)], prepared)
    }

    /// 600,000 of them at 17 pt, a 3.6 MB line (1.8 MB of UTF-8 in the text), measured −1,552,299 pt.
    @Test func sixHundredThousandDevanagariSpacingMarksAt17Points() throws {
        let (layout, prepared) = try check("\u{093E}", count: 600_000, size: 17)
        #expect(layout.size.width == 2_642_000.857_421_875)
        try expectNominal(layout, [("\u{25CC}", 1), ("\u{093E}", 600_000)], prepared)
    }

    /// 150,000 acute accents on one "e" did not finish in 60 s (HarfBuzz is quadratic in a run of marks).
    @Test func oneHundredFiftyThousandAccentsOnOneLetter() throws {
        let (layout, _) = try check("\u{0301}", count: 150_000, base: "e", size: 17)
        let single = try PreparedText("\u{E9}", font: try Font(family: "Noto Sans", size: 17)).layout(width: nil)
        #expect(layout.size.width == single.size.width)
    }
}
