import Foundation
import Testing
@testable import TextFitCLI

/// Issue 35: every error answer carries the case's id whenever it can be read, so a client matching
/// answers by id keeps them: a line over the 16 MiB limit (the id scanned while the line is counted), a
/// repeated key (unless the repeated key is `id`), a bad field, a malformed number. An id that cannot be
/// read unambiguously stays null.
@Suite struct BatchErrorIDTests {
    private func answer(_ line: String, command: String = "batch") throws -> JSONValue {
        let run = runTool([command], input: [line])
        #expect(run.code == 1)
        return try parseJSON(try #require(run.output.first))
    }

    @Test func aRepeatedKeyKeepsTheId() throws {
        let result = try answer(#"{"id": "card-7", "text": "a", "text": "b"}"#)
        #expect(result["id"] == .string("card-7"))
        #expect(result["error"] == .string("invalid JSON: the key 'text' appears twice in an object at byte 30"))
        // The key after the id, or before it, or an escaped spelling of the key: the same.
        #expect(
            try answer(#"{"width": 1, "width": 2, "id": [1, {"a": "}"}], "text": "a"}"#)["id"]
                == .array([.int(1), .object([JSONMember("a", .string("}"))])]))
        #expect(try answer(#"{"\u0069d": 5, "size": 1, "size": 2, "text": "a"}"#)["id"] == .int(5))
    }

    @Test func aRepeatedIdIsAmbiguousAndStaysNull() throws {
        #expect(try answer(#"{"id": 1, "text": "a", "id": 2}"#)["id"] == .null)
        #expect(try answer(#"{"id": 1, "text": "a", "\u0069d": 1}"#)["id"] == .null)
    }

    @Test func aMalformedNumberKeepsTheId() throws {
        for number in ["01", "1.", "-", "NaN", "Infinity", "1e", "+1", ".5", "0x10"] {
            let result = try answer(#"{"id": 3, "text": "a", "width": \#(number)}"#)
            #expect(result["id"] == .int(3), "width \(number)")
            #expect(result["error"]?.stringValue?.hasPrefix("invalid JSON") == true, "width \(number)")
            // The id after the bad number is found too: values are skipped by their brackets and strings.
            #expect(try answer(#"{"size": \#(number), "id": "late", "text": "a"}"#)["id"] == .string("late"))
        }
    }

    @Test func aBadFieldKeepsTheId() throws {
        let result = try answer(#"{"id": {"row": 4}, "text": "a", "maxLines": -1}"#)
        #expect(result["id"] == .object([JSONMember("row", .int(4))]))
        #expect(result["error"]?.stringValue?.hasPrefix("field 'maxLines'") == true)
    }

    /// Where the id itself is not readable, or not at the top level, null is the honest answer.
    @Test func anUnreadableIdStaysNull() throws {
        for line in [
            #"{"id": 01, "text": "a"}"#,  // the id is the malformed number
            #"{"runs": [{"id": 5}], "text": "a", "text": "b"}"#,  // only a nested "id"
            #"{"id": 5"#,  // the value never ends
            #"{"id" 5, "text": "a"}"#,  // no colon: the structure is broken
            #"[{"id": 5}]"#,  // not an object
            #"{"text": "a" "id": 5}"#,  // a missing comma ends the scan before the id
        ] {
            #expect(try answer(line)["id"] == .null, "\(line)")
        }
    }

    /// In process: the id is found at either end of an overlong line, and a repeated id stays null.
    @Test func anOverlongLineKeepsItsId() throws {
        let filler = String(repeating: "x", count: JSONLinesLoop.maximumLineLength)
        let message = #"line too long: \#(JSONLinesLoop.maximumLineLength + 33) bytes; "#
        let first = try answer(#"{"id": "big", "text": "\#(filler)", "n": 1}"#)
        #expect(first["id"] == .string("big"))
        #expect(first["error"]?.stringValue?.hasPrefix(message) == true, "\(first)")
        #expect(try answer(#"{"text": "\#(filler)", "id": 9}"#)["id"] == .int(9))
        #expect(try answer(#"{"id": 9, "text": "\#(filler)", "id": 9}"#)["id"] == .null)
        #expect(try answer(#"{"id": 9, "text": "\#(filler)", "id": 9}"#, command: "breaks")["id"] == .null)
        #expect(try answer(#"{"id": 8, "text": "\#(filler)"}"#, command: "bidi")["id"] == .int(8))
    }

    /// The reader scans the id block by block once a line passes the limit, whatever the block size.
    @Test func theLineReaderScansTheIdWhileCounting() {
        let text =
            #"{"id": "a\"}", "text": "0123456789"}"# + "\n" + #"{"text": "0123456789", "id": [2]}"# + "\n"
            + #"{"id": 1, "text": "0123456789", "id": 2}"# + "\nok\n"
        for (blockSize, chunk) in [(1, 1), (4, 3), (64, 64)] {
            var offset = 0
            let bytes = Array(text.utf8)
            let reader = LineReader(maximumLength: 12, blockSize: blockSize) { buffer in
                let count = min(chunk, buffer.count, bytes.count - offset)
                for index in 0..<count { buffer[index] = bytes[offset + index] }
                offset += count
                return count
            }
            var lines: [InputLine] = []
            while let line = reader.next() { lines.append(line) }
            #expect(
                lines == [
                    .tooLong(byteCount: 36, id: #""a\"}""#), .tooLong(byteCount: 33, id: "[2]"),
                    .tooLong(byteCount: 40, id: nil), .text("ok"),
                ], "block \(blockSize)")
        }
    }

    /// Every JSON Lines command (`batch`, `breaks`, `bidi`) answers the four errors with the case's id: a
    /// repeated key, a malformed number, a bad field and (in process, one command per case above) an
    /// overlong line; a repeated `id` stays null in each.
    @Test(arguments: ["batch", "breaks", "bidi"])
    func everyJSONLinesCommandKeepsTheId(command: String) throws {
        #expect(try answer(#"{"id": "r", "text": "a", "text": "b"}"#, command: command)["id"] == .string("r"))
        #expect(try answer(#"{"id": "n", "text": "a", "width": 1.}"#, command: command)["id"] == .string("n"))
        #expect(try answer(#"{"width": -0x1, "id": "m", "text": "a"}"#, command: command)["id"] == .string("m"))
        let field = try answer(#"{"id": "f", "text": 5}"#, command: command)
        #expect(field["id"] == .string("f"))
        #expect(field["error"]?.stringValue?.contains("text") == true, "\(field)")
        #expect(try answer(#"{"id": 1, "text": "a", "id": 1}"#, command: command)["id"] == .null)
    }

    /// The scanner keeps only an id of bounded size: a longer one is not held, and not reported.
    @Test func aHugeIdIsNotHeld() {
        var scanner = CaseIDScanner()
        scanner.scan(Array(#"{"id": ""#.utf8))
        scanner.scan(repeatElement(UInt8(ascii: "x"), count: CaseIDScanner.maximumIDLength + 1))
        scanner.scan(Array(#"", "text": "a"}"#.utf8))
        #expect(scanner.idText == nil)
    }
}

private extension JSONValue {
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
