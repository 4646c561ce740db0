import Foundation
import Testing
@testable import TextFit

/// Text of no strong script at a paragraph's start ("12 ", "- ", "• ") takes the script of the first
/// strong character after it, as Pango's script itemiser gives it (`pango_script_iter_next`: a run begun
/// in Common takes the first real script; ICU's `usc` runs alike), before a left-to-right script; so a cold
/// preparation shapes it with the words after it in one HarfBuzz call. Serialized with the other cache
/// tests (`SegmentCacheTests`).
extension SegmentCacheTests {
    static let latin = HarfBuzzScript.of(0x41)

    static func scripts(_ text: String, _ font: Font) -> [UInt32] {
        PreparedText(text, font: font).segments.map(\.script)
    }

    @Test func leadingCommonSegmentsTakeTheFirstStrongScript() throws {
        let font = try Fixtures.font(14)
        let latin = Self.latin
        #expect(Self.scripts("12 Hello world", font) == [latin, latin, latin])
        #expect(Self.scripts("- 2.5 kg", font) == [latin, latin, latin])
        // Each paragraph starts with no strong script.
        #expect(Self.scripts("Hello\n12 World", font) == [latin, latin, latin])
        // Only text of no strong script: nothing to take, HarfBuzz guesses as before.
        #expect(Self.scripts("12 34", font) == [HarfBuzzScript.common, HarfBuzzScript.common])
        // Before a right-to-left script the digits keep HarfBuzz's left-to-right guess (D8).
        let hebrew = try Font(family: "Noto Sans Hebrew", size: 14)
        #expect(Self.scripts("12 שלום", hebrew).first == HarfBuzzScript.common)
    }

    /// The leading segment is shaped with the word after it in one call, and what it is shaped to is what
    /// HarfBuzz gives it with its script guessed, as before (digits, punctuation and spaces shape alike in
    /// Latin and in Common in Noto Sans): the widths do not change; a warm preparation agrees.
    @Test func aLeadingNumberJoinsTheWordsAfterIt() throws {
        for (i, text) in ["12 Items selected", "- Remove Safari?", "3.5 × faster", "(1) Open"].enumerated() {
            let font = try Fixtures.font(11 + CGFloat(i) + 555.0 / 1024)
            let (prepared, counts) = OperationCounts.counting { PreparedText(text, font: font) }
            if OperationCounts.isEnabled { #expect(counts.harfBuzzCalls == 1, "\(text)") }
            let units = Array(text.utf16)
            let hbFont = try #require(prepared.face(0).harfBuzzFont(scale: font.scale))
            let first = try #require(prepared.segments.first)
            #expect(first.script == Self.latin, "\(text)")
            let piece = units[Int(first.start)..<Int(first.end)]
            let guessed = SegmentShaper.shapeUncached(piece, script: 0, font: hbFont)
            #expect(SegmentShaper.shapeUncached(piece, script: first.script, font: hbFont) == guessed, "\(text)")
            #expect(Array(prepared.prefix).last == Array(PreparedText(text, font: font).prefix).last)
        }
    }

    /// The Common segments are resolved after the walk, paragraph by paragraph (`resolveLeadingCommon`):
    /// a paragraph of no strong script keeps Common even when a later one has a strong character, empty
    /// paragraphs between them change nothing, and a segment of a fallback face takes the script too.
    @Test func leadingCommonIsResolvedPerParagraph() throws {
        let font = try Fixtures.font(14)
        let latin = Self.latin
        let common = HarfBuzzScript.common
        #expect(Self.scripts("12\n\n- 3 Hello\n45", font) == [common, latin, latin, latin, common])
        #expect(Self.scripts("“Hello”", font) == [latin])
        let han = HarfBuzzScript.of(0x4E16)
        #expect(Self.scripts("12 世界", font) == [han, han])
        #expect(Self.scripts("- 12 34 x", font) == [latin, latin, latin, latin])
    }
}
