import TextFit

extension MeasureResult {
    /// `result` with each line's box added after its fields, for a case with a `paragraph`: `x` (the
    /// left edge of the line's advances after alignment and indents, in a box `width` wide), `y` (the top
    /// of its box), `baseline` and `height` (P1–P9). A plain case's result is left as it is.
    static func addingLineBoxes(_ result: JSONValue, layout: TextLayout) -> JSONValue {
        guard case .object(var members) = result,
            let index = members.firstIndex(where: { $0.key == "lines" }),
            case .array(let lines) = members[index].value
        else { return result }
        let boxed = zip(lines, layout.lines).map { json, line -> JSONValue in
            guard case .object(var fields) = json else { return json }
            fields.append(JSONMember("x", .double(Double(line.x))))
            fields.append(JSONMember("y", .double(Double(line.y))))
            fields.append(JSONMember("baseline", .double(Double(line.baseline))))
            fields.append(JSONMember("height", .double(Double(line.height))))
            return .object(fields)
        }
        members[index] = JSONMember("lines", .array(boxed))
        return .object(members)
    }
}
