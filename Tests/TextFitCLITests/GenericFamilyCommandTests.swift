import Testing
@testable import TextFitCLI

/// Generic family names in the tool (rule F8): `batch`'s `family` and `measure --family` take them as
/// the library does, and an unknown family's error suggests installed families with a near name.
@Suite struct GenericFamilyCommandTests {
    @Test func batchAndMeasureTakeGenericFamilies() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"iiii","family":"monospace"}"#,
                #"{"id":2,"text":"MMMM","family":"monospace"}"#,
                #"{"id":3,"text":"Hello","family":"sans-serif","weight":"bold"}"#,
            ])
        #expect(run.code == 0)
        let results = try run.output.map(parseJSON)
        #expect(results.allSatisfy { $0["error"] == nil })
        #expect(results[0]["width"] == results[1]["width"])  // fixed pitch
        let measure = runTool(["measure", "Hello", "--family", "serif"])
        #expect(measure.code == 0)
        #expect(measure.output.first?.hasPrefix("font     ") == true)
    }

    @Test func unknownFamilySuggestsANearOne() throws {
        let run = runTool(["batch"], input: [#"{"id":1,"text":"a","family":"DejaVuSans"}"#])
        let error = try parseJSON(try #require(run.output.first))["error"]
        guard case .string(let message)? = error else { Issue.record("no error: \(run.output)"); return }
        #expect(message.contains("font family 'DejaVuSans' not found; did you mean 'DejaVu Sans'"), "\(message)")
    }
}
