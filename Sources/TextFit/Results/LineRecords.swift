/// A layout's lines as the breaker made them, which `TextLines` reads: a compact record per line (its
/// range and two widths), the first `inlineCapacity` inline, the rest in one tail-allocated buffer; the
/// fields only a cut line has (visible and suffix ranges, ellipsis, `isCut`) apart; the widest width
/// kept as lines arrive.
///
/// A layout pays for its lines here, so each step is as cheap as it can be made: a plain line is four
/// integer stores (a `BrokenLine` is 88 bytes, 11 stores), no uniqueness check, no reference counting, no
/// bounds check. Layouts of up to `inlineCapacity` lines (more than half of them) allocate nothing, so
/// they free nothing either; a longer one allocates once when the expected count was enough
/// (`PreparedText.expectedLineCount`) and doubles otherwise. The breaker produces at most one cut line (the
/// last visible one, T2–T6): its rare fields have an inline slot; any further ones (no breaker makes them)
/// go to a side list. `size` reads the widest line's width without walking the records.
///
/// Lines are appended through a `Writer` (`withWriter(expectedCount:_:)`, or `append` one at a time),
/// which writes into storage copies share: append only to the value being built, never to a copy. Once in
/// a `TextLines` it is only read, which is what makes it `Sendable`.
struct LineRecords: @unchecked Sendable, Equatable {
    /// Lines stored in the value itself: 4 records (128 bytes) cover 57 % of the relayout benchmark's
    /// layouts (22 % have one line, 38 % up to two).
    static let inlineCapacity = 4

    /// A line without the rare fields: its source range and widths in 1/1024 pt.
    struct Record: Equatable {
        var start: Int
        var end: Int
        var width: Int
        var widthWithWhitespace: Int

        static let zero = Record(start: 0, end: 0, width: 0, widthWithWhitespace: 0)

        @inline(__always)
        init(start: Int, end: Int, width: Int, widthWithWhitespace: Int) {
            (self.start, self.end, self.width, self.widthWithWhitespace) = (start, end, width, widthWithWhitespace)
        }

        @inline(__always)
        init(_ line: BrokenLine) {
            self.init(start: line.start, end: line.end, width: line.width, widthWithWhitespace: line.widthWithWhitespace)
        }
    }

    /// What a cut line has beyond its record; a plain line's are `start..<end`, `0..<0`, nil and false.
    struct Rare: Equatable {
        var visible: Range<Int>
        var suffix: Range<Int>
        var ellipsis: EllipsisPlacement?
        var isCut: Bool
    }

    private(set) var count = 0
    /// The widest line's `width` (0 without lines), kept as lines arrive: `size` reads it per relayout.
    private(set) var widest = 0
    /// Lines 0..<min(count, inlineCapacity).
    private var inline = InlineArray<4, Record>(repeating: .zero)
    /// Lines inlineCapacity..<count; its header is its capacity.
    private var rest: Storage?
    /// The first line with rare fields (−1: none) and its fields, in 24 bytes rather than 48: every
    /// layout zeroes and copies them. A line whose index or offsets do not fit 32 bits goes to `moreRare`.
    private var rareIndex: Int32 = -1
    private var rare = CompactRare()
    /// Any other lines with rare fields, in line order.
    private var moreRare: MoreRare?

    /// `Rare` in 32-bit offsets.
    struct CompactRare {
        var visibleStart: UInt32 = 0, visibleEnd: UInt32 = 0, suffixStart: UInt32 = 0, suffixEnd: UInt32 = 0
        var ellipsis: EllipsisPlacement?
        var isCut = false

        init() {}

        init?(_ fields: Rare) {
            guard let visibleStart = UInt32(exactly: fields.visible.lowerBound),
                let visibleEnd = UInt32(exactly: fields.visible.upperBound),
                let suffixStart = UInt32(exactly: fields.suffix.lowerBound),
                let suffixEnd = UInt32(exactly: fields.suffix.upperBound)
            else { return nil }
            (self.visibleStart, self.visibleEnd, self.suffixStart, self.suffixEnd) = (
                visibleStart, visibleEnd, suffixStart, suffixEnd
            )
            (ellipsis, isCut) = (fields.ellipsis, fields.isCut)
        }

        var fields: Rare {
            Rare(
                visible: Int(visibleStart)..<Int(visibleEnd), suffix: Int(suffixStart)..<Int(suffixEnd),
                ellipsis: ellipsis, isCut: isCut)
        }
    }

    /// Trivial elements (integers): nothing to deinitialise. The header is the capacity in records
    /// (`ManagedBuffer.capacity` asks `malloc_usable_size`).
    final class Storage: ManagedBuffer<Int, Record> {
        /// The header, read through its pointer: `header` is a class's stored property, and each read
        /// of it paid a dynamic exclusivity check (`swift_beginAccess`, about 38 instructions: two per
        /// layout that outgrows its inline records, callgrind, `latin` set).
        var capacityInRecords: Int {
            @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee } }
        }
    }

    /// Rare fields of the lines after the first that has them (only tests make such records).
    final class MoreRare {
        var lines: [(index: Int, rare: Rare)] = []
    }

    @inline(__always)
    init() {}

    /// One line (a text that fits on one line).
    @inline(__always)
    init(single line: BrokenLine) {
        // Through a writer: filling the fields directly made the optimiser copy the records out with two
        // `memcpy` calls in `layout` (+54 instructions a call).
        append(line)
    }

    /// Whether a line has none of the rare fields. The breaker builds its plain lines with these
    /// constants, so after inlining the test folds away.
    @inline(__always)
    static func isPlain(_ line: BrokenLine) -> Bool {
        line.ellipsis == nil && !line.isCut && line.visible.lowerBound == line.start
            && line.visible.upperBound == line.end && line.suffix.lowerBound == 0 && line.suffix.upperBound == 0
    }

    subscript(index: Int) -> BrokenLine {
        precondition(index >= 0 && index < count, "line index out of range")
        let record =
            index < Self.inlineCapacity
            ? inline[unchecked: index]
            : rest.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[index - Self.inlineCapacity] }
        let fields =
            rareFields(at: index)
            ?? Rare(visible: record.start..<record.end, suffix: 0..<0, ellipsis: nil, isCut: false)
        return BrokenLine(
            start: record.start, end: record.end, visible: fields.visible, suffix: fields.suffix,
            width: record.width, widthWithWhitespace: record.widthWithWhitespace,
            ellipsis: fields.ellipsis, isCut: fields.isCut)
    }

    private func rareFields(at index: Int) -> Rare? {
        if index == rareIndex { return rare.fields }
        guard let moreRare else { return nil }
        return moreRare.lines.first { $0.index == index }?.rare
    }

    /// The widest line's `widthWithWhitespace` (0 without lines): walked, not kept, since only
    /// `boundingRect` and rendering read it (keeping it cost the line loop 4 instructions a line).
    var widestWithWhitespace: Int {
        guard count > 0 else { return 0 }
        var widest = 0  // K1: never below 0, as `widest`
        for index in 0..<Swift.min(count, Self.inlineCapacity) {
            widest = Swift.max(widest, inline[unchecked: index].widthWithWhitespace)
        }
        if count > Self.inlineCapacity {
            rest.unsafelyUnwrapped.withUnsafeMutablePointerToElements { lines in
                for index in 0..<(count - Self.inlineCapacity) {
                    widest = Swift.max(widest, lines[index].widthWithWhitespace)
                }
            }
        }
        return widest
    }

    /// Appends one line (`withWriter` for many).
    @inline(__always)
    mutating func append(_ line: BrokenLine) {
        withWriter(expectedCount: count + 1) { $0.append(line) }
    }

    /// Calls `body` with a writer that appends to these records; the records are updated when it returns.
    /// - Parameter expectedCount: how many lines there will be in all, to size the buffer once.
    @inline(__always)
    mutating func withWriter<Result>(expectedCount: Int, _ body: (inout Writer) -> Result) -> Result {
        withUnsafeMutablePointer(to: &self) { records in
            var writer = Writer(records, expectedCount: expectedCount)
            let result = body(&writer)
            writer.finish()
            return result
        }
    }

    /// The same lines; how much was reserved does not matter.
    static func == (a: LineRecords, b: LineRecords) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}

extension LineRecords {
    /// Appends lines to a `LineRecords` (the breaker's sink in `layout`): the place for the next record
    /// and the end of its block, and the widest width so far. A few trivial words, so the breaker moves
    /// it in and out of its emitter for free (moving the records themselves, with their inline lines and
    /// buffer reference, cost ≈ 200 instructions a layout); valid only inside `withWriter`.
    struct Writer: LineSink {
        private var next: UnsafeMutablePointer<Record>
        private var end: UnsafeMutablePointer<Record>
        private var widest: Int
        /// The index of the line `block` holds first, and that slot.
        private var blockStartIndex: Int
        private var block: UnsafeMutablePointer<Record>
        private let expectedCount: Int
        private let records: UnsafeMutablePointer<LineRecords>?

        /// The `LineSink` placeholder: appending to it traps.
        init() {
            let nowhere = UnsafeMutablePointer<Record>(bitPattern: MemoryLayout<Record>.alignment).unsafelyUnwrapped
            (next, end, block) = (nowhere, nowhere, nowhere)
            (widest, blockStartIndex, expectedCount, records) = (0, 0, 0, nil)
        }

        @inline(__always)
        fileprivate init(_ records: UnsafeMutablePointer<LineRecords>, expectedCount: Int) {
            self.records = records
            self.expectedCount = expectedCount
            let count = records.pointee.count
            // From 0, not `Int.min`: the widest width is reported (`TextLayout.size`), and a reported width
            // never goes below 0 (K1: a negative kern's line); a constant, so the line loop pays nothing.
            widest = count > 0 ? records.pointee.widest : 0
            if count < LineRecords.inlineCapacity || records.pointee.rest == nil {
                blockStartIndex = 0
                block = Self.inlineRecords(records)
                end = block + LineRecords.inlineCapacity
            } else {
                #if DEBUG
                // The thread's spare slot may hold the buffer too (`Storage.make`).
                precondition(
                    isKnownUniquelyReferenced(&records.pointee.rest!) || ThreadSpare.holds(records.pointee.rest!),
                    "appending to a copy of line records")
                #endif
                blockStartIndex = LineRecords.inlineCapacity
                block = records.pointee.rest.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0 }
                end = block + records.pointee.rest.unsafelyUnwrapped.capacityInRecords
            }
            next = block + (count - blockStartIndex)
        }

        /// The inline records' first slot, from the pointer to the whole value.
        @inline(__always)
        private static func inlineRecords(_ records: UnsafeMutablePointer<LineRecords>) -> UnsafeMutablePointer<Record> {
            let offset = MemoryLayout<LineRecords>.offset(of: \LineRecords.inline).unsafelyUnwrapped
            return (UnsafeMutableRawPointer(records) + offset).assumingMemoryBound(to: Record.self)
        }

        /// Lines appended so far, these records' included.
        private var count: Int { blockStartIndex + (next - block) }

        @inline(__always)
        mutating func append(_ line: BrokenLine) {
            if _slowPath(!LineRecords.isPlain(line)) { appendRare(line) }
            if _slowPath(next == end) { nextBlock() }
            next.initialize(to: Record(line))
            next += 1
            widest = Swift.max(widest, line.width)
        }

        /// Records the rare fields of the line about to be appended.
        @inline(never)
        private mutating func appendRare(_ line: BrokenLine) {
            let records = self.records.unsafelyUnwrapped
            let fields = Rare(visible: line.visible, suffix: line.suffix, ellipsis: line.ellipsis, isCut: line.isCut)
            let index = count
            if records.pointee.rareIndex < 0, let compact = CompactRare(fields), let index32 = Int32(exactly: index) {
                records.pointee.rareIndex = index32
                records.pointee.rare = compact
            } else {
                if records.pointee.moreRare == nil { records.pointee.moreRare = MoreRare() }
                records.pointee.moreRare.unsafelyUnwrapped.lines.append((index, fields))
            }
        }

        /// Moves on from a full block: the inline records to a new buffer, a full buffer to one twice as
        /// large.
        @inline(never)
        private mutating func nextBlock() {
            guard let records else { preconditionFailure("appending to the placeholder writer") }
            let inlineCapacity = LineRecords.inlineCapacity
            // From the inline records (full) to a buffer sized for the rest, or from a full buffer.
            let used = blockStartIndex == 0 ? 0 : end - block
            let newCapacity = blockStartIndex == 0 ? Swift.max(expectedCount - inlineCapacity, inlineCapacity) : 2 * used
            // The first buffer is the thread's spare when it is free (`Storage.make`); a doubled one, about
            // one layout in 850, is made afresh.
            let storage =
                blockStartIndex == 0 ? Storage.make(minimumCapacity: newCapacity) : Storage.make(capacity: newCapacity)
            let elements = storage.withUnsafeMutablePointerToElements { $0 }
            if used > 0 { elements.initialize(from: block, count: used) }
            // Releases the old buffer (if any), which `block` pointed into; it is replaced below.
            records.pointee.rest = consume storage
            blockStartIndex = inlineCapacity
            block = elements
            next = elements + used
            end = elements + records.pointee.rest.unsafelyUnwrapped.capacityInRecords
        }

        /// Writes the count and the widest width back into the records.
        @inline(__always)
        fileprivate func finish() {
            let records = self.records.unsafelyUnwrapped
            let count = self.count
            records.pointee.count = count
            records.pointee.widest = count > 0 ? widest : 0
        }
    }
}
