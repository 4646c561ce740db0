import Foundation
import TextFit

/// A case's or a run's `weight` and `italic` (the command-line contract in architecture.md): which face
/// of a family to use (rules S8, S9). A font file is one face, so both are ignored for a `fontFile`.
/// `features` and `variations` (rules O1–O6) apply to a family's face and to a font file alike.
extension MeasureCase {
    /// The face asked for; a nil field keeps the default (the case's value for a run, regular upright
    /// for a case).
    struct FaceStyle: Hashable, Sendable {
        var weight: Font.Weight?
        var italic: Bool?
        /// `features`: OpenType tags and values, `{"tnum": 1, "liga": 0}` (O1).
        var features: [String: Int]?
        /// `variations`: axis tags and values, `{"wght": 650}` (O3), clamped to the font's ranges (O4).
        var variations: [String: Double]?

        /// This style with `other`'s fields where it sets them (a run over its case; a run's `features` or
        /// `variations` replace the case's whole object, as a run's font replaces the case's).
        func overridden(by other: FaceStyle) -> FaceStyle {
            FaceStyle(
                weight: other.weight ?? weight, italic: other.italic ?? italic,
                features: other.features ?? features, variations: other.variations ?? variations)
        }

        /// The settings as TextFit's values.
        /// - Throws: `FontError.invalidFeature` / `.invalidVariation` for a malformed tag (caught earlier
        ///   by `faceStyle`, which names the field).
        func settings() throws -> (features: [FontFeature], variations: [FontVariation]) {
            (try FontFeature.list(features ?? [:]), try FontVariation.list(variations ?? [:]))
        }
    }

    static let faceFields = ["weight", "italic", "features", "variations"]

    /// What `weight` takes, for messages and help.
    static let weightRequirement =
        "a weight name (" + Font.Weight.named.map(\.name).joined(separator: ", ")
        + ") or a number from 100 to 900"

    /// Reads `weight` and `italic` of a case or a run; `name` prefixes the fields in messages (`runs[1]`).
    /// - Throws: `CaseError` naming the field and what it takes.
    static func faceStyle(_ item: JSONValue, name: String? = nil) throws -> FaceStyle {
        func field(_ key: String) -> String { name.map { "\($0).\(key)" } ?? key }
        var style = FaceStyle(
            weight: try weight(item, field: field("weight")), italic: try italic(item, field: field("italic")))
        style.features = try settings(item, key: "features", field: field("features"), wholeNumbers: true)?
            .mapValues { Int($0) }
        style.variations = try settings(item, key: "variations", field: field("variations"), wholeNumbers: false)
        if let features = style.features {
            do { _ = try FontFeature.list(features) } catch let error as FontError {
                throw CaseError(message: "field '\(field("features"))': \(error)")
            }
        }
        if let variations = style.variations {
            do { _ = try FontVariation.list(variations) } catch let error as FontError {
                throw CaseError(message: "field '\(field("variations"))': \(error)")
            }
        }
        return style
    }

    /// `features` or `variations`: an object of four-letter tags to numbers (whole numbers from 0 for
    /// features).
    private static func settings(
        _ item: JSONValue, key: String, field: String, wholeNumbers: Bool
    ) throws -> [String: Double]? {
        let requirement =
            wholeNumbers
            ? "an object of OpenType tags to whole numbers from 0, e.g. {\"tnum\": 1, \"liga\": 0}"
            : "an object of axis tags to numbers, e.g. {\"wght\": 650}"
        switch item[key] {
        case nil, .null?: return nil
        case .object(let members)?:
            var result: [String: Double] = [:]
            for member in members {
                let (tag, value) = (member.key, member.value)
                let number: Double
                switch value {
                case .int(let v): number = Double(v)
                case .double(let v): number = v
                case .numberLiteral(let literal): number = Double(literal) ?? .nan
                default:
                    throw CaseError(
                        message: "field '\(field).\(tag)' must be a number (\(requirement)), got \(value.typeName)")
                }
                if wholeNumbers, !(number >= 0 && number <= Double(UInt32.max) && number.rounded() == number) {
                    throw CaseError(
                        message:
                            "field '\(field).\(tag)' must be a whole number from 0 (0 off, 1 on, n an alternate), got \(JSONWriter.format(number))"
                    )
                }
                if !number.isFinite { throw CaseError(message: "field '\(field).\(tag)' must be a finite number") }
                result[tag] = number
            }
            return result
        case let other?: throw CaseError(message: "field '\(field)' must be \(requirement), got \(other.typeName)")
        }
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
        let css = [
            "normal": "regular", "extralight": "ultraLight", "demibold": "semibold", "extrabold": "heavy",
            "ultrabold": "heavy", "hairline": "thin", "book": "regular",
        ]
        let meant =
            Font.Weight.named.first(where: { $0.name.lowercased() == folded })?.name ?? css[folded]
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
