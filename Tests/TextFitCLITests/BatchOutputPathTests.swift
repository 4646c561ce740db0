import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s fast paths (Benchmarks/README.md, "Batch") held to the general paths they stand for:
/// the result written field by field against the `JSONValue` tree written by `JSONWriter`, numbers read
/// from their bytes against `Double(_:)` and `Int(_:)`, the field table against the field list.
@Suite struct BatchOutputPathTests {
    private let font = try! Font(family: "Noto Sans", size: 17)

    /// Texts whose layouts take every branch of the writer: one line, several, truncated (each mode), a
    /// hyphenated line (H2), escapes, and bidirectional text (which goes through the tree).
    private static let texts = [
        "Hello", "The quick brown fox jumps over the lazy dog again and again", "extra\u{AD}ordinary words",
        "quote \" backslash \\ tab\tnew\u{2028}line", "北京欢迎你，这是一个测试", "", "שלום world", "emoji 👩🏽‍💻 here",
        // ASCII over several lines: each line's text is written from the text's own bytes.
        "tab\tand \"quotes\" and back\\slashes over a few lines of plain ASCII words",
    ]

    @Test func plainResultsAreTheTreesBytes() throws {
        let extras: [[JSONMember]] = [
            [], [JSONMember("tightestWidth", .double(12.5))],
            [JSONMember("fontSize", .double(15)), JSONMember("fits", .bool(true))],
        ]
        for text in Self.texts {
            let prepared = PreparedText(text, font: font)
            for width: CGFloat? in [nil, 30, 60, 200] {
                for (lines, mode) in [(0, LineBreakMode.byWordWrapping), (1, .byTruncatingTail), (2, .byTruncatingMiddle)] {
                    let layout = try prepared.layout(width: width, numberOfLines: lines, lineBreakMode: mode)
                    for extra in extras {
                        for boxes in [false, true] {
                            let id: JSONValue = .string("case \(text.count)")
                            var output = JSONOutput()
                            MeasureResult.write(id: id, layout: layout, lineBoxes: boxes, extra: extra, into: &output)
                            let tree = MeasureResult.appending(
                                extra, to: MeasureResult.json(id: id, layout: layout, lineBoxes: boxes))
                            #expect(output.string == JSONWriter.string(tree), "\(text) at \(String(describing: width))")
                        }
                    }
                }
            }
        }
    }

    @Test func wholeNumbersAreWrittenAsStringWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var numbers = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for _ in 0..<2000 { numbers.append(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...63)) }
        for number in numbers {
            var output = JSONOutput()
            output.int(number)
            #expect(output.string == String(number))
        }
    }

    /// Clinger's fast path must give the double `Double(_:)` gives, and fall back where it cannot.
    @Test func numbersReadFromBytesEqualTheStandardLibrary() throws {
        var generator = SystemRandomNumberGenerator()
        var literals = [
            "0", "-0", "0.0", "-0.0", "1e2", "1E+2", "2.5e-3", "136.4521484375", "255.60000000000002", "0.1", "0.3",
            "999999999999999", "1000000000000000", "123456789012345678", "9007199254740993", "1e22", "1e23", "1e-22",
            "1e-23", "123.456e-20", "0.000000000000000000000001", "17", "-42", "1e400", "-1e400", "4.9e-324",
        ]
        for _ in 0..<3000 {
            let digits = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63))
            let point = Int.random(in: 0...digits.count, using: &generator)
            var literal = point == digits.count ? digits : digits.prefix(point) + "." + digits.dropFirst(point)
            if literal.hasPrefix(".") { literal = "0" + literal }
            if literal.count > 1, literal.hasPrefix("0"), !literal.hasPrefix("0.") { continue }  // no leading zero
            if Bool.random(using: &generator) { literal += "e\(Int.random(in: -30...30, using: &generator))" }
            literals.append(Bool.random(using: &generator) ? "-" + literal : literal)
        }
        for literal in literals {
            let read = try JSONReader.parse(literal)
            let isInteger = !literal.contains(where: { ".eE".contains($0) })
            if isInteger {
                // Beyond `Int`, an integer is kept as its text (`.numberLiteral`).
                #expect(read == (Int(literal).map { .int($0) } ?? .numberLiteral(literal)), "\(literal)")
            } else if let double = Double(literal), double.isFinite {
                guard case .double(let value) = read else {
                    Issue.record("\(literal) read as \(read)")
                    continue
                }
                #expect(value.bitPattern == double.bitPattern, "\(literal): \(value) against \(double)")
            } else {
                #expect(read == .numberLiteral(literal), "\(literal)")
            }
        }
    }

    @Test func fieldTableFindsEveryFieldAndNothingElse() {
        for field in MeasureCase.jsonFields {
            #expect(MeasureCase.fieldTable.group(of: field) == MeasureCase.fieldGroups[field], "\(field)")
        }
        for other in ["", "x", "Width", "widht", "texts", "height", "lines", "maxlines", "fontSize", "ids"] {
            #expect(MeasureCase.fieldTable.group(of: other) == nil, "\(other)")
        }
        #expect(MeasureCase.fieldGroups.count == Set(MeasureCase.jsonFields).count)
    }

    /// Keys read through the table of case fields are the same strings as keys made from their bytes:
    /// escaped, unknown, near-miss and non-ASCII keys included.
    @Test func keptKeysReadAsTheirText() throws {
        let keys = MeasureCase.jsonFields + ["te\\u0078t", "widht", "Width", "ids", "größe", "x", "lines", "\\u0069d"]
        for key in keys {
            let object = try JSONReader.parse("{\"\(key)\": 1}")
            guard case .object(let members) = object, let member = members.first else {
                Issue.record("\(key) did not read as an object")
                continue
            }
            let expected = try JSONReader.parse("\"\(key)\"")
            #expect(JSONValue.string(member.key) == expected, "\(key)")
        }
        for field in MeasureCase.jsonFields {
            #expect(Array(field.utf8).withUnsafeBufferPointer { JSONKeyTable.caseFields.name($0) } == field)
        }
        for other in ["", "texts", "tex", "Width", "widht", "lines"] {
            #expect(Array(other.utf8).withUnsafeBufferPointer { JSONKeyTable.caseFields.name($0) } == nil, "\(other)")
        }
    }

    /// A case naming no field of an optional group reads as if the group's readers had run (they would
    /// have found every field absent): the same case as one spelled with those fields set to null.
    @Test func absentGroupsReadAsTheirDefaults() throws {
        let plain = try MeasureCase(json: JSONReader.parse(#"{"text": "Hi", "width": 40, "size": 12}"#))
        let nulls = try MeasureCase(
            json: JSONReader.parse(
                #"{"text": "Hi", "width": 40, "size": 12, "query": null, "runs": null, "paragraph": null, "#
                    + #""language": null, "fallback": null, "weight": null, "italic": null, "features": null, "#
                    + #""variations": null, "textStyle": null, "contentSizeCategory": null}"#))
        #expect(plain == nulls)
    }

    /// The flush hook runs before every `read(2)`: once the lines read so far are used up, never between
    /// lines already in the block.
    @Test func beforeReadRunsOncePerRead() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let payload = Array("{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n".utf8)
        #expect(payload.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) } == payload.count)
        close(descriptors[1])
        var calls = 0
        let reader = LineReader(fileDescriptor: descriptors[0], beforeRead: { calls += 1 })
        var lines: [InputLine] = []
        while let line = reader.next() { lines.append(line) }
        close(descriptors[0])
        #expect(lines == [.text("{\"id\":1}"), .text("{\"id\":2}"), .text("{\"id\":3}")])
        #expect(calls == 2)  // the block with the three lines, then the end of the input
    }
}

/// `JSONOutput.double`'s exact path for a text's widths against `description`, over whole numbers of
/// 2^-k for every k up to past the path's 18, and arbitrary doubles.
@Suite struct JSONDoubleWriterTests {
    @Test func doublesAreWrittenAsDescriptionWritesThem() {
        var generator = SystemRandomNumberGenerator()
        var numbers: [Double] = [
            0, -0.0, 1, 20, 0.5, 1.5, 23.154, 345.9140625, 100.0185546875, 0x1p40, 0x1p40 - 0x1p-12, 1e15,
        ]
        for _ in 0..<20_000 {
            let k = Int.random(in: 0...24, using: &generator)
            let whole = Double(UInt64.random(in: 0...(1 << 41), using: &generator) >> UInt64.random(in: 0...41))
            let steps = Double(UInt64.random(in: 0..<(1 << k), using: &generator))
            numbers.append(whole + steps / Double(1 << k))
            numbers.append(Double.random(in: 0...1000, using: &generator))
        }
        for number in numbers + numbers.map(-) {
            var output = JSONOutput()
            output.double(number)
            #expect(output.string == number.description, "\(number)")
        }
    }
}
