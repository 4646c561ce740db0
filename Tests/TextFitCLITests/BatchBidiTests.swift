import Testing
@testable import TextFitCLI

/// `batch` results of bidirectional cases gain `direction` and per-line `visual` runs (architecture.md);
/// plain cases keep exactly their fields.
@Suite struct BatchBidiTests {
    @Test func bidirectionalCaseGainsDirectionAndVisualRuns() {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id": 1, "text": "\u05e9\u05dc\u05d5\u05dd world 12"}"#,
                #"{"id": 2, "text": "plain"}"#,
            ])
        #expect(run.code == 0)
        #expect(run.output[0].contains(#""direction":"rtl","lines":"#))
        #expect(run.output[0].contains(#""visual":[{"start":5,"end":13,"rtl":false},{"start":0,"end":5,"rtl":true}]"#))
        #expect(!run.output[1].contains("direction") && !run.output[1].contains("visual"))
    }
}
