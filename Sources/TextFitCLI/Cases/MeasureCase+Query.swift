import Foundation
import TextFit

/// A batch case's `query` (architecture.md, "Queries"): a question about the case's text answered beside
/// its layout.
enum MeasureQuery: Equatable, Sendable {
    /// `tightestWidth`: the narrowest width keeping the lines the text takes at `width` (rule Q2).
    case tightestWidth
    /// `widthRange`: the widths over which the lines stay those at `width` (rule Q3).
    case widthRange
    /// `fitFontSize`: the largest size from `size × minimumScaleFactor` to `size` that fits (rule Q4).
    case fitFontSize(minimumScaleFactor: Double)
    /// `rects` with `range: [start, end]`: the selection rects of a UTF-16 range (rule R1).
    case rects(start: Int, end: Int)
    /// `hitTest` with `point: [x, y]`: the caret offset closest to a point, and its line (rule R3).
    case hitTest(x: Double, y: Double)

    /// The `query` values, for messages and help.
    static let names = "tightestWidth, widthRange, fitFontSize, rects, hitTest"

    static let minimumScaleFactorRequirement = "a number from 0 to 1 (0 = no shrinking, as UILabel's default)"
}

extension MeasureCase {
    /// The batch fields this file reads.
    static let queryFields = ["query", "minimumScaleFactor", "range", "point"]

    /// Reads `query` and `minimumScaleFactor` (which only `fitFontSize` takes, and which it needs).
    /// - Throws: `CaseError` naming the field.
    static func query(in json: JSONValue) throws -> MeasureQuery? {
        let factor = try minimumScaleFactor(in: json)
        let name: String
        switch json["query"] {
        case nil, .null?:
            if factor != nil { throw CaseError(message: "field 'minimumScaleFactor' needs 'query': 'fitFontSize'") }
            try requireAbsent("range", in: json, for: "rects")
            try requireAbsent("point", in: json, for: "hitTest")
            return nil
        case .string(let value)?: name = value
        case let other?: throw CaseError(message: "field 'query' must be a string, got \(other.typeName)")
        }
        if name != "rects" { try requireAbsent("range", in: json, for: "rects") }
        if name != "hitTest" { try requireAbsent("point", in: json, for: "hitTest") }
        switch name {
        case "rects":
            if factor != nil { throw CaseError(message: "field 'minimumScaleFactor' needs 'query': 'fitFontSize'") }
            let pair = try numbers("range", in: json, query: name, what: "[start, end], two UTF-16 offsets")
            guard let start = Int(exactly: pair.0), let end = Int(exactly: pair.1) else {
                throw CaseError(
                    message:
                        "field 'range' must be [start, end], two whole UTF-16 offsets, got [\(JSONWriter.format(pair.0)), \(JSONWriter.format(pair.1))]"
                )
            }
            guard start <= end else {
                throw CaseError(message: "field 'range': \(TextRangeError.reversedRange(start: start, end: end))")
            }
            return .rects(start: start, end: end)
        case "hitTest":
            if factor != nil { throw CaseError(message: "field 'minimumScaleFactor' needs 'query': 'fitFontSize'") }
            let pair = try numbers("point", in: json, query: name, what: "[x, y], two finite numbers in points")
            guard pair.0.isFinite, pair.1.isFinite else {
                throw CaseError(message: "field 'point': \(TextRangeError.invalidPoint(x: pair.0, y: pair.1))")
            }
            return .hitTest(x: pair.0, y: pair.1)
        case "tightestWidth", "widthRange":
            if factor != nil { throw CaseError(message: "field 'minimumScaleFactor' needs 'query': 'fitFontSize'") }
            return name == "tightestWidth" ? .tightestWidth : .widthRange
        case "fitFontSize":
            guard let factor else {
                throw CaseError(
                    message:
                        "query 'fitFontSize' needs field 'minimumScaleFactor' (\(MeasureQuery.minimumScaleFactorRequirement))"
                )
            }
            return .fitFontSize(minimumScaleFactor: factor)
        default:
            throw CaseError(message: "field 'query' must be one of \(MeasureQuery.names), got '\(name)'")
        }
    }

    private static func requireAbsent(_ field: String, in json: JSONValue, for query: String) throws {
        if let value = json[field], value != .null {
            throw CaseError(message: "field '\(field)' needs 'query': '\(query)'")
        }
    }

    /// The two numbers of `field` (`range`, `point`), which `query` needs.
    private static func numbers(_ field: String, in json: JSONValue, query: String, what: String) throws -> (Double, Double)
    {
        guard let value = json[field], value != .null else {
            throw CaseError(message: "query '\(query)' needs field '\(field)': \(what)")
        }
        guard case .array(let items) = value, items.count == 2 else {
            throw CaseError(
                message:
                    "field '\(field)' must be \(what), got \(value.typeName == "array" ? "an array of another length" : value.typeName)"
            )
        }
        func number(_ item: JSONValue) throws -> Double {
            switch item {
            case .int(let n): return Double(n)
            case .double(let n): return n
            case .numberLiteral(let literal): return Double(literal) ?? .nan
            default: throw CaseError(message: "field '\(field)' must be \(what), got an array holding a \(item.typeName)")
            }
        }
        return (try number(items[0]), try number(items[1]))
    }

    private static func minimumScaleFactor(in json: JSONValue) throws -> Double? {
        let value: Double
        let text: String
        switch json["minimumScaleFactor"] {
        case nil, .null?: return nil
        case .int(let number)?: (value, text) = (Double(number), String(number))
        case .double(let number)?: (value, text) = (number, JSONWriter.format(number))
        case .numberLiteral(let literal)?: (value, text) = (Double(literal) ?? .nan, literal)
        case let other?: throw CaseError(message: "field 'minimumScaleFactor' must be a number, got \(other.typeName)")
        }
        guard value >= 0, value <= 1 else {
            throw CaseError(
                message: "field 'minimumScaleFactor' must be \(MeasureQuery.minimumScaleFactorRequirement), got \(text)")
        }
        return value
    }

    /// The text the case's layout shows: `prepared`, or with `fitFontSize` the text at the fitted size,
    /// as a label with `adjustsFontSizeToFitWidth` draws it (rule Q4; architecture.md, "Queries": the
    /// answer's lines, `width`, `height` and `truncated` are those at `fontSize`). `fit` is kept for
    /// `queryAnswer`, so the size is searched once.
    /// - Throws: `MeasureError` from the engine.
    func shownText(_ prepared: PreparedText) throws -> (text: PreparedText, fit: FontSizeFit?) {
        guard case .fitFontSize(let factor)? = query else { return (prepared, nil) }
        let fit = try prepared.fittingFontSize(
            width: width.map { CGFloat($0) }, numberOfLines: maxLines,
            minimumScaleFactor: CGFloat(factor), lineBreakMode: lineBreakMode)
        return (fit.preparedText, fit)
    }

    /// The result's query fields: `tightestWidth`; `widthRange: {min, max}` (`max` null when unbounded);
    /// or `fontSize` and `fits`, from `fit` (`shownText`'s) when given; `rects`; or `offset` and `line`
    /// (from `layout`, the case's own).
    /// - Throws: `MeasureError` from the engine, `TextRangeError` for a range outside the text.
    func queryAnswer(_ prepared: PreparedText, fit: FontSizeFit? = nil, layout: TextLayout? = nil) throws -> [JSONMember] {
        let width = self.width.map { CGFloat($0) }
        switch query {
        case nil:
            return []
        case .rects(let start, let end)?:
            let layout = try layout ?? self.layout(prepared)
            let rects = try layout.rects(for: start..<end)
            return [
                JSONMember(
                    "rects",
                    .array(
                        rects.map { selection in
                            .object([
                                "x": .double(Double(selection.rect.minX)), "y": .double(Double(selection.rect.minY)),
                                "width": .double(Double(selection.rect.width)),
                                "height": .double(Double(selection.rect.height)),
                            ])
                        }))
            ]
        case .hitTest(let x, let y)?:
            let layout = try layout ?? self.layout(prepared)
            let position = layout.closestPosition(to: CGPoint(x: x, y: y))
            let line = try layout.lineIndex(forOffset: position.offset, affinity: position.affinity)
            return [JSONMember("offset", .int(position.offset)), JSONMember("line", .int(line))]
        case .tightestWidth?:
            let tightest = try prepared.tightestWidth(forWidth: width, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
            return [JSONMember("tightestWidth", .double(Double(tightest)))]
        case .widthRange?:
            let range = try prepared.widthRange(at: width, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
            return [
                JSONMember(
                    "widthRange",
                    .object([
                        "min": .double(Double(range.lowerBound)),
                        "max": range.upperBound.map { .double(Double($0)) } ?? .null,
                    ]))
            ]
        case .fitFontSize?:
            let found = try fit ?? shownText(prepared).fit
            guard let found else { return [] }
            return [JSONMember("fontSize", .double(Double(found.pointSize))), JSONMember("fits", .bool(found.fits))]
        }
    }
}

extension MeasureResult {
    /// `result` with `members` appended (an object's fields in the contract's order, then the query's).
    static func appending(_ members: [JSONMember], to result: JSONValue) -> JSONValue {
        guard !members.isEmpty, case .object(let existing) = result else { return result }
        return .object(existing + members)
    }
}
