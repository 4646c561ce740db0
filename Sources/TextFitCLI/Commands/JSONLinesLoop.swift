import Foundation

/// The loop `batch` and `breaks` share: one JSON answer per input line, in order, errors in place.
enum JSONLinesLoop {
    /// How often a progress line goes to stderr when it is a terminal.
    static let progressInterval = 10_000

    /// Reads lines until the input ends and writes `answer`'s result for each (or an error object).
    ///
    /// Blank lines and lines that are not a JSON object get an error object with `"id": null` instead of
    /// being skipped, so consumers can pair output line N with input line N.
    /// - Parameter answer: the result for one case, given the parsed line; throws to report an error
    ///   (its `description` becomes the message).
    /// - Returns: `.recordsFailed` if any line got an error object, else `.success`.
    static func run(command: String, console: Console, answer: (JSONValue) throws -> JSONValue) -> ExitCode {
        var count = 0
        var failed = 0
        let started = Date()
        while let line = console.readLine() {
            count += 1
            let (result, ok) = respond(to: line, answer: answer)
            if !ok { failed += 1 }
            console.write(JSONWriter.string(result))
            if console.errorIsTerminal, count % progressInterval == 0 {
                let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                console.writeError("textfit \(command): \(count) lines, \(failed) failed, \(seconds) s")
            }
        }
        return failed > 0 ? .recordsFailed : .success
    }

    static func respond(to line: String, answer: (JSONValue) throws -> JSONValue) -> (JSONValue, ok: Bool) {
        if line.allSatisfy(\.isWhitespace) {
            return (MeasureResult.error(id: .null, message: "empty line: expected a JSON object"), false)
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(line)
        } catch {
            return (MeasureResult.error(id: .null, message: "\(error)"), false)
        }
        guard case .object = json else {
            return (MeasureResult.error(id: .null, message: "a line must be a JSON object, got \(json.typeName)"), false)
        }
        let id = json["id"] ?? .null
        do {
            return (try answer(json), true)
        } catch {
            return (MeasureResult.error(id: id, message: "\(error)"), false)
        }
    }
}

/// A command that reads JSON Lines on stdin (`batch`, `breaks`): no flags and no arguments, only `--help`.
protocol JSONLinesCommand: Command where Request == Void {}

extension JSONLinesCommand {
    static var options: [OptionSpec] { [] }

    static func makeRequest(_ parsed: ParsedArguments) throws {
        if let extra = parsed.positionals.first {
            throw UsageError(message: "'\(name)' takes no arguments, got '\(extra)'; it reads JSON Lines on stdin")
        }
    }
}
