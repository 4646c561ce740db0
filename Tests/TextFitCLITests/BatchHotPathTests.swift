import Foundation
import Testing
import TextFit

@testable import TextFitCLI

/// The work `textfit batch` does per line beside the engine, cut in session 21 (issue 43, Benchmarks/README.md,
/// "The batch path, round 5"): a key matched by its length and bytes, the font of the line before reused
/// without hashing its key, newlines found by `memchr`. Each is held to what it replaced, from an
/// independent source: the field names as the enum spells them, `Font`'s own answers, `split`.
@Suite struct BatchHotPathTests {
    /// `commonFieldKey` of a quoted key, and where the parser stops.
    private static func field(_ key: String) -> (MeasureCase.CommonField?, index: Int) {
        let line = Array("\"\(key)\": 1".utf8)
        return line.withUnsafeBufferPointer { bytes in
            var parser = JSONParser(bytes: bytes)
            let field = parser.commonFieldKey()
            return (field, parser.index)
        }
    }

    /// Every common field, by the name its case has (the contract's field names), and nothing else: keys of
    /// the same lengths, other cases, prefixes, an escape.
    @Test func eachCommonFieldNameIsMatchedAndNoOtherKey() {
        let fields: [MeasureCase.CommonField] = [
            .id, .text, .family, .fontFile, .faceIndex, .size, .width, .maxLines, .lineBreakMode,
        ]
        for field in fields {
            let name = "\(field)"
            let (found, index) = Self.field(name)
            #expect(found == field, "\(name)")
            #expect(index == name.utf8.count + 2)
        }
        let others = [
            "", "i", "ID", "Id", "ix", "txet", "Text", "sizE", "texts", "widths", "Width", "famil", "familY",
            "fontfile", "maxlines", "maxLine", "faceindex", "lineBreakModes", "linebreakmode", "weight", "query",
            "t\\u0065xt", "language", "tracking", "runs", "paragraph", "lineBreakMod\u{E9}",
        ]
        for other in others { #expect(Self.field(other).0 == nil, "\(other)") }
    }

    /// A key with no closing quote is no key, whatever its bytes so far.
    @Test func anUnendedKeyIsNone() {
        for line in ["\"text", "\"id", "\"", "text\""] {
            let bytes = Array(line.utf8)
            let found = bytes.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer)
                return parser.commonFieldKey()
            }
            #expect(found == nil, "\(line)")
        }
    }

    /// The font of the line before, reused without a hash, is the one asked for whatever the order of the
    /// asks: alternating families, sizes, weights and a missing family (whose error is remembered too).
    @Test func theLastFontReusedIsTheOneAskedFor() throws {
        let fonts = FontCache()
        let asks: [(String, Double, Font.Weight?)] = [
            ("Noto Sans", 17, nil), ("Noto Sans", 17, nil), ("Noto Sans", 12, nil), ("Noto Sans", 17, nil),
            ("Noto Sans", 17, .bold), ("DejaVu Sans", 17, nil), ("Noto Sans", 17, .bold), ("Noto Sans", 17, nil),
            // 60 and 17 pt share a slot of the recent answers (`FontCache.recentSlot`): each replaces the other.
            ("Noto Sans", 60, nil), ("Noto Sans", 17, nil), ("Noto Sans", 60, nil), ("DejaVu Sans", 60, nil),
        ]
        for (family, size, weight) in asks + asks.reversed() {
            let font = try fonts.font(.family(family), size: size, face: .init(weight: weight))
            let fresh = try Font(family: family, size: CGFloat(size), weight: weight ?? .regular)
            #expect(font.pointSize == CGFloat(size))
            #expect(font.description == fresh.description, "\(family) \(size)")
            #expect(font.filePath == fresh.filePath)
            // The same face and size measure alike: the widths of a text show which face was given.
            let text = "Hamburgefonstiv 0123"
            let widths = try [font, fresh].map { try PreparedText(text, font: $0).layout(width: nil).size.width }
            #expect(widths[0] == widths[1], "\(family) \(size)")
        }
        #expect(fonts.count == 6)  // six keys: (family, size, weight)
        for _ in 0..<2 {
            #expect(throws: FontError.self) { try fonts.font(.family("No Such Family Anywhere"), size: 17) }
            #expect(try fonts.font(.family("Noto Sans"), size: 17).pointSize == 17)
        }
        #expect(fonts.count == 7)
    }

    /// The line break modes by name, as `LineBreakMode(rawValue:)` reads them (the contract's names).
    @Test func lineBreakModesByNameAreTheRawValues() {
        for mode in LineBreakMode.allCases { #expect(MeasureCase.lineBreakMode(named: mode.rawValue) == mode) }
        for name in ["", "WordWrap", "wordwrap", "truncateTai", "truncateTail ", "byWordWrapping", "clip\u{0}"] {
            #expect(MeasureCase.lineBreakMode(named: name) == nil, "\(name)")
        }
    }

    /// Lines split by `memchr` across blocks of every size from 1 byte, with `\r\n`, empty lines, a last
    /// line without a newline: the lines `split` finds.
    @Test func linesAreThoseSplitFindsForEveryBlockSize() {
        let input = Array("{\"id\":1}\r\n\n{\"text\":\"a\\nb\"}\nlast without newline".utf8)
        let expected: [InputLine] = input.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            .text(String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self))
        }
        for blockSize in 1...input.count + 1 {
            var offset = 0
            let reader = LineReader(maximumLength: 1 << 20, blockSize: blockSize) { buffer in
                let count = min(buffer.count, input.count - offset)
                for index in 0..<count { buffer[index] = input[offset + index] }
                offset += count
                return count
            }
            var lines: [InputLine] = []
            while let line = reader.next() { lines.append(line) }
            #expect(lines == expected, "block size \(blockSize)")
        }
    }

    /// `UTF8Offsets` against the standard library's index conversion, for every UTF-16 offset of texts with
    /// one- to four-byte characters, asked in order, in reverse (restarting) and inside surrogate pairs.
    @Test func utf8OffsetsAreTheStandardLibrarys() {
        for text in [
            "", "plain", "caf\u{E9} \u{201C}quoted\u{201D}", "\u{5317}\u{4EAC} mixed",
            "emoji \u{1F469}\u{1F3FD}\u{200D}\u{1F4BB} end",
        ] {
            var copy = text
            copy.withUTF8 { utf8 in
                let count = text.utf16.count
                let expected: [Int?] = (0...count + 1).map { offset in
                    guard offset <= count else { return nil }
                    let index = text.utf16.index(text.utf16.startIndex, offsetBy: offset)
                    // An offset inside a surrogate pair has no UTF-8 position of its own.
                    guard let scalarIndex = index.samePosition(in: text.unicodeScalars) else { return nil }
                    return text.utf8.distance(from: text.utf8.startIndex, to: scalarIndex)
                }
                var offsets = UTF8Offsets(utf8: utf8)
                for (offset, want) in expected.enumerated() {
                    #expect(offsets.offset(ofUnit: offset) == want, "\(text) at \(offset)")
                }
                for (offset, want) in expected.enumerated().reversed() {
                    #expect(offsets.offset(ofUnit: offset) == want, "\(text) at \(offset), backwards")
                }
            }
        }
    }
}
