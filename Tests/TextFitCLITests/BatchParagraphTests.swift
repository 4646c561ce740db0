import Testing
@testable import TextFitCLI

/// `textfit batch` with `paragraph` (architecture.md, "Styled text"; rules P1–P9).
@Suite struct BatchParagraphTests {
    /// Lines gain x, y, baseline, height and their visual runs after their fields, and the result its
    /// direction before the lines (the contract's styled results); the height includes lineSpacing (P4); a
    /// centred first line with a first-line indent sits at indent + half the room it leaves (P7, P9).
    @Test func linesCarryTheirBoxes() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"The quick brown fox jumps over the lazy dog","width":200,"paragraph":{"lineSpacing":4,"alignment":"center","firstLineHeadIndent":10}}"#
            ])
        #expect(run.code == 0)
        let line = try #require(run.output.first)
        #expect(line.contains(#""truncated":false,"direction":"ltr","lines":[{"start":0,"end":20,"#))
        #expect(
            line.contains(
                #""width":161.1259765625,"x":24.43701171875,"y":0.0,"baseline":18.173,"height":23.154,"visual":[{"start":0,"end":19,"rtl":false}]}"#
            ))
        let value = try parseJSON(line)
        #expect(value["height"] == .double(50.308))
    }

    /// A plain case keeps exactly the plain fields, with or without an empty `paragraph`'s default values.
    @Test func plainCasesKeepThePlainFields() throws {
        let run = runTool(["batch"], input: [#"{"id":1,"text":"Hello world","width":60}"#])
        #expect(!(run.output.first ?? "").contains(#""x":"#))
    }

    /// Bad values are the case's error, naming `paragraph.<field>`.
    @Test func badValuesNameTheField() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"a","paragraph":{"lineSpacing":-1}}"#,
                #"{"id":2,"text":"a","paragraph":{"minimumLineHeight":30,"maximumLineHeight":20}}"#,
                #"{"id":3,"text":"a","paragraph":{"alignmnet":"left"}}"#,
                #"{"id":4,"text":"a","paragraph":{"baseWritingDirection":"up"}}"#,
                #"{"id":5,"text":"a","paragraph":{"lineHeightMultiple":"2"}}"#,
                #"{"id":6,"text":"a","paragraph":{"headIndent":1e400}}"#,
                #"{"id":7,"text":"a","paragraph":[]}"#,
            ])
        #expect(run.code == 1)
        let fields = [
            "lineSpacing", "maximumLineHeight", "alignmnet", "baseWritingDirection", "lineHeightMultiple",
            "headIndent", "paragraph",
        ]
        for (output, field) in zip(run.output, fields) {
            #expect(output.contains(#""error":"#) && output.contains(field), "\(output)")
        }
    }
}
