import Foundation

/// The loop `batch` and `breaks` share: one JSON answer per input line, in order, errors in place.
enum JSONLinesLoop {
    /// How often a progress line goes to stderr when it is a terminal.
    static let progressInterval = 10_000
    /// The longest line read (bytes, newline excluded); a longer one gets an error object naming the limit.
    static let maximumLineLength = LineReader.defaultMaximumLength

    /// Reads lines until the input ends and writes `answer`'s result for each (or an error object).
    ///
    /// Blank lines, lines that are not a JSON object and lines longer than `maximumLineLength` get an
    /// error object instead of being skipped, so consumers can pair output line N with input line N. The
    /// error keeps the case's `id` whenever it can be read: from the parsed object, or, for a line JSON
    /// cannot read (a repeated key, a malformed number) or one over the limit, from `CaseIDScanner`;
    /// otherwise `"id": null`.
    /// - Parameter answer: the result for one case, given the parsed line; throws to report an error
    ///   (its `description` becomes the message).
    /// - Returns: `.recordsFailed` if any line got an error object, else `.success`.
    static func run(command: String, console: Console, answer: (JSONValue) throws -> JSONValue) -> ExitCode {
        run(command: command, console: console) { json, output in output.value(try answer(json)) }
    }

    /// Answers one line straight from its bytes, or returns nil, leaving the line as it was, to leave it to
    /// the general path (parsed to a `JSONValue`, then `answer`); else true when it wrote a result, false when
    /// an error object. Inout so that it may drop a long line's bytes once it has read them.
    typealias FastAnswer = (inout RawInputLine, inout JSONOutput) -> Bool?

    /// `run(command:console:answer:)` with an answer that writes its result into the loop's buffer, which
    /// is kept from line to line (`JSONOutput`); one that throws has what it wrote replaced by the error.
    /// `fast`, when given, is asked first for each line (`textfit batch`'s common cases).
    static func run(
        command: String, console: Console, fast: FastAnswer? = nil,
        writing answer: (JSONValue, inout JSONOutput) throws -> Void
    ) -> ExitCode {
        var count = 0
        var failed = 0
        let started = Date()
        var output = JSONOutput()
        output.spill = console.writePart
        while var line = console.readLine() {
            count += 1
            output.removeAll()
            if !respond(to: &line, into: &output, fast: fast, answer: answer) { failed += 1 }
            output.withBytes { console.writeBytes($0) }
            if console.errorIsTerminal, count % progressInterval == 0 {
                let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
                console.writeError("textfit \(command): \(count) lines, \(failed) failed, \(seconds) s")
            }
        }
        return failed > 0 ? .recordsFailed : .success
    }

    /// Writes the answer to one input line, or its error object, into `output`; false for an error.
    static func respond(
        to input: inout RawInputLine, into output: inout JSONOutput, fast: FastAnswer? = nil,
        answer: (JSONValue, inout JSONOutput) throws -> Void
    ) -> Bool {
        if case .bytes = input, let fast, let answered = fast(&input, &output) { return answered }
        let line: String
        switch input {
        case .bytes(let bytes):
            line = String(decoding: bytes, as: UTF8.self)
        case .tooLong(let byteCount, let idText):
            let id = idText.flatMap { try? JSONReader.parse($0) } ?? .null
            output.value(MeasureResult.error(id: id, message: tooLongMessage(byteCount: byteCount)))
            return false
        }
        if line.allSatisfy(\.isWhitespace) {
            output.value(MeasureResult.error(id: .null, message: "empty line: expected a JSON object"))
            return false
        }
        let json: JSONValue
        do {
            json = try JSONReader.parse(line)
        } catch {
            // A repeated key or a malformed number elsewhere on the line leaves the id readable.
            output.value(MeasureResult.error(id: CaseIDScanner.id(in: line) ?? .null, message: "\(error)"))
            return false
        }
        guard case .object = json else {
            output.value(MeasureResult.error(id: .null, message: "a line must be a JSON object, got \(json.typeName)"))
            return false
        }
        do {
            try answer(json, &output)
            return true
        } catch {
            output.removeAll()
            output.value(MeasureResult.error(id: json["id"] ?? .null, message: "\(error)"))
            return false
        }
    }
}

extension JSONLinesLoop {
    /// What an overlong line gets: its length and the limit, so the caller knows to split the text.
    static func tooLongMessage(byteCount: Int) -> String {
        "line too long: \(byteCount) bytes; the limit is \(maximumLineLength) bytes "
            + "(\(maximumLineLength >> 20) MiB), newline excluded"
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
