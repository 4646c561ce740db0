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
/// Bounded by entry count with two generations (an approximate LRU): new entries go to the young
/// generation; when it holds `capacity / 2` entries it becomes the old one and the previous old generation
/// is dropped; a hit in the old generation moves the entry back to the young one. Look-ups and inserts are
/// O(1) under a lock (`Locked`); heights are always measured outside the lock.
public final class RowHeightCache: Sendable {
    /// Counters since creation (or `resetStatistics()`).
    public struct Statistics: Sendable, Equatable, CustomStringConvertible {
        public var hits = 0
        public var misses = 0
        /// Entries dropped by the size bound (not by invalidation).
        public var evictions = 0
        /// Entries held now.
        public var count = 0

        public init(hits: Int = 0, misses: Int = 0, evictions: Int = 0, count: Int = 0) {
            self.hits = hits
            self.misses = misses
            self.evictions = evictions
            self.count = count
        }

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

    private struct State {
        var young: [Key: CGFloat] = [:]
        var old: [Key: CGFloat] = [:]
        var statistics = Statistics()
    }

    /// The most entries held at once.
    public let capacity: Int
    private let state = Locked(State())

    /// A cache holding at most `capacity` heights (at least 2; smaller values are raised to 2).
    public init(capacity: Int = 10_000) {
        self.capacity = max(2, capacity)
    }

    /// The cached height, counting a hit or a miss.
    func height(for key: Key) -> CGFloat? {
        state.withLock { state in
            if let height = state.young[key] {
                state.statistics.hits += 1
                return height
            }
            if let height = state.old.removeValue(forKey: key) {
                state.statistics.hits += 1
                insert(key, height, into: &state)
                return height
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// Stores a measured height.
    func store(_ height: CGFloat, for key: Key) {
        state.withLock { state in
            if state.young[key] != nil {
                state.young[key] = height
                return
            }
            state.old.removeValue(forKey: key)
            insert(key, height, into: &state)
        }
    }

    private func insert(_ key: Key, _ height: CGFloat, into state: inout State) {
        if state.young.count >= capacity / 2 {
            state.statistics.evictions += state.old.count
            state.old = state.young
            state.young = [:]
        }
        state.young[key] = height
    }

    /// Forgets every height of the rows with this caller key (all widths and styles).
    public func invalidate(key: String) { remove(.key(key)) }

    /// Forgets every height of rows keyed by this content (rows without a caller key).
    public func invalidate(content: String) { remove(.content(content)) }

    /// Forgets every height of this row (by its key, else its content).
    public func invalidate(_ row: Row) { remove(row.identity) }

    /// Forgets every height measured at this row width (for instance after a rotation, C6).
    public func invalidate(width: CGFloat) {
        state.withLock { state in
            state.young = state.young.filter { $0.key.width != width }
            state.old = state.old.filter { $0.key.width != width }
        }
    }

    /// Forgets everything; the counters keep running.
    public func invalidateAll() {
        state.withLock { state in
            state.young.removeAll()
            state.old.removeAll()
        }
    }

    /// Sets the hit, miss and eviction counters to zero.
    public func resetStatistics() {
        state.withLock { state in state.statistics = Statistics() }
    }

    /// The counters and the number of entries held.
    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            statistics.count = state.young.count + state.old.count
            return statistics
        }
    }

    /// The number of heights held.
    public var count: Int { statistics.count }

    private func remove(_ identity: RowIdentity) {
        // O(entries): invalidation is rare next to look-ups, and the cache is bounded.
        state.withLock { state in
            state.young = state.young.filter { $0.key.identity != identity }
            state.old = state.old.filter { $0.key.identity != identity }
        }
    }
}
