import Foundation
import Testing
import TextFitLayout

/// `RowHeights(cell:)` sizes rows without building a `CellNode` per row (issue 41); its heights must be
/// exactly what the tree's `sizeThatFits(width × 0)` gives (C3, frame mode), row by row.
@Suite struct CellRowHeightsTests {
    static func templates() throws -> [CellTemplate] {
        let title = try Fixtures.font(17), detail = try Fixtures.font(13)
        return [
            CellTemplate(titleFont: title),
            CellTemplate(
                titleFont: title, titleNumberOfLines: 2, detailFont: detail, detailNumberOfLines: 3,
                imageSize: CGSize(width: 40, height: 40), scale: 2),
            CellTemplate(
                titleFont: try Fixtures.font(15), titleNumberOfLines: 1, detailFont: detail,
                accessorySize: CGSize(width: 60, height: 30),
                layoutMargins: EdgeInsets(top: 12, left: 20, bottom: 12, right: 20), spacing: 6, scale: 3,
                includesSeparator: false),
        ]
    }

    /// Rows of every kind: short and long titles, details and none, empty texts, styled runs, mixed scripts.
    static func rows() throws -> [Row] {
        let bold = try Font(family: "Noto Sans", size: 24, weight: .bold)
        var rows: [Row] = []
        for (index, text) in SeedExamples.feedTexts.enumerated() {
            rows.append(Row(text: text, detail: SeedExamples.feedTexts[(index + 5) % 12]))
            rows.append(Row(text: String(text.prefix(index * 3)), detail: index.isMultiple(of: 3) ? nil : "note \(index)"))
        }
        rows.append(Row(text: "", detail: "Only a detail, long enough to wrap onto a second line at a phone's width"))
        rows.append(Row(text: "Only a title 🎉 مرحبا שלום", detail: ""))
        rows.append(
            Row(
                attributedText: try StyledText("Ada", attributes: TextAttributes(font: bold), font: Fixtures.font(17)),
                detailAttributedText: try StyledText("wrote the first program", font: Fixtures.font(11))))
        return rows
    }

    @Test func equalsTheTreeRowByRow() throws {
        for template in try Self.templates() {
            for width: CGFloat in [320, 375, 414, 768] {
                let rows = try Self.rows()
                let heights = try RowHeights(cell: template, cache: nil).heights(for: rows, width: width)
                for (row, height) in zip(rows, heights) {
                    let node = try CellNode(template: template)
                    node.titleLabel.text = row.text
                    node.detailLabel.text = row.detail
                    if let styled = row.attributedText { node.titleLabel.attributedText = styled }
                    if let styled = row.detailAttributedText { node.detailLabel.attributedText = styled }
                    let expected = try node.sizeThatFits(CGSize(width: width, height: 0)).height
                    #expect(height == expected, "\(row.text.prefix(20)) at \(width)")
                }
            }
        }
    }

    /// The same errors as the tree: a bad template before any row, a row too narrow for the column.
    @Test func sameErrors() throws {
        let font = try Fixtures.font(17)
        let wide = CellTemplate(
            titleFont: font, imageSize: CGSize(width: 200, height: 40), accessorySize: CGSize(width: 100, height: 30))
        #expect(throws: LayoutError.self) { try RowHeights(cell: wide).heights(for: ["a"], width: 320) }
        #expect(throws: LayoutError.self) { try CellNode(template: wide).sizeThatFits(CGSize(width: 320, height: 0)) }
        let bad = CellTemplate(titleFont: font, spacing: -1)
        #expect(throws: LayoutError.invalidSpacing(-1)) {
            try RowHeights(cell: bad).heights(for: [] as [String], width: 320)
        }
        #expect(throws: MeasureError.invalidWidth(-1)) {
            try RowHeights(cell: CellTemplate(titleFont: font)).height(for: "a", width: -1)
        }
    }
}
