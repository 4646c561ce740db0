/// The memory a `PreparedText.Builder` pass works in: the calling thread's scratch block
/// (`ThreadScratch`), kept between texts, or for a text too long for it (or a nested build on the same
/// thread) a block allocated for that call.
///
/// Why: the builder's temporaries (the decoded units, the pass's buffers, the segment-cache look-ups) were
/// three nested temporary allocations: on the stack up to 1 KiB, which a UI string of more than about 18
/// units and every longer text exceeds, and then a `malloc` and `free` per text, with the build's result
/// copied out through each closure. One block per thread costs neither. Each thread has its own block, so
/// texts prepared in parallel (`TextBatch`) share nothing; a thread keeps at most 256 KiB.
enum BuildScratch {
    /// Where the parts lie in the block: the shaping stage's look-ups and pending misses
    /// (`BatchShaper.scratchByteCount`), then the decoded units (`utf8Count + 1`, the sentinel included),
    /// then the pass's buffers (`Pass.Layout`, eight-byte aligned).
    struct Sizes {
        let shaper = 0
        let units: Int
        let pass: Int
        let byteCount: Int

        /// For a text of `utf8Count` UTF-8 bytes: its UTF-16 length is at most that, and `Pass.Layout` only
        /// grows with the length.
        @inline(__always)
        init(utf8Count: Int) {
            units = (BatchShaper.scratchByteCount + 1) & ~1
            pass = (units + MemoryLayout<UInt16>.stride * (utf8Count + 1) + 7) & ~7
            byteCount = pass + PreparedText.Pass.Layout(count: utf8Count).byteCount
        }
    }
}
