import Synchronization

/// The first sizes of a face's HarfBuzz fonts, read without a lock: preparing a text asks its face for the
/// font at its size once per cold text, and the face's locked dictionary cost about 185 instructions a
/// call (the lock, the exclusivity checks, hashing the scale; callgrind, `ui` set), a few percent of a
/// short string's cold preparation. Most programs use a handful of sizes per face.
///
/// Append-only under the face's lock (`Face.harfBuzzFont(scale:)`), never evicted: an entry is written,
/// then published by the count (release); a reader loads the count (acquire) and scans that many. The
/// fonts are held until the face is freed, `capacity` at most; later sizes go to the face's dictionary.
final class PinnedSizedFonts: @unchecked Sendable {
    // @unchecked: slots below `count` are immutable once published; slots at and above it are written
    // only under the face's lock, before the count that publishes them.
    static let capacity = 16
    private let count = Atomic<Int>(0)
    private let scales = UnsafeMutablePointer<Int32>.allocate(capacity: PinnedSizedFonts.capacity)
    private let fonts = UnsafeMutablePointer<Unmanaged<HarfBuzzFont>>.allocate(capacity: PinnedSizedFonts.capacity)

    init() {}

    deinit {
        for i in 0..<count.load(ordering: .acquiring) { fonts[i].release() }
        scales.deallocate()
        fonts.deallocate()
    }

    var fontCount: Int { count.load(ordering: .acquiring) }

    /// The pinned font at `scale`, if any.
    @inline(__always)
    func font(scale: Int32) -> HarfBuzzFont? {
        let n = count.load(ordering: .acquiring)
        for i in 0..<n where scales[i] == scale { return fonts[i].takeUnretainedValue() }
        return nil
    }

    /// Pins `font` (at `scale`, not pinned yet); false when full. Only under the face's lock: one writer.
    func append(_ font: HarfBuzzFont, scale: Int32) -> Bool {
        let n = count.load(ordering: .relaxed)
        guard n < Self.capacity else { return false }
        scales[n] = scale
        fonts[n] = Unmanaged.passRetained(font)
        count.store(n + 1, ordering: .releasing)
        return true
    }
}
