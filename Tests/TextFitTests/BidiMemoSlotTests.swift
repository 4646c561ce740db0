import Foundation
import Testing
@testable import TextFit

/// `BidiMemoSlot`, the non-generic stand-in for `AtomicLazyReference<BidiMemo>` behind
/// `PreparedText.isBidirectional` (issue 43: the generic load cost `textfit batch` about 560 instructions a
/// case): the first memo stored wins, later stores return it, and the slot releases what it holds.
@Suite struct BidiMemoSlotTests {
    @Test func theFirstMemoStoredIsKept() {
        let slot = BidiMemoSlot()
        #expect(slot.load() == nil)
        let first = BidiMemo(levels: nil)
        let second = BidiMemo(levels: nil)
        #expect(slot.storeIfNil(first) === first)
        #expect(slot.storeIfNil(second) === first, "a later store answers with the memo already there")
        #expect(slot.load() === first)
    }

    /// The slot holds its memo (retained) and lets go of it when it goes; a memo refused by `storeIfNil`
    /// is not kept either.
    @Test func theSlotReleasesWhatItHolds() {
        weak var kept: BidiMemo?
        weak var refused: BidiMemo?
        do {
            let slot = BidiMemoSlot()
            do {
                let memo = BidiMemo(levels: nil)
                let other = BidiMemo(levels: nil)
                kept = memo
                refused = other
                _ = slot.storeIfNil(memo)
                _ = slot.storeIfNil(other)
            }
            #expect(kept != nil, "held by the slot")
            #expect(refused == nil, "a refused memo is released")
            #expect(slot.load() === kept)
        }
        #expect(kept == nil, "released with the slot")
    }

    /// Threads storing at once agree on one memo.
    @Test func concurrentStoresAgree() async throws {
        let text = PreparedText("abc", font: try Fixtures.font())
        let winners = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<16 {
                group.addTask { ObjectIdentifier(text.bidiMemo.storeIfNil(BidiMemo(levels: nil))) }
            }
            return await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(winners.count == 1)
        #expect(winners.first == text.bidiMemo.load().map(ObjectIdentifier.init))
    }

    /// `isBidirectional` through the slot: the answers `NaturalAlignmentTests` and the bidi suites rely
    /// on, for texts whose levels are resolved while preparing, for texts that never need them, and for a
    /// left-to-right text in a right-to-left paragraph (levels from the style, D2).
    @Test func isBidirectionalAnswersAsBefore() throws {
        let font = try Fixtures.font()
        #expect(!PreparedText("Hello", font: font).isBidirectional)
        #expect(PreparedText("Hello שלום", font: font).isBidirectional)
        #expect(PreparedText("مرحبا", font: font).isBidirectional)
        var style = ParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        #expect(try PreparedText("Hello", font: font, paragraphStyle: style).isBidirectional)
        #expect(!PreparedText("Hello", font: font, baseWritingDirection: .leftToRight).isBidirectional)
    }
}
