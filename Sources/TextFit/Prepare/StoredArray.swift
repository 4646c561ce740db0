/// A read-only array that lives in a `PreparedText`'s storage block (`PreparedText.Storage`), and keeps
/// the text that owns the block alive as an array keeps its buffer, so a view may outlive the reference
/// it was read through (`PreparedText(...).flags` is a temporary's array).
///
/// Why not `Array`: a text kept nine arrays (prefix sums, flags, opportunities and what is derived from
/// them, clusters, segments, paragraphs), each allocated, filled by a copy, reference counted and freed
/// on its own; for a warm preparation that was about a tenth of the instructions. One block holds them
/// all, and this type gives each the read-only `Array` surface the rest of TextFit uses (subscript with a
/// bounds check, `count`, `withUnsafeBufferPointer`, collection algorithms, `==`).
///
/// `@unchecked Sendable`: the memory is written once, before the `PreparedText` is published, and only
/// read afterwards.
struct StoredArray<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    /// Keeps `buffer` valid: the text whose `deinit` frees the block. Reading a view out of a `PreparedText`
    /// costs what reading an array did.
    let owner: PreparedText
    let buffer: UnsafeBufferPointer<Element>

    @inline(__always)
    init(_ owner: PreparedText, _ buffer: UnsafeBufferPointer<Element>) {
        self.owner = owner
        self.buffer = buffer
    }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }
    var count: Int { buffer.count }

    /// Checked like an array's subscript (an `UnsafeBufferPointer` checks only in debug builds).
    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: buffer.count), "Index out of range")
        return buffer[position]
    }

    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(buffer)
    }
}

extension StoredArray: Equatable where Element: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
    static func == (lhs: Self, rhs: [Element]) -> Bool { lhs.elementsEqual(rhs) }
}
