import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `fallback` in batch cases, `--fallback` on the command line, and the missing-glyph report
/// (architecture.md, "Command-line contract").
@Suite struct FallbackCommandTests {
    @Test func batchFieldAndFlagChooseTheOrder() throws {
        let bundled = try MeasureCase(json: try parseJSON(#"{"text": "x", "fallback": "bundled"}"#))
        #expect(bundled.fallback == .bundled)
        let fontconfig = try MeasureCase(json: try parseJSON(#"{"text": "x", "fallback": "fontconfig"}"#))
        #expect(fontconfig.fallback == .fontconfig)
        #expect(try MeasureCase(json: try parseJSON(#"{"text": "x"}"#)).fallback == nil)
        let prepared = try fontconfig.prepare(fonts: FontCache())
        #expect(prepared.font.fallback == .fontconfig)
        let request = try MeasureCommand.makeRequest(
            try ArgumentParser.parse(
                ["x", "--fallback", "bundled"],
                options: MeasureCommand.options, command: "measure"))
        #expect(request.measureCase.fallback == .bundled)
    }

    @Test func badValuesNameTheFieldAndTheChoices() throws {
        #expect(throws: CaseError(message: "field 'fallback' must be one of fontconfig, bundled, got 'system'")) {
            try MeasureCase(json: try parseJSON(#"{"text": "x", "fallback": "system"}"#))
        }
        #expect(throws: CaseError(message: "unknown field 'fallbak'; did you mean 'fallback'?")) {
            try MeasureCase(json: try parseJSON(#"{"text": "x", "fallbak": "bundled"}"#))
        }
        let run = runTool(["measure", "x", "--fallback", "system"])
        #expect(run.code == 2)
        #expect(run.errorText.contains("flag '--fallback' wants one of fontconfig, bundled, got 'system'"))
    }

    /// `missingGlyphs: true` after the other fields only when a character has no glyph; `measure` warns.
    @Test func missingGlyphsAreReportedOnlyWhenThere() throws {
        let run = runTool(["batch"], input: [#"{"id": 1, "text": "A\u0378B"}"#, #"{"id": 2, "text": "AB"}"#])
        #expect(run.code == 0)
        #expect(run.output[0].hasSuffix(#","missingGlyphs":true}"#))
        #expect(!run.output[1].contains("missingGlyphs"))
        let measure = runTool(["measure", "A\u{0378}B", "--json"])
        #expect(measure.code == 0)
        #expect(measure.errorText.contains("warning: no installed font has a glyph"))
        #expect(runTool(["measure", "AB"]).errors.isEmpty)
    }
}
