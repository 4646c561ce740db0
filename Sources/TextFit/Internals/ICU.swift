import CTextFit

/// One ICU line-break iterator (single owner; destroyed with its box).
private final class LineIterator: @unchecked Sendable {
    // @unchecked: an iterator is used by one thread at a time: the pool hands it out exclusively.
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { tf_line_iterator_destroy(handle) }
}

/// The door to ICU's line-break iterator (through the C shim).
///
/// ICU iterators are not thread-safe and opening one parses rules, so a pool keeps iterators cloned from
/// one prototype: each call borrows one, uses it and gives it back. There is one per concurrent worker,
/// never one opened per call.
final class LineBreakIteratorPool: Sendable {
    private let prototype: LineIterator
    private let free = Locked<[LineIterator]>([])

    static let shared: LineBreakIteratorPool? = LineBreakIteratorPool(locale: "")

    init?(locale: String) {
        var error: Int32 = 0
        guard let handle = tf_line_iterator_create(locale, &error) else { return nil }
        prototype = LineIterator(handle)
    }

    private func borrow() -> LineIterator? {
        if let iterator = free.withLock({ $0.popLast() }) { return iterator }
        // Cloning reads the prototype only; nobody iterates the prototype itself.
        var error: Int32 = 0
        return tf_line_iterator_clone(prototype.handle, &error).map(LineIterator.init)
    }

    /// Writes the UAX #14 break opportunities of `text` into `positions` (ascending, the end of the text
    /// included) and whether each is mandatory into `mandatory` (1 or 0); both hold `text.count` values.
    /// Returns how many there are (0 when ICU failed).
    func breaks(_ text: UnsafeBufferPointer<UInt16>, positions: UnsafeMutablePointer<Int32>,
                mandatory: UnsafeMutablePointer<UInt8>) -> Int {
        guard text.count > 0, let base = text.baseAddress, let iterator = borrow() else { return 0 }
        var error: Int32 = 0
        let count = tf_line_breaks(iterator.handle, base, Int32(text.count), positions, mandatory, Int32(text.count), &error)
        free.withLock { $0.append(iterator) }
        return max(0, Int(count))
    }
}
