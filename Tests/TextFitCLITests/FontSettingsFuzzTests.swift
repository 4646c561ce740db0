import Foundation
import Testing
import _TextFitTestSupport

/// The FuzzFontSettings target's invariants (rules O1–O6) over seeded random inputs and hand-made
/// hostile ones, through the same entry libFuzzer calls (`_FuzzEntries.fontSettings`).
@Suite struct FontSettingsFuzzTests {
    /// A seeded generator (SplitMix64), so a failure is reproducible from its index.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func randomSettingsKeepTheInvariants() {
        var generator = Seeded(state: 31)
        let tags = Array("wghtwdthopszslntitaltnumpnumsmcpc2scligakerncasess01zzzz".utf8)
        for index in 0..<300 {
            var bytes = (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for _ in 0..<Int(bytes[2] % 8) {
                bytes.append(UInt8.random(in: 0...255, using: &generator))
                // Mostly real tags (so the font applies them), sometimes random bytes.
                if Bool.random(using: &generator) {
                    let start = Int.random(in: 0..<(tags.count / 4), using: &generator) * 4
                    bytes += tags[start..<start + 4]
                } else {
                    bytes += (0..<4).map { _ in UInt8.random(in: 0...255, using: &generator) }
                }
                bytes += (0..<2).map { _ in UInt8.random(in: 0...255, using: &generator) }
            }
            bytes += Array("Price 1,234.56 office 🙂 Ωμέγα".utf8.prefix(Int.random(in: 0...40, using: &generator)))
            let problems = _FuzzEntries.fontSettings(bytes)
            #expect(problems.isEmpty, "input \(index): \(_FuzzEntries.decodeFontSettingsInput(bytes)): \(problems)")
        }
    }

    @Test func hostileSettingsAreAnswered() {
        // Inter, 20 pt, 3 settings: wght NaN (kind 7 = variation + special), wght 32767, a feature "\0\0\0\0".
        let bytes: [UInt8] =
            [1, 14, 3, 7] + Array("wght".utf8) + [0, 2, 1] + Array("wght".utf8) + [0x7F, 0xFF, 0, 0, 0, 0, 0, 0, 1]
            + Array("Hello".utf8)
        #expect(_FuzzEntries.fontSettings(bytes).isEmpty)
        #expect(_FuzzEntries.fontSettings([]).isEmpty)
    }
}
