import CTextFit

/// The door to the segment cache's tables, which live in C (`tf_segment_cache.c`): a hit runs without a
/// lock and writes nothing shared (a seqlock per shard, counters per thread), and that race is defined
/// only when every access to the shared arenas is atomic, which Swift cannot express on raw memory
/// (`Synchronization.Atomic` is a value in a fixed place, not an operation on an arena's element). The
/// C side is one static cache per process and synchronises every access itself: a mutex per shard for
/// writers, the shard's sequence number for readers, a lock around the registry of per-thread counters.
///
/// A key is (hash, face, scale, script, text); the hash and every other policy (what to cache, the byte
/// budget) is the Swift side's (`SegmentCache`). Texts are borrowed for the call.
///
/// ```swift
/// let found = SegmentCacheStorage.find(hash: h, face: 3, scale: 12_288, script: 0, text: word,
///                                      advances: advances, flags: flags)
/// if found == SegmentCacheStorage.Result.miss { … shape, then insert … }
/// ```
enum SegmentCacheStorage {
    /// What a look-up wrote, as `find` returns it and `findRun` stores it per look-up.
    enum Result {
        /// Nothing.
        @inline(__always) static var miss: UInt8 { UInt8(TF_SEGMENT_MISS) }
        /// The advances; every flag is 0 and the flags were left as they were.
        @inline(__always) static var advances: UInt8 { UInt8(TF_SEGMENT_ADVANCES) }
        /// The advances and the flags.
        @inline(__always) static var advancesAndFlags: UInt8 { UInt8(TF_SEGMENT_ADVANCES_AND_FLAGS) }
    }

    /// One segment of a run of look-ups (`findRun`): its key, where its advances and flags go in the run's
    /// buffers, and whether it is looked up at all. The C struct itself, so a run's look-ups are written
    /// straight into the buffer the C side reads.
    typealias Lookup = tf_segment_lookup

    /// Copies the cached advances (and flags, unless all are 0) of the key into `advances` and `flags`
    /// (each `text.count` long) and returns a `Result`.
    @inline(__always)
    static func find(
        hash: UInt64, face: Int, scale: Int32, script: UInt32, text: UnsafeBufferPointer<UInt16>,
        advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>
    ) -> UInt8 {
        #if DEBUG
        OperationCounts.current?.cacheLookups += 1
        #endif
        return UInt8(
            truncatingIfNeeded: tf_segment_cache_find(
                key(hash: hash, face: face, scale: scale, script: script, text: text), advances, flags))
    }

    /// Looks `lookups[0 ..< count]` up in order, each as `find` would: its advances go to
    /// `advances + lookup.offset` (its flags likewise unless all are 0) and its `Result` to `found[i]`.
    /// Stops at the first miss or uncached look-up and returns its index (`count` when all hit), so the
    /// caller can shape and insert it before the look-ups after it.
    @inline(__always)
    static func findRun(
        _ lookups: UnsafePointer<Lookup>, count: Int, advances: UnsafeMutablePointer<Int32>,
        flags: UnsafeMutablePointer<UInt8>, found: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let stop = Int(tf_segment_cache_find_run(lookups, Int32(truncatingIfNeeded: count), advances, flags, found))
        #if DEBUG
        // The look-ups the C side made: the hits before `stop` and the miss at it (an uncached one is skipped).
        if let counter = OperationCounts.current {
            for i in 0..<min(stop + 1, count) where lookups[i].isCached { counter.cacheLookups += 1 }
        }
        #endif
        return stop
    }

    /// Caches the key with `text.count` advances and flags, unless present. Returns `Result.advances` when
    /// every flag is 0 (the caller need not read them either), else `Result.advancesAndFlags`.
    @inline(__always) @discardableResult
    static func insert(
        hash: UInt64, face: Int, scale: Int32, script: UInt32, text: UnsafeBufferPointer<UInt16>,
        advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>
    ) -> UInt8 {
        UInt8(
            truncatingIfNeeded: tf_segment_cache_insert(
                key(hash: hash, face: face, scale: scale, script: script, text: text),
                advances, flags))
    }

    static var byteLimit: Int {
        get { tf_segment_cache_byte_limit() }
        set { tf_segment_cache_set_byte_limit(max(0, newValue)) }
    }

    /// Hits, misses, bytes, entries and evictions summed over the shards and threads.
    static var statistics: (hits: Int, misses: Int, bytes: Int, entries: Int, evictions: Int) {
        var s = tf_segment_cache_statistics()
        tf_segment_cache_get_statistics(&s)
        return (Int(s.hits), Int(s.misses), Int(s.bytes), Int(s.entries), Int(s.evictions))
    }

    static func removeAll(keepingCapacity: Bool) {
        if keepingCapacity { tf_segment_cache_remove_all_keeping_capacity() } else { tf_segment_cache_remove_all() }
    }

    /// The C form of a key; the text stays borrowed.
    @inline(__always)
    fileprivate static func key(
        hash: UInt64, face: Int, scale: Int32, script: UInt32,
        text: UnsafeBufferPointer<UInt16>
    ) -> tf_segment_key {
        tf_segment_key(
            hash: hash, face: Int64(face), scale: scale, script: script, text: text.baseAddress,
            length: Int32(truncatingIfNeeded: text.count))
    }
}

extension SegmentCacheStorage.Lookup {
    /// A look-up of the key whose advances and flags go to `offset` in the run's buffers; `cached` false
    /// for a segment too long to cache (the run stops at it without looking it up).
    @inline(__always)
    init(
        hash: UInt64, face: Int, scale: Int32, script: UInt32, text: UnsafeBufferPointer<UInt16>, offset: Int32,
        cached: Bool
    ) {
        self.init(
            key: SegmentCacheStorage.key(hash: hash, face: face, scale: scale, script: script, text: text),
            start: offset, uncached: cached ? 0 : 1)
    }

    /// Where the segment's advances and flags go in the run's buffers.
    @inline(__always) var offset: Int32 { start }
    @inline(__always) var isCached: Bool { uncached == 0 }
    @inline(__always) var hash: UInt64 { key.hash }
    @inline(__always) var face: Int { Int(key.face) }
    @inline(__always) var scale: Int32 { key.scale }
    @inline(__always) var script: UInt32 { key.script }
    /// The key's length in UTF-16 units.
    @inline(__always) var length: Int { Int(key.length) }
    /// The borrowed text of the key.
    @inline(__always) var text: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(start: key.text, count: Int(key.length)) }
}
