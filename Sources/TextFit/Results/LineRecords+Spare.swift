/// Where a layout's line records buffer comes from (`LineRecords.Writer.nextBlock`): relayout makes a
/// layout, reads it and drops it, width after width, and allocating and freeing each buffer (a Swift
/// object: `malloc`, its header, and on the last release the deinit and `free`) cost more than the line
/// loop of a short text (≈ 180 instructions a layout of more than `inlineCapacity` lines, callgrind,
/// `latin` set). So each thread keeps the last buffer it made as a spare (`ThreadSpare`), and the next
/// layout on that thread takes it again when no layout holds it any more and it is large enough: a
/// uniqueness test and a retain instead, and dropping the layout is a release that frees nothing.
///
/// A layout still alive keeps its buffer to itself: the spare is reused only when the slot's reference is
/// the only one (`isKnownUniquelyReferenced`), as a copy-on-write array is written in place, so a layout
/// never sees its lines change. A thread keeps at most `spareCapacityLimit` records (128 KiB); its spare
/// is released when the thread exits.
extension LineRecords.Storage {
    /// The largest buffer, in records, a thread keeps as its spare.
    static let spareCapacityLimit = 4096

    /// A buffer of exactly `capacity` records (its header).
    @inline(__always)
    static func make(capacity: Int) -> LineRecords.Storage {
        unsafeDowncast(create(minimumCapacity: capacity) { _ in capacity }, to: LineRecords.Storage.self)
    }

    /// A buffer of at least `capacity` records: the thread's spare when nothing else holds it and it is
    /// large enough, else a new one, which becomes the spare (up to `spareCapacityLimit`).
    @inline(__always)
    static func make(minimumCapacity capacity: Int) -> LineRecords.Storage {
        if var spare = ThreadSpare.take(LineRecords.Storage.self) {
            if isKnownUniquelyReferenced(&spare), spare.capacityInRecords >= capacity {
                ThreadSpare.put(spare)
                return spare
            }
            // Held by a layout still alive (or too small): the slot's reference goes with `spare`.
        }
        let fresh = make(capacity: capacity)
        if capacity <= spareCapacityLimit { ThreadSpare.put(fresh) }
        return fresh
    }
}
