import Testing
@testable import TextFitCLI

@Suite struct BatchCommandTests {
    @Test func goodCaseHasTheContractsKeysInOrder() throws {
        let run = runTool(["batch"], input: [#"{"id": 1, "text": "Hello world", "width": 60}"#])
        #expect(run.code == 0)
        #expect(run.errors.isEmpty)
        let line = try #require(run.output.first)
        #expect(line.hasPrefix(#"{"id":1,"width":"#))
        let keys = ["\"id\"", "\"width\"", "\"height\"", "\"lineCount\"", "\"truncated\"", "\"lines\""]
        let positions = keys.map { line.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(line.contains(#""lines":[{"start":0,"end":6,"text":"Hello ","width":"#))
        let value = try parseJSON(line)
        #expect(value["lineCount"] == .int(2))
        #expect(value["truncated"] == .bool(false))
    }

    @Test func defaultsAreNotoSans17Unconstrained() throws {
        let explicit = runTool(
            ["batch"],
            input: [
                #"{"id": "a", "text": "Hello world", "family": "Noto Sans", "size": 17, "width": null, "maxLines": 0, "lineBreakMode": "wordWrap"}"#
            ])
        let implicit = runTool(["batch"], input: [#"{"id": "a", "text": "Hello world"}"#])
        #expect(explicit.output == implicit.output)
        #expect(try parseJSON(implicit.output[0])["lineCount"] == .int(1))
    }

    @Test func mixedLinesKeepOrderWithErrorsInPlace() throws {
        let input = [
            #"{"id": 1, "text": "one"}"#,
            #"{"id": 2, "text": 5}"#,
            "",
            "not json",
            #"{"id": 3, "text": "three", "size": true}"#,
            #"{"id": [4], "text": "four", "lineBreakMode": "wrap"}"#,
            #"{"id": 5, "text": "five", "family": "No Such Family"}"#,
            #"{"id": 6, "text": "six", "width": -3}"#,
            #"{"id": 7, "text": "seven", "maxLines": 1.5}"#,
            #"{"id": 8, "text": "eight", "family": "Noto Sans", "fontFile": "/x.ttf"}"#,
            #"{"text": "no id"}"#,
            "[1, 2]",
        ]
        let run = runTool(["batch"], input: input)
        #expect(run.code == 1)
        #expect(run.output.count == input.count)
        let expected: [(JSONValue, String?)] = [
            (.int(1), nil),
            (.int(2), "field 'text' must be a string, got number"),
            (.null, "empty line: expected a JSON object"),
            (.null, "invalid JSON"),
            (.int(3), "field 'size' must be a number, got boolean"),
            (
                .array([.int(4)]),
                "field 'lineBreakMode' must be one of wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle, got 'wrap'"
            ),
            (.int(5), "font family 'No Such Family' not found"),
            (.int(6), "field 'width' must be a number >= 0"),
            (.int(7), "field 'maxLines' must be a whole number from 0 to 9223372036854775807 (0 = no limit), got 1.5"),
            (.int(8), "give either 'family' or 'fontFile', not both"),
            (.null, nil),
            (.null, "a line must be a JSON object, got array"),
        ]
        for (line, (id, error)) in zip(run.output, expected) {
            let value = try parseJSON(line)
            #expect(value["id"] == id, "\(line)")
            if let error {
                guard case .string(let message)? = value["error"] else {
                    Issue.record("expected an error object, got \(line)")
                    continue
                }
                #expect(message.hasPrefix(error), "\(line)")
                #expect(line.hasPrefix(#"{"id":"#))
            } else {
                #expect(value["error"] == nil, "\(line)")
                #expect(value["lineCount"] == .int(1))
            }
        }
    }

    @Test func echoesAnyIdAsGiven() throws {
        let ids = [#""abc""#, "42", "-1.5", "null", "true", #"{"b": 1, "a": [null]}"#, "18446744073709551615"]
        let run = runTool(["batch"], input: ids.map { #"{"id": \#($0), "text": "x"}"# })
        #expect(run.code == 0)
        #expect(run.output[0].hasPrefix(#"{"id":"abc","#))
        #expect(run.output[1].hasPrefix(#"{"id":42,"#))
        #expect(run.output[2].hasPrefix(#"{"id":-1.5,"#))
        #expect(run.output[3].hasPrefix(#"{"id":null,"#))
        #expect(run.output[4].hasPrefix(#"{"id":true,"#))
        #expect(run.output[5].hasPrefix(#"{"id":{"a":[null],"b":1},"#))
        #expect(run.output[6].hasPrefix(#"{"id":18446744073709551615,"#))
        #expect(run.output.count == ids.count)
    }

    @Test func truncationReportsShownTextAndFlag() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id": "t", "text": "Hello wonderful world of text", "width": 80, "maxLines": 1, "lineBreakMode": "truncateTail"}"#
            ])
        let value = try parseJSON(run.output[0])
        #expect(value["truncated"] == .bool(true))
        #expect(value["lineCount"] == .int(1))
        guard case .array(let lines)? = value["lines"], case .string(let text)? = lines.first?["text"] else {
            Issue.record("no lines in \(run.output[0])")
            return
        }
        #expect(text.hasSuffix("…"))
    }

    @Test func missingFontFileIsARecordError() throws {
        let run = runTool(["batch"], input: [#"{"id": 1, "text": "x", "fontFile": "/no/such/font.ttf"}"#])
        #expect(run.code == 1)
        #expect(run.output == [#"{"id":1,"error":"font file not found: /no/such/font.ttf"}"#])
    }

    @Test func faceIndexNeedsFontFile() throws {
        let run = runTool(["batch"], input: [#"{"id": 1, "text": "x", "faceIndex": 1}"#])
        #expect(run.output == [#"{"id":1,"error":"field 'faceIndex' needs 'fontFile'"}"#])
    }

    @Test func emptyInputSucceedsWithNoOutput() {
        let run = runTool(["batch"])
        #expect(run.code == 0)
        #expect(run.output.isEmpty)
    }

    @Test func rejectsArgumentsWithUsageError() {
        let run = runTool(["batch", "cases.jsonl"])
        #expect(run.code == 2)
        #expect(run.errorText.contains("'batch' takes no arguments, got 'cases.jsonl'"))
        #expect(run.errorText.contains("run 'textfit --help'"))
        let flag = runTool(["batch", "--width", "3"])
        #expect(flag.code == 2)
        #expect(flag.errorText.contains("unknown flag '--width' for 'batch'"))
    }
}
