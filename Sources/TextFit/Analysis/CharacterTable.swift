/// Everything preparation asks about a BMP code unit, in one 16-bit table entry: its HarfBuzz script (as an
/// index into `scripts`) and the engine's character classes.
///
/// Why a table: preparation asks about every character, and asking HarfBuzz for the script, Swift for
/// emoji presentation and our own `switch`es for the rest cost about 150 instructions per character,
/// more than ICU's line breaking. The table is built once per process (65,536 look-ups, about 2 ms)
/// from those same sources, so it answers exactly as they do; characters outside the BMP still ask them.
struct CharacterTable: @unchecked Sendable {
    // @unchecked: written once while being built, read-only afterwards.

    /// Bits of an entry's high byte.
    enum Bit {
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
                if index == nil, scripts.count < 256 {
                    index = scripts.count
                    indexOf[script] = scripts.count
                    scripts.append(script)
                }
                // More than 256 scripts in the BMP would be news; the overflow would read as common.
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
            entries[Int(value)] = entry
        }
        let tags = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
        tags.initialize(repeating: HarfBuzzScript.common, count: 256)
        let strong = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        strong.initialize(repeating: false, count: 256)
        for (index, script) in scripts.enumerated() {
            tags[index] = script
            strong[index] = script != HarfBuzzScript.common && script != HarfBuzzScript.inherited
                && script != HarfBuzzScript.unknown
        }
        self.scripts = UnsafePointer(tags)
        isStrong = UnsafePointer(strong)
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
