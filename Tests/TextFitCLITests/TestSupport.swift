@testable import TextFitCLI

/// What one in-process run of the tool produced.
struct RunResult {
    var code: Int32
    var output: [String]
    var errors: [String]

    var errorText: String { errors.joined(separator: "\n") }
    var outputText: String { output.joined(separator: "\n") }
}

/// Runs `textfit` with `arguments`, feeding `input` lines on stdin.
func runTool(_ arguments: [String], input: [String] = []) -> RunResult {
    var remaining = input[...]
    var output: [String] = []
    var errors: [String] = []
    let code = runTextFit(
        arguments: arguments, input: { remaining.popFirst() }, output: { output.append($0) },
        error: { errors.append($0) })
    return RunResult(code: code, output: output, errors: errors)
}

/// Parses one output line back for structural checks.
func parseJSON(_ line: String) throws -> JSONValue {
    try JSONReader.parse(line)
}
