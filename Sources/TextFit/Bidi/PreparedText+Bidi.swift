import Synchronization

/// A text's bidi levels, or the knowledge that it has none to resolve, kept once per `PreparedText`.
final class BidiMemo: Sendable {
    /// nil: every level is 0 (left-to-right text in a natural or left-to-right paragraph).
    let levels: BidiLevels?

    init(levels: BidiLevels?) { self.levels = levels }
}

/// A text's `BidiMemo`, set at most once: `AtomicLazyReference<BidiMemo>`'s `load` and `storeIfNil`, the
/// reference kept as its address in a non-generic `Atomic<UInt>`.
///
/// Why: `AtomicLazyReference`'s generic `load` looked its type's metadata up on every call (about 560
/// instructions, callgrind, `textfit batch`, whose writer asks `isBidirectional` of every case); here a
/// load is one acquiring read. `load` returns what was stored, `storeIfNil` stores only into an empty slot
/// and returns the memo that is there after it, as `AtomicLazyReference` does; the slot releases the memo
/// when its text goes.
struct BidiMemoSlot: ~Copyable, Sendable {
    private let address = Atomic<UInt>(0)

    init() {}

    deinit {
        let stored = address.load(ordering: .acquiring)
        if let pointer = UnsafeRawPointer(bitPattern: stored) { Unmanaged<BidiMemo>.fromOpaque(pointer).release() }
    }

    /// The memo stored, or nil.
    @inline(__always)
    func load() -> BidiMemo? {
        guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) else { return nil }
        return Unmanaged<BidiMemo>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Stores `memo` when the slot is empty; returns the memo the slot holds afterwards (`memo`, or the one
    /// another thread stored first).
    func storeIfNil(_ memo: BidiMemo) -> BidiMemo {
        let retained = Unmanaged.passRetained(memo)
        let (exchanged, original) = address.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return memo }
        // The exchange failed because a memo was there, so `original` is its address.
        guard let pointer = UnsafeRawPointer(bitPattern: original) else { return memo }
        retained.release()
        return Unmanaged<BidiMemo>.fromOpaque(pointer).takeUnretainedValue()
    }
}

extension PreparedText {
    /// Analyses and shapes `text` in `font` with every paragraph's base direction given (UAX #9 P3's
    /// higher-level override, `NSParagraphStyle.baseWritingDirection`); `.natural` is what
    /// `init(_:font:)` does.
    ///
    /// ```swift
    /// let text = PreparedText("12 apples", font: font, baseWritingDirection: .rightToLeft)
    /// try text.layout(width: 200).baseWritingDirection   // .rightToLeft
    /// ```
    public convenience init(_ text: String, font: Font, baseWritingDirection: WritingDirection) {
        var style = ParagraphStyle()
        style.baseWritingDirection = baseWritingDirection
        self.init(text, font: font, paragraph: nil, style: style)
    }

    /// The text's levels, nil when every one is 0 (nothing to reorder). Resolved while preparing a text
    /// that may run right to left (`mayBeRightToLeft`) or is set in a right-to-left paragraph, whose
    /// segments are cut where the level changes (D8), and kept; line breaking works in logical order, so
    /// measuring never asks (but for a tabbed line's paragraph direction, P10, on a text prepared with a
    /// paragraph style). Left-to-right text costs nothing here.
    var bidi: BidiLevels? {
        if let memo = bidiMemo.load() { return memo.levels }
        // No memo: the pass did not look, so the text has no unit that may need resolution and its
        // paragraphs are natural or left to right: every level is 0. (Resolving here is only a safety net
        // for a text made without the pass's answer.)
        guard mayBeRightToLeft else { return nil }
        return bidiMemo.storeIfNil(makeBidi(.natural)).levels
    }

    func makeBidi(_ direction: WritingDirection) -> BidiMemo {
        let needed = units.withUnsafeBufferPointer { BidiLevels.needsResolution($0, baseWritingDirection: direction) }
        return BidiMemo(levels: needed ? BidiLevels(utf16: Array(units), baseWritingDirection: direction) : nil)
    }

    /// Whether the text has levels to resolve: a right-to-left character, an Arabic digit, an explicit
    /// direction control, or a right-to-left base direction. When false every line is one left-to-right run.
    ///
    /// ```swift
    /// PreparedText("Hello", font: font).isBidirectional          // false
    /// PreparedText("Hello שלום", font: font).isBidirectional     // true
    /// ```
    public var isBidirectional: Bool { bidi != nil }

    /// The resolved base direction of the paragraph holding UTF-16 offset `offset` (the first paragraph's
    /// for 0): `.leftToRight` or `.rightToLeft`, never `.natural`.
    public func baseWritingDirection(at offset: Int = 0) -> WritingDirection {
        bidi?.direction(at: offset) ?? .leftToRight
    }
}
