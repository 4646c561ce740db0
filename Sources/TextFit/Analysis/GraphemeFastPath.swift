/// A shortcut for grapheme-cluster boundaries that gives the same answer as Swift's `Character`.
///
/// Between two UTF-16 units that are both "simple" — characters whose Grapheme_Cluster_Break property is
/// Other and that no rule of UAX #29 joins to a neighbour (not Extend, SpacingMark, ZWJ, Prepend,
/// Regional_Indicator, Hangul jamo or syllables, controls) — there is always a boundary (GB999). Text made
/// of such characters (most Latin, Cyrillic, Greek, CJK ideographs and kana, their punctuation) is split
/// per unit without building `Character`s; everything else goes through `Character` in chunks that start
/// and end at such certain boundaries.
enum GraphemeFastPath {
    @inline(__always)
    static func isSimple(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F,
             0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096,
             0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0xFFE0...0xFFEE:
            return true
        default:
            return false
        }
    }

    /// Walks the grapheme clusters of `units`: `while cursor.next() { cursor.start, cursor.single ... }`.
    /// An iterator rather than a closure, so the caller's loop touches its own variables directly (a closure
    /// capturing them would pay for dynamic exclusivity checks on every access), and its answer lives in
    /// the cursor's fields rather than in a returned tuple (whose enum payload the optimiser destroyed
    /// through generic value witnesses on every cluster).
    struct Cursor {
        let units: [UInt16]
        /// The current cluster: its UTF-16 start and, when it is one BMP scalar, that scalar; otherwise
        /// `character` holds it.
        private(set) var start = 0
        private(set) var single: UInt32 = 0
        private(set) var isSingle = true
        private(set) var character: Character = " "
        private var position = 0
        private var chunk: String.Iterator?
        private var chunkEnd = 0

        init(_ units: [UInt16]) { self.units = units }

        mutating func next() -> Bool {
            if chunk != nil {
                if let character = chunk!.next() {
                    start = position
                    position += character.utf16.count
                    isSingle = false
                    self.character = character
                    return true
                }
                chunk = nil
                position = chunkEnd
            }
            let count = units.count
            guard position < count else { return false }
            let unit = units[position]
            if isSimple(unit), position + 1 == count || isSimple(units[position + 1]) {
                start = position
                single = UInt32(unit)
                isSingle = true
                position += 1
                return true
            }
            // A chunk up to the next certain boundary, segmented by Swift's `Character`.
            var end = position + 1
            while end < count, !(isSimple(units[end - 1]) && isSimple(units[end])) { end += 1 }
            chunk = String(decoding: units[position..<end], as: UTF16.self).makeIterator()
            chunkEnd = end
            return next()
        }
    }
}
