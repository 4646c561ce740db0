import Foundation
import TextFit

/// `textfit measure TEXT [flags]`: one string, as a table or as `batch`'s JSON object.
enum MeasureCommand: Command {
    static let name = "measure"
    static let options: [OptionSpec] =
        SharedOptions.font + [
            SharedOptions.width,
            .option("--lines", "a whole number of lines >= 0"),
            .option("--mode", "one of \(LineBreakMode.names)"),
            .option("--fallback", "one of \(MeasureCase.fallbackNames)"),
            .flag("--json"),
        ] + caseOptions

    /// What the flags ask for.
    struct Request: Equatable {
        var measureCase: MeasureCase
        var json = false
        /// The `--case` / `--json-case` object, when the case came as one (MeasureCommand+JSONCase.swift).
        var caseJSON: JSONValue?
    }

    static func perform(_ request: Request, console: Console) -> ExitCode {
        let measureCase = request.measureCase
        let prepared: PreparedText
        do {
            prepared = try measureCase.prepare(fonts: FontCache())
        } catch {
            // Every font failure (unknown family, missing or unreadable file, bad face index) is exit 3.
            console.writeError("textfit: \(error)")
            return .fontMissing
        }
        let layout: TextLayout
        let shown: (text: PreparedText, fit: FontSizeFit?)
        do {
            // A `fitFontSize` case shows its text at the size found (Q4), as batch answers it.
            shown = try measureCase.shownText(prepared)
            layout = try measureCase.layout(shown.text)
        } catch {
            return console.fail(UsageError(message: "\(error)"))
        }
        if let warning = MeasureResult.missingGlyphWarning(prepared) { console.writeError(warning) }
        if request.json, let json = request.caseJSON {
            do {
                console.write(
                    JSONWriter.string(
                        try caseResult(
                            json, measureCase, prepared: prepared, layout: layout,
                            fit: shown.fit)))
            } catch {
                return console.fail(UsageError(message: "\(error)"))
            }
        } else if request.json {
            console.write(JSONWriter.string(MeasureResult.json(id: .null, layout: layout)))
        } else {
            for line in table(measureCase, prepared: shown.text, layout: layout) { console.write(line) }
        }
        return .success
    }

    /// Turns parsed flags into a case, checking every value.
    /// - Throws: `UsageError` naming the flag at fault.
    static func makeRequest(_ parsed: ParsedArguments) throws -> Request {
        if let (measureCase, json) = try jsonCase(parsed, command: "measure") {
            return Request(measureCase: measureCase, json: parsed.flags.contains("--json"), caseJSON: json)
        }
        guard let text = parsed.positionals.first else {
            throw UsageError(message: "'measure' needs the TEXT to measure, e.g. textfit measure \"Hello world\" --width 80")
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError(
                message: "'measure' takes one TEXT, got \(parsed.positionals.count) arguments "
                    + "('\(parsed.positionals[1])' is extra); quote text with spaces")
        }
        var measureCase = MeasureCase(text: text)

        let font = try parsed.fontChoice()
        measureCase.font = font.source
        measureCase.size = font.size
        measureCase.face = font.face

        measureCase.fallback = try MeasureCase.fallback(flag: parsed.values["--fallback"])
        measureCase.width = try parsed.width("--width")
        if let lines = try parsed.count("--lines") { measureCase.maxLines = lines }
        if let modeName = parsed.values["--mode"] {
            guard let mode = LineBreakMode(rawValue: modeName) else {
                throw UsageError(
                    message: "flag '--mode' wants one of \(LineBreakMode.names), got '\(modeName)'"
                        + LineBreakMode.hint(for: modeName))
            }
            measureCase.lineBreakMode = mode
        }
        return Request(measureCase: measureCase, json: parsed.flags.contains("--json"))
    }
}
