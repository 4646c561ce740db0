/// `textfit batch`: JSON Lines cases in, one result object per line out (architecture.md, "Command-line
/// contract").
enum BatchCommand: JSONLinesCommand {
    static let name = "batch"

    static func perform(_ request: Void, console: Console) -> ExitCode {
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
        // `fitFontSize` lays the text out at the size it finds (Q4); every other case at its own.
        let shown = try measureCase.shownText(prepared)
        let layout = try measureCase.layout(shown.text)
        let boxed = measureCase.paragraph != nil || measureCase.runs != nil || prepared.isBidirectional
        let result = MeasureResult.json(id: json["id"] ?? .null, layout: layout, lineBoxes: boxed)
        let answered = MeasureResult.appending(try measureCase.queryAnswer(prepared, fit: shown.fit), to: result)
        return MeasureResult.appending(MeasureResult.missingGlyphMembers(prepared), to: answered)
    }
}
