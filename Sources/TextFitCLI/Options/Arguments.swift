import Foundation

/// A command-line mistake: exit code 2, the message on stderr followed by a hint to run `--help`.
struct UsageError: Error, Equatable, CustomStringConvertible, LocalizedError {
    var message: String
    var description: String { message }
    var errorDescription: String? { message }
}

/// A flag a command accepts.
struct OptionSpec: Sendable {
    /// With the dashes: "--width".
    var name: String
    /// What the value is, for messages ("a number of points"); nil for a switch without a value.
    var value: String?
    /// Whether the flag may be given several times, each value kept (`ParsedArguments.repeated`).
    var isRepeatable = false

    static func option(_ name: String, _ value: String) -> OptionSpec { OptionSpec(name: name, value: value) }
    static func flag(_ name: String) -> OptionSpec { OptionSpec(name: name, value: nil) }
    /// A flag with a value that may be given several times (`--font-root A --font-root B`).
    static func repeatable(_ name: String, _ value: String) -> OptionSpec {
        OptionSpec(name: name, value: value, isRepeatable: true)
    }
}

/// The flags and positional arguments of one command, after checking them against its `OptionSpec`s.
struct ParsedArguments: Equatable {
    /// Values of flags that take one, by flag name ("--width": "200").
    var values: [String: String] = [:]
    /// Switches that were given ("--json").
    var flags: Set<String> = []
    /// Every value of a repeatable flag, in order (`OptionSpec.repeatable`).
    var repeated: [String: [String]] = [:]
    var positionals: [String] = []
    /// `--help` or `-h` appeared.
    var wantsHelp = false
}

/// Splits arguments into flags and positionals: `--name value`, `--name=value`, and `--` to end flags
/// (for text that starts with a dash). Each flag may appear once; repeating one is an error rather than
/// "last wins", so a script's mistake is not silently hidden.
///
/// ```swift
/// let parsed = try ArgumentParser.parse(["Hello", "--width", "80"], options: [.option("--width", "a number")],
///                                       command: "measure")
/// parsed.values["--width"]   // "80"
/// ```
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var flagsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flagsEnded || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                flagsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                parsed.wantsHelp = true
                continue
            }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError(message: unknownFlagMessage(name, options: options, command: command))
            }
            if parsed.values[name] != nil || parsed.flags.contains(name) {
                throw UsageError(message: "flag '\(name)' is given more than once")
            }
            guard let valueDescription = spec.value else {
                if inlineValue != nil { throw UsageError(message: "flag '\(name)' takes no value") }
                parsed.flags.insert(name)
                continue
            }
            if let inlineValue {
                if spec.isRepeatable {
                    parsed.repeated[name, default: []].append(inlineValue)
                } else {
                    parsed.values[name] = inlineValue
                }
                continue
            }
            // A following flag is not taken as the value: `--family --size 12` is a missing family, not
            // a family called "--size". A negative number is taken, so the value check can explain it.
            guard index < arguments.count,
                !(arguments[index].hasPrefix("--") && arguments[index].count > 2)
            else {
                throw UsageError(message: "flag '\(name)' needs a value (\(valueDescription))")
            }
            if spec.isRepeatable {
                parsed.repeated[name, default: []].append(arguments[index])
            } else {
                parsed.values[name] = arguments[index]
            }
            index += 1
        }
        return parsed
    }

    private static func isNegativeNumber(_ argument: String) -> Bool {
        argument.count > 1 && argument.hasPrefix("-") && Double(argument) != nil
    }

    private static func unknownFlagMessage(_ name: String, options: [OptionSpec], command: String) -> String {
        var message = "unknown flag '\(name)' for '\(command)'"
        if let suggestion = closest(to: name, among: options.map(\.name) + ["--help"]) {
            message += "; did you mean '\(suggestion)'?"
        } else if options.isEmpty {
            message += " (it takes no flags)"
        }
        return message
    }

    /// The candidate within two edits of `name`, for "did you mean".
    static func closest(to name: String, among candidates: [String]) -> String? {
        candidates.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two short strings.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Typed values of flags, each error naming the flag and what it wants.
extension ParsedArguments {
    /// A finite number; nil when the flag is absent.
    func number(_ flag: String) throws -> Double? {
        guard let text = values[flag] else { return nil }
        guard let value = Double(text), !value.isNaN, !text.lowercased().contains("x") else {
            throw UsageError(message: "flag '\(flag)' wants a number, got '\(text)'")
        }
        return value
    }

    /// A whole number ≥ 0; nil when the flag is absent.
    func count(_ flag: String) throws -> Int? {
        guard let text = values[flag] else { return nil }
        guard let value = Int(text), value >= 0 else {
            // Digits beyond `Int`: say where the range ends rather than "not a number".
            let limit = text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) ? " and <= \(Int.max)" : ""
            throw UsageError(message: "flag '\(flag)' wants a whole number >= 0\(limit), got '\(text)'")
        }
        return value
    }

    /// A wrap width (`CaseLimits.width`): nil when the flag is absent or asks for unconstrained (0, `inf`,
    /// 1e15 and more), as a batch case's `width` field.
    func width(_ flag: String) throws -> Double? {
        guard let points = try number(flag) else { return nil }
        do { return try CaseLimits.width(points) } catch {
            throw UsageError(
                message: "flag '\(flag)' wants a width >= 0 (0, or 1e15 and more, = unconstrained), "
                    + "got '\(values[flag] ?? "")'")
        }
    }

    /// A font size (`CaseLimits.size`); nil when the flag is absent.
    func pointSize(_ flag: String) throws -> Double? {
        guard let points = try number(flag) else { return nil }
        do { return try CaseLimits.size(points) } catch {
            throw UsageError(message: "flag '\(flag)' wants a point size > 0 and < 100000, got '\(values[flag] ?? "")'")
        }
    }
}
