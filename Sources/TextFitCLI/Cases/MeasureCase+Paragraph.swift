import Foundation
import TextFit

/// A batch case's `paragraph` object: an `NSParagraphStyle` (architecture.md, "Styled text").
struct ParagraphCase: Equatable, Sendable {
    var style = ParagraphStyle()

    static let numberFields = [
        "lineSpacing", "paragraphSpacing", "paragraphSpacingBefore", "lineHeightMultiple",
        "minimumLineHeight", "maximumLineHeight", "firstLineHeadIndent", "headIndent",
        "tailIndent", "defaultTabInterval",
    ]
    static let fields = numberFields + ["alignment", "baseWritingDirection", "tabStops", "hyphenationFactor"]
    static let directions = WritingDirection.allCases.map(\.rawValue)

    /// Decodes `paragraph`; every value is checked here so the message names `paragraph.<field>`.
    /// - Throws: `CaseError` for a wrong type, an unknown alignment or direction, a near miss of a field
    ///   name, or a value `ParagraphStyle.validate()` refuses.
    init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw CaseError(message: "field 'paragraph' must be an object, got \(json.typeName)")
        }
        try Self.refuseNearMisses(members, of: Self.fields, in: "paragraph")
        for field in Self.numberFields {
            guard let value = try Self.number(json, field) else { continue }
            let points = CGFloat(value)
            switch field {
            case "lineSpacing": style.lineSpacing = points
            case "paragraphSpacing": style.paragraphSpacing = points
            case "paragraphSpacingBefore": style.paragraphSpacingBefore = points
            case "lineHeightMultiple": style.lineHeightMultiple = points
            case "minimumLineHeight": style.minimumLineHeight = points
            case "maximumLineHeight": style.maximumLineHeight = points
            case "firstLineHeadIndent": style.firstLineHeadIndent = points
            case "headIndent": style.headIndent = points
            case "tailIndent": style.tailIndent = points
            default: style.defaultTabInterval = points
            }
        }
        if let name = try Self.string(json, "alignment") {
            guard let alignment = TextAlignment(rawValue: name) else {
                let names = TextAlignment.allCases.map(\.rawValue).joined(separator: ", ")
                throw CaseError(message: "field 'paragraph.alignment' must be one of \(names), got '\(name)'")
            }
            style.alignment = alignment
        }
        if let name = try Self.string(json, "baseWritingDirection") {
            guard let direction = WritingDirection(rawValue: name) else {
                throw CaseError(
                    message: "field 'paragraph.baseWritingDirection' must be one of "
                        + "\(Self.directions.joined(separator: ", ")), got '\(name)'")
            }
            style.baseWritingDirection = direction
        }
        if let stops = json["tabStops"], stops != .null { style.tabStops = try Self.tabStops(stops) }
        if let factor = try Self.number(json, "hyphenationFactor") {
            guard (0...1).contains(factor) else {
                throw CaseError(message: "field 'paragraph.hyphenationFactor' must be a number from 0 to 1, got \(factor)")
            }
            style.hyphenationFactor = Float(factor)
        }
        do { try style.validate() } catch let error as ParagraphStyleError {
            throw CaseError(message: "\(error)".replacingOccurrences(of: "field '", with: "field 'paragraph."))
        }
    }

    /// `tabStops`: an array of locations (left stops) or `{location, alignment, columnTerminators}` objects
    /// (P10). `alignment` is natural, left, center, right or decimal (a right stop whose column terminators
    /// default to "."); `columnTerminators` is a string of the characters that end a column, on a decimal
    /// or right stop (a right stop with terminators is a decimal one, as `NSTextTab`'s).
    private static func tabStops(_ value: JSONValue) throws -> [TextTab] {
        guard case .array(let items) = value else {
            throw CaseError(message: "field 'paragraph.tabStops' must be an array, got \(value.typeName)")
        }
        return try items.map { item in
            if case .object(let members) = item {
                try refuseNearMisses(members, of: ["location", "alignment", "columnTerminators"], in: "paragraph.tabStops")
                guard let location = try number(item, "location", in: "tabStops.location") else {
                    throw CaseError(message: "field 'paragraph.tabStops' needs a 'location' in each object")
                }
                let name = try string(item, "alignment", in: "tabStops.alignment") ?? "left"
                let terminators = try string(item, "columnTerminators", in: "tabStops.columnTerminators")
                    .map { CharacterSet(charactersIn: $0) }
                if name == "decimal" {
                    return TextTab(
                        alignment: .right, location: CGFloat(location),
                        columnTerminators: terminators ?? CharacterSet(charactersIn: "."))
                }
                guard let alignment = TextAlignment(rawValue: name), alignment != .justified else {
                    throw CaseError(
                        message:
                            "field 'paragraph.tabStops.alignment' must be one of natural, left, center, right, decimal, got '\(name)'"
                    )
                }
                return TextTab(alignment: alignment, location: CGFloat(location), columnTerminators: terminators)
            }
            guard let location = try number(.object(["location": item]), "location", in: "tabStops") else {
                throw CaseError(message: "field 'paragraph.tabStops' must hold numbers or objects, got null")
            }
            return TextTab(alignment: .left, location: CGFloat(location))
        }
    }

    /// Other keys are ignored, but one that differs from a field of `fields` only in case, or by two edits
    /// when four letters or longer, would silently leave that field at its default: an error naming both.
    private static func refuseNearMisses(_ members: [JSONMember], of fields: [String], in object: String) throws {
        for member in members where !fields.contains(member.key) {
            let lowered = member.key.lowercased()
            if let field = fields.first(where: {
                $0.lowercased() == lowered
                    || (member.key.count >= 4
                        && ArgumentParser.editDistance(lowered, $0.lowercased()) <= 2)
            }) {
                throw CaseError(message: "unknown field '\(object).\(member.key)'; did you mean '\(object).\(field)'?")
            }
        }
    }

    /// `json[field]` as a number; a wrong type's message names `paragraph.<name>` (`field` by default).
    private static func number(_ json: JSONValue, _ field: String, in name: String? = nil) throws -> Double? {
        switch json[field] {
        case nil, .null?: return nil
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        case .numberLiteral(let text)?: return Double(text) ?? .nan
        case let other?:
            throw CaseError(message: "field 'paragraph.\(name ?? field)' must be a number, got \(other.typeName)")
        }
    }

    private static func string(_ json: JSONValue, _ field: String, in name: String? = nil) throws -> String? {
        switch json[field] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?:
            throw CaseError(message: "field 'paragraph.\(name ?? field)' must be a string, got \(other.typeName)")
        }
    }
}

extension MeasureCase {
    /// The case's `paragraph`, or nil when it has none.
    static func paragraph(_ json: JSONValue) throws -> ParagraphCase? {
        guard let value = json["paragraph"], value != .null else { return nil }
        return try ParagraphCase(json: value)
    }
}

extension ParagraphCase {
    /// The `paragraph` field's lines in `textfit help batch`.
    static let help = """
        an NSParagraphStyle: {lineSpacing, paragraphSpacing, paragraphSpacingBefore,
                            lineHeightMultiple, minimumLineHeight, maximumLineHeight, alignment,
                            firstLineHeadIndent, headIndent, tailIndent, tabStops, defaultTabInterval,
                            baseWritingDirection}, each defaulting as NSParagraphStyle does (0; alignment
                            natural; 12 natural tab stops every 28 pt). Numbers >= 0 (tailIndent any: > 0 from
                            the leading margin, <= 0 from the trailing one); maximumLineHeight 0 or >=
                            minimumLineHeight. alignment: natural, left, center, right, justified. tabStops:
                            locations or {location, alignment, columnTerminators}; alignment natural, left,
                            center, right or decimal (right with columnTerminators, default "."), e.g.
                            {"location": 140, "alignment": "decimal", "columnTerminators": ","}.
                            baseWritingDirection: natural (from the first strong character),
                            leftToRight, rightToLeft; natural alignment is right in a right-to-left
                            paragraph.
                            hyphenationFactor (0-1, default 0 = never): hyphenate a line at the case's
                            language's dictionary points when, unhyphenated, it would fill less than
                            this fraction of the width (NSParagraphStyle). A line broken at a soft
                            hyphen (U+00AD) or a dictionary point adds "hyphenated": true; its text ends
                            with the hyphen shown and its width includes it.
                            With paragraph, each line adds x, y (top of its box), baseline and height;
                            the result's height includes the spacing.
        """
}
