import TextFit

/// The `textfit` command line as a library, so tests drive it without starting a process.
///
/// ```swift
/// var lines: [String] = []
/// let code = runTextFit(arguments: ["measure", "Hello world", "--width", "60", "--json"],
///                       input: { nil }, output: { lines.append($0) }, error: { print($0) })
/// // code == 0, lines == [#"{"id":null,"width":…,"lineCount":2,…}"#]
/// ```
/// - Parameters:
///   - arguments: the arguments after the program name.
///   - input: returns the next line of standard input without its newline, or nil at the end.
///   - output: receives each line of standard output (data only), without a newline; the caller writes
///     and flushes it, so `batch` results reach a reading process one line at a time.
///   - error: receives each diagnostic line for standard error, without a newline.
///   - errorIsTerminal: standard error is a terminal, so long batches may report progress there.
/// - Returns: the process exit code (see `ExitCode`).
public func runTextFit(
    arguments: [String], input: () -> String?, output: (String) -> Void,
    error: (String) -> Void, errorIsTerminal: Bool = false
) -> Int32 {
    // The same limit as a `LineReader` applies, so a line too long is refused the same way in process.
    runTextFit(
        arguments: arguments,
        lines: {
            input().map { line -> InputLine in
                guard line.utf8.count > JSONLinesLoop.maximumLineLength else { return .text(line) }
                var scanner = CaseIDScanner()
                scanner.scan(line.utf8)
                return .tooLong(byteCount: line.utf8.count, id: scanner.idText)
            }
        }, output: output, error: error, errorIsTerminal: errorIsTerminal)
}

/// `runTextFit(arguments:input:output:error:errorIsTerminal:)` reading `InputLine`s, as from a
/// `LineReader`, which refuses an overlong line without holding it.
///
/// ```swift
/// let reader = LineReader(fileDescriptor: STDIN_FILENO)
/// exit(runTextFit(arguments: ["batch"], lines: reader.next, output: { print($0) }, error: { _ in }))
/// ```
public func runTextFit(
    arguments: [String], lines: () -> InputLine?, output: (String) -> Void,
    error: (String) -> Void, errorIsTerminal: Bool = false
) -> Int32 {
    runTextFit(
        arguments: arguments, rawLines: { lines().map(RawInputLine.init) }, output: output,
        outputBytes: { output(String(decoding: $0, as: UTF8.self)) }, error: error, errorIsTerminal: errorIsTerminal)
}

/// `runTextFit(arguments:lines:output:error:errorIsTerminal:)` with input lines as bytes (as
/// `LineReader.nextBytes` reads them) and `batch`'s result lines handed over as bytes (valid UTF-8, no
/// newline), so the `textfit` executable makes no string of either (Benchmarks/README.md, "Batch").
/// - Parameters:
///   - rawLines: returns the next line, or nil at the end; a line's bytes are used before the next call.
///   - output: receives each line of standard output that is not a JSON Lines result (help, tables).
///   - outputBytes: receives each JSON Lines result line, valid only during the call.
///   - writeInBlocks: called when `batch --flush blocks` asks for results in blocks (`Console.writeInBlocks`).
///   - outputPart: when given, receives the first bytes of a result line too long to hold whole (no newline;
///     its rest follows through `outputPart` and then `outputBytes`), so a huge paragraph's result is not
///     held whole (`Console.writePart`).
package func runTextFit(
    arguments: [String], rawLines: () -> RawInputLine?, output: (String) -> Void,
    outputBytes: (UnsafeBufferPointer<UInt8>) -> Void, error: (String) -> Void, errorIsTerminal: Bool = false,
    writeInBlocks: @escaping () -> Void = {}, outputPart: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil
) -> Int32 {
    // The closures are only used during this call; the console holds them for its duration.
    withoutActuallyEscaping(rawLines) { input in
        withoutActuallyEscaping(output) { output in
            withoutActuallyEscaping(outputBytes) { outputBytes in
                withoutActuallyEscaping(error) { error in
                    let console = Console(
                        readLine: input, write: output, writeBytes: outputBytes, writeError: error,
                        errorIsTerminal: errorIsTerminal, writeInBlocks: writeInBlocks, writePart: outputPart)
                    return CommandLineTool.run(arguments, console: console).rawValue
                }
            }
        }
    }
}

/// The documented exit codes of `textfit`.
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// `batch`/`breaks`: some records failed (each has an error object in its place).
    case recordsFailed = 1
    /// Unknown command or flag, missing or bad value.
    case usage = 2
    /// The font (family or file) or a dependency such as the bundled fonts is missing or unusable.
    case fontMissing = 3
}

/// Where a command reads and writes.
struct Console {
    let readLine: () -> RawInputLine?
    let write: (String) -> Void
    /// A line of output given as its UTF-8 bytes, which are valid UTF-8 (`JSONOutput`'s).
    let writeBytes: (UnsafeBufferPointer<UInt8>) -> Void
    let writeError: (String) -> Void
    let errorIsTerminal: Bool
    /// Asks the output to stop flushing each line and flush only when the input runs dry (before a read
    /// that may wait), when its buffer fills and at the end: `textfit batch --flush blocks`. A console
    /// whose output is not a stream (tests) ignores it.
    var writeInBlocks: () -> Void = {}
    /// The first bytes of a result line too long to hold whole, no newline: its rest follows, through this
    /// and then `writeBytes` (`JSONOutput.spillIfLong`). Nil: every line is written whole.
    var writePart: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil

    /// Writes each line of a multi-line block separately.
    func writeLines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { write(String(line)) }
    }

    /// Reports a usage error with the hint every such message carries, and returns exit code 2.
    func fail(_ error: UsageError) -> ExitCode {
        writeError("textfit: \(error.message)")
        writeError("hint: run 'textfit --help' for every command, flag and default")
        return .usage
    }
}

/// Dispatch from the first argument to a command.
enum CommandLineTool {
    /// Every command, in the order `textfit --help` documents them.
    static let commandTypes: [any Command.Type] = [
        MeasureCommand.self, RenderCommand.self, BatchCommand.self, BreaksCommand.self, BidiCommand.self,
        TitleDateCommand.self, ButtonCommand.self, CheckCommand.self, DemoCommand.self,
    ]

    /// The names a first argument may be, for "did you mean".
    static let commands: [String] = commandTypes.map { $0.name } + ["help"]

    /// The command called `name`, or nil.
    static func command(named name: String) -> (any Command.Type)? {
        commandTypes.first { $0.name == name }
    }

    /// "measure, render, …, demo", for messages.
    static var commandList: String { commandTypes.map { $0.name }.joined(separator: ", ") }

    static func run(_ arguments: [String], console: Console) -> ExitCode {
        guard let first = arguments.first else {
            return console.fail(UsageError(message: "no command given (commands: \(commandList))"))
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            return showHelp(for: rest, console: console)
        case "--version", "-V", "version":
            guard rest.isEmpty else {
                return console.fail(UsageError(message: "'\(first)' takes no arguments, got '\(rest[0])'"))
            }
            console.write("textfit \(TextFitInfo.version)")
            console.write(TextFitInfo.libraryVersions)
            return .success
        default:
            if let command = command(named: first) { return command.run(rest, console: console) }
            var message = first.hasPrefix("-") ? "unknown flag '\(first)'" : "unknown command '\(first)'"
            if let suggestion = ArgumentParser.closest(to: first, among: commands + ["--help", "--version"]) {
                message += "; did you mean '\(suggestion)'?"
            }
            return console.fail(UsageError(message: message))
        }
    }

    private static func showHelp(for topics: [String], console: Console) -> ExitCode {
        guard let topic = topics.first else {
            console.writeLines(Help.full)
            return .success
        }
        guard topics.count == 1, let text = Help.command(topic) else {
            return console.fail(
                UsageError(
                    message: "no help for '\(topics.joined(separator: " "))' "
                        + "(commands: \(commandList))"))
        }
        console.writeLines(text)
        return .success
    }
}
