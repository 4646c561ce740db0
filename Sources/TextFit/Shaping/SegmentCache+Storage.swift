import CTextFit

/// The door to the segment cache's tables, which live in C (`tf_segment_cache.c`): a hit runs without a
/// lock and writes nothing shared (a seqlock per shard, counters per thread), and that race is defined
/// only when every access to the shared arenas is atomic, which Swift cannot express on raw memory.
/// Allocated once and never freed (the cache lives as long as the process).
struct SegmentCacheStorage: @unchecked Sendable {
    // @unchecked: the C side synchronises every access (a mutex per shard for writers, the shard's
    // sequence number for readers, a lock around the registry of per-thread counters).
    private let cache: OpaquePointer

    init() {
        // Fails only when the process cannot allocate a few KiB at start-up: not input-reachable.
        guard let cache = tf_segment_cache_create() else { preconditionFailure("tf_segment_cache_create failed") }
        self.cache = cache
    }

    /// `TF_SEGMENT_MISS`, `TF_SEGMENT_ADVANCES` or `TF_SEGMENT_ADVANCES_AND_FLAGS`.
    @inline(__always)
    func find(_ key: SegmentCache.Key, generationLimit: Int, advances: UnsafeMutablePointer<Int32>,
              flags: UnsafeMutablePointer<UInt8>) -> Int32 {
        var raw = key.raw
        return tf_segment_cache_find(cache, &raw, generationLimit, advances, flags)
    }

    @inline(__always)
    func insert(_ key: SegmentCache.Key, generationLimit: Int, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
        var raw = key.raw
        tf_segment_cache_insert(cache, &raw, generationLimit, advances, flags)
    }

    var statistics: tf_segment_cache_statistics {
        var result = tf_segment_cache_statistics()
        tf_segment_cache_get_statistics(cache, &result)
        return result
    }

    func removeAll() { tf_segment_cache_remove_all(cache) }
}

extension SegmentCache.Key {
    /// The C form; the text stays borrowed.
    @inline(__always)
    var raw: tf_segment_key {
        tf_segment_key(hash: hash, face: Int64(face), scale: scale, script: script, text: text.baseAddress,
                       length: Int32(truncatingIfNeeded: text.count))
    }
}
