import Foundation
import Testing
@testable import TextFitCLI

@Suite struct JSONWriterTests {
    @Test func escapesQuotesBackslashesAndControls() {
        let text = "a\"b\\c\nd\re\tf\u{08}\u{0C}\u{00}\u{1F}\u{7F}"
        #expect(JSONWriter.string(.string(text)) == #""a\"b\\c\nd\re\tf\b\f\u0000\u001f\u007f""#)
    }

    @Test func keepsNonASCIIAndEscapesLineSeparators() {
        #expect(JSONWriter.string(.string("北京…é😀")) == "\"北京…é😀\"")
        #expect(JSONWriter.string(.string("a\u{2028}b\u{2029}")) == #""a\u2028b\u2029""#)
        #expect(JSONWriter.string(.string("/")) == "\"/\"")
    }

    @Test func writesObjectsInInsertionOrder() {
        let value: JSONValue = .object(["z": .int(1), "a": .array([.null, .bool(true), .bool(false)]), "m": .object([])])
        #expect(JSONWriter.string(value) == #"{"z":1,"a":[null,true,false],"m":{}}"#)
    }

    @Test func numbers() {
        #expect(JSONWriter.string(.double(43.5)) == "43.5")
        #expect(JSONWriter.string(.double(20)) == "20.0")
        #expect(JSONWriter.string(.double(0.00001)) == "1e-05")
        #expect(JSONWriter.string(.double(.infinity)) == "null")
        #expect(JSONWriter.string(.double(.nan)) == "null")
        #expect(JSONWriter.string(.int(-7)) == "-7")
        #expect(JSONWriter.string(.numberLiteral("18446744073709551615")) == "18446744073709551615")
    }

    @Test func outputParsesBackToTheSameValue() throws {
        let value: JSONValue = .object(["s": .string("\u{01}\"\\ \u{2028}x"), "n": .double(1.25), "i": .int(3)])
        let reparsed = try JSONReader.parse(JSONWriter.string(value))
        // The reader sorts keys; compare member by member.
        for key in ["s", "n", "i"] { #expect(reparsed[key] == value[key]) }
    }

    /// The writer escapes by UTF-8 byte and appends the runs between escapes whole; this is the scalar by
    /// scalar writer it replaced, which every output must still equal.
    static func scalarByScalar(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    output += "\\u" + String(format: "%04x", scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    @Test func byteRunsEqualTheScalarWriter() {
        let pieces = [
            "a", "Zz", " ", "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{1F}", "\u{7F}",
            "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{2026}", "é", "Я", "中", "👩🏽‍💻", "\u{E2}", "שלום",
            "\u{80}", "\u{FFFD}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...12, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            var written = ""
            JSONWriter.writeString(text, to: &written)
            #expect(written == Self.scalarByScalar(text), "\(text.debugDescription)")
        }
    }
}
