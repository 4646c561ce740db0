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

    @Test func fitFontSize() throws {
        let result = try answer(#"{"id":1,"text":"Quarterly results","size":24,"width":150,"maxLines":1,"query":"fitFontSize","minimumScaleFactor":0.5}"#)
        #expect(result["fits"] == .bool(true))
        let size = try #require(number(result["fontSize"]))
        #expect(size > 12 && size < 24)
        // The result's own layout stays at the case's size.
        #expect(result["truncated"] == .bool(true) || result["lineCount"] == .int(1))
        let none = try answer(#"{"id":2,"text":"one\ntwo","width":150,"maxLines":1,"query":"fitFontSize","minimumScaleFactor":0.5}"#)
        #expect(none["fits"] == .bool(false))
        #expect(number(none["fontSize"]) == 8.5)
    }

    @Test func badQueriesNameTheField() throws {
        let cases: [(String, String)] = [
            (#"{"id":1,"text":"a","query":"tightest"}"#, "field 'query' must be one of"),
            (#"{"id":1,"text":"a","query":3}"#, "field 'query' must be a string"),
            (#"{"id":1,"text":"a","query":"fitFontSize"}"#, "needs field 'minimumScaleFactor'"),
            (#"{"id":1,"text":"a","query":"fitFontSize","minimumScaleFactor":1.5}"#,
             "field 'minimumScaleFactor' must be a number from 0 to 1"),
            (#"{"id":1,"text":"a","query":"fitFontSize","minimumScaleFactor":-0.1}"#,
             "field 'minimumScaleFactor' must be a number from 0 to 1"),
            (#"{"id":1,"text":"a","query":"fitFontSize","minimumScaleFactor":"half"}"#,
             "field 'minimumScaleFactor' must be a number"),
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
