import Foundation
import Testing
@testable import TextFit

/// The shortcuts of the warm preparation path give exactly the answers of what they replace.
@Suite struct PreparationInternalsTests {
    /// `UTF16Units` equals `Array(text.utf16)`: ASCII runs crossing its 8-byte steps, 2-, 3- and 4-byte
    /// sequences at every alignment.
    @Test func utf16UnitsEqualTheStringsUTF16View() {
        let pieces = [
            "a", "Z", " ", "0", "é", "Я", "中", "か", "…", "👍", "🇫🇷", "\u{10FFFF}", "\u{7F}", "\u{80}", "\u{7FF}",
            "\u{800}", "\u{FFFF}", "\u{10000}", "\r\n", "abcdefgh", "λόγος", ", ", "Я.",
        ]
        var generator = Fixtures.Generator(state: 11)
        for length in 0..<2000 {
            let text = (0..<(length % 40)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(UTF16Units.of(text) == Array(text.utf16), "\(text.debugDescription)")
        }
        // Runs of 2-byte letters of every length, the four-at-a-time step's every remainder, with one or two
        // ASCII bytes or a 3-byte character between them.
        for count in 0..<20 {
            for gap in [" ", ". ", "中", ""] {
                let word = String(repeating: "ж", count: count) + String(repeating: "ά", count: count % 3)
                let text = word + gap + word + gap + "x" + word
                #expect(UTF16Units.of(text) == Array(text.utf16), "\(text.debugDescription)")
            }
        }
        let bridged = NSString(string: "naïve 日本 👍").description
        #expect(UTF16Units.of(bridged) == Array(bridged.utf16))
        // Every ASCII byte in every lane of the eight-byte step (widened with shifts and masks), at every
        // alignment after a multi-byte character.
        let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for offset in 0..<8 {
            for lead in ["", "é", "中", "👍"] {
                let text = lead + String((0..<(128 + offset)).map { ascii[($0 * 37 + offset) % 128] })
                #expect(UTF16Units.of(text) == Array(text.utf16), "offset \(offset) after \(lead.debugDescription)")
            }
        }
    }

    /// Every BMP entry of `CharacterTable` says what the functions it was built from say.
    @Test func characterTableMatchesItsSources() {
        let table = CharacterTable.shared
        for value in 0..<UInt32(0x10000) {
            let unit = UInt16(value)
            let entry = table[unit]
            func bit(_ b: UInt16) -> Bool { entry & b != 0 }
            #expect(bit(CharacterTable.Bit.simple) == GraphemeFastPath.isSimple(unit))
            #expect(bit(CharacterTable.Bit.hangingSpace) == CharacterClass.isHangingSpace(unit))
            #expect(bit(CharacterTable.Bit.paragraphSeparator) == Paragraphs.isSeparator(unit))
            #expect(bit(CharacterTable.Bit.hangul) == CharacterClass.isHangul(unit))
            #expect(bit(CharacterTable.Bit.substituted) == ShapingText.isSubstituted(unit))
            guard !(0xD800...0xDFFF).contains(value) else { continue }
            #expect(bit(CharacterTable.Bit.noGlyph) == CharacterClass.needsNoGlyph(value))
            #expect(bit(CharacterTable.Bit.spaceSeparator) == CharacterClass.isSpaceSeparator(value))
            #expect(bit(CharacterTable.Bit.emoji) == CharacterClass.isEmojiPresentation(value))
            #expect(table.scripts[Int(entry & 0xFF)] == HarfBuzzScript.of(value), "U+\(String(value, radix: 16))")
        }
    }

    /// Paragraphs found with the clusters equal `Paragraphs.split` (rule W1, L8).
    @Test func paragraphsFoundWithTheClustersEqualTheSplit() throws {
        let font = try Fixtures.font()
        let pieces = ["a", " ", "\n", "\r", "\r\n", "\u{2029}", "\u{85}", "\u{2028}", "中", "e\u{301}", "\u{301}", "👍"]
        var generator = Fixtures.Generator(state: 3)
        for _ in 0..<1000 {
            let text = (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            let units = Array(text.utf16)
            let expected = units.withUnsafeBufferPointer { Paragraphs.split($0) }
            #expect(PreparedText(text, font: font).paragraphs == expected, "\(text.debugDescription)")
        }
    }

    /// The pass's shortcut through the inside of runs (`extendSegment`: letters, ideographs, and spaces
    /// after the font's own text) gives exactly what the general path gives cluster by cluster: the same
    /// flags, opportunities, clusters, segments, faces, advances and bidi hint. Over the parity corpus and
    /// random mixes of letters, spaces, ideographs (runs past the 64-unit segment cut among them), kana,
    /// emoji, marks, controls, separators and right-to-left letters.
    @Test func runShortcutEqualsTheGeneralPath() throws {
        var texts = try PangoParityTests.loadJSONLines("corpus").compactMap { $0["text"] as? String }
        let pieces = [
            "a", "Z", " ", "  ", "\u{A0}", "\t", "\n", "中", "文", "。", "e\u{301}", " \u{308}", "👍", "👍 ", "😀x",
            "Я", "ا", "ب", "-", "/", "5", ".", "\u{200B}", "\u{2028}", "각", "ᄀ", "🇫🇷", "\u{1F1E6}",
            "中文汉字测试中文汉字测试中文汉字测试中文汉字", "中文。", "日本語のテキスト", "中\u{5D0}",
        ]
        var generator = Fixtures.Generator(state: 11)
        for _ in 0..<2000 {
            texts.append(
                (0..<Int.random(in: 0...16, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined())
        }
        for size in [15.0, 17.0] as [CGFloat] {
            let font = try Fixtures.font(size)
            for text in texts { expectShortcutEqualsTheGeneralPath(text, font) }
        }
    }

    /// The loop for runs of consecutive opportunities (`extendOpportunityRun`, entered from `extendWords`
    /// or straight after `single` starts a segment, and the next segment started in place at a change of
    /// script) gives what the general path gives, in a Latin font with a bundled CJK fallback and in CJK
    /// primary fonts: ideographs, kana (small kana and the prolonged sound mark, which forbid a break
    /// before them: kinsoku, W5), CJK punctuation and brackets, full-width forms, variation selectors,
    /// ideographs outside the BMP, ideographic spaces, Latin words and digits among them, Hangul, emoji,
    /// controls, paragraph separators, right-to-left letters, and runs past the 64-unit segment cut.
    @Test func opportunityRunsEqualTheGeneralPath() throws {
        let pieces = [
            "中", "文", "字", "日本語", "のテキスト", "ひらがな", "カタカナ", "ゃ", "ッ", "ー", "コーヒー", "きょう",
            "、", "。", "，", "．", "「", "」", "『", "』", "（", "）", "！", "？", "…", "〜", "・", "ａ", "１２",
            "葛\u{E0100}", "辻\u{FE00}", "𠮷", "\u{3000}", " ", "  ", "\n", "\r\n", "\u{2029}", "\t", "iPhone", "7999",
            "abc ", "Я", "한국어", "각", "👍", "e\u{301}", "\u{200B}", "\u{5D0}", "\u{FEFF}",
            String(repeating: "汉字测试", count: 20), String(repeating: "かな", count: 40),
            "長江是中國第一長河，全長約六千三百公里。", "「今日は、いい天気ですね。」と彼は言った。",
        ]
        var texts: [String] = []
        var generator = Fixtures.Generator(state: 19)
        for _ in 0..<1500 {
            texts.append(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                    .joined())
        }
        var fonts = [
            try Fixtures.font(17), try Fixtures.font(15).withFallback(.fontconfig),
            try Font(family: "Droid Sans Fallback", size: 15),
        ]
        // Installed on most machines that run the benchmark's CJK sets; the test runs without it too.
        if let cjk = try? Font(family: "Noto Sans CJK JP", size: 16) { fonts.append(cjk) }
        for font in fonts {
            for text in texts { expectShortcutEqualsTheGeneralPath(text, font) }
        }
    }

    /// Every prepared array of `text` with the run shortcut equals the one without it (`extendsRuns`).
    private func expectShortcutEqualsTheGeneralPath(_ text: String, _ font: Font) {
        let fast = PreparedText.Builder(text: text, font: font).build()
        var general = PreparedText.Builder(text: text, font: font)
        general.extendsRuns = false
        let slow = general.build()
        let same =
            fast.units == slow.units && fast.prefix == slow.prefix && fast.flags == slow.flags
            && fast.paragraphs == slow.paragraphs && fast.breaks == slow.breaks && fast.graphemes == slow.graphemes
            && fast.segments == slow.segments && fast.fallbackFaces == slow.fallbackFaces
            && fast.mayBeRightToLeft == slow.mayBeRightToLeft
        #expect(same, "\(text.debugDescription) in \(font.familyName) at \(font.pointSize) pt")
    }
}
