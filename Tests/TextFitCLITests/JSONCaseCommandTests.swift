import Foundation
import Testing
@testable import TextFitCLI

/// `measure` and `render` with `--case` / `--json-case` (architecture.md, "textfit measure and textfit
/// render with a JSON case"): the same answer as `batch` for that line, runs drawn in their colours.
@Suite struct JSONCaseCommandTests {
    static let styledCase =
        ##"{"id":7,"text":"Red blue black","width":200,"runs":[{"start":0,"end":3,"color":"#ff0000"},{"start":4,"end":8,"size":30,"color":"#0000ff"}],"paragraph":{"alignment":"center"}}"##

    @Test func measureJSONIsBatchsAnswer() throws {
        let measured = runTool(["measure", "--case", Self.styledCase, "--json"])
        #expect(measured.code == 0, "\(measured.errorText)")
        let batch = runTool(["batch"], input: [Self.styledCase])
        #expect(measured.outputText == batch.outputText)
        #expect(measured.outputText.contains("\"baseline\""))
        // From a file too, and the table form.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsoncase-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("case.json").path
        try Self.styledCase.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(runTool(["measure", "--json-case", file, "--json"]).outputText == batch.outputText)
        #expect(runTool(["measure", "--json-case", file]).code == 0)
    }

    @Test func renderDrawsRunsInTheirColours() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsoncase-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("styled.svg").path
        let run = runTool(["render", "--case", Self.styledCase, "--scale", "1", "-o", path])
        #expect(run.code == 0, "\(run.errorText)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        func paths(_ colour: String) -> Int { svg.components(separatedBy: "fill=\"\(colour)\"").count - 1 }
        #expect(paths("#ff0000") == 3)  // "Red"
        #expect(paths("#0000ff") == 4)  // "blue"
        #expect(paths("#000000") == 5)  // "black"
    }

    @Test func badCasesAreUsageErrors() {
        let cases: [([String], String)] = [
            (
                ["measure", "--case", #"{"text":"x","runs":[{"start":0,"end":1,"color":"red"}]}"#],
                "field 'runs[0].color' must be a colour '#rrggbb'"
            ),
            (["measure", "--case", "[1]"], "flag '--case' wants one JSON object"),
            (["measure", "--case", "{", "--json"], "flag '--case' wants one JSON object"),
            (["measure", "Hi", "--case", #"{"text":"x"}"#], "drop the argument 'Hi'"),
            (["measure", "--case", #"{"text":"x"}"#, "--width", "9"], "flag '--width' and '--case' both set it"),
            (["measure", "--case", #"{"text":"x"}"#, "--json-case", "f"], "give the case once"),
            (["measure", "--json-case", "/no/such/file.json"], "flag '--json-case' cannot read"),
            (["render", "--case", #"{"size":1}"#, "-o", "x.png"], "flag '--case': "),
        ]
        for (arguments, message) in cases {
            let run = runTool(arguments)
            #expect(run.code == 2, "\(arguments)")
            #expect(run.errorText.contains(message), "\(arguments): \(run.errorText)")
        }
    }
}
