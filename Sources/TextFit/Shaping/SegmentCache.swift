/// Shaping results of one segment as owned arrays (tests and the rare reshaping path; the builder reads
/// the cache straight into its own buffers).
struct ShapedSegment: Sendable, Equatable {
    /// Per UTF-16 unit: the advance of the cluster starting there, in 1/1024 pt.
    var advances: [Int32]
    /// Per UTF-16 unit: bit 0 unsafe to break before it (inside a cluster or HarfBuzz's flag), bit 1 .notdef.
    var flags: [UInt8]
}

/// Counters of the segment width cache.
public struct SegmentCacheStatistics: Sendable, Equatable {
    public var hits: Int
    public var misses: Int
    /// Bytes the cache holds now: its hash tables, entries and arenas at the highest capacities they have
    /// used since their memory was last handed back (a bound on the pages written).
    public var bytes: Int
    public var entries: Int
    public var evictions: Int
    /// `hits / (hits + misses)`, 0 when unused.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }
}

/// A bounded, thread-safe cache of shaped segments keyed by (face, size, script, text), so repeated words
/// skip HarfBuzz.
///
/// Sixteen shards; nobody shapes while holding a lock. A hit takes no lock and writes no memory another
/// thread reads (so the cache never serialises threads): each shard's writers hold its
/// mutex and keep a sequence number odd while they change anything, and a reader copies the entry out
/// and keeps the copy only if the sequence did not move meanwhile (a seqlock), else asks under the
/// lock. Hits and misses are counted per thread. Each shard keeps two generations: when the current one
/// would outgrow half the shard's budget it becomes the old one and the previous old generation is
/// emptied for reuse (an approximate LRU with O(1) eviction); a hit in the old generation copies the
/// entry into the current one (under the lock).
///
/// A generation is flat: an open-addressing table of 32-bit entry numbers, an array of fixed-size entries
/// and three arenas (the key's text, the advances, the flags) that entries point into. So a look-up is one
/// hash of the units, a probe or two and a copy into the caller's buffers, with no allocation, no
/// reference counting and no Swift dictionary. Its memory is mapped once at the largest capacities the
/// budget allows and never unmapped (a racing reader must never touch freed memory); only the pages
/// written cost memory, and the byte count is the capacities in use since the pages were last handed
/// back, so the budget bounds real memory. The tables are C (`SegmentCacheStorage` says why).
public enum SegmentCache {
    /// (face, size, script, text), hashed once. The text is as written: controls are substituted for
    /// HarfBuzz only when a miss is shaped (`SegmentShaper.shapeMissed`). It is borrowed from the caller
    /// for the look-up; an insertion copies it into the cache's arena (so a cached word never keeps a
    /// document alive).
    struct Key {
        let face: Int
        let scale: Int32
        let script: UInt32
        let text: UnsafeBufferPointer<UInt16>
        let hash: UInt64

        init(face: Int, scale: Int32, script: UInt32, text: UnsafeBufferPointer<UInt16>) {
            self.init(
                face: face, scale: scale, script: script, text: text,
                hash: Key.hash(basis: Key.basis, face: face, scale: scale, script: script, text: text))
        }

        /// A key whose hash the caller computed with `hash(basis:...)` (the builder reads `basis` once per
        /// text: each read of the global is a `swift_once` check).
        init(face: Int, scale: Int32, script: UInt32, text: UnsafeBufferPointer<UInt16>, hash: UInt64) {
            self.face = face
            self.scale = scale
            self.script = script
            self.text = text
            self.hash = hash
        }

        /// FNV-1a over the fields and the units two at a time (one multiply per pair: the loop was a fifth
        /// of a warm look-up), then one avalanche step (the table uses the low bits, the shard the high
        /// ones). The basis (`Key.basis`) is random per process, so untrusted text cannot be built offline
        /// to collide (hash flooding); for the same reason the pairs' byte order does not matter.
        @inline(__always)
        static func hash(basis: UInt64, face: Int, scale: Int32, script: UInt32, text: UnsafeBufferPointer<UInt16>) -> UInt64
        {
            var h = mix64(
                mix64(basis, UInt64(bitPattern: Int64(face))), UInt64(UInt32(bitPattern: scale)) | UInt64(script) << 32)
            if let units = text.baseAddress {
                let count = text.count
                let bytes = UnsafeRawPointer(units)
                var i = 0
                while i &+ 1 < count {
                    h = mix64(h, UInt64(bytes.loadUnaligned(fromByteOffset: i &* 2, as: UInt32.self)))
                    i &+= 2
                }
                // The odd last unit, marked so it differs from a pair ending in U+0000.
                if i < count { h = mix64(h, UInt64(units[i]) | 1 << 32) }
            }
            h ^= h >> 33
            h = h &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 33
            return h
        }

        @inline(__always)
        private static func mix64(_ h: UInt64, _ value: UInt64) -> UInt64 { (h ^ value) &* 0x0000_0100_0000_01B3 }

        static let basis: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64.random(in: .min ... .max)
    }

    /// Segments longer than this many UTF-16 units are shaped but not cached (rarely repeated).
    /// Twice the length at which preparation cuts a run (`PreparedText.Builder.segmentCutLength`): a run
    /// is cut at its first opportunity at or after 64 units, so its segments are often 65 to 70 units
    /// long, and URLs and tokens without opportunities are often 65 to 128; at 64 those were shaped again
    /// on every warm preparation (about 10 % of its instructions in the benchmark's corpus).
    static let maximumCachedLength = 128

    /// The byte budget of the whole cache (default 64 MiB). Lowering it evicts on the next insertions.
    public static var byteLimit: Int {
        get { SegmentCacheStorage.byteLimit }
        set { SegmentCacheStorage.byteLimit = newValue }
    }

    /// Hits, misses, bytes and entries summed over all shards (hits and misses over all threads).
    public static var statistics: SegmentCacheStatistics {
        let s = SegmentCacheStorage.statistics
        return SegmentCacheStatistics(
            hits: s.hits, misses: s.misses, bytes: s.bytes, entries: s.entries,
            evictions: s.evictions)
    }

    /// Empties the cache and resets the counters, and every thread's records of whole prepared texts (which
    /// hold the same shaping), so that text prepared after it is prepared cold.
    ///
    /// ```swift
    /// SegmentCache.removeAll()                        // memory back to the system
    /// SegmentCache.removeAll(keepingCapacity: true)   // e.g. between batches of unrelated documents
    /// ```
    ///
    /// - Parameter keepingCapacity: keep the pages the cache has written (as `Array.removeAll(keepingCapacity:)`
    ///   keeps its buffer), so refilling it costs no page faults (the first write to each page handed
    ///   back is one, and the kernel zeroes the page). They stay counted in `statistics.bytes`. Default
    ///   `false`: the memory goes back to the system.
    public static func removeAll(keepingCapacity: Bool = false) {
        SegmentCacheStorage.removeAll(keepingCapacity: keepingCapacity)
        // The whole texts recorded per thread hold the same shaping: emptied with it, so a cold pass is cold.
        TextRecords.removeAll()
    }

    /// What a look-up found.
    enum Found {
        case nothing
        /// Advances copied; every flag is 0, and `flags` was left as it was.
        case advancesOnly
        /// Advances and flags copied.
        case advancesAndFlags
    }

    /// Copies the cached advances (and flags, unless all are 0) of `key`'s text into `advances` and
    /// `flags` (each `key.text.count` long).
    static func find(_ key: Key, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>) -> Found {
        switch SegmentCacheStorage.find(
            hash: key.hash, face: key.face, scale: key.scale, script: key.script,
            text: key.text, advances: advances, flags: flags)
        {
        case SegmentCacheStorage.Result.advances: return .advancesOnly
        case SegmentCacheStorage.Result.advancesAndFlags: return .advancesAndFlags
        default: return .nothing
        }
    }

    /// Caches `key` with `key.text.count` advances and flags. Returns `.advancesOnly` when every flag is 0
    /// (what a look-up of the entry will say), else `.advancesAndFlags`.
    @discardableResult
    static func insert(_ key: Key, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) -> Found {
        let result = SegmentCacheStorage.insert(
            hash: key.hash, face: key.face, scale: key.scale, script: key.script,
            text: key.text, advances: advances, flags: flags)
        return result == SegmentCacheStorage.Result.advances ? .advancesOnly : .advancesAndFlags
    }
}

extension SegmentCache {
    /// Conveniences over owned arrays, for tests.
    static func lookup(face: Int, scale: Int32, script: UInt32, text: [UInt16]) -> ShapedSegment? {
        guard !text.isEmpty else { return nil }
        var advances = [Int32](repeating: 0, count: text.count)
        var flags = [UInt8](repeating: 0, count: text.count)
        let found = text.withUnsafeBufferPointer { t in
            advances.withUnsafeMutableBufferPointer { a in
                flags.withUnsafeMutableBufferPointer { f in
                    find(
                        Key(face: face, scale: scale, script: script, text: t), advances: a.baseAddress!,
                        flags: f.baseAddress!)
                }
            }
        }
        // `.advancesOnly` leaves `flags` as it was: all 0 here, which is what the entry holds.
        return found == .nothing ? nil : ShapedSegment(advances: advances, flags: flags)
    }

    /// `lookup` of several texts in one run (`SegmentCacheStorage.findRun`, as preparation asks): what was
    /// found, in order, before the first miss, and that miss's index (`texts.count` when all hit). An empty
    /// text stands for a segment too long to cache: the run stops there without looking it up.
    static func lookupRun(face: Int, scale: Int32, script: UInt32, texts: [[UInt16]]) -> (found: [ShapedSegment], stop: Int)
    {
        let all = texts.flatMap { $0 }
        var starts: [Int] = []
        var total = 0
        for text in texts {
            starts.append(total)
            total += text.count
        }
        var advances = [Int32](repeating: 0, count: max(1, total))
        var flags = [UInt8](repeating: 0, count: max(1, total))
        var results = [UInt8](repeating: 0, count: max(1, texts.count))
        let stop = all.withUnsafeBufferPointer { units in
            var lookups: [SegmentCacheStorage.Lookup] = []
            for (text, start) in zip(texts, starts) {
                let piece = UnsafeBufferPointer(rebasing: units[start..<start + text.count])
                let key = Key(face: face, scale: scale, script: script, text: piece)
                lookups.append(
                    SegmentCacheStorage.Lookup(
                        hash: key.hash, face: face, scale: scale, script: script, text: piece,
                        offset: Int32(start), cached: !text.isEmpty))
            }
            return SegmentCacheStorage.findRun(
                lookups, count: lookups.count, advances: &advances, flags: &flags, found: &results)
        }
        let found = (0..<stop).map { i in
            // `Result.advances` leaves the flags as they were: all 0 here, which is what the entry holds.
            ShapedSegment(
                advances: Array(advances[starts[i]..<starts[i] + texts[i].count]),
                flags: Array(flags[starts[i]..<starts[i] + texts[i].count]))
        }
        return (found, stop)
    }

    static func insert(face: Int, scale: Int32, script: UInt32, text: [UInt16], _ shaped: ShapedSegment) {
        precondition(shaped.advances.count == text.count && shaped.flags.count == text.count)
        guard !text.isEmpty else { return }
        _ = text.withUnsafeBufferPointer { t in
            shaped.advances.withUnsafeBufferPointer { a in
                shaped.flags.withUnsafeBufferPointer { f in
                    insert(
                        Key(face: face, scale: scale, script: script, text: t), advances: a.baseAddress!,
                        flags: f.baseAddress!)
                }
            }
        }
    }
}
