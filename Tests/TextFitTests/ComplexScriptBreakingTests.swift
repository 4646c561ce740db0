import Foundation
import Testing
@testable import TextFit

/// Thai and Lao line breaking from ICU's dictionaries, and clusters that no break or cut splits: Thai and
/// Lao vowel signs and tone marks, Devanagari and Bengali conjuncts (consonant + virama + consonant) and
/// matras. Checked against ICU's own answers for real sentences, computed outside TextFit with PyICU
/// (scripts/icu-complex-breaks.py → Data/complex-breaks.jsonl), and against the scripts' rules written
/// out here. All text is set in the bundled fonts (Noto Sans Thai, Lao, Devanagari, Bengali).
@Suite struct ComplexScriptBreakingTests {
    struct Sentence {
        var id: String
        var script: String
        var text: String
        var lineBreaks: [Int]
        var graphemes: Set<Int>
    }

    static func sentences() throws -> [Sentence] {
        let url = try #require(
            Bundle.module.url(forResource: "complex-breaks", withExtension: "jsonl", subdirectory: "Data"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let breaks = (object["line"] as? [NSNumber] ?? []).map(\.intValue)
            return Sentence(
                id: object["id"] as? String ?? "?", script: object["script"] as? String ?? "?",
                text: object["text"] as? String ?? "", lineBreaks: breaks,
                graphemes: Set((object["grapheme"] as? [NSNumber] ?? []).map(\.intValue) + [0]))
        }
    }

    /// Marks that belong to the letter before them: no line may start with one (a break or cut there
    /// would draw it on a dotted circle). Thai: MAI HAN-AKAT, SARA AM, the above and below vowels, the
    /// tone marks and other signs; Lao likewise; Devanagari and Bengali: the vowel signs (matras), virama,
    /// nukta and the nasal signs.
    static func isAttached(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0E31, 0x0E33...0x0E3A, 0x0E47...0x0E4E: return true  // Thai
        case 0x0EB1, 0x0EB3...0x0EBC, 0x0EC8...0x0ECD: return true  // Lao
        case 0x0900...0x0903, 0x093A...0x094F, 0x0951...0x0957, 0x0962, 0x0963: return true  // Devanagari
        case 0x0981...0x0983, 0x09BC, 0x09BE...0x09CD, 0x09D7, 0x09E2, 0x09E3: return true  // Bengali
        default: return false
        }
    }

    static func isVirama(_ unit: UInt16) -> Bool { unit == 0x094D || unit == 0x09CD }
    static func isLetter(_ unit: UInt16) -> Bool { (0x0915...0x0939).contains(unit) || (0x0995...0x09B9).contains(unit) }

    /// Why a line boundary at `offset` splits a cluster, or nil when it does not.
    static func split(_ units: [UInt16], at offset: Int, _ sentence: Sentence) -> String? {
        guard offset > 0, offset < units.count else { return nil }
        if !sentence.graphemes.contains(offset) { return "not an ICU grapheme boundary" }
        if isAttached(units[offset]) { return "before the mark U+\(String(units[offset], radix: 16, uppercase: true))" }
        if isVirama(units[offset - 1]), isLetter(units[offset]) { return "inside a conjunct (after a virama)" }
        return nil
    }

    @Test func breakOpportunitiesAreICUsOwn() throws {
        let sentences = try Self.sentences()
        #expect(sentences.count == 23)
        for sentence in sentences {
            #expect(lineBreakOpportunities(in: sentence.text).breaks == sentence.lineBreaks, "\(sentence.id)")
        }
        // Thai and Lao break between words with no space: ICU's dictionary found them.
        for sentence in sentences where sentence.script == "thai" || sentence.script == "lao" {
            let units = Array(sentence.text.utf16)
            let betweenLetters = sentence.lineBreaks.filter { $0 < units.count && units[$0 - 1] != 0x20 }
            #expect(betweenLetters.count >= 4, "\(sentence.id) has dictionary breaks")
        }
    }

    /// Word wrapping Thai and Lao (rule W2): a line ends at one of ICU's dictionary word boundaries, unless
    /// it holds part of one word wider than the line (the emergency break), and then at a cluster boundary.
    @Test func thaiAndLaoLinesEndAtDictionaryWords() throws {
        var atWords = 0
        var emergencies = 0
        for sentence in try Self.sentences() where sentence.script == "thai" || sentence.script == "lao" {
            let units = Array(sentence.text.utf16)
            let breaks = Set(sentence.lineBreaks)
            for size in [12.0, 17.0, 24.0] {
                let prepared = PreparedText(sentence.text, font: try Font(family: "Noto Sans", size: CGFloat(size)))
                #expect(!prepared.hasMissingGlyphs, "\(sentence.id) is set in the bundled fonts")
                for width in stride(from: 30.0, through: 330.0, by: 9.0) {
                    for line in try prepared.layout(width: CGFloat(width)).lines {
                        let end = line.range.upperBound
                        if breaks.contains(end) {
                            atWords += 1
                        } else {
                            emergencies += 1
                            let inside = breaks.filter { $0 > line.range.lowerBound && $0 < end }
                            #expect(
                                inside.isEmpty, "\(sentence.id) \(line.range) at \(width) pt breaks inside a word that fits")
                            #expect(Self.split(units, at: end, sentence) == nil, "\(sentence.id) \(line.range)")
                        }
                    }
                }
            }
        }
        #expect(atWords > 1000 && emergencies > 0)
    }

    /// Emergency breaks (a word wider than the line), character wrapping and truncation at the tail, head
    /// and middle never split a cluster: a Thai or Lao mark stays with its letter, a conjunct with its
    /// virama stays whole, a matra stays with its consonant (rules W2, T4, T5). The long sentences and
    /// the single words "अन्तर्राष्ट्रीयकरण" and "আন্তর্জাতিকীকরণ" are wider than most of the widths.
    @Test(arguments: ["thai", "lao", "devanagari", "bengali"])
    func breaksAndCutsKeepClusters(script: String) throws {
        let modes: [(LineBreakMode, Int)] = [
            (.byWordWrapping, 0), (.byCharWrapping, 0), (.byCharWrapping, 2),
            (.byTruncatingTail, 1), (.byTruncatingTail, 2), (.byTruncatingHead, 1),
            (.byTruncatingMiddle, 1), (.byClipping, 1),
        ]
        var boundaries = 0
        for sentence in try Self.sentences() where sentence.script == script {
            let units = Array(sentence.text.utf16)
            for size in [13.0, 20.0] {
                let prepared = PreparedText(sentence.text, font: try Font(family: "Noto Sans", size: CGFloat(size)))
                #expect(!prepared.hasMissingGlyphs, "\(sentence.id) is set in the bundled fonts")
                for width in stride(from: 8.0, through: 300.0, by: 7.0) {
                    for (mode, limit) in modes {
                        let layout = try prepared.layout(width: CGFloat(width), numberOfLines: limit, lineBreakMode: mode)
                        for line in layout.lines {
                            let ends =
                                [line.range.lowerBound, line.range.upperBound]
                                + line.visibleRanges.flatMap { [$0.lowerBound, $0.upperBound] }
                            for offset in ends {
                                boundaries += 1
                                if let problem = Self.split(units, at: offset, sentence) {
                                    Issue.record(
                                        "\(sentence.id) \(mode) \(limit) at \(width) pt: line \(line.range) visible \(line.visibleRanges) splits at \(offset): \(problem)"
                                    )
                                }
                            }
                            // A truncated line fits, unless its one visible cluster alone is wider (T6).
                            if line.ellipsis != nil, line.visibleRanges.reduce(0, { $0 + $1.count }) > 0 {
                                let clusters = line.visibleRanges.reduce(0) { count, range in
                                    count
                                        + sentence.graphemes.filter { $0 > range.lowerBound && $0 <= range.upperBound }.count
                                }
                                #expect(
                                    line.width <= CGFloat(width) + 0.001 || clusters <= 1,
                                    "\(sentence.id) \(mode) at \(width) pt: \(line.width) pt")
                            }
                        }
                    }
                }
            }
        }
        #expect(boundaries > 1000)
    }

    /// `.hangulWordPriority` (rule W6) on a real Korean paragraph: lines end at spaces only, where UAX #14
    /// alone breaks between syllables. The widths hold the longest word (five syllables), so no line needs
    /// an emergency break.
    @Test func hangulWordPriorityKeepsKoreanWordsWhole() throws {
        let text = "서울은 대한민국의 수도이며 천만 명에 가까운 사람들이 살고 있습니다. 한강을 따라 많은 공원이 있어서 주말마다 시민들이 산책을 즐깁니다."
        let prepared = PreparedText(text, font: try Font(family: "Noto Sans", size: 17))
        #expect(!prepared.hasMissingGlyphs)
        let units = Array(text.utf16)
        var differs = 0
        for width in stride(from: 100.0, through: 400.0, by: 12.0) {
            let lines = try prepared.layout(width: CGFloat(width), lineBreakStrategy: .hangulWordPriority).lines
            #expect(lines.count > 1)
            for line in lines.dropLast() {
                #expect(units[line.range.upperBound - 1] == 0x20, "line \(line.range) at \(width) pt ends inside a word")
            }
            if try prepared.layout(width: CGFloat(width)).lines.map(\.range) != lines.map(\.range) { differs += 1 }
        }
        #expect(differs > 10, "without the strategy UAX #14 breaks between Hangul syllables")
    }
}
