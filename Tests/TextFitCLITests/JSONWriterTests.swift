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
        // The reader sorts keys (NSDictionary has no order); compare member by member.
        for key in ["s", "n", "i"] { #expect(reparsed[key] == value[key]) }
    }
}

@Suite struct JSONReaderTests {
    @Test func tellsBooleansFromNumbers() throws {
        let value = try JSONReader.parse(#"{"t": true, "f": false, "one": 1, "zero": 0, "half": 0.5, "two": 2.0}"#)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["one"] == .int(1))
        #expect(value["zero"] == .int(0))
        #expect(value["half"] == .double(0.5))
        #expect(value["two"] == .double(2))
    }

    @Test func keepsHugeNumbersExactly() throws {
        #expect(try JSONReader.parse("18446744073709551615") == .numberLiteral("18446744073709551615"))
        #expect(try JSONReader.parse("123456789012345678901234") == .numberLiteral("123456789012345678901234"))
        #expect(try JSONReader.parse("-5") == .int(-5))
    }

    @Test func fragmentsNullAndNesting() throws {
        #expect(try JSONReader.parse("null") == .null)
        #expect(try JSONReader.parse(#""x""#) == .string("x"))
        #expect(try JSONReader.parse(#"{"b": [1, {"c": null}], "a": "z"}"#)
                == .object(["a": .string("z"), "b": .array([.int(1), .object(["c": .null])])]))
    }

    @Test func rejectsInvalidJSON() {
        for text in ["not json", "{", #"{"a": NaN}"#, "1e400"] {
            #expect(throws: JSONReader.ParseError.self) { try JSONReader.parse(text) }
        }
    }

    @Test func unpairedSurrogateEscapesBecomeReplacementCharacters() throws {
        #expect(try JSONReader.parse(#""a\ud800b""#) == .string("a\u{FFFD}b"))
        #expect(try JSONReader.parse(#""\udc00""#) == .string("\u{FFFD}"))
        #expect(try JSONReader.parse(#""\ud83d\ude00\ud83d""#) == .string("😀\u{FFFD}"))
        // An escaped backslash followed by "ud800" is plain text, not a surrogate.
        #expect(try JSONReader.parse(#""\\ud800""#) == .string(#"\ud800"#))
        #expect(JSONReader.replacingUnpairedSurrogateEscapes(Array(#""\\ud800 \u0041""#.utf8)) == nil)
    }
}
