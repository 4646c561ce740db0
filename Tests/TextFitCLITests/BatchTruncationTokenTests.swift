import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `truncationToken` and `tokenRuns`, and the `token` and `visibleEnd` they add to a
/// truncated result (architecture.md, "Geometry"; rules T8–T14).
@Suite struct BatchTruncationTokenTests {
    static let review =
        "Lovely little place. The staff were friendly, the coffee was excellent and the croissants were the best I have had in years."

    static func answer(_ json: String) throws -> JSONValue {
        let run = runTool(["batch"], input: [json])
        return try parseJSON(try #require(run.output.first))
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        default: return nil
        }
    }

    /// The contract's example: "… Read more" with "Read more" bold through `tokenRuns`; the result's token
    /// box and each line's `visibleEnd` are the engine's, and the box closes the last line (T12).
    @Test func tokenAndVisibleEndMatchTheEngine() throws {
        let case_ =
            #"{"id":"r1","text":"\#(Self.review)","width":240,"maxLines":2,"lineBreakMode":"truncateTail","#
            + #""truncationToken":"… Read more","tokenRuns":[{"start":2,"end":11,"weight":"bold"}]}"#
        let value = try Self.answer(case_)
        #expect(value["id"] == .string("r1") && value["truncated"] == .bool(true))
        let regular = try Font(family: "Noto Sans", size: 17)
        var token = try StyledText("… ", font: regular)
        try token.append(
            "Read more", attributes: TextAttributes(font: try Font(family: "Noto Sans", size: 17, weight: .bold)))
        let layout = try PreparedText(Self.review, font: regular).withTruncationToken(token)
            .layout(width: 240, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        let rect = try #require(layout.truncationTokenRect)
        let box = try #require(value["token"])
        #expect(Self.number(box["x"]) == Double(rect.minX) && Self.number(box["y"]) == Double(rect.minY))
        #expect(Self.number(box["width"]) == Double(rect.width) && Self.number(box["height"]) == Double(rect.height))
        guard case .array(let lines)? = value["lines"] else { Issue.record("no lines"); return }
        #expect(lines.count == 2)
        for (json, line) in zip(lines, layout.lines) {
            #expect(json["visibleEnd"] == .int(line.visibleEnd))
            #expect(json["text"] == .string(line.text))
        }
        #expect(
            lines.last?["text"].map { if case .string(let text) = $0 { text.hasSuffix("… Read more") } else { false } }
                == true)
        // The box closes the last line: its right edge is the line's width (x = 0, left to right).
        #expect(
            abs((Self.number(box["x"]) ?? 0) + (Self.number(box["width"]) ?? 0) - (Self.number(lines.last?["width"]) ?? -1))
                < 1e-9)
    }

    /// A result that shows no token keeps the contract's fields unchanged (T11).
    @Test func untruncatedResultsAddNothing() throws {
        let line = try #require(
            runTool(["batch"], input: [#"{"id":2,"text":"Short","width":240,"maxLines":1,"truncationToken":" more"}"#])
                .output.first)
        #expect(!line.contains("token") && !line.contains("visibleEnd"))
    }

    /// Head and middle truncation and a right-to-left text carry the box too (T12).
    @Test func headMiddleAndRightToLeftCases() throws {
        for mode in ["truncateHead", "truncateMiddle"] {
            let value = try Self.answer(
                #"{"id":3,"text":"\#(Self.review)","width":200,"maxLines":1,"lineBreakMode":"\#(mode)","truncationToken":" more "}"#
            )
            #expect(value["token"] != nil && value["error"] == nil)
        }
        let rtl = try Self.answer(
            #"{"id":4,"text":"مكان جميل جدا والموظفون لطفاء والقهوة ممتازة وسنعود مرة أخرى","width":150,"maxLines":1,"lineBreakMode":"truncateTail","truncationToken":"… المزيد"}"#
        )
        #expect(rtl["direction"] == .string("rtl"))
        guard case .array(let lines)? = rtl["lines"], let box = rtl["token"] else { Issue.record("\(rtl)"); return }
        // Left end of the right-aligned line.
        #expect(Self.number(box["x"]) == Self.number(lines[0]["x"]))
    }

    /// Bad input: each error names the field and keeps the case's id; the run goes on.
    @Test func badTokenFieldsKeepTheCaseID() throws {
        let cases: [(String, String)] = [
            (#"{"id":"a","text":"x","tokenRuns":[]}"#, "'tokenRuns' needs 'truncationToken'"),
            (#"{"id":"b","text":"x","truncationToken":"read\nmore"}"#, "line break at UTF-16 offset 4"),
            (#"{"id":"c","text":"x","truncationToken":7}"#, "'truncationToken' must be a string"),
            (#"{"id":"d","text":"x","truncationToken":"more","tokenRuns":[{"start":0,"end":9}]}"#, "tokenRuns[0].end"),
            (#"{"id":"e","text":"x","truncationToken":"more","tokenRuns":{}}"#, "'tokenRuns' must be an array"),
            (
                #"{"id":"f","text":"x","truncationToken":"a👍🏽","tokenRuns":[{"start":0,"end":2,"weight":"bold"}]}"#,
                "tokenRuns[0].end"
            ),
            (#"{"id":"g","text":"x","token":"more"}"#, "did you mean 'truncationToken'"),
        ]
        let run = runTool(["batch"], input: cases.map(\.0) + [#"{"id":"z","text":"fine"}"#])
        #expect(run.output.count == cases.count + 1)
        for ((_, expected), line) in zip(cases, run.output) {
            let value = try parseJSON(line)
            guard case .string(let message)? = value["error"] else { Issue.record("no error: \(line)"); continue }
            #expect(message.contains(expected), "\(message)")
            #expect(value["id"] != nil && value["id"] != .null)
        }
        #expect(try parseJSON(try #require(run.output.last))["error"] == nil)
    }
}
