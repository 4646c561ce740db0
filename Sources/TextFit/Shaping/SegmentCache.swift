import Synchronization

/// Shaping results of one segment (the text between two break opportunities, in one font run).
final class ShapedSegment: Sendable {
    /// Per UTF-16 unit: the advance of the cluster starting there, in 1/1024 pt.
    let advances: [Int32]
    /// Per UTF-16 unit: bit 0 unsafe to break before it (inside a cluster or HarfBuzz's flag), bit 1 .notdef.
    let flags: [UInt8]

    init(advances: [Int32], flags: [UInt8]) {
        self.advances = advances
        self.flags = flags
    }

    var byteCount: Int { advances.count * 5 + 96 }
}

/// Counters of the segment width cache.
public struct SegmentCacheStatistics: Sendable, Equatable {
    public var hits: Int
    public var misses: Int
    /// Bytes held now (advances, flags, keys and a fixed per-entry overhead).
    public var bytes: Int
    public var entries: Int
    public var evictions: Int
    /// `hits / (hits + misses)`, 0 when unused.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
}

/// A bounded, thread-safe cache of shaped segments keyed by (face, size, script, text), so repeated words
/// skip HarfBuzz.
///
/// Sixteen shards, each behind its own lock (`Locked`), keep threads from queueing on one lock; nobody
/// shapes while holding a lock. Each shard keeps two generations: when the current one exceeds half the
/// shard's budget it becomes the old one and the previous old generation is dropped (an approximate LRU
/// with O(1) eviction); a hit in the old generation moves the entry to the current one. Memory stays
/// within the byte budget.
public enum SegmentCache {
    struct Key: Hashable, Sendable {
        var face: Int
        var scale: Int32
        var script: UInt32
        var text: [UInt16]
    }

    private struct Shard {
        var current: [Key: ShapedSegment] = [:]
        var old: [Key: ShapedSegment] = [:]
        var currentBytes = 0
        var oldBytes = 0
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    private static let shardCount = 16
    private static let shards: [Locked<Shard>] = (0..<shardCount).map { _ in Locked(Shard()) }
    private static let budget = Atomic<Int>(64 << 20)

    /// Segments longer than this many UTF-16 units are shaped but not cached (rarely repeated).
    static let maximumCachedLength = 64

    /// The byte budget of the whole cache (default 64 MiB). Lowering it evicts on the next insertions.
    public static var byteLimit: Int {
        get { budget.load(ordering: .relaxed) }
        set { budget.store(max(0, newValue), ordering: .relaxed) }
    }

    /// Hits, misses, bytes and entries summed over all shards.
    public static var statistics: SegmentCacheStatistics {
        var result = SegmentCacheStatistics(hits: 0, misses: 0, bytes: 0, entries: 0, evictions: 0)
        for shard in shards {
            shard.withLock { s in
                result.hits += s.hits
                result.misses += s.misses
                result.bytes += s.currentBytes + s.oldBytes
                result.entries += s.current.count + s.old.count
                result.evictions += s.evictions
            }
        }
        return result
    }

    /// Empties the cache and resets the counters.
    public static func removeAll() {
        for shard in shards { shard.withLock { $0 = Shard() } }
    }

    private static func shard(for key: Key) -> Locked<Shard> {
        shards[(key.hashValue & Int.max) % shardCount]
    }

    static func lookup(_ key: Key) -> ShapedSegment? {
        #if DEBUG
        OperationCounts.current?.cacheLookups += 1
        #endif
        return shard(for: key).withLock { s -> ShapedSegment? in
            if let hit = s.current[key] {
                s.hits += 1
                return hit
            }
            if let hit = s.old.removeValue(forKey: key) {
                s.hits += 1
                let bytes = hit.byteCount + key.text.count * 2
                s.oldBytes -= bytes
                s.current[key] = hit
                s.currentBytes += bytes
                return hit
            }
            s.misses += 1
            return nil
        }
    }

    static func insert(_ key: Key, _ value: ShapedSegment) {
        let bytes = value.byteCount + key.text.count * 2
        let shardBudget = byteLimit / shardCount
        shard(for: key).withLock { s in
            guard s.current[key] == nil else { return }
            if s.currentBytes + bytes > shardBudget / 2 {
                s.evictions += s.old.count
                s.old = s.current
                s.oldBytes = s.currentBytes
                s.current = [:]
                s.currentBytes = 0
            }
            guard bytes <= shardBudget / 2 else { return }
            s.current[key] = value
            s.currentBytes += bytes
        }
    }
}
