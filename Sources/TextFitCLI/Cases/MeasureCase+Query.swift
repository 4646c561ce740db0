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

    /// The `query` values, for messages and help.
    static let names = "tightestWidth, widthRange, fitFontSize"

    static let minimumScaleFactorRequirement = "a number from 0 to 1 (0 = no shrinking, as UILabel's default)"
}

extension MeasureCase {
    /// The batch fields this file reads.
    static let queryFields = ["query", "minimumScaleFactor"]

    /// Reads `query` and `minimumScaleFactor` (which only `fitFontSize` takes, and which it needs).
    /// - Throws: `CaseError` naming the field.
    static func query(in json: JSONValue) throws -> MeasureQuery? {
        let factor = try minimumScaleFactor(in: json)
        let name: String
        switch json["query"] {
        case nil, .null?:
            if factor != nil { throw CaseError(message: "field 'minimumScaleFactor' needs 'query': 'fitFontSize'") }
            return nil
        case .string(let value)?: name = value
        case let other?: throw CaseError(message: "field 'query' must be a string, got \(other.typeName)")
        }
        switch name {
        case "tightestWidth", "widthRange":
            if factor != nil { throw CaseError(message: "field 'minimumScaleFactor' needs 'query': 'fitFontSize'") }
            return name == "tightestWidth" ? .tightestWidth : .widthRange
        case "fitFontSize":
            guard let factor else {
                throw CaseError(message: "query 'fitFontSize' needs field 'minimumScaleFactor' (\(MeasureQuery.minimumScaleFactorRequirement))")
            }
            return .fitFontSize(minimumScaleFactor: factor)
        default:
            throw CaseError(message: "field 'query' must be one of \(MeasureQuery.names), got '\(name)'")
        }
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
            throw CaseError(message: "field 'minimumScaleFactor' must be \(MeasureQuery.minimumScaleFactorRequirement), got \(text)")
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
        let fit = try prepared.fittingFontSize(width: width.map { CGFloat($0) }, numberOfLines: maxLines,
                                               minimumScaleFactor: CGFloat(factor), lineBreakMode: lineBreakMode)
        return (fit.preparedText, fit)
    }

    /// The result's query fields: `tightestWidth`; `widthRange: {min, max}` (`max` null when unbounded);
    /// or `fontSize` and `fits`, from `fit` (`shownText`'s) when given.
    /// - Throws: `MeasureError` from the engine.
    func queryAnswer(_ prepared: PreparedText, fit: FontSizeFit? = nil) throws -> [JSONMember] {
        let width = self.width.map { CGFloat($0) }
        switch query {
        case nil:
            return []
        case .tightestWidth?:
            let tightest = try prepared.tightestWidth(forWidth: width, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
            return [JSONMember("tightestWidth", .double(Double(tightest)))]
        case .widthRange?:
            let range = try prepared.widthRange(at: width, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
            return [JSONMember("widthRange", .object([
                "min": .double(Double(range.lowerBound)),
                "max": range.upperBound.map { .double(Double($0)) } ?? .null,
            ]))]
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
