import Dispatch
import Foundation
import Testing
import TextFitLayout

/// The row-height cache: keyed by content (or a caller key), width and style, never by position (C5, C6).
@Suite struct RowHeightCacheTests {
    func feed(size: CGFloat = 15) throws -> RowTemplate {
        // No separator: the heights below are the seed's content heights; the cache is what is tested.
        RowTemplate(
            font: try Fixtures.font(size), insets: SeedExamples.feedInsets, numberOfLines: 0, includesSeparator: false)
    }

    /// A repeat hits; a width change or another style misses.
    @Test func hitsAfterARepeatAndMissesOnAWidthChange() throws {
        let cache = RowHeightCache()
        let rows = RowHeights(template: try feed(), cache: cache)
        let first = try rows.heights(for: SeedExamples.feedTexts, width: 375)
        #expect(cache.statistics == RowHeightCache.Statistics(hits: 0, misses: 12, evictions: 0, count: 12))
        let second = try rows.heights(for: SeedExamples.feedTexts, width: 375)
        #expect(second == first)
        #expect(cache.statistics.hits == 12 && cache.statistics.misses == 12)

        let rotated = try rows.heights(for: SeedExamples.feedTexts, width: 667)
        #expect(cache.statistics.misses == 24 && cache.count == 24)
        #expect(rotated != first)
        #expect(
            rotated == (try RowHeights(template: try feed(), cache: nil).heights(for: SeedExamples.feedTexts, width: 667)))

        let bigger = RowHeights(template: try feed(size: 17), cache: cache)  // same cache, another style
        _ = try bigger.heights(for: SeedExamples.feedTexts, width: 375)
        #expect(cache.statistics.misses == 36 && cache.statistics.hits == 12)

        cache.invalidate(width: 667)
        #expect(cache.count == 24)
    }

    /// Inserting or deleting rows never returns another row's height: keys are content, not positions.
    @Test func insertAndDeleteNeverGoStale() throws {
        let cache = RowHeightCache()
        let rows = RowHeights(template: try feed(), cache: cache)
        var texts = SeedExamples.feedTexts
        _ = try rows.heights(for: texts, width: 375)
        texts.insert("新的一行", at: 0)
        texts.remove(at: 5)
        texts.swapAt(2, 9)
        let heights = try rows.heights(for: texts, width: 375)
        #expect(heights == (try RowHeights(template: try feed(), cache: nil).heights(for: texts, width: 375)))
        #expect(cache.statistics.misses == 13)  // only the inserted row was measured
        #expect(cache.statistics.hits == 11)
    }

    /// A caller key (model id + version, C5) keys the row instead of its text; explicit invalidation
    /// forgets it at every width.
    @Test func callerKeysAndInvalidation() throws {
        let cache = RowHeightCache()
        let rows = RowHeights(template: try feed(), cache: cache)
        let short = SeedExamples.feedTexts[4], long = SeedExamples.feedTexts[2]
        #expect(try rows.height(for: Row(text: short, key: "a"), width: 375) == 41)
        _ = try rows.height(for: Row(text: short, key: "a"), width: 320)
        // Same key, new text: the key says "unchanged", so the cached height comes back (C5)...
        #expect(try rows.height(for: Row(text: long, key: "a"), width: 375) == 41)
        // ...until the caller invalidates the key, at every width.
        cache.invalidate(key: "a")
        #expect(cache.count == 0)
        #expect(try rows.height(for: Row(text: long, key: "a"), width: 375) == 143)  // 6 lines
        // A versioned key never goes stale.
        #expect(try rows.height(for: Row(text: short, key: "a#2"), width: 375) == 41)

        // Content-keyed rows are invalidated by content; invalidateAll clears everything.
        _ = try rows.height(for: short, width: 375)
        let before = cache.count
        cache.invalidate(content: short)
        #expect(cache.count == before - 1)
        cache.invalidate(Row(text: long, key: "a"))
        cache.invalidateAll()
        #expect(cache.count == 0)
        let misses = cache.statistics.misses
        _ = try rows.height(for: short, width: 375)
        #expect(cache.statistics.misses == misses + 1)
        cache.resetStatistics()
        #expect(cache.statistics == RowHeightCache.Statistics(hits: 0, misses: 0, evictions: 0, count: 1))
    }

    /// The cache never holds more than its capacity; recently used entries survive eviction.
    @Test func boundedSize() throws {
        let cache = RowHeightCache(capacity: 8)
        let rows = RowHeights(template: try feed(), cache: cache)
        let texts = (0..<40).map { "第\($0)行" }
        for text in texts {
            _ = try rows.height(for: text, width: 375)
            _ = try rows.height(for: texts[0], width: 375)  // keep one row hot
            #expect(cache.count <= 8)
        }
        #expect(cache.statistics.evictions > 0)
        let hits = cache.statistics.hits
        _ = try rows.height(for: texts[0], width: 375)
        #expect(cache.statistics.hits == hits + 1)
        #expect(RowHeightCache(capacity: 0).capacity == 2)
    }

    /// Many threads sharing one cache get the serial answers; every look-up counts once.
    @Test func concurrentUseGivesTheSameAnswers() async throws {
        let cache = RowHeightCache(capacity: 64)
        let template = try feed()
        let expected = try RowHeights(template: template, cache: nil).heights(for: SeedExamples.feedTexts, width: 375)
        let rounds = 16
        let results = try await withThrowingTaskGroup(of: [CGFloat].self) { group in
            for round in 0..<rounds {
                group.addTask {
                    let rows = RowHeights(template: template, cache: cache)
                    let width: CGFloat = round.isMultiple(of: 2) ? 375 : 320
                    return width == 375
                        ? try rows.heights(for: SeedExamples.feedTexts, width: width)
                        : try SeedExamples.feedTexts.map { try rows.height(for: $0, width: width) }
                }
            }
            var all: [[CGFloat]] = []
            for try await heights in group { all.append(heights) }
            return all
        }
        let at320 = try RowHeights(template: template, cache: nil).heights(for: SeedExamples.feedTexts, width: 320)
        #expect(results.count == rounds)
        #expect(results.allSatisfy { $0 == expected || $0 == at320 })
        #expect(results.filter { $0 == expected }.count == rounds / 2)
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == rounds * 12)
        #expect(statistics.count == 24)
        #expect(statistics.misses >= 24)
    }
}
