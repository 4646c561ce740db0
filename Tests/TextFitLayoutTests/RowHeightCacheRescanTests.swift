import Foundation
import Testing
import TextFitLayout

/// The row-height cache holds `capacity` heights, evicting the least recently used (C6, issue 41): a
/// feed scrolled back, or heights asked twice, must not run at cold speed.
@Suite struct RowHeightCacheRescanTests {
    /// Distinct short posts (the cache's behaviour, not shaping, is under test: short texts keep the
    /// 10,000-row scans quick).
    static func posts(_ count: Int, from start: Int = 0) -> [Row] {
        (start..<start + count).map { Row(text: "Post \($0): 今天 \($0 % 97) likes", detail: "@user\($0 % 13)") }
    }

    static func feed() throws -> RowTemplate {
        RowTemplate(font: try Fixtures.font(15), insets: SeedExamples.feedInsets, numberOfLines: 0)
    }

    /// The scenario: the default cache (capacity 10,000), 10,000 rows sized in parallel, then
    /// the same 10,000 again at the same width: every row of the second scan hits (≥ 99% asked).
    @Test func rescanOfCapacityRowsHits() throws {
        let cache = RowHeightCache()
        #expect(cache.capacity == 10_000)
        let rows = RowHeights(template: try Self.feed(), cache: cache)
        let posts = Self.posts(cache.capacity)
        let first = try rows.heights(for: posts, width: 375)
        #expect(cache.statistics.misses == cache.capacity && cache.count == cache.capacity)
        cache.resetStatistics()
        let second = try rows.heights(for: posts, width: 375)
        #expect(second == first)
        let statistics = cache.statistics
        #expect(Double(statistics.hits) >= 0.99 * Double(cache.capacity), "\(statistics)")
        #expect(statistics.hits == cache.capacity && statistics.evictions == 0, "\(statistics)")
    }

    /// The same through `RowHeights(cell:)`, whose key also holds the cell template.
    @Test func rescanOfCapacityCellRowsHits() throws {
        let cache = RowHeightCache(capacity: 4_000)
        let template = CellTemplate(titleFont: try Fixtures.font(15), detailFont: try Fixtures.font(13))
        let rows = RowHeights(cell: template, cache: cache)
        let posts = Self.posts(cache.capacity)
        _ = try rows.heights(for: posts, width: 375)
        cache.resetStatistics()
        _ = try rows.heights(for: posts, width: 375)
        #expect(cache.statistics.hits == cache.capacity, "\(cache.statistics)")
    }

    /// A scan of twice the capacity never holds more than `capacity` entries (memory stays bounded),
    /// evicts exactly the surplus, and keeps the most recent `capacity` rows: those hit, the oldest miss.
    @Test func scanOfTwiceTheCapacityStaysBounded() throws {
        let cache = RowHeightCache(capacity: 1_000)
        let rows = RowHeights(template: try Self.feed(), cache: cache)
        let posts = Self.posts(2 * cache.capacity)
        for chunk in stride(from: 0, to: posts.count, by: 250) {
            _ = try rows.heights(for: Array(posts[chunk..<chunk + 250]), width: 375)
            #expect(cache.count <= cache.capacity)
        }
        #expect(cache.count == cache.capacity)
        #expect(cache.statistics.evictions == cache.capacity)
        // Sequential single look-ups: the exact LRU order is observable.
        cache.resetStatistics()
        let newest = Array(posts[cache.capacity...])
        for row in newest { _ = try rows.height(for: row, width: 375) }
        #expect(cache.statistics.hits == cache.capacity)
        cache.resetStatistics()
        _ = try rows.height(for: posts[0], width: 375)  // the oldest: evicted
        #expect(cache.statistics.misses == 1)
        #expect(cache.count == cache.capacity)
    }

    /// LRU, not FIFO: a row used again survives a stream of new rows that evicts rows used once.
    @Test func recentlyUsedSurvives() throws {
        let cache = RowHeightCache(capacity: 3)
        let rows = RowHeights(template: try Self.feed(), cache: cache)
        for text in ["a", "b", "c"] { _ = try rows.height(for: text, width: 375) }
        _ = try rows.height(for: "a", width: 375)  // a is now the most recent; b the least
        _ = try rows.height(for: "d", width: 375)  // evicts b
        cache.resetStatistics()
        for text in ["a", "c", "d"] { _ = try rows.height(for: text, width: 375) }
        #expect(cache.statistics.hits == 3)
        _ = try rows.height(for: "b", width: 375)
        #expect(cache.statistics.misses == 1 && cache.statistics.evictions == 1)
    }

    /// Invalidation frees slots that later inserts reuse without evicting anything.
    @Test func invalidatedSlotsAreReused() throws {
        let cache = RowHeightCache(capacity: 4)
        let rows = RowHeights(template: try Self.feed(), cache: cache)
        for text in ["a", "b", "c", "d"] { _ = try rows.height(for: text, width: 375) }
        _ = try rows.height(for: "a", width: 320)  // evicts a@375, the least recent
        cache.invalidate(width: 320)
        cache.invalidate(content: "c")
        #expect(cache.count == 2)
        for text in ["e", "f"] { _ = try rows.height(for: text, width: 375) }
        #expect(cache.count == 4 && cache.statistics.evictions == 1)
        cache.resetStatistics()
        for text in ["b", "d", "e", "f"] { _ = try rows.height(for: text, width: 375) }
        #expect(cache.statistics.hits == 4)
        cache.invalidateAll()
        #expect(cache.count == 0)
        _ = try rows.height(for: "g", width: 375)
        #expect(cache.count == 1)
    }
}
