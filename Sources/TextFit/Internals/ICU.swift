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
    func breaks(
        _ text: UnsafeBufferPointer<UInt16>, positions: UnsafeMutablePointer<Int32>,
        mandatory: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard text.count > 0, let base = text.baseAddress, let iterator = borrow() else { return 0 }
        var error: Int32 = 0
        let count = tf_line_breaks(iterator.handle, base, Int32(text.count), positions, mandatory, Int32(text.count), &error)
        free.withLock { $0.append(iterator) }
        return max(0, Int(count))
    }
}

/// ICU's Line_Break property (`u_getIntPropertyValue(c, UCHAR_LINE_BREAK)`), for the tables built from it
/// (`SimpleLineBreaks.classes`). The values are ICU's `ULineBreak` (uchar.h), stable across versions:
/// ICU only appends new classes.
///
/// ```swift
/// LineBreakProperty.of(0x41) == LineBreakProperty.alphabetic  // true
/// ```
enum LineBreakProperty {
    static let ambiguous: Int32 = 1  // U_LB_AMBIGUOUS
    static let alphabetic: Int32 = 2  // U_LB_ALPHABETIC
    static let closePunctuation: Int32 = 8  // U_LB_CLOSE_PUNCTUATION
    static let exclamation: Int32 = 11  // U_LB_EXCLAMATION
    static let ideographic: Int32 = 14  // U_LB_IDEOGRAPHIC
    static let inseparable: Int32 = 15  // U_LB_INSEPARABLE
    static let infixNumeric: Int32 = 16  // U_LB_INFIX_NUMERIC
    static let nonstarter: Int32 = 18  // U_LB_NONSTARTER
    static let numeric: Int32 = 19  // U_LB_NUMERIC
    static let openPunctuation: Int32 = 20  // U_LB_OPEN_PUNCTUATION
    static let postfixNumeric: Int32 = 21  // U_LB_POSTFIX_NUMERIC
    static let prefixNumeric: Int32 = 22  // U_LB_PREFIX_NUMERIC
    static let quotation: Int32 = 23  // U_LB_QUOTATION
    static let breakSymbols: Int32 = 27  // U_LB_BREAK_SYMBOLS
    static let conditionalJapaneseStarter: Int32 = 37  // U_LB_CONDITIONAL_JAPANESE_STARTER

    /// The class of `scalar`, one of the values above or another `ULineBreak`.
    static func of(_ scalar: UInt32) -> Int32 { tf_line_break_class(scalar) }
}

/// The door to ICU's word break iterator (UAX #29 word segments), for `TextLayout.wordRange(at:)`.
enum ICUWords {
    /// The word segment of `text` holding `offset` (at the end, the last segment) and whether ICU calls it
    /// a word (letters, numbers, kana, ideographs) rather than spaces or punctuation; nil when ICU could not
    /// open an iterator (out of memory) or the text is empty.
    static func segment(_ text: UnsafeBufferPointer<UInt16>, at offset: Int) -> (range: Range<Int>, isWord: Bool)? {
        guard let base = text.baseAddress, text.count > 0, text.count <= Int(Int32.max) else { return nil }
        var start: Int32 = 0, end: Int32 = 0, isWord: Int32 = 0, error: Int32 = 0
        let clamped = Int32(min(max(offset, 0), text.count))
        guard tf_word_segment(base, Int32(text.count), clamped, &start, &end, &isWord, &error) == 0,
            start <= end
        else { return nil }
        return (Int(start)..<Int(end), isWord != 0)
    }
}
