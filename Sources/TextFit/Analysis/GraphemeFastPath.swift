/// A shortcut for grapheme-cluster boundaries that gives the same answer as Swift's `Character`.
///
/// Between two UTF-16 units that are both "simple" — characters whose Grapheme_Cluster_Break property is
/// Other and that no rule of UAX #29 joins to a neighbour (not Extend, SpacingMark, ZWJ, Prepend,
/// Regional_Indicator, Hangul jamo or syllables, controls) — there is always a boundary (GB999). Text made
/// of such characters (most Latin, Cyrillic, Greek and polytonic Greek, CJK ideographs and kana, Hebrew
/// and Arabic letters, digits and punctuation, their punctuation) is split
/// per unit without building `Character`s; everything else goes through `Character` in chunks that start
/// and end at such certain boundaries (`PreparedText.Builder`, through `CharacterTable.Bit.simple`).
enum GraphemeFastPath {
    @inline(__always)
    static func isSimple(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x370...0x482, 0x48A...0x52F,
            // Hebrew and Arabic without their points, harakat, Prepend signs and ALM (Extend, Prepend, Control):
            // unpointed right-to-left text took `Character`'s walk per chunk, about 200 instructions a unit.
            0x05BE, 0x05C0, 0x05C3, 0x05C6, 0x05D0...0x05EA, 0x05EF...0x05F4, 0x0606...0x060F, 0x061B, 0x061D...0x064A,
            0x0660...0x066F, 0x0671...0x06D5, 0x06DE, 0x06E5...0x06E6, 0x06E9, 0x06EE...0x06FF, 0x0750...0x077F,
            0x1F00...0x1FFF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096,
            0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF01...0xFF9D, 0xFFE0...0xFFEE:
            return true
        default:
            return false
        }
    }
}
