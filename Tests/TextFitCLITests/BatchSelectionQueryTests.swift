import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `query: "rects"` and `query: "hitTest"` (architecture.md, "Geometry"; rules R1, R3,
/// R6, R7): the answers are the library's, and bad ranges and points are errors that keep the id.
@Suite struct BatchSelectionQueryTests {
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

    /// R1: a range across the Hebrew word's edge gives two rects, equal to `TextLayout.rects(for:)`.
    @Test func rectsAreTheLibrarys() throws {
        let result = try answer(#"{"id":"r","text":"Hello שלום world","size":17,"width":300,"query":"rects","range":[3,8]}"#)
        guard case .array(let rects)? = result["rects"] else { Issue.record("no rects: \(result)"); return }
        let layout = try PreparedText("Hello שלום world", font: Font(family: "Noto Sans", size: 17)).layout(width: 300)
        let expected = try layout.rects(for: 3..<8)
        #expect(rects.count == expected.count && expected.count == 2)
        for (ours, theirs) in zip(rects, expected) {
            #expect(number(ours["x"]) == Double(theirs.rect.minX))
            #expect(number(ours["width"]) == Double(theirs.rect.width))
            #expect(number(ours["height"]) == Double(theirs.rect.height))
        }
        #expect(result["id"] == .string("r"))
    }

    /// R3: right of a wrapped line the caret is at its end, on that line.
    @Test func hitTestAnswersOffsetAndLine() throws {
        let result = try answer(#"{"id":2,"text":"Hello world","width":60,"query":"hitTest","point":[500,5]}"#)
        #expect(result["offset"] == .int(6))
        #expect(result["line"] == .int(0))
        let below = try answer(#"{"id":3,"text":"Hello world","width":60,"query":"hitTest","point":[0,400]}"#)
        #expect(below["offset"] == .int(6))
        #expect(below["line"] == .int(1))
    }

    /// R7: reversed or outside ranges, non-finite points, a missing or misplaced field: errors with the id.
    @Test func badRangesAndPointsKeepTheID() throws {
        let cases = [
            (#"{"id":3,"text":"abc","query":"rects","range":[2,1]}"#, "reversed"),
            (#"{"id":3,"text":"abc","query":"rects","range":[0,9]}"#, "outside the text"),
            (#"{"id":3,"text":"abc","query":"rects","range":[-1,2]}"#, "outside the text"),
            (#"{"id":3,"text":"abc","query":"rects","range":[0.5,2]}"#, "whole"),
            (#"{"id":3,"text":"abc","query":"rects","range":[1]}"#, "[start, end]"),
            (#"{"id":3,"text":"abc","query":"rects"}"#, "needs field 'range'"),
            (#"{"id":3,"text":"abc","query":"hitTest","point":[1e400,0]}"#, "not finite"),
            (#"{"id":3,"text":"abc","query":"hitTest","point":["a",0]}"#, "string"),
            (#"{"id":3,"text":"abc","point":[1,2]}"#, "needs 'query': 'hitTest'"),
            (#"{"id":3,"text":"abc","query":"widthRange","range":[0,1]}"#, "needs 'query': 'rects'"),
        ]
        for (line, words) in cases {
            let result = try answer(line)
            guard case .string(let message)? = result["error"] else { Issue.record("no error for \(line)"); continue }
            #expect(message.contains(words), "\(line): \(message)")
            #expect(result["id"] == .int(3))
        }
    }

    /// `--help` documents both queries and their fields.
    @Test func helpDocumentsTheQueries() {
        let run = runTool(["batch", "--help"], input: [])
        let text = run.output.joined(separator: "\n")
        for word in ["rects", "hitTest", "range", "point", "offset, line"] { #expect(text.contains(word), "\(word)") }
    }
}
