import CTextFit

/// The door to `tf_scratch.c`: a reusable block of memory per thread, kept between calls (at most
/// `TF_SCRATCH_MAX_BYTES`), or for a larger request (or a nested one on the same thread) a block allocated
/// for that call alone. Each thread has its own block, so work in parallel (`TextBatch`) shares nothing.
/// Preparing text lays out its temporaries in it (`BuildScratch`).
enum ThreadScratch {
    /// A block of at least `byteCount` bytes, eight-byte aligned; hand it back with `release`.
    @inline(__always)
    static func acquire(byteCount: Int) -> UnsafeMutableRawPointer {
        if let block = tf_scratch_acquire(byteCount) { return block }
        return UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
    }

    /// Hands back a block `acquire` returned.
    @inline(__always)
    static func release(_ block: UnsafeMutableRawPointer) {
        if tf_scratch_release(block) == 0 { block.deallocate() }
    }
}
