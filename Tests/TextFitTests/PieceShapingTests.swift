import Foundation
import Testing
@testable import TextFit

/// A text over 16,384 UTF-16 units (one huge unbroken word: a segment is shaped whole) is shaped in windows
/// cut where HarfBuzz leaves a cluster safe to break (`shape_in_pieces`, tf_harfbuzz.c), so HarfBuzz's
/// buffer, about 43 bytes a glyph, stays the size of a window instead of the word's (issue 43's peak memory
/// per input byte). The answer must be HarfBuzz's own for the whole text: every unit's advance and flags
/// equal those of one `hb_shape` call (`tf_shape_in_one_call`), in scripts whose shaping reaches across
/// characters: kerning and ligatures, Arabic joining (right to left), Indic conjuncts and reordering,
/// Thai marks, Hebrew points, ideographs, and combining marks.
@Suite struct PieceShapingTests {
    /// Family, word (repeated without spaces past the threshold), what it exercises.
    static let words: [(family: String, word: String, what: String)] = [
        ("Noto Sans", "AVAWaffiffleToTyWAVEfjord.", "Latin kerning and ligatures"),
        ("Noto Sans", "abcdefghijklmnopqrstuvwxyz", "the benchmark's word"),
        ("Noto Sans", "a\u{0301}o\u{0308}\u{0323}e\u{0300}", "combining marks on Latin letters"),
        ("Noto Sans Arabic", "بسماللهالرحمنالرحيملاإله", "Arabic joining, right to left"),
        ("Noto Sans Devanagari", "क्षत्रियस्वतन्त्रताहिन्दीर्कि", "Devanagari conjuncts and reordering"),
        ("Noto Sans Thai", "ภาษาไทยไม่มีช่องว่างระหว่างคำ", "Thai marks"),
        ("Noto Sans Hebrew", "שָׁלוֹםעוֹלָםבְּרֵאשִׁית", "Hebrew points, right to left"),
        ("Droid Sans Fallback", "漢字かな交じり文한국어", "ideographs, kana, Hangul"),
    ]

    /// Every unit's advance and flags from `shape` (windows) and from one HarfBuzz call.
    static func compare(_ text: String, family: String) throws -> (pieces: ShapeOutput, whole: ShapeOutput) {
        let font = try Font(family: family, size: 17)
        let harfBuzz = try #require(FontCatalog.shared.harfBuzzFont(face: font.face, scale: font.scale))
        let units = Array(text.utf16)
        let script =
            text.unicodeScalars.lazy.map { HarfBuzzScript.of($0.value) }.first {
                $0 != HarfBuzzScript.common && $0 != HarfBuzzScript.inherited
            } ?? HarfBuzzScript.common
        func run(_ whole: Bool) -> ShapeOutput {
            var advances = [Int32](repeating: -1, count: units.count)
            var flags = [UInt8](repeating: 0xFF, count: units.count)
            let outcome = units.withUnsafeBufferPointer { text in
                advances.withUnsafeMutableBufferPointer { a in
                    flags.withUnsafeMutableBufferPointer { f in
                        whole
                            ? harfBuzz.shapeInOneCall(text, script: script, advances: a, flags: f)
                            : harfBuzz.shape(text, script: script, advances: a, flags: f)
                    }
                }
            }
            return ShapeOutput(shaped: outcome == .shaped, advances: advances, flags: flags)
        }
        return (run(false), run(true))
    }

    struct ShapeOutput: Equatable {
        var shaped: Bool
        var advances: [Int32]
        var flags: [UInt8]
    }

    @Test(arguments: 0..<words.count)
    func windowsGiveTheWholeTextsShaping(index: Int) throws {
        let (family, word, what) = Self.words[index]
        // Past the threshold and over ten windows of 4,096 units, so many cuts are made.
        let text = String(repeating: word, count: 45_000 / word.utf16.count + 1)
        let (counted, counts) = OperationCounts.counting { try? Self.compare(text, family: family) }
        let (pieces, whole) = try #require(counted)
        #expect(pieces.shaped && whole.shaped, "\(what)")
        #expect(pieces.advances.reduce(0) { $0 + Int($1) } > 0, "\(what)")
        #expect(pieces == whole, "\(what): first difference at unit \(Self.firstDifference(pieces, whole) ?? -1)")
        // The windows were used: more than one HarfBuzz call for `shape`, one for the whole text.
        if OperationCounts.isEnabled { #expect(counts.harfBuzzCalls >= 11, "\(what)") }
    }

    /// One cluster of 20,000 marks has no place to cut: it is shaped whole, as before (linear in time through
    /// the runs of marks, `HugeClusterTests`), with the same answer.
    @Test func aHugeClusterIsShapedWhole() throws {
        let (pieces, whole) = try Self.compare(HugeClusterTests.cluster(20_000), family: "Noto Sans")
        #expect(pieces.shaped && pieces == whole)
    }

    /// Through the whole engine: a 200,000-letter word wraps into the same lines at every width as
    /// character wrapping of the same units shaped in one call would give; here, as the same text
    /// prepared twice (the second from the segment cache's miss path again) and as its halves' widths.
    @Test func aHugeWordWrapsAsItsWidthsSay() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let word = String(repeating: "AVAWaffiffleToTyWAVEfjord", count: 8_000)
        let prepared = try PreparedText(word, font: font)
        let (pieces, whole) = try Self.compare(word, family: "Noto Sans")
        #expect(pieces == whole)
        // The text's one-line width is the sum of HarfBuzz's advances for the whole word.
        let total = whole.advances.reduce(0) { $0 + Int($1) }
        let layout = try prepared.layout(width: nil)
        #expect(layout.lineCount == 1)
        #expect(abs(Double(layout.size.width) - Double(total) / 1024) < 1)
        let wrapped = try prepared.layout(width: 300)
        #expect(wrapped.lineCount > 1_000 && wrapped.lines.allSatisfy { $0.width <= 300 })
    }

    static func firstDifference(_ a: ShapeOutput, _ b: ShapeOutput) -> Int? {
        a.advances.indices.first { a.advances[$0] != b.advances[$0] || a.flags[$0] != b.flags[$0] }
    }
}
