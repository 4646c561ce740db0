import Foundation
import Testing
@testable import TextFit

/// Emergency breaks (W2), char wrapping (W3) and truncation (T4, T5) cut only at grapheme-cluster
/// boundaries, checked against every case of Unicode's GraphemeBreakTest.txt.
@Suite struct ClusterSafetyTests {
    @Test func breaksAndTruncationNeverSplitAClusterOfGraphemeBreakTest() throws {
        guard let cases = UnicodeBreakTestData.load("GraphemeBreakTest.txt"),
            let known = UnicodeBreakTestData.knownDeviations(named: "GraphemeBreakTest-known-deviations")
        else { return }
        let font = try Fixtures.font(15)
        var checkedCuts = 0
        for testCase in cases where known[testCase.line] == nil {
            // Paragraph separators end lines by rule W1 whatever the clusters say; skip those cases.
            if testCase.text.unicodeScalars.contains(where: { [0x0A, 0x0D, 0x85, 0x2029].contains($0.value) }) { continue }
            let boundaries = Set([0] + testCase.breaks)
            let prepared = PreparedText(testCase.text, font: font)
            var cuts: [Int] = []
            for width in [0.5, 8, 20] as [CGFloat] {
                for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                    cuts += try prepared.layout(width: width, lineBreakMode: mode).lines.flatMap {
                        [$0.range.lowerBound, $0.range.upperBound]
                    }
                }
                for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
                    let lines = try prepared.layout(width: width, numberOfLines: 1, lineBreakMode: mode).lines
                    cuts += lines.flatMap { $0.visibleRanges.flatMap { [$0.lowerBound, $0.upperBound] } }
                }
            }
            for cut in cuts where !boundaries.contains(cut) {
                Issue.record("GraphemeBreakTest.txt:\(testCase.line) \(testCase.sequence): cut at \(cut) splits a cluster")
            }
            checkedCuts += cuts.count
        }
        print(
            "Cluster safety: \(checkedCuts) cuts over \(cases.count - known.count) GraphemeBreakTest cases, all at cluster boundaries"
        )
        #expect(checkedCuts > 10_000)
    }
}

/// The grapheme fast path (`GraphemeFastPath`) gives exactly Swift's `Character` boundaries.
@Suite struct GraphemeFastPathTests {
    static func characterBoundaries(_ text: String) -> [Int32] {
        var result: [Int32] = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.append(Int32(offset))
        }
        return result
    }

    @Test func matchesCharacterOnGraphemeBreakTestInContext() throws {
        guard let cases = UnicodeBreakTestData.load("GraphemeBreakTest.txt") else { return }
        let font = try Fixtures.font()
        for testCase in cases {
            for text in [
                testCase.text, "ab" + testCase.text + "cd", "中" + testCase.text + "文 x", testCase.text + testCase.text,
                "שלום" + testCase.text + "سلام",
            ] {
                let prepared = PreparedText(text, font: font)
                #expect(
                    prepared.graphemes == Self.characterBoundaries(text),
                    "GraphemeBreakTest.txt:\(testCase.line) in \(text.debugDescription)")
            }
        }
    }

    /// Every simple unit has Grapheme_Cluster_Break Other (GraphemeBreakProperty.txt, so no rule of
    /// UAX #29 but GB999 applies between two of them), and Swift's `Character` agrees: it stands alone
    /// between "a"s and beside itself.
    @Test func simpleUnitsAreGraphemeBreakOther() throws {
        let path = (UnicodeBreakTestData.directory as NSString).appendingPathComponent("GraphemeBreakProperty.txt")
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        var notOther = Set<UInt32>()
        for line in contents.split(separator: "\n") {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else { continue }
            let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true).compactMap {
                UInt32($0, radix: 16)
            }
            guard let low = bounds.first, let high = bounds.last else { continue }
            notOther.formUnion(low...high)
        }
        #expect(notOther.count > 10_000)
        var simple = 0
        for value in UInt32(0)...0xFFFF where GraphemeFastPath.isSimple(UInt16(value)) {
            simple += 1
            #expect(!notOther.contains(value), "U+\(String(value, radix: 16))")
            guard let scalar = Unicode.Scalar(value) else {
                Issue.record("U+\(String(value, radix: 16)) is simple but a surrogate")
                continue
            }
            let text = "a" + String(scalar) + String(scalar) + "a"
            #expect(text.count == 4, "U+\(String(value, radix: 16))")
        }
        #expect(simple > 30_000)
    }

    @Test func matchesCharacterOnRandomMixtures() throws {
        let pieces = [
            "a", "Z", " ", "é", "e\u{301}", "\u{301}", "中", "か", "\u{3099}", "ｶ", "\u{FF9E}", "👍🏽", "🇫🇷", "\u{200D}",
            "👩‍👩‍👧", "\r\n", "\n", "\r", "ก", "\u{0E33}", "각", "\u{1100}", "\u{1161}", "\u{AD}", "©", "\u{FE0F}", "Я", "\u{483}",
            "।", "\u{94D}", "Ἄ", "ῶ", "\u{1FBD}", "ש", "\u{5BC}", "\u{5B8}", "׳", "س", "ل", "\u{64E}", "\u{651}", "\u{670}",
            "١",
            "\u{600}", "\u{61C}", "\u{6DD}", "\u{200C}", "ۀ", "،", "ݐ",
        ]
        var generator = Fixtures.Generator(state: 42)
        let font = try Fixtures.font()
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }
                .joined()
            #expect(PreparedText(text, font: font).graphemes == Self.characterBoundaries(text), "\(text.debugDescription)")
        }
    }
}
