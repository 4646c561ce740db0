import Foundation
import Testing
@testable import TextFit

/// Automatic optical size and AAT tracking against HarfBuzz's own `hb-shape` (rules O6, O8): no installed
/// font has an `opsz` axis or a `trak` table, so scripts/make-trak-opsz-font.py builds one
/// (Data/fonts/TextFitTrakOpsz.ttf: opsz 8–48, advances 600 → 500 units; `trak` +50 units at 9 pt, 0 at
/// 12, −20 at 24) and scripts/hb-trak-opsz-reference.sh recorded hb-shape's advances with `--font-ptem` at
/// the point size and opsz set to the size ("auto", what TextFit sets by itself) or to a given value.
@Suite struct TrakOpszTests {
    struct Reference {
        var text: String
        var size: CGFloat
        var opsz: String
        var advances: [Int]
    }

    static var fontPath: String {
        get throws {
            try #require(
                Bundle.module.url(forResource: "TextFitTrakOpsz", withExtension: "ttf", subdirectory: "Data/fonts")
            ).path
        }
    }

    static func references() throws -> [Reference] {
        let url = try #require(
            Bundle.module.url(forResource: "hb-trak-opsz", withExtension: "jsonl", subdirectory: "Data/fonts"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return Reference(
                text: try #require(object["text"] as? String),
                size: CGFloat(try #require(object["size"] as? NSNumber).doubleValue),
                opsz: try #require(object["opsz"] as? String),
                advances: try #require(object["advances"] as? [NSNumber]).map(\.intValue))
        }
    }

    /// O6 + O8: with opsz left unset TextFit's widths are hb-shape's at opsz = the point size, and with
    /// opsz set they are hb-shape's at that value; both with `trak` applied at the point size. Exact to
    /// the 1/1024-pt unit, 88 cases over 11 sizes (8–60 pt).
    @Test func widthsMatchHarfBuzzAtThePointSize() throws {
        let references = try Self.references()
        #expect(references.count == 88)
        for reference in references {
            let variations = reference.opsz == "auto" ? [] : [try FontVariation("opsz", Double(reference.opsz)!)]
            let font = try Font(file: try Self.fontPath, size: reference.size, variations: variations)
            #expect(font.hasTrackingTable)
            let width = try PreparedText(reference.text, font: font).layout().lines[0].widthIncludingTrailingWhitespace
            let units = Int((width * CGFloat(Units.perPoint)).rounded())
            #expect(
                units == reference.advances.reduce(0, +),
                "\(reference.text) \(reference.size) pt opsz \(reference.opsz): \(units) vs \(reference.advances)")
        }
    }

    /// O12, O13 against Pango 1.50, which also sets opsz to the point size and gives HarfBuzz the point
    /// size (scripts/pango-trak-opsz-reference.py, the same 88 cases): equal to the unit.
    @Test func widthsMatchPango() throws {
        let url = try #require(
            Bundle.module.url(forResource: "pango-trak-opsz", withExtension: "jsonl", subdirectory: "Data/fonts"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 88)
        for line in lines {
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let text = try #require(object["text"] as? String)
            let size = CGFloat(try #require(object["size"] as? NSNumber).doubleValue)
            let opsz = try #require(object["opsz"] as? String)
            let variations = opsz == "auto" ? [] : [try FontVariation("opsz", Double(opsz)!)]
            let font = try Font(file: try Self.fontPath, size: size, variations: variations)
            let width = try PreparedText(text, font: font).layout().lines[0].widthIncludingTrailingWhitespace
            let units = Int((width * CGFloat(Units.perPoint)).rounded())
            #expect(units == (try #require(object["widthUnits"] as? NSNumber)).intValue, "\(text) \(size) \(opsz)")
        }
    }

    /// O6: the automatic optical size is the point size, clamped to the axis, and follows `withSize`.
    @Test func opticalSizeFollowsThePointSize() throws {
        let font = try Font(file: try Self.fontPath, size: 17)
        #expect(font.variations.first { $0.tag == "opsz" }?.value == 17)
        #expect(try font.withSize(60).variations.first { $0.tag == "opsz" }?.value == 48)
        let set = try Font(file: try Self.fontPath, size: 17, variations: [FontVariation("opsz", 30)])
        #expect(try set.withSize(40).variations.first { $0.tag == "opsz" }?.value == 30)
    }

    /// O12, O13, worked example: at 12 pt the track is 0, so "AB" is two advances of the opsz-12 design
    /// (600 − 100 × 4/40 = 590 units: 2 × 590 / 1000 × 12 pt = 14.16 pt); at 24 pt the track takes 20 units
    /// a glyph (2 × (600 − 100 × 16/40 − 20) / 1000 × 24 = 25.92 pt). Without `trak` the 24-pt width would
    /// be 26.88 pt, without the optical size (opsz 8) 27.84 pt.
    @Test func workedExample() throws {
        let at12 = try Font(file: try Self.fontPath, size: 12)
        let at24 = try Font(file: try Self.fontPath, size: 24)
        #expect(abs(try PreparedText("AB", font: at12).layout().lines[0].width - 14.16) < 0.01)
        #expect(abs(try PreparedText("AB", font: at24).layout().lines[0].width - 25.92) < 0.01)
    }
}
