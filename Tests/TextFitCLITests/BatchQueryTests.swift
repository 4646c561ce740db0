import Testing
@testable import TextFitCLI

/// `textfit batch`'s `query` field (architecture.md, "Queries"; rules Q2–Q4).
@Suite struct BatchQueryTests {
    func answer(_ line: String) throws -> JSONValue {
        let run = runTool(["batch"], input: [line])
        return try parseJSON(try #require(run.output.first))
    }

    func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .double(let number)?: return number
        case .int(let number)?: return Double(number)
        default: return nil
        }
    }

    /// "Hello world" at 60 pt: two lines; the tightest width is the wider word's, the range runs from
    /// it to the whole line's width (the unconstrained case's `width`).
    @Test func tightestWidthAndWidthRange() throws {
        let whole = number(try answer(#"{"id":0,"text":"Hello world"}"#)["width"])
        let hello = number(try answer(#"{"id":0,"text":"Hello"}"#)["width"])!
        let world = number(try answer(#"{"id":0,"text":"world"}"#)["width"])!
        let tight = try answer(#"{"id":1,"text":"Hello world","width":60,"query":"tightestWidth"}"#)
        #expect(tight["lineCount"] == .int(2))
        #expect(number(tight["tightestWidth"]) == max(hello, world))
        let range = try answer(#"{"id":2,"text":"Hello world","width":60,"query":"widthRange"}"#)
        #expect(number(range["widthRange"]?["min"]) == max(hello, world))
        #expect(number(range["widthRange"]?["max"]) == whole)
        let open = try answer(#"{"id":3,"text":"Hello world","query":"widthRange"}"#)
        #expect(open["widthRange"]?["max"] == .null)
    }

    /// Q4, the issue-41 case: a 24 pt title in 150 pt shrinks to ≈ 19.01 pt, and the answer's lines, width,
    /// height and truncation are the label's at that size (architecture.md, "Queries"), the same as a
    /// plain case asked at `fontSize` gives; 1/1024 pt larger truncates.
    @Test func fitFontSizeLaysOutAtTheFittedSize() throws {
        let result = try answer(
            #"{"id":1,"text":"Quarterly results","size":24,"width":150,"maxLines":1,"query":"fitFontSize","minimumScaleFactor":0.5}"#
        )
        #expect(result["fits"] == .bool(true))
        let size = try #require(number(result["fontSize"]))
        #expect(abs(size - 19.01) < 0.01)
        #expect(result["truncated"] == .bool(false))
        #expect(result["lineCount"] == .int(1))
        guard case .array(let lines)? = result["lines"] else { Issue.record("no lines"); return }
        #expect(lines.first?["text"] == .string("Quarterly results"))
        #expect(try #require(number(result["width"])) <= 150)
        let atSize = try answer(#"{"id":1,"text":"Quarterly results","size":\#(size),"width":150,"maxLines":1}"#)
        for field in ["width", "height", "lineCount", "truncated", "lines"] {
            #expect(result[field] == atSize[field], "\(field)")
        }
        let larger = try answer(
            #"{"id":1,"text":"Quarterly results","size":\#(size + 1.0 / 1024),"width":150,"maxLines":1}"#)
        #expect(larger["truncated"] == .bool(true))
        // Not at the case's own size any more: 24 pt truncates in 150 pt.
        let own = try answer(#"{"id":1,"text":"Quarterly results","size":24,"width":150,"maxLines":1}"#)
        #expect(own["truncated"] == .bool(true) && result["height"] != own["height"])
    }

    /// When even the smallest size truncates, the answer is the text at that size, truncated.
    @Test func fitFontSizeThatDoesNotFitShowsTheSmallestSize() throws {
        let none = try answer(
            #"{"id":2,"text":"one\ntwo","width":150,"maxLines":1,"query":"fitFontSize","minimumScaleFactor":0.5}"#)
        #expect(none["fits"] == .bool(false))
        #expect(number(none["fontSize"]) == 8.5)
        let atSize = try answer(#"{"id":2,"text":"one\ntwo","size":8.5,"width":150,"maxLines":1}"#)
        #expect(none["truncated"] == .bool(true))
        for field in ["width", "height", "lineCount", "truncated", "lines"] {
            #expect(none[field] == atSize[field], "\(field)")
        }
    }

    /// `measure --case` answers exactly as batch does (the same shown layout), and its table shows the
    /// fitted size.
    @Test func measureCaseAnswersAtTheFittedSize() throws {
        let line =
            #"{"id":1,"text":"Quarterly results","size":24,"width":150,"maxLines":1,"query":"fitFontSize","minimumScaleFactor":0.5}"#
        let batch = try answer(line)
        let json = runTool(["measure", "--case", line, "--json"])
        #expect(try parseJSON(try #require(json.output.first)) == batch)
        let size = try #require(number(batch["fontSize"]))
        let table = runTool(["measure", "--case", line]).output.joined(separator: "\n")
        #expect(table.contains("\(TextTable.number(size)) pt") && !table.contains("truncated"))
    }

    @Test func badQueriesNameTheField() throws {
        let cases: [(String, String)] = [
            (#"{"id":1,"text":"a","query":"tightest"}"#, "field 'query' must be one of"),
            (#"{"id":1,"text":"a","query":3}"#, "field 'query' must be a string"),
            (#"{"id":1,"text":"a","query":"fitFontSize"}"#, "needs field 'minimumScaleFactor'"),
            (
                #"{"id":1,"text":"a","query":"fitFontSize","minimumScaleFactor":1.5}"#,
                "field 'minimumScaleFactor' must be a number from 0 to 1"
            ),
            (
                #"{"id":1,"text":"a","query":"fitFontSize","minimumScaleFactor":-0.1}"#,
                "field 'minimumScaleFactor' must be a number from 0 to 1"
            ),
            (
                #"{"id":1,"text":"a","query":"fitFontSize","minimumScaleFactor":"half"}"#,
                "field 'minimumScaleFactor' must be a number"
            ),
            (#"{"id":1,"text":"a","minimumScaleFactor":0.5}"#, "needs 'query': 'fitFontSize'"),
            (#"{"id":1,"text":"a","minimumscalefactor":0.5}"#, "did you mean 'minimumScaleFactor'"),
        ]
        for (line, message) in cases {
            let run = runTool(["batch"], input: [line])
            #expect(run.code == 1, "\(line)")
            let error = try parseJSON(try #require(run.output.first))["error"]
            guard case .string(let text)? = error else { Issue.record("no error for \(line)"); continue }
            #expect(text.contains(message), "\(line): \(text)")
        }
    }

    /// A plain case keeps exactly the implemented fields.
    @Test func plainCaseHasNoQueryFields() throws {
        let result = try answer(#"{"id":1,"text":"Hello world","width":60}"#)
        guard case .object(let members) = result else { Issue.record("not an object"); return }
        #expect(members.map(\.key).sorted() == ["height", "id", "lineCount", "lines", "truncated", "width"])
    }
}
