import Foundation
import Testing
@testable import TextFitCLI

/// Issue 5's last bad-input row: bad JSON lines, wrong field types, unknown fields and empty lines in
/// `textfit batch` each get an error object naming the problem in their place, the run goes on, and the
/// exit code is 1 at the end. (BatchCommandTests has the first cases; this suite checks every kind with
/// its exact message.)
@Suite struct BatchRobustnessTests {
    static let good = #"{"id": "ok", "text": "Hello world", "width": 60}"#

    /// Runs `line` between two good cases and returns its output line, checking the run went on.
    private func answer(_ line: String, _ context: Comment? = nil) throws -> String {
        let run = runTool(["batch"], input: [Self.good, line, Self.good])
        #expect(run.output.count == 3, context)
        #expect(run.errors.isEmpty, context)
        let first = try parseJSON(try #require(run.output.first))
        let last = try parseJSON(try #require(run.output.last))
        #expect(first["lineCount"] == .int(2) && last["lineCount"] == .int(2), "the run went on")
        return run.output[1]
    }

    /// The exact error object for each bad line; `id` is echoed when the line is an object with one.
    static let badLines: [(line: String, expected: String)] = [
        // Empty lines.
        ("", #"{"id":null,"error":"empty line: expected a JSON object"}"#),
        ("   ", #"{"id":null,"error":"empty line: expected a JSON object"}"#),
        ("\t\r", #"{"id":null,"error":"empty line: expected a JSON object"}"#),
        // Not JSON objects.
        ("[1, 2]", #"{"id":null,"error":"a line must be a JSON object, got array"}"#),
        ("\"text\"", #"{"id":null,"error":"a line must be a JSON object, got string"}"#),
        ("null", #"{"id":null,"error":"a line must be a JSON object, got null"}"#),
        ("42", #"{"id":null,"error":"a line must be a JSON object, got number"}"#),
        // Wrong field types.
        (#"{"id": 1, "text": 5}"#, #"{"id":1,"error":"field 'text' must be a string, got number"}"#),
        (#"{"id": 1, "text": null}"#, #"{"id":1,"error":"field 'text' must be a string, got null"}"#),
        (#"{"id": 1, "text": ["a"]}"#, #"{"id":1,"error":"field 'text' must be a string, got array"}"#),
        (#"{"id": 1}"#, #"{"id":1,"error":"missing field 'text' (a string)"}"#),
        (#"{"id": 1, "text": "a", "family": 3}"#, #"{"id":1,"error":"field 'family' must be a string, got number"}"#),
        (
            #"{"id": 1, "text": "a", "fontFile": true}"#,
            #"{"id":1,"error":"field 'fontFile' must be a string, got boolean"}"#
        ),
        (
            #"{"id": 1, "text": "a", "fontFile": "/x.ttf", "faceIndex": "0"}"#,
            #"{"id":1,"error":"field 'faceIndex' must be a whole number, got string"}"#
        ),
        (
            #"{"id": 1, "text": "a", "fontFile": "/x.ttf", "faceIndex": -1}"#,
            #"{"id":1,"error":"field 'faceIndex' must be a whole number from 0 to 9223372036854775807, got -1"}"#
        ),
        (#"{"id": 1, "text": "a", "size": "17"}"#, #"{"id":1,"error":"field 'size' must be a number, got string"}"#),
        (#"{"id": 1, "text": "a", "size": true}"#, #"{"id":1,"error":"field 'size' must be a number, got boolean"}"#),
        (
            #"{"id": 1, "text": "a", "size": 0}"#,
            #"{"id":1,"error":"field 'size' must be a number of points > 0 and < 100000, got 0"}"#
        ),
        (
            #"{"id": 1, "text": "a", "size": -2.5}"#,
            #"{"id":1,"error":"field 'size' must be a number of points > 0 and < 100000, got -2.5"}"#
        ),
        (
            #"{"id": 1, "text": "a", "size": 1e300}"#,
            #"{"id":1,"error":"field 'size' must be a number of points > 0 and < 100000, got 1e+300"}"#
        ),
        (#"{"id": 1, "text": "a", "width": "wide"}"#, #"{"id":1,"error":"field 'width' must be a number, got string"}"#),
        (#"{"id": 1, "text": "a", "width": [100]}"#, #"{"id":1,"error":"field 'width' must be a number, got array"}"#),
        (
            #"{"id": 1, "text": "a", "width": -3}"#,
            #"{"id":1,"error":"field 'width' must be a number >= 0 (0, or 1e15 and more, = unconstrained), got -3"}"#
        ),
        (
            #"{"id": 1, "text": "a", "maxLines": "2"}"#,
            #"{"id":1,"error":"field 'maxLines' must be a whole number, got string"}"#
        ),
        (
            #"{"id": 1, "text": "a", "maxLines": 1.5}"#,
            #"{"id":1,"error":"field 'maxLines' must be a whole number from 0 to 9223372036854775807 (0 = no limit), got 1.5"}"#
        ),
        (
            #"{"id": 1, "text": "a", "maxLines": -1}"#,
            #"{"id":1,"error":"field 'maxLines' must be a whole number from 0 to 9223372036854775807 (0 = no limit), got -1"}"#
        ),
        (
            #"{"id": 1, "text": "a", "maxLines": 1e20}"#,
            #"{"id":1,"error":"field 'maxLines' must be a whole number from 0 to 9223372036854775807 (0 = no limit), got 1e+20"}"#
        ),
        (
            #"{"id": 1, "text": "a", "lineBreakMode": 3}"#,
            #"{"id":1,"error":"field 'lineBreakMode' must be a string, got number"}"#
        ),
        (
            #"{"id": 1, "text": "a", "lineBreakMode": "byWordWrapping"}"#,
            #"{"id":1,"error":"field 'lineBreakMode' must be one of wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle, got 'byWordWrapping'; did you mean 'wordWrap'?"}"#
        ),
        // Near-misses of known fields would silently measure with a default: errors.
        (#"{"id": 1, "text": "a", "widht": 40}"#, #"{"id":1,"error":"unknown field 'widht'; did you mean 'width'?"}"#),
        (#"{"id": 1, "text": "a", "Width": 40}"#, #"{"id":1,"error":"unknown field 'Width'; did you mean 'width'?"}"#),
        (
            #"{"id": 1, "text": "a", "maxlines": 2}"#,
            #"{"id":1,"error":"unknown field 'maxlines'; did you mean 'maxLines'?"}"#
        ),
        (#"{"id": 1, "text": "a", "maxLine": 2}"#, #"{"id":1,"error":"unknown field 'maxLine'; did you mean 'maxLines'?"}"#),
        (
            #"{"id": 1, "text": "a", "linebreakmode": "clip"}"#,
            #"{"id":1,"error":"unknown field 'linebreakmode'; did you mean 'lineBreakMode'?"}"#
        ),
        (
            #"{"id": 1, "text": "a", "fontfile": "/x.ttf"}"#,
            #"{"id":1,"error":"unknown field 'fontfile'; did you mean 'fontFile'?"}"#
        ),
        (#"{"id": 1, "txt": "a"}"#, #"{"id":1,"error":"unknown field 'txt'; did you mean 'text'?"}"#),
        (#"{"ID": 1, "text": "a"}"#, #"{"id":null,"error":"unknown field 'ID'; did you mean 'id'?"}"#),
    ]

    @Test(arguments: badLines.indices)
    func eachBadLineGetsItsErrorObjectInPlace(index: Int) throws {
        let (line, expected) = Self.badLines[index]
        #expect(try answer(line, "\(line.debugDescription)") == expected, "\(line.debugDescription)")
    }

    /// Lines that are not JSON get "invalid JSON" with the reader's reason, whatever it says exactly.
    @Test(arguments: [
        "not json", "{", #"{"text": "a""#, #"{"text": "a"} trailing"#, "{'text': 'a'}", #"{"text" "a"}"#,
        #"{"text": "a",}"#, #"{"text": "a", "width": 01}"#,
        #"{"text": NaN}"#, #"{"text": "a", "width": Infinity}"#, "\u{FEFF}\u{FEFF}{}", #"{"text": "\x"}"#,
        String(repeating: "[", count: 100_000), String(repeating: #"{"a":"#, count: 20_000),
    ])
    func malformedJSONIsAnErrorObject(line: String) throws {
        let output = try answer(line)
        #expect(output.hasPrefix(#"{"id":null,"error":"invalid JSON"#), "\(output.prefix(200))")
    }

    /// Careless lines that would otherwise be measured silently wrong, or fail without saying why.
    @Test func repeatedKeysAndDeepIdsAreNamedErrors() throws {
        #expect(
            try answer(#"{"id": 1, "text": "Hello world", "width": 10, "width": 1000}"#)
                == #"{"id":1,"error":"invalid JSON: the key 'width' appears twice in an object at byte 46"}"#)
        let deep = #"{"id": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + #", "text": "a"}"#
        #expect(
            try answer(deep) == #"{"id":null,"error":"invalid JSON: arrays and objects nested deeper than 512 at byte 518"}"#
        )
        let nested = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let kept = try parseJSON(try answer(#"{"id": \#(nested), "text": "a"}"#))
        #expect(kept["lineCount"] == .int(1), "an id at the depth limit is echoed")
        // A lone low surrogate and a lone high one each become one U+FFFD: offsets still count 3 units.
        #expect(try answer(#"{"id": 2, "text": "\udc00x\ud800"}"#).contains(#""end":3,"text":"\#u{FFFD}x\#u{FFFD}""#))
    }

    /// A number no double holds is the field's error, not the line's: the id is kept and the field named
    /// with its range. A width that large is unconstrained, as every width from 1e15 up is (B7).
    @Test func aNumberBeyondADoubleNamesItsField() throws {
        #expect(
            try answer(#"{"id": "s", "text": "a", "size": -2E+999}"#)
                == #"{"id":"s","error":"field 'size' must be a number of points > 0 and < 100000, got -2E+999"}"#)
        #expect(
            try answer(#"{"id": 1e400, "text": "a", "maxLines": 1e400}"#)
                == #"{"id":1e400,"error":"field 'maxLines' must be a whole number from 0 to 9223372036854775807 (0 = no limit), got 1e400"}"#
        )
        #expect(
            try answer(#"{"id": 1, "text": "a", "fontFile": "/x.ttf", "faceIndex": 1e400}"#)
                == #"{"id":1,"error":"field 'faceIndex' must be a whole number from 0 to 9223372036854775807, got 1e400"}"#)
        #expect(
            try answer(#"{"id": 4, "text": "a", "width": -1e400}"#)
                == #"{"id":4,"error":"field 'width' must be a number >= 0 (0, or 1e15 and more, = unconstrained), got -1e400"}"#
        )
        let unbounded = try parseJSON(try answer(#"{"id": 4, "text": "Hello world", "width": 1e400}"#))
        #expect(unbounded["lineCount"] == .int(1) && unbounded["error"] == nil, "\(unbounded)")
    }

    /// Numbers as other programs print doubles (shortest round-trip digits, 17 digits, huge integers) are
    /// measured like the double they stand for.
    @Test func ordinaryDoublesFromOtherProgramsAreMeasured() throws {
        let lines = [
            #"{"id": 1, "text": "Hello world", "width": 255.60000000000002, "size": 17.000000000000004}"#,
            #"{"id": 2, "text": "Hello world", "width": 255.6, "size": 17}"#,
            #"{"id": 3, "text": "Hello world", "width": 60.000000000000001, "size": 1.7e1}"#,
            #"{"id": 4, "text": "Hello world", "width": 60}"#,
            #"{"id": 5, "text": "Hello world", "width": 123456789012345678901234567890}"#,
            #"{"id": 6, "text": "Hello world"}"#,
        ]
        let run = runTool(["batch"], input: lines)
        #expect(run.code == 0, "\(run.output)")
        let results = try run.output.map(parseJSON)
        #expect(results.count == 6)
        for result in results { #expect(result["error"] == nil, "\(result)") }
        #expect(results[0]["lineCount"] == results[1]["lineCount"])
        #expect(results[0]["width"] == results[1]["width"])
        #expect(results[2]["lines"] == results[3]["lines"])
        #expect(results[4]["lines"] == results[5]["lines"])
    }

    @Test func unknownFieldsThatAreNotNearMissesAreIgnored() throws {
        let plain = try answer(#"{"id": 7, "text": "Hello world", "width": 60}"#)
        let annotated = try answer(
            #"{"id": 7, "text": "Hello world", "width": 60, "expected": {"lineCount": 2}, "note": "x", "tags": [1], "ok": true}"#
        )
        #expect(plain == annotated)
        #expect(!plain.contains("error"))
    }

    /// Odd but valid values are measured, not refused: they have a documented meaning.
    @Test func oddValidValuesAreMeasured() throws {
        let lines = [
            #"{"id": 1, "text": "a", "width": 0}"#,  // 0 = unconstrained
            #"{"id": 2, "text": "a", "width": null}"#,  // null = unconstrained
            #"{"id": 3, "text": "a", "width": 1e300}"#,  // huge = unconstrained
            #"{"id": 4, "text": "a", "maxLines": 0}"#,  // 0 = unlimited
            #"{"id": 5, "text": "a", "maxLines": 2.0}"#,  // a whole number written with a decimal point
            #"{"id": 6, "text": "", "width": 10}"#,  // empty text: no line
            #"{"id": 7, "text": "\ud800\udc00\ud800", "width": 10}"#,  // a pair then an unpaired surrogate
            #"{"id": 8, "text": "a\u0000b\n\n", "size": 0.01}"#,
            #"{"id": 9, "text": "a", "size": null, "family": null, "lineBreakMode": null}"#,
        ]
        let run = runTool(["batch"], input: lines)
        #expect(run.code == 0, "\(run.output)")
        #expect(run.output.count == lines.count)
        for line in run.output { #expect(!line.contains(#""error""#), "\(line)") }
        #expect(try parseJSON(run.output[5])["lineCount"] == .int(0))
        // The unpaired surrogate became one U+FFFD, so offsets still count three UTF-16 units.
        #expect(run.output[6].contains(#""end":3,"text":"\#u{FFFD}""#), "\(run.output[6])")
    }

    /// A batch naming a new size (or font file) on every line keeps a bounded number of fonts.
    @Test func theBatchFontTableStaysBounded() throws {
        let fonts = FontCache()
        for index in 0..<(3 * FontCache.capacity) {
            _ = try fonts.font(.family("Noto Sans"), size: 10 + Double(index) / 64)
            _ = try? fonts.font(.file(path: "/no/such/font-\(index).ttf", faceIndex: 0), size: 12)
            #expect(fonts.count <= FontCache.capacity)
        }
        // Answers are still right after the table starts over.
        #expect(try fonts.font(.family("Noto Sans"), size: 13).pointSize == 13)
        #expect(throws: (any Error).self) { try fonts.font(.family("No Such Family 7"), size: 13) }
    }

    /// A long mixed batch: every line answered in order, the errors in place, exit code 1 at the end.
    @Test func aLongMixedBatchKeepsGoingAndExitsWith1() throws {
        var input: [String] = []
        var bad = 0
        for index in 0..<600 {
            if index % 3 == 2 {
                input.append(Self.badLines[index % Self.badLines.count].line)
                bad += 1
            } else {
                input.append(#"{"id": \#(index), "text": "line \#(index) of a long batch", "width": \#(40 + index % 200)}"#)
            }
        }
        let run = runTool(["batch"], input: input)
        #expect(run.code == 1)
        #expect(run.output.count == input.count)
        let errors = run.output.filter { $0.contains(#","error":"#) }.count
        #expect(errors == bad)
        for (index, line) in run.output.enumerated() where index % 3 != 2 {
            #expect(line.hasPrefix(#"{"id":\#(index),"width":"#), "\(line)")
        }
    }
}
