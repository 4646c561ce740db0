/// A layout's lines as the breaker made them, which `TextLines` reads: the first inline, the rest in one
/// tail-allocated buffer.
///
/// Appending is a layout's cost per line, so it is a plain store: no uniqueness check, no reference
/// counting, no bounds check (`Array.append` makes a runtime call per element). The first line is kept
/// inline, so a one-line layout (most labels) allocates nothing; a longer one allocates once when the
/// expected count was enough (`PreparedText.expectedLineCount`), and doubles otherwise.
///
/// Appending writes into the buffer copies share: append only to the value being built (`layout` moves it
/// through the breaker by `inout`), never to a copy. Once in a `TextLines` it is only read, which is what
/// makes it `Sendable`.
struct LineRecords: LineSink, @unchecked Sendable, Equatable {
    private(set) var count = 0
    private var first = BrokenLine(start: 0, end: 0, visible: 0..<0, width: 0, widthWithWhitespace: 0,
                                   ellipsis: nil, isCut: false)
    /// Lines 1..<count, `capacity` slots.
    private var rest: Storage?
    private var capacity = 0
    private let expectedCount: Int

    /// Trivial elements (integers, ranges, enums): nothing to deinitialise.
    final class Storage: ManagedBuffer<Void, BrokenLine> {}

    init(expectedCount: Int) { self.expectedCount = expectedCount }

    /// No lines and no buffer (the `LineSink` placeholder).
    init() { self.init(expectedCount: 0) }

    subscript(index: Int) -> BrokenLine {
        precondition(index >= 0 && index < count, "line index out of range")
        if index == 0 { return first }
        return rest.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[index - 1] }
    }

    mutating func append(_ line: BrokenLine) {
        if count == 0 {
            first = line
        } else {
            if count - 1 == capacity { grow() }
            let slot = count - 1
            rest.unsafelyUnwrapped.withUnsafeMutablePointerToElements { ($0 + slot).initialize(to: line) }
        }
        count += 1
    }

    private mutating func grow() {
        let newCapacity = Swift.max(expectedCount - 1, 2 * capacity, 4)
        let storage = unsafeDowncast(Storage.create(minimumCapacity: newCapacity) { _ in }, to: Storage.self)
        if let rest {
            let used = capacity
            rest.withUnsafeMutablePointerToElements { old in
                storage.withUnsafeMutablePointerToElements { new in new.initialize(from: old, count: used) }
            }
        }
        rest = storage
        capacity = newCapacity
    }

    /// The widest line's `width`, or `widthWithWhitespace`, in 1/1024 pt (0 without lines).
    func widest(includingTrailingWhitespace: Bool) -> Int {
        guard count > 0 else { return 0 }
        func width(_ line: BrokenLine) -> Int { includingTrailingWhitespace ? line.widthWithWhitespace : line.width }
        var widest = width(first)
        guard count > 1 else { return widest }
        rest.unsafelyUnwrapped.withUnsafeMutablePointerToElements { lines in
            for index in 0..<(count - 1) { widest = Swift.max(widest, width(lines[index])) }
        }
        return widest
    }

    /// The same lines; how much was reserved does not matter.
    static func == (a: LineRecords, b: LineRecords) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}
