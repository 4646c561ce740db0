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
        return JSONLinesLoop.run(command: name, console: console) { json, output in
            try answer(json, fonts: fonts, into: &output)
        }
    }

    /// Writes the result object for one parsed case into `output`; nothing is written when it throws.
    /// - Throws: `CaseError` for a bad field, `FontError` or `MeasureError` from the engine.
    static func answer(_ json: JSONValue, fonts: FontCache, into output: inout JSONOutput) throws {
        let measureCase = try MeasureCase(json: json)
        let prepared = try measureCase.prepare(fonts: fonts)
        let boxed = measureCase.paragraph != nil || measureCase.runs != nil || prepared.isBidirectional
        if case .container? = measureCase.geometry {
            let layout = try measureCase.containerLayout(prepared)
            var extra = MeasureResult.missingGlyphMembers(prepared)
            extra += try measureCase.variationAdjustmentMembers(fonts: fonts)
            let result = MeasureResult.json(id: json["id"] ?? .null, container: layout, lineBoxes: boxed)
            output.value(MeasureResult.appending(extra, to: result))
            return
        }
        // `fitFontSize` lays the text out at the size it finds (Q4); every other case at its own.
        let shown = try measureCase.shownText(prepared)
        let layout = try measureCase.layout(shown.text)
        // Everything that may throw is asked before anything is written.
        var extra = try measureCase.queryAnswer(prepared, fit: shown.fit, layout: layout)
        extra += MeasureResult.missingGlyphMembers(prepared)
        extra += try measureCase.variationAdjustmentMembers(fonts: fonts)
        if measureCase.geometry != nil {
            // Per-line widths: each line adds its `x` (G9), so the result goes through the tree.
            let result = MeasureResult.json(id: json["id"] ?? .null, layout: layout, lineBoxes: boxed)
            output.value(MeasureResult.appending(extra, to: MeasureResult.addingLineX(result, lines: Array(layout.lines))))
            return
        }
        MeasureResult.write(id: json["id"] ?? .null, layout: layout, lineBoxes: boxed, extra: extra, into: &output)
    }
}
