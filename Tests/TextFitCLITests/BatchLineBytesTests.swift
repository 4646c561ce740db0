import Foundation
import Testing
@testable import TextFitCLI

/// `textfit batch` reads a line of common fields straight from its bytes (`MeasureCase.decodeCommon`) and
/// every other line through the general reader (`JSONReader.parse`, `MeasureCase.init(json:)`). The two
/// paths must answer alike: the same output bytes on every committed batch fixture and corpus (the fuzz
/// corpus through `FuzzReplayTests`, whose `FuzzBatch` entry compares them too), and, case by case, the
/// same case and id wherever the byte reader accepts a line, on hand-made edge cases and mutated lines.
@Suite struct BatchLineBytesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The lines of a committed file, as the executable reads them.
    static func lines(_ path: String) throws -> [[UInt8]] {
        let data = try Data(contentsOf: repository.appendingPathComponent(path))
        return data.split(separator: 0x0A).map { Array($0.last == 0x0D ? $0.dropLast() : $0) }
    }

    /// The general path's case and id for `line`, or nil where it answers with an error.
    static func general(_ line: [UInt8]) -> (MeasureCase, JSONValue)? {
        guard let json = try? JSONReader.parse(String(decoding: line, as: UTF8.self)), case .object = json,
            let measureCase = try? MeasureCase(json: json)
        else { return nil }
        return (measureCase, json["id"] ?? .null)
    }

    static func decode(_ line: [UInt8]) -> (measureCase: MeasureCase, id: JSONValue)? {
        line.withUnsafeBufferPointer { MeasureCase.decodeCommon($0) }
    }

    /// Every line the byte reader accepts, the general path reads to the same case and id.
    static func expectAgreement(_ line: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let fast = decode(line) else { return }
        let general = general(line)
        #expect(general?.0 == fast.measureCase, "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(general?.1 == fast.id, "\(String(decoding: line, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["Benchmarks/Corpus/cases.jsonl", "Tests/TextFitCLITests/Data/fallback/corpus.jsonl"])
    func committedCasesGetTheSameBytesOnBothPaths(_ path: String) throws {
        let lines = try Self.lines(path)
        #expect(lines.count > 50)
        let fast = batchAnswers(to: lines, generalPathOnly: false)
        let general = batchAnswers(to: lines, generalPathOnly: true)
        #expect(fast.output.count == lines.count)
        #expect(fast.exitCode == general.exitCode)
        for (index, (a, b)) in zip(fast.output, general.output).enumerated() where a != b {
            Issue.record("\(path) line \(index + 1): \(a) against \(b)")
        }
        // The byte reader takes these lines (they hold common fields only): the comparison is not vacuous.
        #expect(lines.allSatisfy { Self.decode($0) != nil }, "\(path)")
        for line in lines { Self.expectAgreement(line) }
    }

    /// Lines at the edges of the byte reader: each is either left to the general path or read alike.
    static let edgeLines = [
        #"{"id":"a","text":"Hello","width":80}"#, "\u{FEFF}{\"text\":\"BOM first\"}",
        " \t{ \"text\" : \"spaced\" , \"size\" : 12 } \r",
        #"{"text":"escaped \" \\ \n \u00e9 \ud83d\ude00 \ud800 end"}"#, #"{"te\u0078t":"escaped key"}"#,
        #"{"text":"a","text":"repeated"}"#, #"{"text":"a","widht":80}"#, #"{"text":"a","note":"ignored field"}"#,
        #"{"text":"a","runs":[]}"#, #"{"text":"a","width":null,"size":null,"maxLines":null,"family":null}"#,
        #"{"text":"a","width":1e400}"#, #"{"text":"a","width":-1}"#, #"{"text":"a","size":1e-400}"#,
        #"{"text":"a","maxLines":2.0}"#, #"{"text":"a","maxLines":2.5}"#, #"{"text":"a","faceIndex":1}"#,
        #"{"text":"a","fontFile":"/nowhere.ttf","faceIndex":3}"#, #"{"text":"a","family":"x","fontFile":"y"}"#,
        #"{"text":"a","lineBreakMode":"byTruncatingTail"}"#, #"{"text":"a","lineBreakMode":"truncateMiddle"}"#,
        #"{"id":[1,{"b":2,"a":[true,false,null]}],"text":"nested id"}"#, #"{"id":123456789012345678901234,"text":"a"}"#,
        #"{"id":-0.0,"text":"a"}"#, #"{"id":1.5e3,"text":"a"}"#, #"{"text":"a"} x"#, #"{"text":"a",}"#, #"{"text":"a""#,
        #"{}"#, #"[]"#, #""text""#, "", " ", #"{"text":5}"#, #"{"id":1}"#, "{\"text\":\"tab\tinside\"}",
        #"{"text":"a","size":017}"#, #"{"text":"a","size":-}"#, #"{"text":"a","id":01}"#,
        #"{"id":"\u2028","text":"\u0000"}"#, #"{"text":"\ud800\udc00 pair"}"#,
        "{\"id\":" + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + ",\"text\":\"deep\"}",
        // Keys matched by their first bytes (`commonFieldKey`), and names read as literals (`knownName`):
        // prefixes, extensions, escapes and cut-off lines of each, which the general path must agree on.
        #"{"i":1,"text":"a"}"#, #"{"idx":1,"text":"a"}"#, #"{"text":"a","f":1}"#, #"{"text":"a","fam":"x"}"#,
        #"{"text":"a","fo":"x"}"#, #"{"text":"a","familyName":"Noto Sans"}"#, #"{"text":"a","faceIndexes":1}"#,
        #"{"text":"a","maxLine":1}"#, #"{"text":"a","lineBreakModes":"clip"}"#, #"{"text":"a","w":1}"#,
        #"{"text":"a","family":"Noto Sans"}"#, #"{"text":"a","family":"Noto Sans2"}"#, #"{"text":"a","family":"Noto"}"#,
        #"{"text":"a","family":"Noto Sans "}"#, #"{"text":"a","family":"Droid Sans Fallback"}"#,
        #"{"text":"a","family":"N"}"#, #"{"text":"a","family":"D"}"#, #"{"text":"a","family":"Noto Sans"#,
        #"{"text":"a","lineBreakMode":"clip"}"#, #"{"text":"a","lineBreakMode":"clipX"}"#,
        #"{"text":"a","lineBreakMode":"clip"}"#, #"{"text":"a","lineBreakMode":"truncate"}"#,
        #"{"text":"a","lineBreakMode":"truncateHead"}"#, #"{"text":"a","lineBreakMode":"charWrap"}"#,
        #"{"text":"a","lineBreakMode":"wordWrap"#, #"{"text":"a","lineBreakMode":"w"}"#, #"{"text":"a","lineBreakMode":"t"#,
        #"{"text":"a","lineBreakMode":"wordWrap","family":"Noto Sans","size":12,"width":40,"maxLines":2,"id":"x"}"#,
        #"{"text":"a","fontFile":"/nowhere.ttf","faceIndex":0}"#, #"{"text":"a","lineBreakMode":7}"#,
        #"{"text":"a","family":"Noto Sans","family":"Noto Sans"}"#, #"{"t"#, #"{"id"#, #"{"fa"#,
    ]

    @Test func edgeLinesReadAlikeAndAnswerAlike() {
        var lines = Self.edgeLines.map { Array($0.utf8) }
        // Invalid UTF-8 inside a string, in a key and between members: repaired alike or left to the general path.
        lines += [
            Array(#"{"text":"bad "#.utf8) + [0xC3, 0x28, 0xFF, 0xE2, 0x82] + Array(#" end","id":2}"#.utf8),
            Array(#"{"text":"a","#.utf8) + [0xFF] + Array(#""size":12}"#.utf8),
            Array(#"{"te"#.utf8) + [0xC3] + Array(#"xt":"a"}"#.utf8),
            Array(#"{"id":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#"","text":"surrogate bytes"}"#.utf8),
        ]
        for line in lines { Self.expectAgreement(line) }
        #expect(Self.decode(Array(#"{"id":"a","text":"Hello","width":80}"#.utf8)) != nil)
        #expect(Self.decode(Array(#"{"text":"a","note":"ignored field"}"#.utf8)) == nil)
        let fast = batchAnswers(to: lines, generalPathOnly: false)
        let general = batchAnswers(to: lines, generalPathOnly: true)
        #expect(fast.output == general.output)
        #expect(fast.exitCode == general.exitCode)
    }

    /// Corpus lines with bytes changed, inserted or removed at seeded random places (quotes, digits,
    /// backslashes, braces, invalid UTF-8 among them): wherever the byte reader accepts one, the general
    /// path reads the same case and id.
    @Test func mutatedLinesReadAlike() throws {
        let lines = try Self.lines("Benchmarks/Corpus/cases.jsonl") + Self.edgeLines.map { Array($0.utf8) }
        var generator = FontSettingsFuzzTests.Seeded(state: 43)
        let alphabet: [UInt8] = Array(#"{}[]":,\ 0123456789.eE-+tnufalsx"#.utf8) + [0x80, 0xC3, 0xE2, 0xFF, 0x0D, 0x09]
        var accepted = 0
        for round in 0..<30_000 {
            var line = lines[round % lines.count]
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0...line.count, using: &generator)
                let byte = alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where position < line.count: line[position] = byte
                case 1 where position < line.count: line.remove(at: position)
                default: line.insert(byte, at: position)
                }
            }
            if Self.decode(line) != nil { accepted += 1 }
            Self.expectAgreement(line)
        }
        // Most mutations break the line; enough survive that the comparison means something.
        #expect(accepted > 2_000)
    }
}
