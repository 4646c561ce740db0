import TextFit

/// The JSON objects `batch` and `measure --json` write, in the contract's key order.
enum MeasureResult {
    /// `{"id", "width", "height", "lineCount", "truncated", "lines": [{"start", "end", "text", "width"}]}`.
    /// Sizes are the layout's fractional ones (widest line without hanging whitespace, lines × line height),
    /// not rounded to pixels.
    static func json(id: JSONValue, layout: TextLayout) -> JSONValue {
        addingBidi(to: plainJSON(id: id, layout: layout), layout: layout)
    }

    private static func plainJSON(id: JSONValue, layout: TextLayout) -> JSONValue {
        .object([
            "id": id,
            "width": .double(Double(layout.size.width)),
            "height": .double(Double(layout.size.height)),
            "lineCount": .int(layout.lineCount),
            "truncated": .bool(layout.isTruncated),
            "lines": .array(layout.lines.map { line in
                .object([
                    "start": .int(line.range.lowerBound),
                    "end": .int(line.range.upperBound),
                    "text": .string(line.text),
                    "width": .double(Double(line.width)),
                ])
            }),
        ])
    }

    /// `{"id", "error"}`: a case that failed, written in its place.
    static func error(id: JSONValue, message: String) -> JSONValue {
        .object(["id": id, "error": .string(message)])
    }
}
