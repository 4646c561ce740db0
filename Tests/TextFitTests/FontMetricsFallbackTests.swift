import Foundation
import Testing
@testable import TextFit

/// Rule F4's fallback: a font whose OS/2 table has no sCapHeight or sxHeight (DejaVu Sans: OS/2 version 1)
/// takes them from the top of the glyphs "H" and "x", as Skia's FreeType port and HarfBuzz's metrics
/// fallback do. Checked against FreeType's own control box of the unscaled outlines (a second library
/// reading the same glyphs), not against HarfBuzz, which supplies the value.
@Suite struct FontMetricsFallbackTests {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The top of `character`'s glyph in DejaVu Sans, in design units, from FreeType.
    func freeTypeTop(_ character: Character, path: String = dejaVuSans) throws -> Int {
        let file = try FontFileBytes(path: path)
        return try #require(FreeType.glyphTop(file, faceIndex: 0, codepoint: character.unicodeScalars.first!.value))
    }

    @Test func dejaVuSansTakesCapAndXHeightFromTheGlyphs() throws {
        let font = try Font(file: Self.dejaVuSans, size: 17)
        let metrics = font.face.harfBuzz.metrics
        let capTop = try freeTypeTop("H")
        let xTop = try freeTypeTop("x")
        #expect(capTop > 0 && xTop > 0 && xTop < capTop)
        #expect(Int(metrics.capHeight) == capTop)
        #expect(Int(metrics.xHeight) == xTop)
        // Scaled as every metric is (F2): design units × size / units per em.
        #expect(abs(font.capHeight - CGFloat(capTop) * 17 / CGFloat(metrics.unitsPerEm)) < 1e-9)
        #expect(abs(font.xHeight - CGFloat(xTop) * 17 / CGFloat(metrics.unitsPerEm)) < 1e-9)
    }

    /// A font whose OS/2 table has the fields keeps them: Noto Sans's sCapHeight 714 and sxHeight 536 of
    /// 1000 units (F4's worked values at 17 pt).
    @Test func fontsWithTheFieldsKeepThem() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        #expect(abs(font.capHeight - 12.138) < 0.001)
        #expect(abs(font.xHeight - 9.112) < 0.001)
    }
}
