import Foundation
import Testing
@testable import TextFit

/// Issue 5, memory: the segment cache stays within its configurable byte budget however many distinct
/// words go through it. An extension of `SegmentCacheTests` so it runs serialized with the other tests
/// that change the process-wide budget.
extension SegmentCacheTests {
    /// The `index`-th of 26⁵ distinct words "qz" + five letters, least significant letter first (the
    /// prefix keeps them apart from other suites' words).
    static func distinctWord(_ index: Int) -> String {
        var value = index
        var letters: [Character] = ["q", "z"]
        for _ in 0..<5 {
            letters.append(Character(Unicode.Scalar(UInt8(97 + value % 26))))
            value /= 26
        }
        return String(letters)
    }

    /// 1,000,000 distinct words through a 4 MiB cache: the bytes it holds never exceed the budget, old
    /// entries are evicted, and a word measures the same from the cache as shaped alone.
    ///
    /// 950,000 words take the cache's own path (look-up, then insertion of a 7-unit shaped segment, as
    /// `SegmentShaper` does on a miss) without calling HarfBuzz, which alone would cost about 15 s in a
    /// debug build; the last 50,000 go through `PreparedText` and HarfBuzz for real. A few seconds in all.
    @Test func aMillionDistinctWordsStayWithinTheBudget() throws {
        let saved = SegmentCache.byteLimit
        defer { SegmentCache.byteLimit = saved }
        SegmentCache.removeAll()
        let budget = 4 << 20
        SegmentCache.byteLimit = budget
        let font = try Fixtures.font(13)
        let shaped = SegmentShaper.shapeUncached(
            Array("qzabcde".utf16)[...], script: 0,
            font: try #require(font.face.harfBuzzFont(scale: font.scale)))
        var highest = 0
        var units: [UInt16] = Array("qz".utf16) + [UInt16](repeating: 97, count: 5)
        let words = 1_000_000
        for index in 0..<(words - 50_000) {
            var value = index
            for k in 2..<7 {
                units[k] = UInt16(97 + value % 26)
                value /= 26
            }
            if SegmentCache.lookup(face: font.face.id, scale: font.scale, script: 0, text: units) == nil {
                SegmentCache.insert(face: font.face.id, scale: font.scale, script: 0, text: units, shaped)
            }
            if index % 10_000 == 0 {
                let bytes = SegmentCache.statistics.bytes
                highest = max(highest, bytes)
                #expect(bytes <= budget, "after \(index) words: \(bytes) bytes held, budget \(budget)")
            }
        }
        for batch in 0..<5 {
            let text = (0..<10_000).map { Self.distinctWord(words - 50_000 + batch * 10_000 + $0) }.joined(separator: " ")
            #expect(PreparedText(text, font: font).segments.count == 10_000)
            let bytes = SegmentCache.statistics.bytes
            highest = max(highest, bytes)
            #expect(bytes <= budget, "PreparedText batch \(batch): \(bytes) bytes held, budget \(budget)")
        }
        let statistics = SegmentCache.statistics
        // Other suites share the cache (never its budget), so counts are compared with margins.
        #expect(statistics.entries < 40_000)
        #expect(statistics.evictions > words / 2)
        print(
            "Segment cache after 1,000,000 distinct words: \(statistics.entries) entries, \(statistics.bytes) bytes "
                + "(budget \(budget), highest \(highest)), \(statistics.evictions) evictions, \(statistics.misses) misses")
        // Still right: a word measures the same whether it came from the cache or was shaped alone.
        let word = Self.distinctWord(words - 1)
        let cached = try PreparedText(word, font: font).layout().size.width
        SegmentCache.removeAll()
        #expect(try PreparedText(word, font: font).layout().size.width == cached)
    }

    /// Lowering the budget takes effect on the next insertions, and a zero budget caches nothing.
    @Test func aLoweredBudgetIsHonouredAndZeroMeansNoCache() throws {
        let saved = SegmentCache.byteLimit
        defer { SegmentCache.byteLimit = saved }
        SegmentCache.removeAll()
        let font = try Fixtures.font(14)
        _ = PreparedText((0..<5_000).map { Self.distinctWord(2_000_000 + $0) }.joined(separator: " "), font: font)
        SegmentCache.byteLimit = 32 << 10
        _ = PreparedText((0..<5_000).map { Self.distinctWord(3_000_000 + $0) }.joined(separator: " "), font: font)
        #expect(SegmentCache.statistics.bytes <= 32 << 10)
        SegmentCache.removeAll()
        SegmentCache.byteLimit = 0
        let prepared = PreparedText("qzzero qzbudget qzzero qzbudget", font: font)
        #expect(try prepared.layout().lineCount == 1)
        // Other suites may still insert what they looked up under the old budget; these words are new.
        func cached() -> Bool {
            SegmentCache.lookup(
                face: font.face.id, scale: font.scale, script: HarfBuzzScript.of(0x71),
                text: Array("qzzero ".utf16)) != nil
        }
        #expect(!cached())
        // The same key is found once the budget allows caching (so the look-up above was a real one).
        SegmentCache.byteLimit = 1 << 20
        _ = PreparedText("qzzero qzbudget qzzero qzbudget", font: font)
        #expect(cached())
        SegmentCache.byteLimit = -5
        #expect(SegmentCache.byteLimit == 0)
    }
}
