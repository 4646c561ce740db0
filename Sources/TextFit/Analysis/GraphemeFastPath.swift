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

    /// Walks the grapheme clusters of `units`: `while let (start, length, scalars) = cursor.next()`.
    /// An iterator rather than a closure, so the caller's loop touches its own variables directly (a closure
    /// capturing them would pay for dynamic exclusivity checks on every access).
    struct Cursor {
        let units: [UInt16]
        private var position = 0
        private var chunk: String.Iterator?
        private var chunkEnd = 0

        init(_ units: [UInt16]) { self.units = units }

        mutating func next() -> (start: Int, length: Int, scalars: UnicodeScalarsChunk)? {
            if chunk != nil {
                if let character = chunk!.next() {
                    let start = position
                    position += character.utf16.count
                    return (start, position - start, .character(character))
                }
                chunk = nil
                position = chunkEnd
            }
            let count = units.count
            guard position < count else { return nil }
            let unit = units[position]
            if isSimple(unit), position + 1 == count || isSimple(units[position + 1]) {
                position += 1
                return (position - 1, 1, .single(UInt32(unit)))
            }
            // A chunk up to the next certain boundary, segmented by Swift's `Character`.
            var end = position + 1
            while end < count, !(isSimple(units[end - 1]) && isSimple(units[end])) { end += 1 }
            chunk = String(decoding: units[position..<end], as: UTF16.self).makeIterator()
            chunkEnd = end
            return next()
        }
    }

    /// The scalars of one cluster without allocating for the common single-scalar case.
    enum UnicodeScalarsChunk {
        case single(UInt32)
        case character(Character)

        var first: UInt32? {
            switch self {
            case .single(let value): return value
            case .character(let character): return character.unicodeScalars.first?.value
            }
        }

        func allSatisfy(_ predicate: (UInt32) -> Bool) -> Bool {
            switch self {
            case .single(let value): return predicate(value)
            case .character(let character): return character.unicodeScalars.allSatisfy { predicate($0.value) }
            }
        }
    }
}
