import Foundation
import Testing
import TextFitLayout

/// Row heights of a constraint-based cell through the row-height cache (rules AL7, C5, C6).
@Suite struct ConstraintRowHeightsTests {
    final class NewsCell: ConstraintCell {
        let contentView = LayoutNode(name: "contentView")
        let label: LabelNode
        init() throws {
            label = LabelNode(font: try Fixtures.font(SeedExamples.feedFontSize), numberOfLines: 0, name: "contentLabel")
            try contentView.addSubview(label)
            try label.makeConstraints { $0.edges.equalTo(self.contentView).inset(10) }
        }
        func configure(with row: Row) { label.text = row.text }
    }

    @Test func heightsEqualTheFrameTemplateAndAreCached() throws {
        let cache = RowHeightCache()
        let rows = ConstraintRowHeights(identifier: "news", template: try NewsCell(), separatorHeight: 0.5, cache: cache)
        let frames = RowHeights(
            template: RowTemplate(
                font: try Fixtures.font(SeedExamples.feedFontSize),
                insets: SeedExamples.feedInsets, includesSeparator: false), cache: nil)
        let texts = SeedExamples.feedTexts
        for width in [320.0, 375.0] as [CGFloat] {
            let heights = try rows.heights(for: texts.map { Row(text: $0) }, width: width)
            let expected = try frames.heights(for: texts, width: width)
            #expect(zip(heights, expected).allSatisfy { abs($0 - ($1 + 0.5)) < 1e-9 }, "\(heights) vs \(expected)")
        }
        let misses = cache.statistics.misses
        _ = try rows.heights(for: texts.map { Row(text: $0) }, width: 320)
        #expect(cache.statistics.misses == misses)
        #expect(cache.statistics.hits >= texts.count)
        #expect(throws: MeasureError.self) { try rows.height(for: Row(text: "x"), width: .nan) }
    }

    /// The feed cell of `SelfSizingCellTests` as a template: the kept system gives, row after row, the
    /// heights of the frame version; a row that changes a constraint's constant rebuilds it.
    final class Feed: ConstraintCell {
        let cell: SelfSizingCellTests.FeedCell
        var contentView: LayoutNode { cell.content }
        var spacing: LayoutConstraint?
        init(_ fonts: SelfSizingCellTests.Fonts) throws {
            cell = try SelfSizingCellTests.FeedCell(fonts: fonts, title: "", date: "", body: "")
            spacing = cell.body.constraints.first { $0.firstAnchor.attribute == .top }
        }
        func configure(with row: Row) {
            cell.title.text = row.text
            cell.date.text = "Yesterday"
            cell.body.text = row.detail
            spacing?.constant = row.key == "wide" ? 20 : 8
        }
    }

    @Test func keptSystemEqualsTheFrameVersionRowAfterRow() throws {
        let fonts = try SelfSizingCellTests.Fonts()
        let rows = ConstraintRowHeights(identifier: "feed", template: try Feed(fonts), cache: nil)
        let texts = SeedExamples.feedTexts
        for width in [375.0, 320.0] as [CGFloat] {
            for (i, body) in texts.enumerated() {
                let title = texts[(i + 5) % texts.count]
                let wide = i % 4 == 3
                var row = Row(text: title, key: wide ? "wide" : nil)
                row.detail = i % 5 == 4 ? "" : body
                let expected = try SelfSizingCellTests.frames(
                    fonts: fonts, title: title, date: "Yesterday",
                    body: row.detail ?? "", width: width)
                let height = try rows.height(for: row, width: width)
                #expect(
                    abs(height - (expected.height + (wide ? 12 : 0))) < 1e-9,
                    "row \(i) at \(width): \(height) vs \(expected.height)")
            }
        }
    }
}
