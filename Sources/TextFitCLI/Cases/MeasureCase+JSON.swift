import Foundation
import TextFit

/// A batch line that cannot be measured; `message` names the field at fault.
struct CaseError: Error, Equatable, CustomStringConvertible, LocalizedError {
    var message: String
    var description: String { message }
    var errorDescription: String? { message }
}

extension MeasureCase {
    /// The fields a batch case may have; others are ignored so callers can carry their own data
    /// (expected values, notes) on the same line.
    static let jsonFields =
        [
            "id", "text", "family", "fontFile", "faceIndex", "size", "width", "maxLines",
            "lineBreakMode", "runs", "paragraph", "language", "tracking",
        ] + queryFields + fallbackFields + faceFields + dynamicTypeFields + tokenFields + geometryFields

    /// Decodes a batch case from a JSON object (see the command-line contract in architecture.md).
    /// - Throws: `CaseError` naming the field with a wrong type or value.
    init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw CaseError(message: "a case must be a JSON object, got \(json.typeName)")
        }
        // Other fields are ignored, but a near-miss of a known one ("widht", "maxlines", "Width") would
        // silently measure with the default instead: that is an error.
        // One pass over the members finds both the unknown keys and which optional groups of fields the
        // case has: a group none of whose fields is present is not read below, since its reader would only
        // look each field up and find it absent (about 20 scans of the members a plain case).
        var present: FieldGroups = []
        for member in members {
            if let group = Self.fieldTable.group(of: member.key) {
                present.formUnion(group)
            } else if let field = Self.nearMiss(member.key) {
                throw CaseError(message: "unknown field '\(member.key)'; did you mean '\(field)'?")
            }
        }
        try self.init(common: CommonFields(json))
        if present.contains(.query) { query = try Self.query(in: json) }
        if present.contains(.runs) { runs = try Self.runs(json, text: text) }
        if present.contains(.paragraph) { paragraph = try Self.paragraph(json) }
        if present.contains(.language) { language = try Self.optionalString(json, "language") }
        if present.contains(.tracking), let (value, text) = try Self.optionalNumber(json, "tracking") {
            guard value.isFinite, abs(value) < CaseLimits.maximumSize else {
                throw CaseError(
                    message: "field 'tracking' must be a finite number of points between -100000 and 100000, got \(text)")
            }
            tracking = value == 0 ? nil : value
        }
        if present.contains(.fallback) { fallback = try Self.fallback(in: json) }
        if present.contains(.face) { face = try Self.faceStyle(json) }
        if present.contains(.dynamicType) { try applyDynamicType(json) }
        if present.contains(.token) { truncationToken = try Self.truncationToken(json) }
        if present.contains(.geometry) {
            geometry = try Self.geometry(in: json, width: width)
            try checkGeometryQuery()
        }
    }

    /// The fields every case may have (the first line of the contract's case fields), as read from the
    /// line: absent is nil. `init(json:)` takes them from the parsed object, `init(commonFieldsOf:)` from
    /// the line's bytes, and both make the case with `init(common:)`, so the two paths cannot differ.
    struct CommonFields {
        var id, text, family, fontFile, faceIndex, size, width, maxLines, lineBreakMode: JSONValue?

        init() {}

        /// The members of `json` (an object) with these names.
        init(_ json: JSONValue) {
            id = json["id"]
            text = json["text"]
            family = json["family"]
            fontFile = json["fontFile"]
            faceIndex = json["faceIndex"]
            size = json["size"]
            width = json["width"]
            maxLines = json["maxLines"]
            lineBreakMode = json["lineBreakMode"]
        }
    }

    /// A case from its common fields, every other field at its default.
    /// - Throws: `CaseError` naming the field with a wrong type or value.
    init(common fields: CommonFields) throws {
        guard let textValue = fields.text else { throw CaseError(message: "missing field 'text' (a string)") }
        guard case .string(let text) = textValue else {
            throw CaseError(message: "field 'text' must be a string, got \(textValue.typeName)")
        }
        // Every field is read into a local and the case made once at the end: assigning each to `self` after
        // `self.init(text:)` copied and destroyed the whole case twice (about 1 300 instructions a batch
        // line, callgrind, `ui` set). The checks, and so the first error met, are in the same order.
        let family = try Self.optionalString(value: fields.family, "family")
        let fontFile = try Self.optionalString(value: fields.fontFile, "fontFile")
        let faceIndex = try Self.optionalCount(value: fields.faceIndex, "faceIndex", CaseLimits.faceIndexRequirement)
        var font = FontSource.family(BundledFonts.defaultFamily)
        switch (family, fontFile) {
        case (.some, .some):
            throw CaseError(message: "give either 'family' or 'fontFile', not both")
        case (let family?, nil):
            if faceIndex != nil { throw CaseError(message: "field 'faceIndex' needs 'fontFile'") }
            font = .family(family)
        case (nil, let path?):
            font = .file(path: path, faceIndex: faceIndex ?? 0)
        case (nil, nil):
            if faceIndex != nil { throw CaseError(message: "field 'faceIndex' needs 'fontFile'") }
        }

        // Each limit is checked here, not left to the engine, so the message names the field.
        var size = Self.defaultSize
        if let (value, text) = try Self.optionalNumber(value: fields.size, "size") {
            do { size = try CaseLimits.size(value) } catch {
                throw CaseError(message: "field 'size' must be \(CaseLimits.sizeRequirement), got \(text)")
            }
        }
        var width: Double?
        if let (value, text) = try Self.optionalNumber(value: fields.width, "width") {
            do { width = try CaseLimits.width(value) } catch {
                throw CaseError(message: "field 'width' must be \(CaseLimits.widthRequirement), got \(text)")
            }
        }
        let maxLines = try Self.optionalCount(value: fields.maxLines, "maxLines", CaseLimits.maxLinesRequirement) ?? 0
        var lineBreakMode = LineBreakMode.byWordWrapping
        if let modeName = try Self.optionalString(value: fields.lineBreakMode, "lineBreakMode") {
            guard let mode = Self.lineBreakMode(named: modeName) else {
                throw CaseError(
                    message: "field 'lineBreakMode' must be one of \(LineBreakMode.names), got '\(modeName)'"
                        + LineBreakMode.hint(for: modeName))
            }
            lineBreakMode = mode
        }
        self.init(text: text, font: font, size: size, width: width, maxLines: maxLines, lineBreakMode: lineBreakMode)
    }

    /// `LineBreakMode(rawValue: name)`, each name compared in turn as a literal: a short string's
    /// comparison is two words, where the `switch` over strings `init(rawValue:)` compiles to went through
    /// `_findStringSwitchCase` (about 400 instructions a batch line, callgrind, `ui` set).
    static func lineBreakMode(named name: String) -> LineBreakMode? {
        if name == "wordWrap" { return .byWordWrapping }
        if name == "truncateTail" { return .byTruncatingTail }
        if name == "charWrap" { return .byCharWrapping }
        if name == "clip" { return .byClipping }
        if name == "truncateHead" { return .byTruncatingHead }
        if name == "truncateMiddle" { return .byTruncatingMiddle }
        return LineBreakMode(rawValue: name)
    }

    /// The optional groups of a case's fields, each read by its own function in `init(json:)`.
    struct FieldGroups: OptionSet {
        let rawValue: UInt16
        static let query = FieldGroups(rawValue: 1 << 0)
        static let runs = FieldGroups(rawValue: 1 << 1)
        static let paragraph = FieldGroups(rawValue: 1 << 2)
        static let language = FieldGroups(rawValue: 1 << 3)
        static let fallback = FieldGroups(rawValue: 1 << 4)
        static let face = FieldGroups(rawValue: 1 << 5)
        static let dynamicType = FieldGroups(rawValue: 1 << 6)
        static let token = FieldGroups(rawValue: 1 << 7)
        static let geometry = FieldGroups(rawValue: 1 << 8)
        static let tracking = FieldGroups(rawValue: 1 << 9)
    }

    /// `fieldGroups` as `init(json:)` looks members up in it.
    static let fieldTable = FieldTable(fieldGroups)

    /// A table of field names in 128 slots, a name's first slot picked from its length and first and last
    /// bytes (open addressing: the next free slot on a collision). A look-up compares one or two names
    /// where a dictionary hashed every member's whole key (about 340 instructions a member) and
    /// `jsonFields.contains` compared it with each field in turn.
    struct FieldTable {
        private static let size = 128
        private var slots: [(name: String, group: FieldGroups)?] = Array(repeating: nil, count: FieldTable.size)

        /// - Precondition: fewer names than slots (about 35 fields).
        init(_ groups: [String: FieldGroups]) {
            precondition(groups.count < Self.size / 2, "too many fields for the table")
            for (name, group) in groups {
                var slot = Self.slot(name)
                while slots[slot] != nil { slot = (slot + 1) & (Self.size - 1) }
                slots[slot] = (name, group)
            }
        }

        private static func slot(_ name: String) -> Int {
            let utf8 = name.utf8
            guard let first = utf8.first, let last = utf8.last else { return 0 }
            return (utf8.count &* 37 &+ Int(first) &* 5 &+ Int(last)) & (size - 1)
        }

        /// The group of field `name`, or nil for a name that is no field.
        func group(of name: String) -> FieldGroups? {
            var slot = Self.slot(name)
            while let entry = slots[slot] {
                if entry.name == name { return entry.group }
                slot = (slot + 1) & (Self.size - 1)
            }
            return nil
        }
    }

    /// Every field of `jsonFields`, with the optional group it belongs to (none for the fields every case
    /// reads).
    static let fieldGroups: [String: FieldGroups] = {
        var table = Dictionary(uniqueKeysWithValues: jsonFields.map { ($0, FieldGroups()) })
        let groups: [([String], FieldGroups)] = [
            (queryFields, .query), (["runs"], .runs), (["paragraph"], .paragraph), (["language"], .language),
            (fallbackFields, .fallback), (faceFields, .face), (dynamicTypeFields, .dynamicType),
            (tokenFields, .token), (geometryFields, .geometry), (["tracking"], .tracking),
        ]
        for (fields, group) in groups {
            for field in fields { table[field, default: []].formUnion(group) }
        }
        return table
    }()

    /// The known field `key` stands for, most certain first: the same field in another case or with
    /// `_`/`-` (`Width`, `max_lines`); another API's name for it (`fieldAliases`: `fontSize`, `maxWidth`,
    /// `numberOfLines`); then a misspelling within one edit of a field of three or four letters (two
    /// edits for longer ones). Keys shorter than three letters only match the first way. A result's field
    /// names are never misspellings: a caller may carry the expected result on the case's line, and
    /// `height` is within two edits of `weight`.
    static func nearMiss(_ key: String) -> String? {
        let folded = foldedFieldName(key)
        if let field = jsonFields.first(where: { foldedFieldName($0) == folded }) { return field }
        if let field = fieldAliases[folded] { return field }
        let lowered = key.lowercased()
        guard key.count >= 3, !resultFields.contains(key) else { return nil }
        return jsonFields.first { field in
            field.count >= 3 && ArgumentParser.editDistance(lowered, field.lowercased()) <= (field.count > 4 ? 2 : 1)
        }
    }

    /// A key lowercased without `_`, `-`, `.` or spaces, so `line_break_mode` and `lineBreakMode` meet.
    static func foldedFieldName(_ key: String) -> String {
        String(key.lowercased().filter { $0 != "_" && $0 != "-" && $0 != "." && $0 != " " })
    }

    /// Names UIKit, CSS and other text APIs give a case's fields, folded (`foldedFieldName`), with the
    /// field meant. Edit distance alone sends `fontSize` to `fontFile` and misses `maxWidth` entirely
    /// (issue 41), and each would otherwise measure silently at the default.
    static let fieldAliases: [String: String] = [
        "fontsize": "size", "pointsize": "size", "textsize": "size",
        "maxwidth": "width", "preferredmaxlayoutwidth": "width", "wrapwidth": "width", "maxlinewidth": "width",
        "numberoflines": "maxLines", "linelimit": "maxLines", "maxlinecount": "maxLines", "maxnumberoflines": "maxLines",
        "linebreak": "lineBreakMode", "breakmode": "lineBreakMode", "linebreakingmode": "lineBreakMode",
        "truncationmode": "lineBreakMode", "nslinebreakmode": "lineBreakMode",
        "fontfamily": "family", "familyname": "family", "fontname": "family",
        "fontpath": "fontFile", "fontfilepath": "fontFile", "fonturl": "fontFile",
        "fontindex": "faceIndex", "ttcindex": "faceIndex", "collectionindex": "faceIndex",
        "fontweight": "weight", "isitalic": "italic",
        "paragraphstyle": "paragraph", "nsparagraphstyle": "paragraph",
        "minscalefactor": "minimumScaleFactor", "minimumfontscale": "minimumScaleFactor",
        "token": "truncationToken", "ellipsis": "truncationToken", "truncationstring": "truncationToken",
    ]

    static let resultFields = [
        "height", "lineCount", "lines", "truncated", "missingGlyphs", "direction", "error", "token", "visibleEnd",
    ]

    // Absent and null both mean "use the default": `width: null` is the contract's "unconstrained".

    static func optionalString(_ json: JSONValue, _ field: String) throws -> String? {
        try optionalString(value: json[field], field)
    }

    /// `optionalString(_:_:)` of a member's value (nil: absent).
    static func optionalString(value: JSONValue?, _ field: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw CaseError(message: "field '\(field)' must be a string, got \(other.typeName)")
        }
    }

    /// A number and its JSON text (for messages). A literal beyond `Double` reads as ±infinity, so `1e400`
    /// is an unconstrained width like `1e15`, and a size or count that large is out of its range.
    static func optionalNumber(_ json: JSONValue, _ field: String) throws -> (Double, NumberText)? {
        try optionalNumber(value: json[field], field)
    }

    /// `optionalNumber(_:_:)` of a member's value (nil: absent).
    static func optionalNumber(value: JSONValue?, _ field: String) throws -> (Double, NumberText)? {
        switch value {
        case nil, .null?: return nil
        case .int(let value)?: return (Double(value), NumberText(value: .int(value)))
        case .double(let value)?: return (value, NumberText(value: .double(value)))
        case .numberLiteral(let text)?:
            // The reader only keeps number grammar as literals, which `Double(_:)` always reads.
            return (Double(text) ?? .nan, NumberText(value: .numberLiteral(text)))
        case let other?: throw CaseError(message: "field '\(field)' must be a number, got \(other.typeName)")
        }
    }

    /// A number's JSON text for a message, written only when a message uses it: formatting it for every
    /// field of every case cost more than reading the field (Benchmarks/README.md, "Batch").
    struct NumberText: CustomStringConvertible {
        let value: JSONValue
        var description: String { JSONWriter.string(value) }
    }

    /// A whole number in `0...Int.max`; `2.0` is accepted (JSON does not distinguish it from `2`), `2.5`,
    /// `-1` and `1e19` are refused with `requirement` named.
    static func optionalCount(_ json: JSONValue, _ field: String, _ requirement: String) throws -> Int? {
        try optionalCount(value: json[field], field, requirement)
    }

    /// `optionalCount(_:_:_:)` of a member's value (nil: absent).
    static func optionalCount(value member: JSONValue?, _ field: String, _ requirement: String) throws -> Int? {
        guard let member else { return nil }
        switch member {
        case .null: return nil
        // An `Int` is taken as it is: converted to a double, one above 2^53 could round past `Int.max`.
        case .int(let exact) where exact >= 0: return exact
        case .int, .double, .numberLiteral: break
        default: throw CaseError(message: "field '\(field)' must be a whole number, got \(member.typeName)")
        }
        guard let (value, text) = try optionalNumber(value: member, field) else { return nil }
        guard let count = CaseLimits.count(value) else {
            throw CaseError(message: "field '\(field)' must be \(requirement), got \(text)")
        }
        return count
    }
}

extension LineBreakMode {
    /// The command-line names, comma-separated, for messages and help.
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// "; did you mean 'truncateTail'?" for another spelling of a mode (UIKit's `byTruncatingTail`,
    /// `.byTruncatingTail`, `NSLineBreakByTruncatingTail`, `truncate_tail`, `WordWrap`), else "".
    static func hint(for name: String) -> String {
        var folded = String(name.lowercased().filter(\.isLetter))
        for prefix in ["nslinebreakby", "nslinebreakmode", "by"] where folded.hasPrefix(prefix) {
            folded.removeFirst(prefix.count)
            break
        }
        let mode = allCases.first { mode in
            let caseName = String("\(mode)".lowercased().dropFirst(2))  // "byTruncatingTail" → "truncatingtail"
            return folded == mode.rawValue.lowercased() || folded == caseName
        }
        return mode.map { "; did you mean '\($0.rawValue)'?" } ?? ""
    }
}
