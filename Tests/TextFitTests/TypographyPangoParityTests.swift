import Foundation
import Testing
@testable import TextFit

/// OpenType features and variable-font axes against Pango on the same files (rules O1, O3):
/// scripts/pango-typography-reference.py wrote Data/typography/pango-typography.jsonl, each text's width in
/// Pango (font_features / font-description variations, unhinted, 1/1024 pt) for Inter's variable font at
/// wght 100–900 and Noto Sans with tnum, pnum, smcp, c2sc, liga off, kern off and case.
@Suite struct TypographyPangoParityTests {
    struct Reference {
        var text: String
        var font: String
        var size: CGFloat
        var features: String
        var variations: String
        var widthUnits: Int
    }

    static let interVariable = BundledFonts.interVariablePath ?? "Fonts/InterVariable.ttf"

    static func references() throws -> [Reference] {
        let url = try #require(
            Bundle.module.url(
                forResource: "pango-typography", withExtension: "jsonl",
                subdirectory: "Data/typography"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Reference(
                text: try #require(object["text"] as? String), font: try #require(object["font"] as? String),
                size: CGFloat(try #require(object["size"] as? NSNumber).doubleValue),
                features: try #require(object["features"] as? String),
                variations: try #require(object["variations"] as? String),
                widthUnits: try #require(object["widthUnits"] as? NSNumber).intValue)
        }
    }

    /// "tnum=1,liga=0" → settings.
    static func settings(_ text: String) throws -> [(String, Double)] {
        try text.split(separator: ",").map { pair in
            let parts = pair.split(separator: "=")
            return (String(parts[0]), try #require(Double(String(parts[1]))))
        }
    }

    static func font(for reference: Reference) throws -> Font {
        let features = try settings(reference.features).map { try FontFeature($0.0, Int($0.1)) }
        let variations = try settings(reference.variations).map { try FontVariation($0.0, $0.1) }
        if reference.font == "inter" {
            return try Font(file: interVariable, size: reference.size, features: features, variations: variations)
        }
        return try Font(family: "Noto Sans", size: reference.size, features: features, variations: variations)
    }

    /// O1, O3: every width is Pango's exactly, to the 1/1024-pt unit both measure in (432 cases: 272 of
    /// Inter at wght 100–900 in steps of 50, 160 of Noto Sans under ten feature settings; 13 and 17 pt).
    @Test func widthsMatchPango() throws {
        let references = try Self.references()
        #expect(references.count >= 200)
        var worst = 0
        for reference in references {
            let font = try Self.font(for: reference)
            let width = try #require(PreparedText(reference.text, font: font).layout().lines.first)
                .widthIncludingTrailingWhitespace
            let units = Int((width * CGFloat(Units.perPoint)).rounded())
            worst = max(worst, abs(units - reference.widthUnits))
            #expect(
                units == reference.widthUnits,
                "\(reference.text) \(reference.font) \(reference.features) \(reference.variations): \(units) vs \(reference.widthUnits)"
            )
        }
        #expect(Double(worst) / Double(Units.perPoint) < 0.01)
    }

    /// The data discriminate: the settings change Pango's widths, so a TextFit that ignored them would fail.
    @Test func theSettingsChangeTheReferenceWidths() throws {
        let references = try Self.references()
        let digits = references.filter { $0.text == "0123456789" && $0.size == 17 }
        let plain = try #require(digits.first { $0.font == "noto" && $0.features.isEmpty })
        let proportional = try #require(digits.first { $0.font == "noto" && $0.features == "pnum=1" })
        #expect(plain.widthUnits != proportional.widthUnits)
        let caps = references.filter { $0.text == "Small Caps Heading, 2026" && $0.size == 17 && $0.font == "noto" }
        #expect(Set(caps.map(\.widthUnits)).count >= 3)
        let inter = references.filter { $0.text == "0123456789" && $0.size == 17 && $0.font == "inter" }
        #expect(Set(inter.map(\.widthUnits)).count == inter.count)
    }
}
