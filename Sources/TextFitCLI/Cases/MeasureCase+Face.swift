import Foundation
import TextFit

/// A case's or a run's `weight` and `italic` (the command-line contract in architecture.md): which face
/// of a family to use (rules S8, S9). A font file is one face, so both are ignored for a `fontFile`.
extension MeasureCase {
    /// The face asked for; a nil field keeps the default (the case's value for a run, regular upright
    /// for a case).
    struct FaceStyle: Hashable, Sendable {
        var weight: Font.Weight?
        var italic: Bool?

        /// This style with `other`'s fields where it sets them (a run over its case).
        func overridden(by other: FaceStyle) -> FaceStyle {
            FaceStyle(weight: other.weight ?? weight, italic: other.italic ?? italic)
        }
    }

    static let faceFields = ["weight", "italic"]

    /// What `weight` takes, for messages and help.
    static let weightRequirement = "a weight name (" + Font.Weight.named.map(\.name).joined(separator: ", ")
        + ") or a number from 100 to 900"

    /// Reads `weight` and `italic` of a case or a run; `name` prefixes the fields in messages (`runs[1]`).
    /// - Throws: `CaseError` naming the field and what it takes.
    static func faceStyle(_ item: JSONValue, name: String? = nil) throws -> FaceStyle {
        func field(_ key: String) -> String { name.map { "\($0).\(key)" } ?? key }
        return FaceStyle(weight: try weight(item, field: field("weight")), italic: try italic(item, field: field("italic")))
    }

    /// A `Font.Weight` name as UIKit spells it (`ultraLight` … `semibold` … `black`, issue 41), or a number
    /// from 100 to 900 (the OpenType and CSS scale). A bundled family takes the nearer of its faces: up to
    /// 500 regular, above 500 bold (S8).
    private static func weight(_ item: JSONValue, field: String) throws -> Font.Weight? {
        let number: Double
        let text: String
        switch item["weight"] {
        case nil, .null?: return nil
        case .string(let name)?:
            do { return try weight(named: name) } catch let error as WeightNameError {
                throw CaseError(message: "field '\(field)' must be \(weightRequirement), got '\(name)'\(error.hint)")
            }
        case .int(let value)?: (number, text) = (Double(value), String(value))
        case .double(let value)?: (number, text) = (value, JSONWriter.format(value))
        case .numberLiteral(let literal)?: (number, text) = (Double(literal) ?? .nan, literal)
        case let other?: throw CaseError(message: "field '\(field)' must be \(weightRequirement), got \(other.typeName)")
        }
        guard number.isFinite, Font.Weight.validRange.contains(CGFloat(number)) else {
            throw CaseError(message: "field '\(field)' must be \(weightRequirement), got \(text)")
        }
        return Font.Weight(rawValue: CGFloat(number))
    }

    /// Why a weight name was refused: `hint` is "; did you mean 'semibold'?" when one is near, else "".
    struct WeightNameError: Error {
        var hint: String
    }

    /// The weight a name gives: a `Font.Weight` name exactly as UIKit spells it. A near miss (`semiBold`,
    /// `semi-bold`, `ultralight`, `Bold`) or a CSS keyword (`normal`, `extraBold`) is refused with the
    /// name meant, so a script learns the one spelling rather than depending on a guess.
    /// - Throws: `WeightNameError` with the suggestion, if any.
    static func weight(named name: String) throws -> Font.Weight {
        if let named = Font.Weight.named.first(where: { $0.name == name }) { return named.weight }
        let folded = name.lowercased().filter { $0.isLetter }
        let css = ["normal": "regular", "extralight": "ultraLight", "demibold": "semibold", "extrabold": "heavy",
                   "ultrabold": "heavy", "hairline": "thin", "book": "regular"]
        let meant = Font.Weight.named.first(where: { $0.name.lowercased() == folded })?.name ?? css[folded]
            ?? ArgumentParser.closest(to: name, among: Font.Weight.named.map(\.name))
        throw WeightNameError(hint: meant.map { "; did you mean '\($0)'?" } ?? "")
    }

    /// `true` for the family's italic face (its upright face when it has none, S9), `false` for upright.
    private static func italic(_ item: JSONValue, field: String) throws -> Bool? {
        switch item["italic"] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        case let other?: throw CaseError(message: "field '\(field)' must be true or false, got \(other.typeName)")
        }
    }
}
