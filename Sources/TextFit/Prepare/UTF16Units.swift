/// A string's UTF-16 code units, as `Array(text.utf16)` gives them.
///
/// Why not `Array(text.utf16)`: a native Swift string stores UTF-8, and its UTF-16 view transcodes one
/// unit per call through the generic sequence machinery (about 26 instructions per unit in the profile,
/// several percent of a warm preparation). Here one pass counts and one decodes straight from the
/// string's contiguous UTF-8, eight ASCII bytes at a time, into a buffer the caller sizes by the UTF-8
/// length (never less than the UTF-16 length), so no pass counts first.
enum UTF16Units {
    static func of(_ text: String) -> [UInt16] {
        var text = text
        // `withUTF8` makes the string native and contiguous first if it is not; its bytes are valid UTF-8.
        return text.withUTF8 { bytes in
            let out = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, bytes.count))
            defer { out.deallocate() }
            return .copying(UnsafeBufferPointer(start: out, count: decode(bytes, into: out)))
        }
    }

    /// The string of `units`, as `String(decoding: units, as: UTF16.self)` makes it (a lone surrogate
    /// becomes U+FFFD), encoded to UTF-8 here in one loop straight into the string's storage.
    ///
    /// Why: the pass makes a string of every chunk it hands to `Character` (clusters the fast path cannot
    /// settle: Arabic, Hebrew, Myanmar, emoji), and the standard library's UTF-16 initialiser transcodes
    /// through its generic path, about 1 400 instructions a chunk in the catalog set's warm profile, a
    /// seventh of a real UI string's preparation. A chunk of up to five units fits a small string (no
    /// allocation).
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        let n = units.count
        guard let u = units.baseAddress, n > 0 else { return "" }
        // Three bytes a unit at most: a surrogate pair's two units make four.
        return String(unsafeUninitializedCapacity: n &* 3) { out in
            var i = 0
            var j = 0
            while i < n {
                var c = UInt32(u[i])
                i &+= 1
                if c < 0x80 {
                    out[j] = UInt8(truncatingIfNeeded: c)
                    j &+= 1
                } else if c < 0x800 {
                    out[j] = UInt8(truncatingIfNeeded: 0xC0 | c >> 6)
                    out[j &+ 1] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
                    j &+= 2
                } else if c & 0xFC00 == 0xD800, i < n, u[i] & 0xFC00 == 0xDC00 {
                    c = 0x10000 &+ ((c & 0x3FF) << 10 | UInt32(u[i]) & 0x3FF)
                    i &+= 1
                    out[j] = UInt8(truncatingIfNeeded: 0xF0 | c >> 18)
                    out[j &+ 1] = UInt8(truncatingIfNeeded: 0x80 | c >> 12 & 0x3F)
                    out[j &+ 2] = UInt8(truncatingIfNeeded: 0x80 | c >> 6 & 0x3F)
                    out[j &+ 3] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
                    j &+= 4
                } else {
                    if c & 0xF800 == 0xD800 { c = 0xFFFD }  // a lone surrogate
                    out[j] = UInt8(truncatingIfNeeded: 0xE0 | c >> 12)
                    out[j &+ 1] = UInt8(truncatingIfNeeded: 0x80 | c >> 6 & 0x3F)
                    out[j &+ 2] = UInt8(truncatingIfNeeded: 0x80 | c & 0x3F)
                    j &+= 3
                }
            }
            return j
        }
    }

    /// Decodes valid UTF-8 into `out`, which has room for `bytes.count` units; returns how many it wrote.
    ///
    /// Index arithmetic wraps (`&+`): the input is valid UTF-8 no longer than memory, so no index can
    /// overflow, and the overflow checks were half the instructions of the 2- and 3-byte loops.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt16>) -> Int {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return 0 }
        let byteCount = bytes.count
        var i = 0
        var j = 0
        while i < byteCount {
            // Eight ASCII bytes at once, widened to units in two 64-bit stores.
            if i &+ 8 <= byteCount {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    storeWidened(word, at: out + j)
                    i &+= 8
                    j &+= 8
                    continue
                }
            }
            let b0 = UInt32(base[i])
            if b0 < 0x80 {
                out[j] = UInt16(truncatingIfNeeded: b0)
                i &+= 1
                j &+= 1
            } else if b0 < 0xE0 {
                // A run of 2-byte sequences (Cyrillic, Greek, Latin with accents): four at a time while eight
                // bytes hold four of them, then one at a time. The loop also takes a lone ASCII byte between
                // them (the space or the punctuation between two words): leaving for it cost a failed
                // eight-byte test and a trip through the loop above. Two ASCII bytes in a row go back there,
                // so Latin with an accent here and there keeps its eight-byte path.
                var lead = b0
                while true {
                    out[j] = UInt16(truncatingIfNeeded: (lead & 0x1F) << 6 | UInt32(base[i &+ 1]) & 0x3F)
                    i &+= 2
                    j &+= 1
                    guard i < byteCount else { break }
                    lead = UInt32(base[i])
                    #if _endian(little)
                    if lead & 0xE0 == 0xC0 {
                        // Tried only after a second sequence is seen: a lone accented letter in Latin text
                        // does not pay for the test.
                        while i &+ 8 <= byteCount {
                            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                            guard word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0 else { break }
                            storeTwoByteUnits(word, at: out + j)
                            i &+= 8
                            j &+= 4
                        }
                        guard i < byteCount else { break }
                        lead = UInt32(base[i])
                    }
                    #endif
                    if lead & 0xE0 == 0xC0 { continue }
                    guard lead < 0x80, i &+ 1 < byteCount else { break }
                    let next = UInt32(base[i &+ 1])
                    guard next & 0xE0 == 0xC0 else { break }
                    out[j] = UInt16(truncatingIfNeeded: lead)
                    i &+= 1
                    j &+= 1
                    lead = next
                }
            } else if b0 < 0xF0 {
                // A run of 3-byte sequences (ideographs, kana, CJK punctuation) in one tight loop.
                var lead = b0
                while true {
                    out[j] = UInt16(
                        truncatingIfNeeded: (lead & 0x0F) << 12 | (UInt32(base[i &+ 1]) & 0x3F) << 6
                            | UInt32(base[i &+ 2]) & 0x3F)
                    i &+= 3
                    j &+= 1
                    guard i < byteCount else { break }
                    lead = UInt32(base[i])
                    guard lead & 0xF0 == 0xE0 else { break }
                }
            } else {
                let scalar =
                    (b0 & 0x07) << 18 | (UInt32(base[i &+ 1]) & 0x3F) << 12
                    | (UInt32(base[i &+ 2]) & 0x3F) << 6 | UInt32(base[i &+ 3]) & 0x3F
                let v = scalar &- 0x10000
                out[j] = UInt16(truncatingIfNeeded: 0xD800 &+ (v >> 10))
                out[j &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 &+ (v & 0x3FF))
                i &+= 4
                j &+= 2
            }
        }
        return j
    }

    /// Writes the four 2-byte sequences in `word` (lead, trail, lead, trail… from its lowest byte) as four
    /// UTF-16 units: each 16-bit lane holds one sequence, lead low, so the unit is the lane's low five bits
    /// shifted up six, or-ed with the trail's six, computed for all four lanes at once.
    @inline(__always)
    private static func storeTwoByteUnits(_ word: UInt64, at target: UnsafeMutablePointer<UInt16>) {
        let units = (word & 0x001F_001F_001F_001F) << 6 | (word >> 8) & 0x003F_003F_003F_003F
        UnsafeMutableRawPointer(target).storeBytes(of: units, as: UInt64.self)
    }

    /// Writes the eight bytes of `word` (all below 0x80) as eight UTF-16 units: each half spread so every
    /// byte gets a 16-bit lane, then stored whole (unaligned stores are fine for `storeBytes`). Eight
    /// one-unit stores cost about three times the instructions.
    @inline(__always)
    private static func storeWidened(_ word: UInt64, at target: UnsafeMutablePointer<UInt16>) {
        #if _endian(little)
        @inline(__always) func spread(_ half: UInt64) -> UInt64 {
            // b3 b2 b1 b0 → 00 b3 00 b2 00 b1 00 b0 (lowest byte first in memory).
            let pairs = (half | half << 16) & 0x0000_FFFF_0000_FFFF
            return (pairs | pairs << 8) & 0x00FF_00FF_00FF_00FF
        }
        let raw = UnsafeMutableRawPointer(target)
        raw.storeBytes(of: spread(word & 0xFFFF_FFFF), as: UInt64.self)
        raw.storeBytes(of: spread(word >> 32), toByteOffset: 8, as: UInt64.self)
        #else
        for k in 0..<8 { target[k] = UInt16(truncatingIfNeeded: word >> (8 * (7 - k))) & 0xFF }
        #endif
    }
}
