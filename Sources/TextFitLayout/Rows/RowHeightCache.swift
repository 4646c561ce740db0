import Foundation

/// A bounded, thread-safe cache of row heights keyed by content, width and style — never by position
/// (rules C5, C6).
///
/// An entry's key is the row's identity (the caller's `Row.key`, else its text), the row width and the
/// whole `RowTemplate` (font, mode, insets, line limit, scale). Inserting or deleting rows therefore
/// never returns a stale height (the index-path cache of C4 has to shift entries for that), and a new
/// width or style simply misses. Entries live until evicted by the size bound or invalidated explicitly.
///
/// ```swift
/// let cache = RowHeightCache(capacity: 2_000)
/// let rows = RowHeights(template: feed, cache: cache)
/// _ = try rows.heights(for: texts, width: 375)   // misses, measured in parallel
/// _ = try rows.heights(for: texts, width: 375)   // hits
/// cache.invalidate(key: "article-42")            // after that article changed
/// cache.statistics                               // hits, misses, evictions, count
/// ```
///
/// `capacity` is the number of heights held: one per (row, width, template) measured. A full cache
/// evicts the least recently used height (a look-up or a store counts as a use), so asking again for
/// any `capacity` rows — a feed scrolled back, heights asked twice — hits every one, and a longer scan
/// keeps the most recent `capacity`. Look-ups, stores and evictions are O(1) under a lock (`Locked`):
/// a hash map from key to slot and a doubly linked recency list threaded through the slots; heights
/// are always measured outside the lock. Memory is bounded by `capacity` slots (a key and a height).
public final class RowHeightCache: Sendable {
    /// Counters since creation (or `resetStatistics()`).
    public struct Statistics: Sendable, Equatable, CustomStringConvertible {
        /// Look-ups answered from the cache.
        public var hits = 0
        /// Look-ups that had to measure.
        public var misses = 0
        /// Entries dropped by the size bound (not by invalidation).
        public var evictions = 0
        /// Entries held now.
        public var count = 0

        /// Counters with these values (for comparing against `statistics`).
        public init(hits: Int = 0, misses: Int = 0, evictions: Int = 0, count: Int = 0) {
            self.hits = hits
            self.misses = misses
            self.evictions = evictions
            self.count = count
        }

        /// "hits h, misses m, evictions e, entries n".
        public var description: String { "hits \(hits), misses \(misses), evictions \(evictions), entries \(count)" }
    }

    struct Key: Hashable, Sendable {
        var identity: RowIdentity
        var width: CGFloat
        var template: RowTemplate?
        /// The cell template for rows sized as cells (`RowHeights(cell:)`).
        var cell: CellTemplate? = nil
        /// The identifier of a constraint-based cell template (`ConstraintRowHeights`).
        var constraintCell: String? = nil
    }

    /// The most heights held at once (at least 2): a re-scan of up to this many rows hits every row.
    public let capacity: Int
    private let state: Locked<LRUTable<Key>>

    /// A cache holding at most `capacity` heights, evicting the least recently used.
    /// - Parameter capacity: the number of heights held (default 10,000; smaller than 2 is raised to 2).
    ///   Slots are allocated as entries arrive, so a large capacity costs nothing until it is used.
    public init(capacity: Int = 10_000) {
        self.capacity = max(2, capacity)
        state = Locked(LRUTable(capacity: self.capacity))
    }

    /// The cached height, counting a hit or a miss; a hit becomes the most recently used.
    func height(for key: Key) -> CGFloat? {
        state.withLock { table in table.lookUp(key) }
    }

    /// Stores a measured height as the most recently used, evicting the least recently used when full.
    func store(_ height: CGFloat, for key: Key) {
        state.withLock { table in table.store(height, for: key) }
    }

    /// Forgets every height of the rows with this caller key (all widths and styles).
    public func invalidate(key: String) { remove(.key(key)) }

    /// Forgets every height of rows keyed by this content (rows without a caller key).
    public func invalidate(content: String) { remove(.content(content)) }

    /// Forgets every height of this row (by its key, else its content).
    public func invalidate(_ row: Row) { remove(row.identity) }

    /// Forgets every height measured at this row width (for instance after a rotation, C6).
    public func invalidate(width: CGFloat) {
        state.withLock { table in table.removeAll { $0.width == width } }
    }

    /// Forgets everything; the counters keep running.
    public func invalidateAll() {
        state.withLock { table in table.removeAll { _ in true } }
    }

    /// Sets the hit, miss and eviction counters to zero.
    public func resetStatistics() {
        state.withLock { table in
            table.hits = 0
            table.misses = 0
            table.evictions = 0
        }
    }

    /// The counters and the number of entries held.
    public var statistics: Statistics {
        state.withLock { table in
            Statistics(hits: table.hits, misses: table.misses, evictions: table.evictions, count: table.count)
        }
    }

    /// The number of heights held.
    public var count: Int { statistics.count }

    private func remove(_ identity: RowIdentity) {
        // O(entries): invalidation is rare next to look-ups, and the cache is bounded.
        state.withLock { table in table.removeAll { $0.identity == identity } }
    }
}
