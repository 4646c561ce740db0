import Foundation
import Testing
@testable import TextFit
import TextFitLayout

/// A frame-based cell whose height is one `sizeThatFits(width)` of its tree (C2, C3 frame mode), and
/// `RowHeights(cell:)`.
@Suite struct CellTemplateTests {
    /// The seed feed as a cell: 15 pt title, margins 10, nothing else. Its heights equal the label-row
    /// template's (C2: lines × 20.43 rounded up + 20).
    @Test func seedFeedAsACellMatchesTheLabelRows() throws {
        let font = try Fixtures.font(SeedExamples.feedFontSize)
        let cell = CellTemplate(titleFont: font, layoutMargins: SeedExamples.feedInsets)
        let label = RowTemplate(font: font, insets: SeedExamples.feedInsets, numberOfLines: 0)
        let cellHeights = try RowHeights(cell: cell, cache: nil).heights(for: SeedExamples.feedTexts, width: 375)
        let labelHeights = try RowHeights(template: label, cache: nil).heights(for: SeedExamples.feedTexts, width: 375)
        #expect(cellHeights == labelHeights)
        #expect(cellHeights == [62, 103, 144, 103, 42, 103, 103, 62, 62, 144, 62, 124])  // + 1: the separator
    }

    /// Image, title, detail and a button-sized box: the text column is what the margins, image and box
    /// leave; the height is the tallest part plus the margins.
    @Test func partsAndHeight() throws {
        let title = try Fixtures.font(17)
        let detail = try Fixtures.font(13)
        let template = CellTemplate(
            titleFont: title, detailFont: detail, imageSize: CGSize(width: 40, height: 40),
            accessorySize: CGSize(width: 60, height: 30),
            layoutMargins: EdgeInsets(top: 10, left: 16, bottom: 10, right: 16), spacing: 8)
        let cell = try CellNode(template: template)
        cell.titleLabel.text = "Title"
        // Title only: one 17 pt line (23.154 → 24) is shorter than the image: 10 + 40 + 10, + 1 for the
        // separator a default table adds (C3 step 4).
        #expect(try cell.sizeThatFits(CGSize(width: 375, height: 0)).height == 61)
        let detailText = "The quick brown fox jumps over the lazy dog and keeps running far away from here"
        cell.detailLabel.text = detailText
        let column: CGFloat = 375 - 16 - 40 - 8 - 8 - 60 - 16  // 227
        let detailLines = try PreparedText(detailText, font: detail).layout(width: column, lineBreakStrategy: .standard)
            .lineCount
        let detailHeight = Fixtures.ceilPx(CGFloat(detailLines) * 13 * 1.362)
        let expected = Fixtures.ceilPx(10 + 24 + 8 + detailHeight + 10) + 1
        let height = try cell.sizeThatFits(CGSize(width: 375, height: 0)).height
        #expect(height == expected)
        cell.frame = CGRect(x: 0, y: 0, width: 375, height: height)
        try cell.layoutIfNeeded()
        #expect(cell.imageView.frame == CGRect(x: 16, y: 10, width: 40, height: 40))
        #expect(cell.titleLabel.frame.minX == 64)
        #expect(cell.titleLabel.frame.minY == 10)
        #expect(cell.titleLabel.frame.height == 24)
        #expect(abs(cell.detailLabel.frame.minY - (10 + 24 + 8)) < 1e-9)
        #expect(cell.detailLabel.frame.width <= column)
        #expect(cell.accessoryView.frame == CGRect(x: 375 - 16 - 60, y: 10 + (height - 20 - 30) / 2, width: 60, height: 30))
        // Through RowHeights the same height.
        let rows = RowHeights(cell: template)
        #expect(try rows.height(for: Row(text: "Title", detail: detailText), width: 375) == height)
    }

    /// The row cache holds cell heights: the second query is a hit and does no text work.
    @Test func rowCacheIsReused() throws {
        try #require(OperationCounts.isEnabled)
        let template = CellTemplate(titleFont: try Fixtures.font(15), detailFont: try Fixtures.font(13))
        let rows = RowHeights(cell: template)
        let row = Row(text: SeedExamples.feedTexts[0], detail: SeedExamples.feedTexts[4])
        let first = try rows.height(for: row, width: 375)
        let (second, counts) = try OperationCounts.counting { try rows.height(for: row, width: 375) }
        #expect(second == first)
        #expect(counts.widths == 0 && counts.shapingCalls == 0)
        #expect(rows.cache?.statistics.hits == 1)
        // Another detail is another row; the same text in a label template is another entry too.
        _ = try rows.height(for: Row(text: row.text, detail: "other"), width: 375)
        #expect(rows.cache?.statistics.misses == 2)
    }

    /// Bad input: a template or width that leaves the text no room is an error.
    @Test func badInput() throws {
        let font = try Fixtures.font(15)
        let template = CellTemplate(
            titleFont: font, imageSize: CGSize(width: 200, height: 40),
            accessorySize: CGSize(width: 100, height: 30))
        let cell = try CellNode(template: template)
        cell.titleLabel.text = "x"
        #expect(throws: LayoutError.self) { try cell.sizeThatFits(CGSize(width: 320, height: 0)) }
        #expect(throws: MeasureError.invalidWidth(-1)) { try cell.sizeThatFits(CGSize(width: -1, height: 0)) }
        #expect(throws: MeasureError.self) { try cell.sizeThatFits(CGSize(width: CGFloat.nan, height: 0)) }
        #expect(throws: LayoutNodeError.self) {
            try CellNode(template: CellTemplate(titleFont: font, imageSize: CGSize(width: -4, height: 4)))
        }
        #expect(throws: LayoutError.invalidSpacing(-1)) {
            try CellNode(template: CellTemplate(titleFont: font, spacing: -1))
        }
        #expect(throws: MeasureError.invalidNumberOfLines(-2)) {
            try RowHeights(cell: CellTemplate(titleFont: font, titleNumberOfLines: -2)).height(for: "a", width: 300)
        }
    }
}
