import TextFit

extension MeasureResult {
    /// A styled, paragraph or bidirectional case's result (the contract's "bidirectional and styled
    /// results"): adds `direction` (the first paragraph's, "ltr" or "rtl") and, per line, `visual`, its
    /// directional runs in visual order as `[{start, end, rtl}]`, one run for a left-to-right line.
    static func addingBidi(to result: JSONValue, layout: TextLayout) -> JSONValue {
        guard case .object(var members) = result else { return result }
        for index in members.indices where members[index].key == "lines" {
            guard case .array(let lines) = members[index].value else { continue }
            members[index].value = .array(
                zip(lines, layout.lines).map { json, line in
                    guard case .object(var fields) = json else { return json }
                    fields.append(
                        JSONMember(
                            "visual",
                            .array(
                                line.visualRuns.map { run in
                                    .object([
                                        "start": .int(run.range.lowerBound), "end": .int(run.range.upperBound),
                                        "rtl": .bool(run.isRightToLeft),
                                    ])
                                })))
                    return .object(fields)
                })
        }
        let direction = layout.baseWritingDirection == .rightToLeft ? "rtl" : "ltr"
        let position = members.firstIndex { $0.key == "lines" } ?? members.endIndex
        members.insert(JSONMember("direction", .string(direction)), at: position)
        return .object(members)
    }
}
