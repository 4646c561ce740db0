import Foundation
import TextFit

/// A batch case's line geometry (architecture.md, "Geometry"): a width per line (`widths`, rule W8) or a
/// text container with exclusion shapes (`exclusions`, rules G4–G8). Nil on a case: every line `width` wide.
enum GeometryCase: Equatable, Sendable {
    /// `widths`: line `i` is `widths[min(i, count − 1)]` wide (points; 0 or ≥ 1e15: unbounded, B7).
    case widths([Double])
    /// `exclusions`: a container `width` wide (`height` tall when given) that the lines flow around.
    case container(TextContainer)
}

extension MeasureCase {
    /// The batch fields this file reads. `height` is read only beside `exclusions` (it is otherwise a
    /// result field a caller may carry on the line, see `nearMiss`).
    static let geometryFields = ["widths", "exclusions", "lineFragmentPadding"]

    /// Reads `widths`, or `exclusions` with `width`, `height` and `lineFragmentPadding` (default 0 in batch,
    /// G5), checking every number so the message names the field and the index at fault.
    /// - Throws: `CaseError` naming the field.
    static func geometry(in json: JSONValue, width: Double?) throws -> GeometryCase? {
        let widths = json["widths"].flatMap { $0 == .null ? nil : $0 }
        let exclusions = json["exclusions"].flatMap { $0 == .null ? nil : $0 }
        if widths != nil, exclusions != nil {
            throw CaseError(message: "give either 'widths' (a width per line) or 'exclusions' (a container), not both")
        }
        if exclusions == nil, let padding = json["lineFragmentPadding"], padding != .null {
            throw CaseError(message: "field 'lineFragmentPadding' needs 'exclusions'")
        }
        if let widths { return .widths(try lineWidths(widths)) }
        guard let exclusions else { return nil }
        return .container(try container(exclusions, width: width, json: json))
    }

    private static let widthsRequirement = "a non-empty array of widths in points, each \(CaseLimits.widthRequirement)"

    private static func lineWidths(_ value: JSONValue) throws -> [Double] {
        guard case .array(let items) = value, !items.isEmpty else {
            let got = value.typeName == "array" ? "an empty array" : value.typeName
            throw CaseError(message: "field 'widths' must be \(widthsRequirement), got \(got)")
        }
        return try items.enumerated().map { index, item in
            let (points, text) = try number(item, field: "widths[\(index)]", what: "a number")
            // As `width`: negative and NaN are refused; 0, +∞ and ≥ 1e15 are unbounded (B7).
            guard (try? CaseLimits.width(points)) != nil else {
                throw CaseError(message: "field 'widths[\(index)]' must be \(CaseLimits.widthRequirement), got \(text)")
            }
            return points
        }
    }

    private static func container(_ value: JSONValue, width: Double?, json: JSONValue) throws -> TextContainer {
        guard let width, width.isFinite else {
            throw CaseError(
                message: "field 'exclusions' needs 'width': the container's width, a finite number > 0 (not unconstrained)")
        }
        var height = 0.0
        if let (value, text) = try optionalNumber(json, "height") {
            guard value >= 0 else {
                throw CaseError(
                    message: "field 'height' (the container's) must be a number >= 0 (0 = unbounded), got \(text)")
            }
            height = value
        }
        var padding = 0.0
        if let (value, text) = try optionalNumber(json, "lineFragmentPadding") {
            guard value >= 0, value.isFinite, 2 * value < width else {
                throw CaseError(
                    message:
                        "field 'lineFragmentPadding' must be a finite number >= 0 below half the width (\(JSONWriter.format(width / 2))), got \(text)"
                )
            }
            padding = value
        }
        guard case .array(let items) = value else {
            throw CaseError(
                message:
                    "field 'exclusions' must be an array of {\"rect\": [x, y, w, h]} or {\"ellipse\": [x, y, w, h]}, got \(value.typeName)"
            )
        }
        let paths = try items.enumerated().map { index, item in try exclusionPath(item, index: index) }
        return TextContainer(
            size: CGSize(width: width, height: height), exclusionPaths: paths, lineFragmentPadding: CGFloat(padding))
    }

    private static func exclusionPath(_ item: JSONValue, index: Int) throws -> ExclusionPath {
        let field = "exclusions[\(index)]"
        guard case .object(let members) = item, members.count == 1, let member = members.first,
            member.key == "rect" || member.key == "ellipse"
        else {
            throw CaseError(
                message:
                    "field '\(field)' must be one of {\"rect\": [x, y, w, h]} or {\"ellipse\": [x, y, w, h]}, got \(JSONWriter.string(item))"
            )
        }
        let what = "[x, y, w, h], four finite numbers in points (w, h >= 0)"
        guard case .array(let numbers) = member.value, numbers.count == 4 else {
            throw CaseError(message: "field '\(field).\(member.key)' must be \(what)")
        }
        let values = try numbers.map { try number($0, field: "\(field).\(member.key)", what: what).0 }
        guard values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0 else {
            throw CaseError(
                message: "field '\(field).\(member.key)' must be \(what), got \(values.map(JSONWriter.format))")
        }
        let rect = CGRect(x: values[0], y: values[1], width: values[2], height: values[3])
        return member.key == "rect" ? .rect(rect) : .ellipse(in: rect)
    }

    /// One JSON number and its text (a literal beyond `Double` reads as ±∞, then is refused as non-finite).
    private static func number(_ item: JSONValue, field: String, what: String) throws -> (Double, String) {
        switch item {
        case .int(let value): return (Double(value), String(value))
        case .double(let value): return (value, JSONWriter.format(value))
        case .numberLiteral(let text): return (Double(text) ?? .nan, text)
        default: throw CaseError(message: "field '\(field)' must be \(what), got \(item.typeName)")
        }
    }

    /// Refuses a query that has no meaning under the case's geometry: the width questions (Q2–Q4) ask
    /// about one width; `rects` and `hitTest` are answered on a `TextLayout`, which a container's layout
    /// is not (its lines are `ContainerLayout`'s).
    /// - Throws: `CaseError` naming the query and the field.
    func checkGeometryQuery() throws {
        guard let geometry, let query else { return }
        let field = if case .widths = geometry { "widths" } else { "exclusions" }
        switch query {
        case .tightestWidth, .widthRange, .fitFontSize:
            throw CaseError(message: "query '\(query.name)' asks about one 'width'; it cannot be combined with '\(field)'")
        case .rects, .hitTest:
            if case .container = geometry {
                throw CaseError(
                    message:
                        "query '\(query.name)' is not answered with 'exclusions' yet; give the lines' widths with 'widths' instead"
                )
            }
        }
    }

    /// Lays the case out in its container (`exclusions`): the lines, their fragments and what was left out.
    /// - Throws: `CaseError` when the case has no container, or when the exclusions (and the height) leave
    ///   no line any room; `TextContainerError` and `MeasureError` from the engine.
    func containerLayout(_ prepared: PreparedText) throws -> ContainerLayout {
        guard case .container(let container)? = geometry else {
            throw CaseError(message: "the case has no 'exclusions'")
        }
        let layout = try prepared.layout(in: container, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
        // G7 gives no line where the shapes cover the container: for a case that is an input mistake.
        if layout.lines.isEmpty, prepared.utf16Count > 0 {
            throw CaseError(
                message:
                    "field 'exclusions' leaves no room for a line in the container (\(JSONWriter.format(Double(container.size.width))) wide"
                    + (container.size.height > 0 ? " × \(JSONWriter.format(Double(container.size.height))) tall" : "")
                    + "): make the shapes smaller or the container larger")
        }
        return layout
    }
}

extension MeasureQuery {
    /// The `query` value that names this question.
    var name: String {
        switch self {
        case .tightestWidth: "tightestWidth"
        case .widthRange: "widthRange"
        case .fitFontSize: "fitFontSize"
        case .rects: "rects"
        case .hitTest: "hitTest"
        }
    }
}

extension MeasureResult {
    /// A `widths` case's result: each line adds `x`, its left edge within its own width (a boxed result,
    /// whose lines have `x` already, is left as it is).
    static func addingLineX(_ result: JSONValue, lines: [TextLine]) -> JSONValue {
        guard case .object(var members) = result,
            let index = members.firstIndex(where: { $0.key == "lines" }),
            case .array(let items) = members[index].value
        else { return result }
        members[index].value = .array(
            zip(items, lines).map { json, line in
                guard case .object(var fields) = json, !fields.contains(where: { $0.key == "x" }) else { return json }
                fields.append(JSONMember("x", .double(Double(line.rect.minX))))
                return .object(fields)
            })
        return .object(members)
    }

    /// An `exclusions` case's result: the plain result's fields, with `width` the widest line, `height` the
    /// bottom of the last line (lines pushed below a shape, G7, count), and each line adding `x` and `y`
    /// (its top: lines may move down past a shape, so their index no longer places them).
    static func json(id: JSONValue, container layout: ContainerLayout, lineBoxes: Bool) -> JSONValue {
        let lines = layout.lines
        let widest = lines.map(\.width).max() ?? 0
        let items: [JSONValue] = lines.map { line in
            var fields = [
                JSONMember("start", .int(line.range.lowerBound)), JSONMember("end", .int(line.range.upperBound)),
                JSONMember("text", .string(line.text)), JSONMember("width", .double(Double(line.width))),
            ]
            if line.isHyphenated { fields.append(JSONMember("hyphenated", .bool(true))) }
            fields.append(JSONMember("x", .double(Double(line.rect.minX))))
            fields.append(JSONMember("y", .double(Double(line.rect.minY))))
            if lineBoxes {
                fields.append(JSONMember("baseline", .double(Double(line.baseline))))
                fields.append(JSONMember("height", .double(Double(line.rect.height))))
                fields.append(JSONMember("visual", visualRuns(line)))
            }
            return .object(fields)
        }
        var members: [JSONMember] = [
            JSONMember("id", id), JSONMember("width", .double(Double(widest))),
            JSONMember("height", .double(Double(lines.last?.rect.maxY ?? 0))),
            JSONMember("lineCount", .int(lines.count)), JSONMember("truncated", .bool(layout.isTruncated)),
        ]
        if lineBoxes {
            let rightToLeft = lines.first?.preparedText.baseWritingDirection() == .rightToLeft
            members.append(JSONMember("direction", .string(rightToLeft ? "rtl" : "ltr")))
        }
        members.append(JSONMember("lines", .array(items)))
        return .object(members)
    }

    private static func visualRuns(_ line: TextLine) -> JSONValue {
        .array(
            line.visualRuns.map { run in
                .object([
                    "start": .int(run.range.lowerBound), "end": .int(run.range.upperBound),
                    "rtl": .bool(run.isRightToLeft),
                ])
            })
    }
}
