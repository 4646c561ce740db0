import Foundation
import TextFit

/// A batch case's `runs` (the command-line contract in architecture.md): each run covers a UTF-16 range
/// and overrides the case's own font, size, weight and slant there; a field it leaves out keeps the case's value.
extension MeasureCase {
    struct Run: Equatable, Sendable {
        var start: Int
        var end: Int
        var font: FontSource?
        var size: Double?
        /// `weight` and `italic` (`MeasureCase+Face.swift`).
        var face = FaceStyle()
        var kern: Double?
        /// UIKit's `.tracking` (O7, O9), over the case's `tracking`.
        var tracking: Double?
        var baselineOffset: Double?
        /// The run's colour for drawing (`render`); measuring ignores it.
        var color: TextColor?
        /// The run's BCP 47 language (`.languageIdentifier`, H6), over the case's `language`.
        var language: String?
    }

    static let runFields = [
        "start", "end", "family", "fontFile", "faceIndex", "size", "weight", "italic", "kern",
        "baselineOffset", "color", "features", "variations", "language", "tracking",
    ]

    /// Decodes `runs`, if present.
    /// - Throws: `CaseError` naming the run and field (`runs[1].end`) with a wrong type or value.
    static func runs(_ json: JSONValue, text: String) throws -> [Run]? {
        guard let value = json["runs"], value != .null else { return nil }
        guard case .array(let items) = value else {
            throw CaseError(message: "field 'runs' must be an array of objects, got \(value.typeName)")
        }
        let count = text.utf16.count
        return try items.enumerated().map { index, item in try run(item, name: "runs[\(index)]", count: count) }
    }

    static func run(_ item: JSONValue, name: String, count: Int) throws -> Run {
        guard case .object(let members) = item else {
            throw CaseError(message: "field '\(name)' must be an object, got \(item.typeName)")
        }
        for member in members where !runFields.contains(member.key) {
            throw CaseError(message: "unknown field '\(name).\(member.key)'; a run has \(runFields.joined(separator: ", "))")
        }
        func field(_ key: String) -> String { "\(name).\(key)" }
        func renamed<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as CaseError {
                throw CaseError(message: error.message.replacingOccurrences(of: "field '", with: "field '\(name)."))
            }
        }
        let requirement = "a whole number from 0 to the text's UTF-16 length, \(count)"
        guard let start = try renamed({ try optionalCount(item, "start", requirement) }) else {
            throw CaseError(message: "missing field '\(field("start"))' (\(requirement))")
        }
        guard let end = try renamed({ try optionalCount(item, "end", requirement) }) else {
            throw CaseError(message: "missing field '\(field("end"))' (\(requirement))")
        }
        guard end <= count else { throw CaseError(message: "field '\(field("end"))' must be \(requirement), got \(end)") }
        guard start <= end else {
            throw CaseError(message: "field '\(field("start"))' must be at most '\(field("end"))' (\(end)), got \(start)")
        }
        var run = Run(start: start, end: end)
        let family = try renamed { try optionalString(item, "family") }
        let fontFile = try renamed { try optionalString(item, "fontFile") }
        let faceIndex = try renamed { try optionalCount(item, "faceIndex", CaseLimits.faceIndexRequirement) }
        switch (family, fontFile) {
        case (.some, .some): throw CaseError(message: "\(name): give either 'family' or 'fontFile', not both")
        case (let family?, nil): run.font = .family(family)
        case (nil, let path?): run.font = .file(path: path, faceIndex: faceIndex ?? 0)
        case (nil, nil): break
        }
        if faceIndex != nil, fontFile == nil {
            throw CaseError(message: "field '\(field("faceIndex"))' needs '\(field("fontFile"))'")
        }
        if let (value, text) = try renamed({ try optionalNumber(item, "size") }) {
            do { run.size = try CaseLimits.size(value) } catch {
                throw CaseError(message: "field '\(field("size"))' must be \(CaseLimits.sizeRequirement), got \(text)")
            }
        }
        run.face = try faceStyle(item, name: name)
        for key in ["kern", "baselineOffset", "tracking"] {
            guard let (value, text) = try renamed({ try optionalNumber(item, key) }) else { continue }
            guard value.isFinite, abs(value) < CaseLimits.maximumSize else {
                throw CaseError(
                    message:
                        "field '\(field(key))' must be a finite number of points between -100000 and 100000, got \(text)")
            }
            switch key {
            case "kern": run.kern = value
            case "tracking": run.tracking = value
            default: run.baselineOffset = value
            }
        }
        run.color = try color(item, field: field("color"))
        run.language = try renamed { try optionalString(item, "language") }
        return run
    }

    /// `"#rrggbb"`, hexadecimal sRGB.
    private static func color(_ item: JSONValue, field: String) throws -> TextColor? {
        switch item["color"] {
        case nil, .null?: return nil
        case .string(let text)?:
            let digits = text.dropFirst()
            if text.hasPrefix("#"), digits.count == 6, let value = UInt32(digits, radix: 16), digits.allSatisfy(\.isHexDigit)
            {
                func component(_ shift: UInt32) -> Double { Double((value >> shift) & 0xFF) / 255 }
                return TextColor(red: component(16), green: component(8), blue: component(0))
            }
            throw CaseError(message: "field '\(field)' must be a colour '#rrggbb' (six hexadecimal digits), got '\(text)'")
        case let other?:
            throw CaseError(
                message: "field '\(field)' must be a colour '#rrggbb' (six hexadecimal digits), got \(other.typeName)")
        }
    }

    /// The case's text with its runs applied over its own font and size, later runs winning.
    /// - Throws: `FontError` when a font cannot be loaded, `StyledTextError` for a run inside a cluster.
    func prepareStyled(_ runs: [Run], fonts: FontCache, paragraphStyle: ParagraphStyle?) throws -> PreparedText {
        let base = try self.font(font, size: size, face: face, fonts: fonts)
        var styled = try StyledText(text, font: base)
        styled.language = language
        if let tracking, !text.isEmpty {
            try styled.setAttributes(TextAttributes(tracking: CGFloat(tracking)), range: 0..<text.utf16.count)
        }
        for run in runs where run.end > run.start {
            let runFont = try self.font(
                run.font ?? font, size: run.size ?? size, face: face.overridden(by: run.face),
                fonts: fonts)
            let attributes = TextAttributes(
                font: runFont, kern: run.kern.map { CGFloat($0) },
                baselineOffset: run.baselineOffset.map { CGFloat($0) }, foregroundColor: run.color,
                language: run.language, tracking: (run.tracking ?? tracking).map { CGFloat($0) })
            try styled.setAttributes(attributes, range: run.start..<run.end)
        }
        do {
            guard let paragraphStyle else { return try PreparedText(styled: styled) }
            return try PreparedText(styled: styled, paragraphStyle: paragraphStyle)
        } catch StyledTextError.rangeSplitsCluster(_, let offset) {
            let index = runs.firstIndex { $0.start == offset || $0.end == offset } ?? 0
            let key = runs.indices.contains(index) && runs[index].start == offset ? "start" : "end"
            throw CaseError(
                message: "field 'runs[\(index)].\(key)' = \(offset) falls inside a grapheme cluster "
                    + "(a surrogate pair, a letter and its marks): a run must start and end between clusters")
        }
    }
}
