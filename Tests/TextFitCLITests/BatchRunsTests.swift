import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch`'s `runs` field, as the command-line contract in architecture.md states it.
@Suite struct BatchRunsTests {
    static func line(_ json: String) throws -> JSONValue {
        let run = runTool(["batch"], input: [json])
        return try parseJSON(try #require(run.output.first))
    }

    static func error(_ json: String) throws -> String? {
        guard case .string(let message)? = try line(json)["error"] else { return nil }
        return message
    }

    /// A styled case's result carries the contract's styled fields: `direction` before the lines, and
    /// per line its box and its visual runs (one left-to-right run per line here,
    /// hanging whitespace excluded).
    @Test func styledResultsCarryDirectionAndVisualRuns() throws {
        let run = runTool(
            ["batch"],
            input: [#"{"id":1,"text":"Hello world again","width":60,"runs":[{"start":6,"end":11,"weight":"bold"}]}"#])
        let line = try #require(run.output.first)
        #expect(line.contains(#""truncated":false,"direction":"ltr","lines":["#))
        let value = try parseJSON(line)
        guard case .array(let lines)? = value["lines"] else { Issue.record("no lines"); return }
        #expect(lines.count == 3)  // "Hello ", "world " in bold, "again" at 60 pt
        for item in lines {
            guard case .int(let start)? = item["start"], case .int(let end)? = item["end"],
                case .array(let visual)? = item["visual"]
            else { Issue.record("line \(item)"); continue }
            #expect(visual.count == 1)
            #expect(visual.first?["start"] == .int(start))
            #expect(visual.first?["rtl"] == .bool(false))
            if case .int(let runEnd)? = visual.first?["end"] { #expect(runEnd <= end && runEnd > start) }
        }
    }

    /// A run measures as the library's `StyledText` with the same attributes: a bold span, a kern.
    @Test func runsMeasureAsStyledText() throws {
        let regular = try Font(family: "Noto Sans", size: 17)
        var styled = try StyledText("Hello world again", font: regular)
        try styled.setAttributes(
            TextAttributes(font: try Font(family: "Noto Sans", size: 17, weight: .bold), kern: 1.5),
            range: 6..<11)
        let expected = try PreparedText(styled: styled).layout(width: 90)
        let value = try Self.line(
            #"{"id":1,"text":"Hello world again","width":90,"runs":[{"start":6,"end":11,"weight":"bold","kern":1.5}]}"#)
        #expect(value["lineCount"] == .int(expected.lineCount))
        #expect(value["width"] == .double(Double(expected.size.width)))
        #expect(value["height"] == .double(Double(expected.size.height)))
        // A number weight takes the nearer bundled face: 700 is bold, 450 regular.
        let bold700 = try Self.line(
            #"{"id":1,"text":"Hello world again","width":90,"runs":[{"start":6,"end":11,"weight":700,"kern":1.5}]}"#)
        #expect(bold700["width"] == value["width"])
        let plain = try Self.line(#"{"id":1,"text":"Hello world again","width":90}"#)
        let regular450 = try Self.line(
            #"{"id":1,"text":"Hello world again","width":90,"runs":[{"start":0,"end":17,"weight":450}]}"#)
        // The same answer, plus each line's box (x, y, baseline, height), which a styled case adds.
        for key in ["lineCount", "width", "height", "truncated"] { #expect(regular450[key] == plain[key]) }
        guard case .array(let styledLines) = regular450["lines"], case .array(let plainLines) = plain["lines"] else {
            Issue.record("no lines"); return
        }
        #expect(styledLines.count == plainLines.count)
        for (styledLine, plainLine) in zip(styledLines, plainLines) {
            for key in ["start", "end", "text", "width"] { #expect(styledLine[key] == plainLine[key]) }
            #expect(styledLine["x"] == .double(0))
        }
    }

    /// `runs` and `paragraph` together: the runs' line boxes (S6) stacked with the style's spacing (P4),
    /// as the engine's `PreparedText(styled:paragraphStyle:)` places them.
    @Test func runsAndParagraphCombine() throws {
        let regular = try Font(family: "Noto Sans", size: 17)
        var styled = try StyledText("Hello world again", font: regular)
        try styled.setAttributes(TextAttributes(font: try Font(family: "Noto Sans", size: 30)), range: 6..<11)
        var style = ParagraphStyle()
        style.lineSpacing = 4
        style.alignment = .center
        let expected = try PreparedText(styled: styled, paragraphStyle: style).layout(width: 120)
        let value = try Self.line(
            #"{"id":1,"text":"Hello world again","width":120,"runs":[{"start":6,"end":11,"size":30}],"paragraph":{"lineSpacing":4,"alignment":"center"}}"#
        )
        guard case .array(let lines) = value["lines"] else { Issue.record("no lines"); return }
        #expect(lines.count == expected.lineCount && expected.lineCount >= 2)
        func number(_ value: JSONValue?) -> Double? {
            switch value {
            case .double(let number)?: return number
            case .int(let number)?: return Double(number)
            default: return nil
            }
        }
        for (json, line) in zip(lines, expected.lines) {  // the tool writes 3 decimals
            #expect(abs((number(json["y"]) ?? .nan) - Double(line.y)) < 0.001)
            #expect(abs((number(json["x"]) ?? .nan) - Double(line.x)) < 0.001)
        }
        // The 30 pt run makes its line taller than a 17 pt one; the gap between boxes is the spacing.
        let first = expected.lines[0], second = expected.lines[1]
        #expect(second.y == first.y + first.height + 4)
        #expect(expected.lines.contains { $0.height > regular.lineHeight })
        #expect(first.x > 0)  // centred in 120 pt
    }

    /// A field a run leaves out keeps the case's value: a run that only sets `size` keeps the case's family.
    @Test func leftOutFieldsKeepTheCasesValue() throws {
        let sized = try Self.line(#"{"id":1,"text":"abc","size":12,"runs":[{"start":0,"end":3,"size":24}]}"#)
        let whole = try Self.line(#"{"id":1,"text":"abc","size":24}"#)
        #expect(sized["width"] == whole["width"])
        #expect(sized["height"] == whole["height"])
        let raised = try Self.line(#"{"id":1,"text":"abc","runs":[{"start":1,"end":2,"baselineOffset":4}]}"#)
        let font = try Font(family: "Noto Sans", size: 17)
        guard case .double(let height)? = raised["height"] else { Issue.record("no height"); return }
        #expect(abs(height - Double(font.lineHeight + 4)) < 1e-9)
    }

    /// Bad runs are the case's error, naming the run and the field.
    @Test func badRunsNameTheField() throws {
        #expect(try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":9}]}"#)?.contains("'runs[0].end'") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":3,"end":2}]}"#)?.contains("'runs[0].start'") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"end":2}]}"#)?.contains("missing field 'runs[0].start'") == true
        )
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"size":0}]}"#)?.contains("'runs[0].size'")
                == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"kern":"x"}]}"#)?.contains("'runs[0].kern'")
                == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"kern":1e400}]}"#)?.contains("'runs[0].kern'")
                == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"weight":50}]}"#)?.contains(
                "'runs[0].weight'") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"weight":"hefty"}]}"#)?.contains(
                "'runs[0].weight'") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"wieght":700}]}"#)?.contains(
                "'runs[0].wieght'") == true)
        #expect(try Self.error(#"{"id":1,"text":"Hello","runs":{"start":0}}"#)?.contains("'runs'") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"a😀b","runs":[{"start":0,"end":1},{"start":2,"end":4,"kern":1}]}"#)?
                .contains("'runs[1].start' = 2") == true)
        #expect(
            try Self.error(#"{"id":1,"text":"Hello","runs":[{"start":0,"end":5,"family":"Noto Sans","fontFile":"/x"}]}"#)
                != nil)
    }

    /// Overlapping runs: the later wins.
    @Test func laterRunWins() throws {
        let overlapped = try Self.line(
            #"{"id":1,"text":"abcdef","runs":[{"start":0,"end":6,"kern":3},{"start":0,"end":6,"kern":1}]}"#)
        let single = try Self.line(#"{"id":1,"text":"abcdef","runs":[{"start":0,"end":6,"kern":1}]}"#)
        #expect(overlapped == single)
    }
}
