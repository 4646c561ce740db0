import Foundation
import TextFit

/// `measure` and `render` with a case written as a `batch` line (`--case '{...}'` or `--json-case FILE`):
/// styled runs, paragraph styles and queries on one text, without a JSON Lines loop. The case replaces
/// TEXT and the case flags (the font flags, `--width`, `--lines`, `--mode`); `measure --json` prints exactly the object `batch`
/// answers that line with.
extension MeasureCommand {
    static let caseOptions: [OptionSpec] = [
        .option("--case", "a batch case: one JSON object"),
        .option("--json-case", "a file holding one batch case (a JSON object)"),
    ]

    /// The flags a case replaces.
    static let caseFlags = SharedOptions.font.map(\.name) + [SharedOptions.width.name, "--lines", "--mode"]

    /// Whether the command line gives a JSON case.
    static func givesJSONCase(_ parsed: ParsedArguments) -> Bool {
        parsed.values["--case"] != nil || parsed.values["--json-case"] != nil
    }

    /// The case `--case` or `--json-case` gives, with its JSON (for `measure --json`); nil with neither.
    /// - Throws: `UsageError` naming the flag: both given, TEXT or a case flag beside it, an unreadable
    ///   file, text that is not one JSON object, or a field the case rejects (its batch error message).
    static func jsonCase(_ parsed: ParsedArguments, command: String) throws -> (MeasureCase, JSONValue)? {
        let inline = parsed.values["--case"]
        let path = parsed.values["--json-case"]
        guard inline != nil || path != nil else { return nil }
        let flag = inline != nil ? "--case" : "--json-case"
        if inline != nil, path != nil { throw UsageError(message: "give the case once, with '--case' or '--json-case'") }
        if let text = parsed.positionals.first {
            throw UsageError(
                message: "'\(command)' takes its text from the case's 'text' field with '\(flag)'; "
                    + "drop the argument '\(text)'")
        }
        if let clash = caseFlags.first(where: { parsed.values[$0] != nil || parsed.flags.contains($0) }) {
            throw UsageError(message: "flag '\(clash)' and '\(flag)' both set it: put the value in the case")
        }
        var source = inline ?? ""
        if let path {
            do { source = try String(contentsOfFile: path, encoding: .utf8) } catch {
                throw UsageError(message: "flag '--json-case' cannot read '\(path)': \(error.localizedDescription)")
            }
        }
        let json: JSONValue
        do { json = try JSONReader.parse(source.trimmingCharacters(in: .whitespacesAndNewlines)) } catch {
            throw UsageError(message: "flag '\(flag)' wants one JSON object (a batch line): \(error)")
        }
        guard case .object = json else {
            throw UsageError(message: "flag '\(flag)' wants one JSON object (a batch line), got \(json.typeName)")
        }
        do { return (try MeasureCase(json: json), json) } catch let error as CaseError {
            throw UsageError(message: "flag '\(flag)': \(error.message)")
        }
    }

    /// `batch`'s answer to the case, from the layout already made (of `MeasureCase.shownText`, whose
    /// `fit` it is given).
    static func caseResult(
        _ json: JSONValue, _ measureCase: MeasureCase, prepared: PreparedText,
        layout: TextLayout, fit: FontSizeFit? = nil
    ) throws -> JSONValue {
        let boxed = measureCase.paragraph != nil || measureCase.runs != nil || prepared.isBidirectional
        var result = MeasureResult.json(id: json["id"] ?? .null, layout: layout, lineBoxes: boxed)
        if measureCase.geometry != nil { result = MeasureResult.addingLineX(result, lines: Array(layout.lines)) }
        return MeasureResult.appending(try measureCase.queryAnswer(prepared, fit: fit, layout: layout), to: result)
    }
}
