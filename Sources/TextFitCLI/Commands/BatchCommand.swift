import Foundation
import TextFit

/// `textfit batch`: JSON Lines cases in, one result object per line out (architecture.md, "Command-line
/// contract").
enum BatchCommand: Command {
    static let name = "batch"

    /// The environment variable that gives font roots too (colon-separated), for a pipeline that cannot
    /// pass flags (a Spark job's executors, a service's container).
    static let fontRootsVariable = "TEXTFIT_FONT_ROOTS"

    static let options: [OptionSpec] = [
        .repeatable("--font-root", "a folder font files may come from"),
        .option("--flush", "'line' (each result as written, the default) or 'blocks'"),
    ]

    /// The folders a case's `fontFile` may come from (`--font-root`, then `TEXTFIT_FONT_ROOTS`); nil: any file.
    struct Request: Equatable {
        var fontRoots: [String]?
        /// Every line through the general path (`JSONReader`, `MeasureCase.init(json:)`): the tests and the
        /// fuzz target compare the two paths' answers; no flag sets it.
        var generalPathOnly = false
        /// `--flush blocks`: results are written in blocks (`Console.writeInBlocks`), not flushed line by line.
        var flushInBlocks = false
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
        let flushInBlocks: Bool
        switch parsed.values["--flush"] {
        case nil, "line": flushInBlocks = false
        case "blocks": flushInBlocks = true
        case let other?: throw UsageError(message: "--flush takes 'line' or 'blocks', got '\(other)'")
        }
        return Request(fontRoots: roots.isEmpty ? nil : roots, flushInBlocks: flushInBlocks)
    }

    static func perform(_ request: Request, console: Console) -> ExitCode {
        if let roots = request.fontRoots { FontFiles.allowedFolders = roots }
        if request.flushInBlocks { console.writeInBlocks() }
        let fonts = FontCache()
        return JSONLinesLoop.run(
            command: name, console: console,
            fast: request.generalPathOnly ? nil : { fastAnswer(&$0, fonts: fonts, into: &$1) }
        ) { json, output in
            try answer(json, fonts: fonts, into: &output)
        }
    }

    /// The answer to a line of common fields read straight from its bytes (`MeasureCase.decodeCommon`), or
    /// nil, having written nothing, for a line the general path reads. True for a result, false for an
    /// error object (the engine's: a font not found, a bad width), as the general path writes it.
    ///
    /// A line of `releasedLineLength` bytes or more is emptied once read: a huge paragraph's bytes (one per
    /// input byte) were held until its answer was written, beside everything the answer makes (issue 43).
    static func fastAnswer(_ line: inout RawInputLine, fonts: FontCache, into output: inout JSONOutput) -> Bool? {
        guard let (measureCase, id, byteCount) = decodeCommon(line) else { return nil }
        if byteCount >= releasedLineLength { line = .bytes([]) }
        do {
            try answer(measureCase, id: id, fonts: fonts, into: &output)
            return true
        } catch {
            output.removeAll()
            output.value(MeasureResult.error(id: id, message: "\(error)"))
            return false
        }
    }

    /// Lines this long or longer are dropped once read (`fastAnswer`); shorter ones are views of the reader's
    /// block, which dropping would not free.
    static let releasedLineLength = 1 << 16

    /// `MeasureCase.decodeCommon` of a line's bytes, and their number. A function of its own so that no
    /// reference to the bytes outlives it.
    private static func decodeCommon(_ line: RawInputLine) -> (MeasureCase, JSONValue, Int)? {
        guard case .bytes(let bytes) = line,
            let (measureCase, id) = bytes.withUnsafeBufferPointer({ MeasureCase.decodeCommon($0) })
        else { return nil }
        return (measureCase, id, bytes.count)
    }

    /// Writes the result object for one parsed case into `output`; nothing is written when it throws.
    /// - Throws: `CaseError` for a bad field, `FontError` or `MeasureError` from the engine.
    static func answer(_ json: JSONValue, fonts: FontCache, into output: inout JSONOutput) throws {
        try answer(MeasureCase(json: json), id: json["id"] ?? .null, fonts: fonts, into: &output)
    }

    /// Writes the result object for `measureCase`, whose line's `id` is `id`, into `output`; nothing is
    /// written when it throws.
    /// - Throws: `FontError` or `MeasureError` from the engine, `CaseError` for a query it cannot answer.
    static func answer(_ measureCase: MeasureCase, id: JSONValue, fonts: FontCache, into output: inout JSONOutput) throws {
        let prepared = try measureCase.prepare(fonts: fonts)
        // Asked once: each ask loads the text's bidi memo through a generic atomic (about 560 instructions,
        // callgrind), and the writer below needs it too.
        let bidirectional = prepared.isBidirectional
        let boxed = measureCase.paragraph != nil || measureCase.runs != nil || bidirectional
        if case .container? = measureCase.geometry {
            let layout = try measureCase.containerLayout(prepared)
            var extra = MeasureResult.missingGlyphMembers(prepared)
            extra += try measureCase.variationAdjustmentMembers(fonts: fonts)
            let result = MeasureResult.json(id: id, container: layout, lineBoxes: boxed)
            output.value(MeasureResult.appending(extra, to: result))
            return
        }
        // `fitFontSize` lays the text out at the size it finds (Q4); every other case at its own.
        let shown = try measureCase.shownText(prepared)
        let layout = try measureCase.layout(shown.text)
        // Everything that may throw is asked before anything is written.
        var extra = try measureCase.queryAnswer(prepared, fit: shown.fit, layout: layout)
        // Appended only when there is something to append: appending the two empty arrays a plain case
        // has went through `Array.append(contentsOf:)`'s generic path (about 340 instructions, callgrind).
        let missing = MeasureResult.missingGlyphMembers(prepared)
        if !missing.isEmpty { extra += missing }
        let adjustments = try measureCase.variationAdjustmentMembers(fonts: fonts)
        if !adjustments.isEmpty { extra += adjustments }
        if measureCase.geometry != nil {
            // Per-line widths: each line adds its `x` (G9), so the result goes through the tree.
            let result = MeasureResult.json(id: id, layout: layout, lineBoxes: boxed)
            output.value(MeasureResult.appending(extra, to: MeasureResult.addingLineX(result, lines: Array(layout.lines))))
            return
        }
        // `shown.text` is the case's text, at the size `fitFontSize` found at most: its levels are `prepared`'s.
        MeasureResult.write(
            id: id, layout: layout, lineBoxes: boxed, bidirectional: bidirectional, extra: extra, into: &output)
    }
}

/// `textfit batch`'s output lines and exit code for `lines` (each one input line's bytes, no newline),
/// with the common cases read from their bytes as the executable does, or with `generalPathOnly` every
/// line through the general path: the tests and the `FuzzBatch` target hold the two to the same bytes.
package func batchAnswers(to lines: [[UInt8]], generalPathOnly: Bool) -> (output: [String], exitCode: ExitCode) {
    var remaining = lines[...]
    var output: [String] = []
    let console = Console(
        readLine: { remaining.popFirst().map { .bytes($0[...]) } }, write: { output.append($0) },
        writeBytes: { output.append(String(decoding: $0, as: UTF8.self)) }, writeError: { _ in }, errorIsTerminal: false)
    let code = BatchCommand.perform(BatchCommand.Request(fontRoots: nil, generalPathOnly: generalPathOnly), console: console)
    return (output, code)
}
