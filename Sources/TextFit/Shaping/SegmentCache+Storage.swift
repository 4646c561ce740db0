import CTextFit

/// The door to the segment cache's tables, which live in C (`tf_segment_cache.c`): a hit runs without a
/// lock and writes nothing shared (a seqlock per shard, counters per thread), and that race is defined
/// only when every access to the shared arenas is atomic, which Swift cannot express on raw memory
/// (`Synchronization.Atomic` is a value in a fixed place, not an operation on an arena's element). The
/// C side is one static cache per process and synchronises every access itself: a mutex per shard for
/// writers, the shard's sequence number for readers, a lock around the registry of per-thread counters.
enum SegmentCacheStorage {
    /// `TF_SEGMENT_MISS`, `TF_SEGMENT_ADVANCES` or `TF_SEGMENT_ADVANCES_AND_FLAGS`.
    @inline(__always)
    static func find(_ key: SegmentCache.Key, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>) -> Int32 {
        tf_segment_cache_find(key.raw, advances, flags)
    }

    @inline(__always)
    static func insert(_ key: SegmentCache.Key, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
        tf_segment_cache_insert(key.raw, advances, flags)
    }

    static var byteLimit: Int {
        get { tf_segment_cache_byte_limit() }
        set { tf_segment_cache_set_byte_limit(max(0, newValue)) }
    }

    static var statistics: tf_segment_cache_statistics {
        var result = tf_segment_cache_statistics()
        tf_segment_cache_get_statistics(&result)
        return result
    }

    static func removeAll() { tf_segment_cache_remove_all() }
}

extension SegmentCache.Key {
    /// The C form; the text stays borrowed.
    @inline(__always)
    var raw: tf_segment_key {
        tf_segment_key(hash: hash, face: Int64(face), scale: scale, script: script, text: text.baseAddress,
                       length: Int32(truncatingIfNeeded: text.count))
    }
}
