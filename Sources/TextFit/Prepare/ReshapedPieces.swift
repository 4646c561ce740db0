import Synchronization

/// Widths of the pieces `PreparedText.width(_:_:)` reshaped, remembered for the text's lifetime, so
/// laying the same text out again (another width, the same width again, `measure` then `layout`) adds
/// stored numbers instead of reshaping. Issue 4's relayout: a piece is where a line starts or ends inside
/// a word at a cluster HarfBuzz flags unsafe to break (an emergency break, W2, or a truncation cut, T4),
/// and each costs a segment-cache look-up or an `hb_shape`.
///
/// A piece is keyed by its unsafe end and which end it is: a line ending at unsafe position `p` reshapes
/// from the nearest safe position before `p` in its segment, whatever the line's start, as long as the line
/// starts at or before that position (and symmetrically for a line starting at `p`). So an entry holds the
/// piece's other end with its width, and `PreparedText.width` uses it only when the line covers it.
///
/// Lock-free: entries are single 64-bit atomic words written once with a value every thread would
/// compute alike, so a race only computes a width twice. Pages of 64 positions are allocated on first
/// use (published with release/acquire), at most `maxPages` per text, so memory stays bounded however
/// long the text (8 bytes of page table per 64 units, then 1 KiB a page, at most 256 KiB a text); past
/// that, pieces are reshaped as before. Pages are small because a text's first piece zeroes a whole page
/// (a 4 KiB page was 64 cache lines written, 5 of `latin-liberation`'s 130 write misses a cold text) and
/// 1 KiB stays in glibc's thread cache, where 4 KiB takes malloc's general path.
///
/// The storage pointer lives in the `PreparedText` (`reshapedPieces`), which frees it in `deinit`.
struct ReshapedPieces: ~Copyable {
    /// 0 until the first piece is stored, then the address of the page table: slot 0 counts allocated
    /// pages, slots 1... hold page addresses (0 = not allocated).
    private let table = Atomic<UInt>(0)
    private let pageCount: Int

    static let positionsPerPage = 64
    static let maxPages = 256
    /// An entry: `present` | other end's distance (0...reshapeWindow, 9 bits) << 32 | width as Int32.
    private static let present: UInt64 = 1 << 63

    enum End: Int {
        /// The piece starts at the key position (a line starting inside a word).
        case start = 0
        /// The piece ends at the key position (a line ending inside a word).
        case end = 1
    }

    init(unitCount: Int) {
        pageCount = (unitCount + Self.positionsPerPage - 1) / Self.positionsPerPage
    }

    deinit {
        let address = table.load(ordering: .acquiring)
        guard address != 0, let slots = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: address) else { return }
        for page in stride(from: 1, through: pageCount, by: 1) {
            let pageAddress = slots[page].load(ordering: .relaxed)
            if pageAddress != 0 { UnsafeMutableRawPointer(bitPattern: pageAddress)?.deallocate() }
        }
        UnsafeMutableRawPointer(slots).deallocate()
    }

    /// The stored piece at `position` for `end`: its other end and width, or nil.
    @inline(__always)
    func piece(at position: Int, _ end: End) -> (otherEnd: Int, width: Int)? {
        let address = table.load(ordering: .acquiring)
        guard address != 0, let slots = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: address) else { return nil }
        let pageAddress = slots[1 + position / Self.positionsPerPage].load(ordering: .acquiring)
        guard pageAddress != 0, let page = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: pageAddress) else { return nil }
        let entry = page[(position % Self.positionsPerPage) * 2 + end.rawValue].load(ordering: .relaxed)
        guard entry & Self.present != 0 else { return nil }
        let distance = Int((entry >> 32) & 0x1FF)
        let width = Int(Int32(bitPattern: UInt32(truncatingIfNeeded: entry)))
        return (end == .start ? position + distance : position - distance, width)
    }

    /// Pages allocated so far (at most `maxPages`).
    var allocatedPages: Int {
        let address = table.load(ordering: .acquiring)
        guard address != 0, let slots = UnsafeMutablePointer<Atomic<UInt>>(bitPattern: address) else { return 0 }
        return Int(slots[0].load(ordering: .relaxed))
    }

    /// Stores the piece between `position` and `otherEnd`, unless its width does not fit 32 bits, its
    /// ends are farther apart than 9 bits hold, or the text has used its pages.
    func store(at position: Int, _ end: End, otherEnd: Int, width: Int) {
        let distance = abs(otherEnd - position)
        guard distance < 512, let width32 = Int32(exactly: width),
            let page = page(for: position)
        else { return }
        let entry = Self.present | UInt64(distance) << 32 | UInt64(UInt32(bitPattern: width32))
        page[(position % Self.positionsPerPage) * 2 + end.rawValue].store(entry, ordering: .relaxed)
    }

    /// The page holding `position`, allocated (zeroed) and published if needed; nil past `maxPages`.
    private func page(for position: Int) -> UnsafeMutablePointer<Atomic<UInt64>>? {
        guard let slots = slots() else { return nil }
        let slot = 1 + position / Self.positionsPerPage
        let existing = slots[slot].load(ordering: .acquiring)
        if existing != 0 { return UnsafeMutablePointer(bitPattern: existing) }
        // Count the page before allocating it, so racing threads cannot pass the bound together.
        if slots[0].wrappingAdd(1, ordering: .relaxed).oldValue >= UInt(Self.maxPages) {
            slots[0].wrappingSubtract(1, ordering: .relaxed)
            return nil
        }
        let entries = Self.positionsPerPage * 2
        let page = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: entries)
        for i in 0..<entries { (page + i).initialize(to: Atomic(0)) }
        let (won, current) = slots[slot].compareExchange(
            expected: 0, desired: UInt(bitPattern: page),
            ordering: .acquiringAndReleasing)
        if won { return page }
        UnsafeMutableRawPointer(page).deallocate()
        slots[0].wrappingSubtract(1, ordering: .relaxed)
        return UnsafeMutablePointer(bitPattern: current)
    }

    /// The page table, allocated (zeroed) and published on first use.
    private func slots() -> UnsafeMutablePointer<Atomic<UInt>>? {
        let address = table.load(ordering: .acquiring)
        if address != 0 { return UnsafeMutablePointer(bitPattern: address) }
        let slots = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: 1 + pageCount)
        for i in 0...pageCount { (slots + i).initialize(to: Atomic(0)) }
        let (won, current) = table.compareExchange(
            expected: 0, desired: UInt(bitPattern: slots),
            ordering: .acquiringAndReleasing)
        if won { return slots }
        UnsafeMutableRawPointer(slots).deallocate()
        return UnsafeMutablePointer(bitPattern: current)
    }
}
