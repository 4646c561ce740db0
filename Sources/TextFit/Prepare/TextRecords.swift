import Foundation

/// Whole prepared texts, remembered per thread by (font face, size, text): a plain text prepared again on
/// the same thread (a label's string laid out on every screen, a feed's recurring titles) is made from its
/// record by copying one block, without decoding, analysing or looking up its segments again.
///
/// Why: a short UI string's warm preparation was ≈ 1 800 instructions (callgrind, `ui` set), over half of
/// it fixed per text whatever the text's length: the segment cache's look-ups, the run loops' set-up, ICU's
/// opportunities, the storage's layout. A record is the finished storage block (`PreparedText.Storage`),
/// so a hit is one hash of the text's bytes, one probe and one `malloc` and `memcpy` of the block.
///
/// Which texts: those prepared with `PreparedText(_:font:)` (and not long) whose answer is the face, the
/// size, the fallback order and the text's, every cluster measurable, without soft hyphens or mandatory
/// breaks (a hyphenated text's per-point data and the mandatory breaks are not in the copied block).
/// Fallback faces, bidi levels (right-to-left and mixed text, whose segments are cut at level changes,
/// D8, in the block) and the paragraph settings such a text or a tabbed one gets are recorded too: they
/// are immutable objects, made once for the text and shared by every copy (`Shared`, held by the record,
/// so a fallback face loaded from a file stays open while a record uses it). Others are prepared as
/// always. A text is recorded the second time it is prepared on a thread (the first marks it as seen), so
/// text prepared once, as a cold pass's, costs one hash and a mark and no copy.
///
/// Fallback answers change only when a font file the catalog opened is found rewritten or replaced
/// (`FontCatalog.loadFace` retires its face): every thread's records are emptied then, so a text is never
/// copied with a face a fresh build would no longer choose. (Fontconfig's list is read once per catalog:
/// fonts installed later reach neither a fresh build nor a record.)
///
/// Bounded per thread (`TextRecordTable.maximumEntries` entries, `maximumBytes` bytes: a full table turns
/// new texts away and starts again only after turning away four times what it holds, so a working set just
/// over the bound keeps most of its records instead of re-recording all of them each pass) and emptied with
/// the segment cache (`SegmentCache.removeAll`), every thread's.
enum TextRecords {
    /// Texts longer than this many UTF-8 bytes are not recorded (nor hashed): a paragraph's fixed cost is
    /// a small part of its preparation, and its record would be large.
    static let maximumUTF8Count = 160

    /// What a record holds besides the block: the storage as made for the text that was recorded (its
    /// buffers' offsets from its block are the copy's), the block's size, the two one-line widths, the
    /// emergency reach, and the objects a text with fallback faces or bidi levels shares with its copies
    /// (a +1 reference the C record releases when it is freed; nil for a text in its font's face alone,
    /// left to right, without tabs, whose copy reads nothing more).
    struct Header {
        var storage: PreparedText.Storage
        var blockSize: Int
        var oneLineWidth: Int
        var oneLineWidthWithWhitespace: Int
        var emergencyReach: Int
        var mayBeRightToLeft: Bool
        var shared: Unmanaged<Shared>?
    }

    /// What a recorded text refers to outside its block, the same for every copy and immutable: its
    /// fallback faces (those loaded from files held open, `FaceReference`), its bidi levels (resolved for
    /// these very units) and the paragraph settings a bidirectional or tabbed text is given.
    final class Shared: Sendable {
        let fallbackFaceReferences: [FaceReference]
        let bidiMemo: BidiMemo?
        let paragraphSettings: ParagraphSettings?

        /// About the bytes it holds (objects, arrays, the levels' per-unit arrays), for the table's bound:
        /// a short right-to-left text's levels are a few hundred bytes, as much as its block.
        var bytes: Int {
            let levels = bidiMemo?.levels.map { 96 + $0.levels.count + 2 * $0.units.count + 32 * $0.paragraphs.count }
            return 64 + 32 + 16 * fallbackFaceReferences.count + (levels ?? 0) + (paragraphSettings == nil ? 0 : 160)
        }

        init(fallbackFaceReferences: [FaceReference], bidiMemo: BidiMemo?, paragraphSettings: ParagraphSettings?) {
            self.fallbackFaceReferences = fallbackFaceReferences
            self.bidiMemo = bidiMemo
            self.paragraphSettings = paragraphSettings
        }
    }

    /// Where the block starts in a record's payload (after the header, 16-byte aligned).
    static var blockOffset: Int {
        @inline(__always) get { (MemoryLayout<Header>.size + 15) & ~15 }
    }

    /// A look-up's outcome: the record's payload, or its key for an insertion (when `lookup.seen`).
    struct Lookup {
        var payload: UnsafeRawPointer?
        var key = TextRecordTable.Key()
    }

    /// The options that are part of the key besides the face and the size: the fallback order.
    @inline(__always)
    static func options(_ font: Font) -> UInt32 { font.fallback == .fontconfig ? 1 : 0 }

    /// Looks `text` in `font` up on this thread.
    @inline(__always)
    static func find(_ text: String, font: Font) -> Lookup {
        var result = Lookup()
        guard text.utf8.count <= maximumUTF8Count, !text.isEmpty else { return result }
        // The face's id without reference counting (the caller's font holds the face), and the bytes read
        // in place: a retain and release of each (and of a copy of the string) were a third of a look-up's
        // cost for a text that then misses (callgrind, `feed` set).
        let face = Unmanaged.passUnretained(font.face)._withUnsafeGuaranteedRef { $0.id }
        let scale = font.scale
        let options = options(font)
        let found: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            result.payload = TextRecordTable.find(bytes, face: face, scale: scale, options: options, key: &result.key)
        }
        // A string without contiguous UTF-8 (bridged): not looked up, prepared as before.
        _ = found
        return result
    }

    /// Records `prepared` (just made by `PreparedText(_:font:)` after `lookup` found nothing but a mark)
    /// when a copy of what it holds answers as it does (see the type's comment): checked on the built text.
    static func insert(_ prepared: PreparedText, _ lookup: Lookup) {
        let storage = prepared.storage
        let count = storage.unitsBuffer.count
        let settings = prepared.paragraphSettings
        guard count > 0, prepared.measureProblem == nil, prepared.styling == nil,
            prepared.truncationTokenShape == nil, prepared.hyphenPoints == nil, settings?.hyphenation == nil,
            storage.mandatoryBreaksBuffer.baseAddress == nil,
            let flags = storage.flagsBuffer.baseAddress
        else { return }
        let memo = prepared.bidiMemo.load()
        let shared =
            prepared.fallbackFaceReferences.isEmpty && memo == nil && settings == nil
            ? nil
            : Unmanaged.passRetained(
                Shared(fallbackFaceReferences: prepared.fallbackFaceReferences, bidiMemo: memo, paragraphSettings: settings))
        let blockSize = max(8, UnsafeRawPointer(flags + (count + 1)) - UnsafeRawPointer(storage.block))
        let header = Header(
            storage: storage, blockSize: blockSize, oneLineWidth: prepared.oneLineWidth,
            oneLineWidthWithWhitespace: prepared.oneLineWidthWithWhitespace, emergencyReach: prepared.emergencyReach,
            mayBeRightToLeft: prepared.mayBeRightToLeft, shared: shared)
        let payloadSize = blockOffset + blockSize
        let payload = UnsafeMutableRawPointer.allocate(byteCount: payloadSize, alignment: 16)
        defer { payload.deallocate() }
        payload.initializeMemory(as: Header.self, repeating: header, count: 1)
        (payload + blockOffset).copyMemory(from: storage.block, byteCount: blockSize)
        let face = prepared.font.face.id
        let options = options(prepared.font)
        let scale = prepared.font.scale
        var text = prepared.text
        let stored = text.withUTF8 { bytes in
            TextRecordTable.insert(
                bytes, face: face, scale: scale, options: options, key: lookup.key, payload: payload,
                payloadSize: payloadSize, owner: shared?.toOpaque(),
                ownerBytes: shared?._withUnsafeGuaranteedRef { $0.bytes } ?? 0)
        }
        if !stored { shared?.release() }
    }

    /// Empties every thread's records (this thread's now, the others' at their next look-up).
    static func removeAll() { TextRecordTable.removeAll() }

    /// This thread's records: entries (records and texts seen once), records, and their bytes.
    static var statistics: (entries: Int, records: Int, bytes: Int) { TextRecordTable.statistics }
}

extension PreparedText.Storage {
    /// A copy of a recorded storage (`TextRecords.Header`): the record's block copied into a new one,
    /// each buffer at the same offset as in the recorded text's block.
    init(recorded header: UnsafePointer<TextRecords.Header>, block source: UnsafeRawPointer) {
        let size = header.pointee.blockSize
        guard let block = malloc(size) else { fatalError("out of memory") }
        block.copyMemory(from: source, byteCount: size)
        let t = header.pointee.storage
        let base = UnsafeRawPointer(t.block)
        @inline(__always)
        func moved<T>(_ buffer: UnsafeBufferPointer<T>) -> UnsafeBufferPointer<T> {
            guard let start = buffer.baseAddress else { return buffer }
            return UnsafeBufferPointer(
                start: (block + (UnsafeRawPointer(start) - base)).assumingMemoryBound(to: T.self), count: buffer.count)
        }
        self.block = block
        prefixBuffer = moved(t.prefixBuffer)
        breakVisiblePrefixBuffer = moved(t.breakVisiblePrefixBuffer)
        breakPrefixBuffer = moved(t.breakPrefixBuffer)
        paragraphsBuffer = moved(t.paragraphsBuffer)
        segmentsBuffer = moved(t.segmentsBuffer)
        breaksBuffer = moved(t.breaksBuffer)
        breakEndsBuffer = moved(t.breakEndsBuffer)
        graphemes = ClusterStartsView(
            base: t.graphemes.base.map {
                (block + (UnsafeRawPointer($0) - base)).assumingMemoryBound(to: Int32.self)
            })
        graphemeCount = t.graphemeCount
        paragraphBreaksEndBuffer = moved(t.paragraphBreaksEndBuffer)
        unitsBuffer = moved(t.unitsBuffer)
        flagsBuffer = moved(t.flagsBuffer)
        mandatoryBreaksBuffer = UnsafeBufferPointer(start: nil, count: 0)
        hasBreaksBetweenHangul = t.hasBreaksBetweenHangul
        breakVisiblePrefixIsMonotone = t.breakVisiblePrefixIsMonotone
        allowsFastBreaking = t.allowsFastBreaking
    }
}
