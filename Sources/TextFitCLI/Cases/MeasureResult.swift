import TextFit

/// The JSON objects `batch` and `measure --json` write, in the contract's key order.
enum MeasureResult {
    /// `{"id", "width", "height", "lineCount", "truncated", "lines": [{"start", "end", "text", "width"}]}`.
    /// Sizes are the layout's fractional ones (widest line without hanging whitespace, lines × line height),
    /// not rounded to pixels.
    /// With `lineBoxes` (a styled, paragraph or bidirectional case), each line adds its box
    /// (`addingLineBoxes`) and the result adds `direction` and each line's `visual` runs after it
    /// (`addingBidi`: left-to-right text has one run per line).
    static func json(id: JSONValue, layout: TextLayout, lineBoxes: Bool = false) -> JSONValue {
        let plain = addingToken(to: plainJSON(id: id, layout: layout), layout: layout)
        guard lineBoxes || layout.preparedText.isBidirectional else { return plain }
        return addingBidi(to: addingLineBoxes(plain, layout: layout), layout: layout)
    }

    private static func plainJSON(id: JSONValue, layout: TextLayout) -> JSONValue {
        .object([
            "id": id,
            "width": .double(Double(layout.size.width)),
            "height": .double(Double(layout.size.height)),
            "lineCount": .int(layout.lineCount),
            "truncated": .bool(layout.isTruncated),
            "lines": .array(
                layout.lines.map { line in
                    let fields: JSONValue = .object([
                        "start": .int(line.range.lowerBound),
                        "end": .int(line.range.upperBound),
                        "text": .string(line.text),
                        "width": .double(Double(line.width)),
                    ])
                    // A hyphenated line (H2) adds the flag after its width; other lines keep their four keys.
                    guard line.isHyphenated, case .object(let members) = fields else { return fields }
                    return .object(members + [JSONMember("hyphenated", .bool(true))])
                }),
        ])
    }

    /// A case with a `truncationToken` whose layout shows it (T12, T13): each line adds `visibleEnd` after
    /// its own fields, and the result `token: {x, y, width, height}` (layout coordinates) after `lines`.
    /// Any other result is left as it is.
    static func addingToken(to result: JSONValue, layout: TextLayout) -> JSONValue {
        guard layout.preparedText.truncationToken != nil, let rect = layout.truncationTokenRect,
            case .object(var members) = result, let index = members.firstIndex(where: { $0.key == "lines" }),
            case .array(let lines) = members[index].value
        else { return result }
        members[index].value = .array(
            zip(lines, layout.lines).map { json, line in
                guard case .object(let fields) = json else { return json }
                return .object(fields + [JSONMember("visibleEnd", .int(line.visibleEnd))])
            })
        members.insert(
            JSONMember(
                "token",
                .object([
                    "x": .double(Double(rect.minX)), "y": .double(Double(rect.minY)),
                    "width": .double(Double(rect.width)), "height": .double(Double(rect.height)),
                ])), at: index + 1)
        return .object(members)
    }

    /// `{"id", "error"}`: a case that failed, written in its place.
    static func error(id: JSONValue, message: String) -> JSONValue {
        .object(["id": id, "error": .string(message)])
    }
}
