/// One `textfit` command: its name, its flags, how checked flags become a request, and the work.
///
/// Every command reaches its work through `run(_:console:)`, the one path for the command line's
/// conventions: `--help` or `-h` anywhere prints the command's help (exit 0); a usage error prints
/// `textfit: MESSAGE` and the `--help` hint on stderr (exit 2).
///
/// ```swift
/// enum EchoCommand: Command {
///     static let name = "echo"
///     static let options: [OptionSpec] = [.flag("--loud")]
///     static let help = "textfit echo WORDS [--loud]"
///     static func makeRequest(_ parsed: ParsedArguments) throws -> [String] { parsed.positionals }
///     static func perform(_ words: [String], console: Console) -> ExitCode {
///         console.write(words.joined(separator: " "))
///         return .success
///     }
/// }
/// ```
protocol Command {
    /// What the flags ask for, every value checked.
    associatedtype Request

    /// The command's name on the command line, in messages and in `textfit help NAME`.
    static var name: String { get }
    /// The flags the command accepts (`--help` is always accepted). Flags several commands share (the
    /// font, `--width`) come from `SharedOptions`, so they are spelt, checked and documented once.
    static var options: [OptionSpec] { get }
    /// The command's section of `textfit --help`, also printed by `textfit help NAME` and `NAME --help`;
    /// it documents every flag in `options`.
    static var help: String { get }
    /// Turns parsed flags into a request.
    /// - Throws: `UsageError` naming the flag or argument at fault.
    static func makeRequest(_ parsed: ParsedArguments) throws -> Request
    /// Does the work for a checked request; returns the exit code.
    static func perform(_ request: Request, console: Console) -> ExitCode
}

extension Command {
    /// Parses `arguments` (those after the command's name), prints help or the usage error, or performs
    /// the request.
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        let request: Request
        do {
            let parsed = try ArgumentParser.parse(arguments, options: options, command: name)
            if parsed.wantsHelp {
                console.writeLines(Help.command(name) ?? Help.full)
                return .success
            }
            request = try makeRequest(parsed)
        } catch let error as UsageError {
            return console.fail(error)
        } catch {
            return console.fail(UsageError(message: "\(error)"))
        }
        return perform(request, console: console)
    }
}
