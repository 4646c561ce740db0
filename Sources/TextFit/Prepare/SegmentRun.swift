/// Whether a unit extends the open segment in `PreparedText.Pass.extendSegment`, the pass's shortcut
/// through the inside of runs: what `single` and `place` would decide for it, asked of table entries and
/// the face's coverage only (rules F6 and the script runs of `place`).
///
/// A value of constants the loop reads per unit, passed by value so the optimiser keeps its fields in
/// registers; the script context it updates is the caller's (`index`, `weakJoins`). Generic over the
/// segment's face (`SegmentRunFace`) so the loop is compiled once for the font's own face and once for a
/// bundled fallback, each with only the registers it needs.
struct SegmentRun<Face: SegmentRunFace> {
    let face: Face
    let entries: UnsafePointer<UInt16>
    /// The font's own face's BMP coverage bits.
    let coverage: UnsafePointer<UInt64>
    /// `CharacterTable.runKinds` or, once the text is known to hold a unit that may need bidi resolution,
    /// `runKindsOnceBidi`.
    let kinds: UnsafePointer<UInt8>
    let scripts: UnsafePointer<UInt32>
    /// The segment's script.
    let script: UInt32

    /// Entry bits of units `single` treats apart (whitespace, separators, emoji, no glyph, controls).
    static var special: UInt16 {
        CharacterTable.Bit.noGlyph | CharacterTable.Bit.hangingSpace | CharacterTable.Bit.spaceSeparator
            | CharacterTable.Bit.paragraphSeparator | CharacterTable.Bit.emoji | CharacterTable.Bit.substituted
    }

    /// Whether `unit` (table entry `entry`, the next unit's `nextEntry`) is a cluster by itself that
    /// `place` would put in the open segment: simple and not special (or U+0020 in the font's own face:
    /// a space stays with the text it follows; the caller refuses one right after an emoji), in the
    /// segment's face, and of its script or, with `weakJoins`, of none. `index` is the table index of the
    /// segment's script once a unit of it was seen (an index names one tag, a tag at most two indices: with
    /// and without `CharacterTable.Bit.mayNeedBidi`), so later units of it match with no look-up of their
    /// tag. A unit `kinds` stops is refused: the pass records it (the text's bidi hint).
    /// - Returns: whether it does; then `isNewStrong` says the unit is the first of the segment's script
    ///   here, for the caller to record once it keeps the unit (`index`, `weakJoins`).
    @inline(__always)
    func extends(
        _ unit: UInt16, _ entry: UInt16, _ nextEntry: UInt16, index: Int, weakJoins: Bool,
        isNewStrong: inout Bool
    ) -> Bool {
        guard
            entry & (Self.special | CharacterTable.Bit.simple) == CharacterTable.Bit.simple
                || (Face.isPrimary && unit == 0x20 && entry & CharacterTable.Bit.simple != 0),
            nextEntry & CharacterTable.Bit.simple != 0
        else { return false }
        let covered = coverage[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0
        guard face.has(unit, primaryCovers: covered) else { return false }
        // The script `place` would give it: its own if strong, else the last strong one.
        let unitIndex = Int(entry & 0xFF)
        isNewStrong = false
        guard unitIndex != index else { return true }
        let kind = kinds[unitIndex]
        if kind == CharacterTable.RunKind.weak { return weakJoins }
        guard kind == CharacterTable.RunKind.strong, scripts[unitIndex] == script else { return false }
        isNewStrong = true
        return true
    }

    /// What `PreparedText.Pass.extendWords`' inner loop asks of a unit of the segment's script index already
    /// seen, which `extends` takes with `isNewStrong` false: `entry & continuingMask == entryOfIndex(index)`
    /// (simple, not special, of that index), the next unit simple, and the face has it. The loop writes the
    /// test out: as a method (`continues(…) -> Bool`) it cost the loop a register, +0.6 % warm Latin
    /// (callgrind).
    static var continuingMask: UInt16 { special | CharacterTable.Bit.simple | 0xFF }

    /// The entry bits `continuingMask` keeps of a unit of table index `index` (≥ 0).
    @inline(__always)
    static func entryOfIndex(_ index: Int) -> UInt16 { UInt16(truncatingIfNeeded: index) | CharacterTable.Bit.simple }
}

/// The open segment's face, as `SegmentRun` asks about it (rule F6: `place` keeps a unit in the font's own
/// face when it has the glyph, else asks the fallback that supplies it).
protocol SegmentRunFace {
    /// The font's own face: spaces join its segments, and an opportunity after a space may start the
    /// next one (a fallback's segment goes back to `single` there, which chooses the face again).
    static var isPrimary: Bool { get }
    /// Whether an opportunity after a space, before `unit`, ends the segment (`PreparedText.Pass.endsSegment`):
    /// always, but in the font's own face when its space kerns or ligates with `unit` (rule F9).
    func cutsAfterSpace(before unit: UInt16) -> Bool
    func has(_ unit: UInt16, primaryCovers: Bool) -> Bool
}

/// The font's own face: it has the unit.
struct PrimaryRunFace: SegmentRunFace {
    static var isPrimary: Bool { true }
    @inline(__always)
    func cutsAfterSpace(before unit: UInt16) -> Bool { true }
    @inline(__always)
    func has(_ unit: UInt16, primaryCovers: Bool) -> Bool { primaryCovers }
}

/// A bundled fallback: the font's face lacks the unit, and the bundled face that supplies it is this one.
struct BundledRunFace: SegmentRunFace {
    /// `FontCatalog.bundledFallbackTable`.
    let bundledTable: UnsafePointer<UInt8>
    /// The bundled fallback (1-based) the segment's face came from.
    let bundledIndex: Int
    static var isPrimary: Bool { false }
    @inline(__always)
    func cutsAfterSpace(before unit: UInt16) -> Bool { true }
    @inline(__always)
    func has(_ unit: UInt16, primaryCovers: Bool) -> Bool { !primaryCovers && Int(bundledTable[Int(unit)]) == bundledIndex }
}

/// The font's own face when its space kerns or ligates (`HarfBuzzFace.spaceInLookups`): it has the unit,
/// and its words are cut apart after a space only before a unit that does not pair with it (rule F9).
struct PrimaryJoinedRunFace: SegmentRunFace {
    /// `HarfBuzzFace.spacePairs`.
    let spacePairs: UnsafePointer<UInt64>
    static var isPrimary: Bool { true }
    @inline(__always)
    func has(_ unit: UInt16, primaryCovers: Bool) -> Bool { primaryCovers }
    @inline(__always)
    func cutsAfterSpace(before unit: UInt16) -> Bool { spacePairs[Int(unit >> 6)] & (1 << UInt64(unit & 63)) == 0 }
}
