import Foundation
import Testing
@testable import TextFit

/// `FontFallback` (rule F6): the default follows where the font came from, the option is explicit, and the
/// bundled order gives the same answer on every machine.
@Suite struct FontFallbackTests {
    @Test func bundledFontsDefaultToTheBundledOrder() throws {
        #expect(try Font.systemFont(ofSize: 17).fallback == .bundled)
        #expect(try Font(family: "Droid Sans Fallback", size: 17).fallback == .bundled)
        let bundledFile = try Font(family: "Noto Sans", size: 17).filePath
        #expect(try Font(file: bundledFile, size: 17).fallback == .bundled)  // the same bundled face
    }

    @Test func theOptionIsKeptAndCompared() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let fontconfig = font.withFallback(.fontconfig)
        #expect(fontconfig.fallback == .fontconfig && fontconfig.face === font.face)
        #expect(try fontconfig.withSize(12).fallback == .fontconfig)
        #expect(fontconfig != font)  // they may measure differently
        #expect(fontconfig.withFallback(.bundled) == font)
        #expect(FontFallback(rawValue: "fontconfig") == .fontconfig && FontFallback(rawValue: "bundled") == .bundled)
    }

    /// The bundled order: the Latin of a Droid Sans Fallback text (which has no Latin letters) comes from
    /// the bundled Noto Sans, whatever the system has.
    @Test func bundledOrderSetsLatinInDroidSansFallbackInNotoSans() throws {
        let droid = try Font(family: "Droid Sans Fallback", size: 17)
        #expect(!droid.face.hasGlyph(for: 0x42))
        let text = PreparedText("北京 Beijing", font: droid)
        #expect(text.fallbackFonts.map(\.familyName) == ["Noto Sans"])
        #expect(text.fallbackFonts.first?.filePath == (try Font(family: "Noto Sans", size: 17).filePath))
    }

    /// In Fontconfig's order every fallback face comes from Fontconfig's sorted list or the bundled fonts,
    /// and each has the glyphs it supplies; text the font covers needs none either way.
    @Test func fontconfigOrderSuppliesEveryCharacterItCan() throws {
        let droid = try Font(family: "Droid Sans Fallback", size: 17).withFallback(.fontconfig)
        let text = PreparedText("北京 Beijing", font: droid)
        #expect(!text.hasMissingGlyphs)
        #expect(text.fallbackFonts.count == 1)
        #expect(text.fallbackFonts.allSatisfy { $0.face.hasGlyph(for: 0x42) })
        #expect(PreparedText("北京欢迎您", font: droid).fallbackFonts.isEmpty)
        // The sorted list is made once per face and kept.
        let first = FontCatalog.shared.fontconfigOrder(for: droid.face)
        #expect(FontCatalog.shared.fontconfigOrder(for: droid.face) === first)
    }

    /// Plain text the font covers measures the same in both orders (the fallback is never asked).
    @Test func coveredTextIsTheSameInBothOrders() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let text = "The quick brown fox jumps over the lazy dog"
        let bundled = try PreparedText(text, font: font).layout(width: 120)
        let fontconfig = try PreparedText(text, font: font.withFallback(.fontconfig)).layout(width: 120)
        #expect(bundled.lines.map(\.range) == fontconfig.lines.map(\.range))
        #expect(bundled.lines.map(\.width) == fontconfig.lines.map(\.width))
    }

    /// A character no font has (U+0378 is unassigned) is reported, for the whole text and for what a
    /// layout shows: hidden by truncation, the layout has none.
    @Test func missingGlyphsAreReported() throws {
        let font = try Font.systemFont(ofSize: 17)
        let text = PreparedText("Hello world\nA\u{0378}B", font: font)
        #expect(text.hasMissingGlyphs)
        #expect(try text.layout().hasMissingGlyphs)
        #expect(try !text.layout(numberOfLines: 1).hasMissingGlyphs)
        #expect(try !PreparedText("Hello 世界", font: font).layout().hasMissingGlyphs)
    }
}
