import Testing
@testable import TextFit

/// `UTF16Units.string` against the standard library's `String(decoding:as: UTF16.self)`, which the build
/// pass used for its `Character` chunks: the same string for every unit sequence, lone surrogates included
/// (both make them U+FFFD), so the clusters and their UTF-16 lengths are unchanged.
@Suite struct UTF16StringTests {
    static func same(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { UTF16Units.string($0) } == String(decoding: units, as: UTF16.self)
            && units.withUnsafeBufferPointer { Array(UTF16Units.string($0).utf8) }
                == Array(String(decoding: units, as: UTF16.self).utf8)
    }

    @Test func everyLengthOfEncodingMatches() {
        // One, two and three UTF-8 bytes, a surrogate pair, at the edges of each range.
        let pieces: [[UInt16]] = [
            [0x00], [0x41], [0x7F], [0x80], [0x5D0], [0x7FF], [0x800], [0x1000], [0xD7FF],
            [0xE000], [0xFFFD], [0xFFFF], [0xD83D, 0xDE00], [0xD800, 0xDC00], [0xDBFF, 0xDFFF],
        ]
        for a in pieces { for b in pieces { #expect(Self.same(a + b), "\(a + b)") } }
        #expect(Self.same([]))
    }

    @Test func loneSurrogatesAreRepairedAsTheStandardLibraryDoes() {
        for units: [UInt16] in [
            [0xD800], [0xDC00], [0x41, 0xD83D], [0xDE00, 0x41], [0xD83D, 0xD83D, 0xDE00],
            [0xDE00, 0xD83D], [0xD83D, 0x20, 0xDE00],
        ] {
            #expect(Self.same(units), "\(units)")
        }
    }

    @Test func randomUnitsMatch() {
        var generator = SystemRandomNumberGenerator()
        let interesting: [ClosedRange<UInt16>] = [
            0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF,
            0xDC00...0xDFFF, 0xE000...0xFFFF,
        ]
        for _ in 0..<2000 {
            let count = Int.random(in: 0...24, using: &generator)
            let units = (0..<count).map { _ in
                UInt16.random(in: interesting.randomElement(using: &generator)!, using: &generator)
            }
            #expect(Self.same(units), "\(units)")
        }
    }

    @Test func realClustersKeepTheirLengths() {
        // The build pass's chunks: Arabic with marks, Hebrew, Myanmar, emoji sequences, Hangul jamo.
        for text in ["مُحَمَّد", "שָׁלוֹם", "မြန်မာ", "👩🏽‍💻🇯🇵1️⃣", "\u{1100}\u{1161}\u{11A8}", "é\u{301}"] {
            let units = Array(text.utf16)
            let made = units.withUnsafeBufferPointer { UTF16Units.string($0) }
            #expect(made.map { $0.utf16.count } == text.map { $0.utf16.count })
        }
    }
}
