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

    /// The heap one cache entry costs beyond 7 bytes per UTF-16 unit (advances, flags and the key's copy
    /// of the text): this object, the three array headers, malloc's rounding and the dictionary slot.
    /// Measured as resident memory over 300,000 distinct words of 6 to 64 units: 300 + 7 × units bytes
    /// per entry (96 before, which undercounted an 8-unit word by 2.3×: a 64 MiB budget held ~150 MiB).
    static let entryOverhead = 300

    var byteCount: Int { advances.count * 5 + ShapedSegment.entryOverhead }
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
    /// (face, size, script, text). The hash is computed once, in one pass over the units, and picks both
    /// the shard and the bucket; looking up borrows a slice of the caller's text (no allocation), and
    /// only an inserted key owns a copy (so a cached word never keeps a whole document alive).
    struct Key: Hashable, Sendable {
        let face: Int
        let scale: Int32
        let script: UInt32
        let text: ArraySlice<UInt16>
        let hash: Int

        init(face: Int, scale: Int32, script: UInt32, text: ArraySlice<UInt16>) {
            self.face = face
            self.scale = scale
            self.script = script
            self.text = text
            // FNV-1a over the fields and units: cheap for short words, and Hasher's per-element calls are not.
            // The basis is random per process, so untrusted text cannot be built offline to collide.
            var h: UInt64 = Key.basis
            @inline(__always) func mix(_ value: UInt64) { h = (h ^ value) &* 0x0000_0100_0000_01B3 }
            mix(UInt64(bitPattern: Int64(face)))
            mix(UInt64(UInt32(bitPattern: scale)))
            mix(UInt64(script))
            for unit in text { mix(UInt64(unit)) }
            hash = Int(bitPattern: UInt(h ^ (h >> 29)))
        }

        /// FNV-1a's offset basis mixed with a per-process random value: a server measuring untrusted text
        /// would otherwise let an attacker precompute words with equal 64-bit hashes and make every
        /// look-up in a shard walk them (hash flooding). Dictionary seeding does not help: equal hashes
        /// land in the same bucket whatever the seed.
        static let basis: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64.random(in: .min ... .max)

        /// The same key owning a copy of exactly its text.
        func owned() -> Key {
            Key(face: face, scale: scale, script: script, text: ArraySlice(Array(text)))
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.face == rhs.face && lhs.scale == rhs.scale && lhs.script == rhs.script
                && lhs.text.elementsEqual(rhs.text)
        }
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
        shards[Int(UInt(bitPattern: key.hash) >> 58) % shardCount]
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
            if let index = s.old.index(forKey: key) {
                // Promote with the stored key, which owns its text (the caller's borrows a slice).
                let (storedKey, hit) = s.old[index]
                s.old.remove(at: index)
                s.hits += 1
                let bytes = hit.byteCount + key.text.count * 2
                s.oldBytes -= bytes
                s.current[storedKey] = hit
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
            s.current[key.owned()] = value
            s.currentBytes += bytes
        }
    }
}
