import Foundation
import Testing
@testable import TextFit

/// Dynamic Type (rules DT1–DT3) against the Human Interface Guidelines' table, transcribed in
/// Data/dynamic-type/hig-dynamic-type.tsv (its header names the source).
@Suite struct DynamicTypeTableTests {
    struct Row {
        var line: Int
        var category: String
        var style: String
        var weight: String
        var size: CGFloat
        var leading: CGFloat
    }

    static func rows() throws -> [Row] {
        let url = try #require(
            Bundle.module.url(forResource: "hig-dynamic-type", withExtension: "tsv", subdirectory: "Data/dynamic-type"))
        var rows: [Row] = []
        for (index, line) in try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        ).enumerated()
        where !line.hasPrefix("#") && !line.hasPrefix("category") && !line.isEmpty {
            let fields = line.split(separator: "\t").map(String.init)
            try #require(fields.count == 5, "line \(index + 1)")
            rows.append(
                Row(
                    line: index + 1, category: fields[0], style: fields[1], weight: fields[2],
                    size: CGFloat(try #require(Double(fields[3]))), leading: CGFloat(try #require(Double(fields[4])))))
        }
        return rows
    }

    /// DT1, DT2: every style at every category has the guidelines' size, leading and weight: 11 × 12 rows.
    @Test func theTableIsTheGuidelines() throws {
        let rows = try Self.rows()
        #expect(rows.count == Font.TextStyle.allCases.count * ContentSizeCategory.allCases.count)
        var seen = Set<String>()
        for row in rows {
            let category = try ContentSizeCategory(name: row.category)
            let style = try Font.TextStyle(name: row.style)
            seen.insert("\(category) \(style)")
            #expect(style.pointSize(for: category) == row.size, "line \(row.line)")
            #expect(style.leading(for: category) == row.leading, "line \(row.line)")
            #expect(style.weight == (row.weight == "semibold" ? .semibold : .regular), "line \(row.line)")
            let font = try Font.preferredFont(forTextStyle: style, compatibleWith: category)
            #expect(font.pointSize == row.size, "line \(row.line)")
        }
        #expect(seen.count == rows.count)
    }

    /// DT3: UIFontMetrics scales by the style's own curve, unrounded: body 17 → 40 at AX3, so a 20 pt font
    /// becomes 20 × 40 / 17; caption2 stays 11 from xSmall to large.
    @Test func fontMetricsScaleByTheStylesCurve() throws {
        let custom = try Font(family: "Noto Sans", size: 20)
        let scaled = try FontMetrics(forTextStyle: .body).scaledFont(for: custom, compatibleWith: .accessibilityExtraLarge)
        #expect(abs(scaled.pointSize - 20 * 40 / 17) < 1e-9)
        #expect(FontMetrics(forTextStyle: .caption2).scaledValue(for: 44, compatibleWith: .extraSmall) == 44)
        #expect(FontMetrics.default.scaledValue(for: 17, compatibleWith: .extraExtraExtraLarge) == 23)
        let capped = try FontMetrics(forTextStyle: .body).scaledFont(
            for: custom, maximumPointSize: 30,
            compatibleWith: .accessibilityExtraExtraExtraLarge)
        #expect(capped.pointSize == 30)
        // A scaled text measures as the same text set at the scaled size.
        let text = "Dynamic Type grows this line"
        let big = try PreparedText(text, font: scaled).layout().size.width
        let direct = try PreparedText(text, font: Font(family: "Noto Sans", size: 20 * 40 / 17)).layout().size.width
        #expect(big == direct)
    }

    /// Unknown names are typed errors that list the right ones.
    @Test func unknownNamesAreRefused() throws {
        #expect(throws: DynamicTypeError.unknownTextStyle("bodyy")) { try Font.TextStyle(name: "bodyy") }
        #expect(throws: DynamicTypeError.unknownContentSizeCategory("AX6")) { try ContentSizeCategory(name: "AX6") }
        #expect(try ContentSizeCategory(name: "accessibilityExtraLarge") == .accessibilityExtraLarge)
        #expect(try ContentSizeCategory(name: "accessibility3") == .accessibilityExtraLarge)
        #expect(try ContentSizeCategory(name: "xSmall") == .extraSmall)
        #expect(DynamicTypeError.unknownContentSizeCategory("AX6").description.contains("AX5"))
    }
}
