import Foundation
import TextFit

/// `textfit batch`: JSON Lines cases in, one result object per line out (architecture.md, "Command-line
/// contract").
enum BatchCommand: Command {
    static let name = "batch"

    /// The environment variable that gives font roots too (colon-separated), for a pipeline that cannot
    /// pass flags (a Spark job's executors, a service's container).
    static let fontRootsVariable = "TEXTFIT_FONT_ROOTS"

    static let options: [OptionSpec] = [.repeatable("--font-root", "a folder font files may come from")]

    /// The folders a case's `fontFile` may come from (`--font-root`, then `TEXTFIT_FONT_ROOTS`); nil: any file.
    struct Request: Equatable {
        var fontRoots: [String]?
    }

    static func makeRequest(_ parsed: ParsedArguments) throws -> Request {
        if let extra = parsed.positionals.first {
            throw UsageError(message: "'\(name)' takes no arguments, got '\(extra)'; it reads JSON Lines on stdin")
        }
        let environment =
            ProcessInfo.processInfo.environment[fontRootsVariable].map {
                $0.split(separator: ":").map(String.init)
            } ?? []
        let roots = (parsed.repeated["--font-root"] ?? []) + environment
        for root in roots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw UsageError(message: "font root '\(root)' is not a folder (--font-root or \(fontRootsVariable))")
            }
        }
        return Request(fontRoots: roots.isEmpty ? nil : roots)
    }

    static func perform(_ request: Request, console: Console) -> ExitCode {
        if let roots = request.fontRoots { FontFiles.allowedFolders = roots }
        let fonts = FontCache()
        return JSONLinesLoop.run(command: name, console: console) { json in
            try answer(json, fonts: fonts)
        }
    }

    /// The result object for one parsed case.
    /// - Throws: `CaseError` for a bad field, `FontError` or `MeasureError` from the engine.
    static func answer(_ json: JSONValue, fonts: FontCache) throws -> JSONValue {
        let measureCase = try MeasureCase(json: json)
        let prepared = try measureCase.prepare(fonts: fonts)
        let boxed = measureCase.paragraph != nil || measureCase.runs != nil || prepared.isBidirectional
        if case .container? = measureCase.geometry {
            let layout = try measureCase.containerLayout(prepared)
            let result = MeasureResult.json(id: json["id"] ?? .null, container: layout, lineBoxes: boxed)
            let checked = MeasureResult.appending(MeasureResult.missingGlyphMembers(prepared), to: result)
            return MeasureResult.appending(try measureCase.variationAdjustmentMembers(fonts: fonts), to: checked)
        }
        // `fitFontSize` lays the text out at the size it finds (Q4); every other case at its own.
        let shown = try measureCase.shownText(prepared)
        let layout = try measureCase.layout(shown.text)
        var result = MeasureResult.json(id: json["id"] ?? .null, layout: layout, lineBoxes: boxed)
        if measureCase.geometry != nil { result = MeasureResult.addingLineX(result, lines: Array(layout.lines)) }
        let answered = MeasureResult.appending(
            try measureCase.queryAnswer(prepared, fit: shown.fit, layout: layout), to: result)
        let checked = MeasureResult.appending(MeasureResult.missingGlyphMembers(prepared), to: answered)
        return MeasureResult.appending(try measureCase.variationAdjustmentMembers(fonts: fonts), to: checked)
    }
}
