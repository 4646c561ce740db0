import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// A hit compares the key's text with the stored one and copies the advances out (`tf_segment_cache.c`,
/// `probe`). These tests hold a hit to the per-unit answer at every length a segment can be cached at
/// (so whatever unit the compare or the copy handles last, or in a group), and hold a miss to any key
/// one unit away, or only a trailing U+0000 away, from a stored one (a padded or word-wise layout of the
/// arenas must not confuse those). An extension of `SegmentCacheTests` so it runs serialized with the
/// other tests that empty the cache.
extension SegmentCacheTests {
    /// A text of `length` units from the seeded generator: any BMP value, U+0000 and lone surrogates
    /// among them (the cache compares units, not characters), with advances of any sign and size and,
    /// for every other length, some flags.
    static func wordsCase(length: Int, _ random: inout SeededGenerator) -> (text: [UInt16], shaped: ShapedSegment) {
        let special: [UInt16] = [0, 0xFFFF, 0xD800, 0xDFFF, 0x20, 0xFEFF]
        let text = (0..<length).map { _ in
            random.next() % 4 == 0 ? special[Int(random.next() % 6)] : UInt16(truncatingIfNeeded: random.next())
        }
        let advances = (0..<length).map { k in
            k % 5 == 4 ? (k % 2 == 0 ? Int32.min : Int32.max) : Int32(truncatingIfNeeded: random.next())
        }
        let flags = (0..<length).map { _ in length % 2 == 0 ? UInt8(random.next() % 4) : 0 }
        return (text, ShapedSegment(advances: advances, flags: flags))
    }

    /// Every length from 1 to the longest cached (128), entries one after another so each starts
    /// where the one before ended: each is found exactly as inserted, alone and in a run of look-ups.
    @Test func everyCachedLengthRoundTrips() {
        SegmentCache.removeAll()
        defer { SegmentCache.removeAll() }
        let face = -7_101  // no real face has this id
        var random = SeededGenerator(state: 43)
        let cases = (1...SegmentCache.maximumCachedLength).map { Self.wordsCase(length: $0, &random) }
        for word in cases { SegmentCache.insert(face: face, scale: 1, script: 0, text: word.text, word.shaped) }
        for word in cases {
            #expect(
                SegmentCache.lookup(face: face, scale: 1, script: 0, text: word.text) == word.shaped,
                "length \(word.text.count)")
        }
        let run = SegmentCache.lookupRun(face: face, scale: 1, script: 0, texts: cases.map(\.text))
        #expect(run.stop == cases.count && run.found == cases.map(\.shaped))
    }

    /// A key one unit away from a stored one, at any position (the first, the middle, the last unit),
    /// misses; so does a stored text with U+0000 added or removed at its end (which a zero-padded layout
    /// would hold as padding).
    @Test func aKeyThatDiffersInOneUnitMisses() {
        SegmentCache.removeAll()
        defer { SegmentCache.removeAll() }
        let face = -7_102
        var random = SeededGenerator(state: 4_343)
        let cases = (1...13).map { Self.wordsCase(length: $0, &random) }
        for word in cases { SegmentCache.insert(face: face, scale: 1, script: 0, text: word.text, word.shaped) }
        let stored = Set(cases.map(\.text))
        for word in cases {
            for position in word.text.indices {
                var changed = word.text
                changed[position] ^= 1 << UInt16(position % 16)
                guard !stored.contains(changed) else { continue }
                #expect(
                    SegmentCache.lookup(face: face, scale: 1, script: 0, text: changed) == nil,
                    "length \(word.text.count), unit \(position)")
            }
            #expect(SegmentCache.lookup(face: face, scale: 1, script: 0, text: word.text + [0]) == nil)
        }
        // Stored with a trailing U+0000: the text without it is another key.
        let withNull: [UInt16] = [0x61, 0x62, 0]
        SegmentCache.insert(
            face: face, scale: 1, script: 0, text: withNull, ShapedSegment(advances: [5, 6, 7], flags: [0, 0, 0]))
        #expect(SegmentCache.lookup(face: face, scale: 1, script: 0, text: Array(withNull.prefix(2))) == nil)
        #expect(
            SegmentCache.lookup(face: face, scale: 1, script: 0, text: withNull)
                == ShapedSegment(advances: [5, 6, 7], flags: [0, 0, 0]))
    }
}
