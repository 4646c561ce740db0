/// Everything preparation asks about a BMP code unit, in one 16-bit table entry: its HarfBuzz script (as an
/// index into `scripts`), whether it may need bidi resolution, and the engine's character classes.
///
/// Why a table: preparation asks about every character, and asking HarfBuzz for the script, Swift for
/// emoji presentation and our own `switch`es for the rest cost about 150 instructions per character,
/// more than ICU's line breaking. The table is built once per process (65,536 look-ups, about 2 ms)
/// from those same sources, so it answers exactly as they do; characters outside the BMP still ask them.
struct CharacterTable: @unchecked Sendable {
    // @unchecked: written once while being built, read-only afterwards.

    /// Bits of an entry (all but `mayNeedBidi` in the high byte).
    enum Bit {
        /// `BidiLevels.mayNeedResolution`: the top bit of the low byte, so the script index of such a unit
        /// is its script's index + 128 (`scripts` and `isStrong` repeat their first half there). The pass
        /// learns whether a text may need bidi resolution from the entries it reads anyway (`runKinds`),
        /// so no pass of its own looks for right-to-left characters.
        static let mayNeedBidi: UInt16 = 1 << 7
        /// `GraphemeFastPath.isSimple`: a boundary always separates two such units.
        static let simple: UInt16 = 1 << 8
        /// `CharacterClass.needsNoGlyph`.
        static let noGlyph: UInt16 = 1 << 9
        /// `CharacterClass.isHangingSpace` (rule W4).
        static let hangingSpace: UInt16 = 1 << 10
        /// `CharacterClass.isSpaceSeparator` (Zs).
        static let spaceSeparator: UInt16 = 1 << 11
        /// `Paragraphs.isSeparator` (rule W1).
        static let paragraphSeparator: UInt16 = 1 << 12
        /// `CharacterClass.isEmojiPresentation`.
        static let emoji: UInt16 = 1 << 13
        /// `CharacterClass.isHangul` (`.hangulWordPriority`, W6).
        static let hangul: UInt16 = 1 << 14
        /// Set as something else for HarfBuzz (`ShapingText.substituteControls`).
        static let substituted: UInt16 = 1 << 15
    }

    /// Script index in the low byte; `Bit`s in the high byte.
    let entries: UnsafeMutablePointer<UInt16>
    /// HarfBuzz script tags by index (256 entries).
    let scripts: UnsafePointer<UInt32>
    /// Per script index: the script is a real one (not common, inherited or unknown), so it starts or
    /// joins a script run (256 entries).
    ///
    /// Pointers rather than arrays, like `entries`: the table lives as long as the process, and reading
    /// it per text must not retain and release shared buffers (two threads doing so bounce the same
    /// cache line between cores).
    let isStrong: UnsafePointer<Bool>
    /// Per script index, what `SegmentRun.extends` does with a unit of it (`RunKind`): before the text is
    /// known to hold a unit that may need bidi resolution, such a unit stops the run (the pass's `single` or
    /// `multiple` records it); `runKindsOnceBidi` is the same table without the stops, for the rest of the text.
    let runKinds: UnsafePointer<UInt8>
    let runKindsOnceBidi: UnsafePointer<UInt8>

    enum RunKind {
        /// Common, inherited or unknown: takes the script before it.
        static let weak: UInt8 = 0
        /// A real script: starts or joins a script run.
        static let strong: UInt8 = 1
        /// May need bidi resolution: `extends` leaves it to the pass.
        static let stop: UInt8 = 2
    }

    static let shared = CharacterTable()

    private init() {
        entries = UnsafeMutablePointer<UInt16>.allocate(capacity: 0x10000)
        var scripts: [UInt32] = [HarfBuzzScript.common]
        var indexOf: [UInt32: Int] = [HarfBuzzScript.common: 0]
        for value in 0..<UInt32(0x10000) {
            let unit = UInt16(value)
            var entry: UInt16 = 0
            if !(0xD800...0xDFFF).contains(value) {
                let script = HarfBuzzScript.of(value)
                var index = indexOf[script]
                if index == nil, scripts.count < 128 {
                    index = scripts.count
                    indexOf[script] = scripts.count
                    scripts.append(script)
                }
                // More than 128 scripts in the BMP would be news (Unicode 15 has 71); the overflow would read
                // as common.
                entry = UInt16(index ?? 0)
                if CharacterClass.isSpaceSeparator(value) { entry |= Bit.spaceSeparator }
                if CharacterClass.isEmojiPresentation(value) { entry |= Bit.emoji }
                if CharacterClass.needsNoGlyph(value) { entry |= Bit.noGlyph }
            }
            if GraphemeFastPath.isSimple(unit) { entry |= Bit.simple }
            if CharacterClass.isHangingSpace(unit) { entry |= Bit.hangingSpace }
            if Paragraphs.isSeparator(unit) { entry |= Bit.paragraphSeparator }
            if CharacterClass.isHangul(unit) { entry |= Bit.hangul }
            if ShapingText.isSubstituted(unit) { entry |= Bit.substituted }
            if BidiLevels.mayNeedResolution(unit) { entry |= Bit.mayNeedBidi }
            entries[Int(value)] = entry
        }
        let tags = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        tags.initialize(repeating: HarfBuzzScript.common, count: 256)
        let strong = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        strong.initialize(repeating: false, count: 256)
        let kinds = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        let kindsOnceBidi = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for (index, script) in scripts.enumerated() {
            let isStrong =
                script != HarfBuzzScript.common && script != HarfBuzzScript.inherited
                && script != HarfBuzzScript.unknown
            for twin in [index, index | Int(Bit.mayNeedBidi)] {
                tags[twin] = script
                strong[twin] = isStrong
                kindsOnceBidi[twin] = isStrong ? RunKind.strong : RunKind.weak
                kinds[twin] = twin == index ? kindsOnceBidi[twin] : RunKind.stop
            }
        }
        for index in scripts.count..<128 {
            for twin in [index, index | Int(Bit.mayNeedBidi)] {
                kindsOnceBidi[twin] = RunKind.weak
                kinds[twin] = twin == index ? RunKind.weak : RunKind.stop
            }
        }
        self.scripts = UnsafePointer(tags)
        isStrong = UnsafePointer(strong)
        runKinds = UnsafePointer(kinds)
        runKindsOnceBidi = UnsafePointer(kindsOnceBidi)
    }

    @inline(__always)
    subscript(unit: UInt16) -> UInt16 { entries[Int(unit)] }

    /// `CharacterClass.needsNoGlyph`, read from the table in the BMP.
    static func needsNoGlyph(_ scalar: UInt32) -> Bool {
        scalar < 0x10000 ? shared[UInt16(scalar)] & Bit.noGlyph != 0 : CharacterClass.needsNoGlyph(scalar)
    }

    /// HarfBuzz's script of `scalar`, read from the table in the BMP.
    static func script(of scalar: UInt32) -> UInt32 {
        scalar < 0x10000 ? shared.scripts[Int(shared[UInt16(scalar)] & 0xFF)] : HarfBuzzScript.of(scalar)
    }
}
