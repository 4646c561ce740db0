import Foundation
import Testing
@testable import TextFit

/// Each attribute run falls back from its own font (rule S2), as CoreText does per run and Pango per
/// item: a character the run's font lacks comes from a face that has it, never as the run font's .notdef
/// box, whichever run comes first.
@Suite struct StyledRunFallbackTests {
    /// The first run in Droid Sans Fallback, the rest in Noto Sans, which has no kana or ideographs: the
    /// rest falls back to Droid Sans Fallback, so the line is the plain text's in that font.
    @Test func aLaterRunFallsBackFromItsOwnFont() throws {
        let droid = try Font(family: "Droid Sans Fallback", size: 17)
        var styled = try StyledText("提供しています", font: try Font(family: "Noto Sans", size: 17))
        try styled.setAttributes(TextAttributes(font: droid), range: 0..<2)
        let prepared = try PreparedText(styled: styled)
        let layout = try prepared.layout()
        let plain = try PreparedText("提供しています", font: droid).layout()
        #expect(!layout.hasMissingGlyphs)
        #expect(layout.lines[0].width == plain.lines[0].width)
        #expect(abs(layout.lines[0].width - 119) < 0.001)  // seven full-width characters, 1 em each
        let faces = Set(try #require(layout.lines.first).glyphs().runs.map(\.face.familyName))
        #expect(faces == ["Droid Sans Fallback"])
    }

    /// A run whose font has the characters uses it even where the first run's font needed a fallback:
    /// Latin then CJK in Noto Sans Bold, with a middle run of CJK in Droid Sans Fallback at another size.
    @Test func aRunThatHasTheCharactersKeepsItsFont() throws {
        let body = try Font(family: "Noto Sans", size: 15, weight: .bold)
        var styled = try StyledText("Hi 世界 and 世界", font: body)
        try styled.setAttributes(TextAttributes(font: try Font(family: "Droid Sans Fallback", size: 20)), range: 3..<5)
        let line = try #require(try PreparedText(styled: styled).layout().lines.first)
        let runs = line.glyphs().runs
        let middle = try #require(runs.first { $0.glyphs.contains { $0.stringIndex == 3 } })
        #expect(middle.face.familyName == "Droid Sans Fallback" && middle.pointSize == 20)
        let last = try #require(runs.first { $0.glyphs.contains { $0.stringIndex == 10 } })
        #expect(last.face.familyName == "Droid Sans Fallback" && last.pointSize == 15)  // Noto Sans Bold's fallback
        #expect(!line.glyphs().runs.contains { $0.glyphs.contains(where: \.isMissing) })
    }

    /// Latin inside a Hebrew run: the Hebrew face has no Latin letters, so they fall back to the
    /// bundled Noto Sans, as in plain text set in that face.
    @Test func latinInsideAHebrewRunFallsBack() throws {
        let hebrew = try Font(family: "Noto Sans Hebrew", size: 17)
        var styled = try StyledText("abc שלום abc", font: try Font(family: "Noto Sans", size: 17))
        try styled.setAttributes(TextAttributes(font: hebrew), range: 4..<12)
        let layout = try PreparedText(styled: styled).layout()
        #expect(!layout.hasMissingGlyphs)
        let plain = try PreparedText("abc שלום abc", font: try Font(family: "Noto Sans", size: 17)).layout()
        let plainHebrew = try PreparedText("שלום abc", font: hebrew).layout()
        #expect(
            abs(layout.size.width - plain.size.width) < 1
                || abs(layout.size.width - plainHebrew.size.width - (plain.size.width - plainHebrew.size.width)) < 1)
    }
}
