import Foundation
import Testing
import TextFitLayout

/// The README's and the DocC articles' examples (GettingStarted, LayoutModule), their claims checked.
@Suite struct ReadmeExampleTests {
    @Test func engineExample() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let text = PreparedText("The quick brown fox jumps over the lazy dog", font: font)
        let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.map(\.text) == ["The quick brown ", "fox jumps over t…"])
        let size = try text.sizeThatFits(CGSize(width: 150, height: 0), numberOfLines: 2, scale: 2)
        #expect(size == CGSize(width: 149, height: 46.5))  // word wrapping: no ellipsis
        #expect(try text.numberOfLines(forWidth: 320) == 2)
        let rect = try "Hello".boundingRect(
            with: CGSize(width: 100, height: 0),
            options: [.usesLineFragmentOrigin, .usesFontLeading],
            attributes: TextStyle(font: font))
        #expect(rect.height == font.lineHeight)
    }

    @Test func layoutExample() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        var label = Label(text: "The quick brown fox jumps over the lazy dog.", font: font, numberOfLines: 2)
        label.scale = 2
        let fitted = try label.sizeThatFits(CGSize(width: 200, height: 0))
        #expect(fitted.height == 46.5)
        let drawing = try label.drawing(in: CGRect(origin: .zero, size: fitted))
        #expect(drawing.lines.count == 2)
        let block = try TitleDateLayout(
            title: "Title Terrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrriblely Long", date: "Date",
            titleFont: font, dateFont: font, width: 260)
        #expect(block.layoutCase == .lastLineTruncated)
        let rows = RowHeights(
            template: RowTemplate(
                font: try Font(family: "Noto Sans", size: 15),
                insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)))
        let heights = try rows.heights(for: ["美國芯片巨頭美光部分產品在華遭禁售"], width: 375)
        #expect(heights == [41 + 1])  // one line (21) + insets (20) + a default table's separator (1)
        let titles = ["Title", "Title Terrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrriblely Long", ""]
        let sizes = TextBatch.map(titles, cost: { $0.utf8.count }) { title in
            try TitleDateLayout(title: title, date: "Date", titleFont: font, dateFont: font, width: 260).size
        }
        let serial = try titles.map {
            try TitleDateLayout(title: $0, date: "Date", titleFont: font, dateFont: font, width: 260).size
        }
        #expect(try sizes.map { try $0.get() } == serial)
        #expect(serial[1].height > serial[0].height)
    }

    /// The two-label cell example of the LayoutModule article (C3, frame mode).
    @Test func twoLabelCellExample() throws {
        let cell = CellTemplate(
            titleFont: try .systemFont(ofSize: 17), titleNumberOfLines: 2,
            detailFont: try .systemFont(ofSize: 13), detailNumberOfLines: 3,
            layoutMargins: EdgeInsets(top: 12, left: 20, bottom: 12, right: 20), spacing: 6,
            scale: 2)
        let posts = [
            Row(text: "Release notes", detail: "Bug fixes and performance improvements."),
            Row(
                text: "A title long enough to wrap onto a second line and then some more words to cut",
                detail:
                    "A detail that runs on and on, long enough to need more than the three lines a detail label allows here, so it ends with an ellipsis"
            ),
        ]
        let heights = try RowHeights(cell: cell).heights(for: posts, width: 375)
        let node = try CellNode(template: cell)
        node.titleLabel.text = posts[1].text
        node.detailLabel.text = posts[1].detail
        node.frame = CGRect(x: 0, y: 0, width: 375, height: heights[1])
        try node.layoutIfNeeded()
        // 12 + 23.5 (one 17 pt line, 23.154 on the 2x grid) + 6 + 18 (one 13 pt line) + 12 + 0.5 (separator);
        // 12 + 46.5 (two lines, the title cut) + 6 + 53.5 (three lines, the detail cut) + 12 + 0.5.
        #expect(heights == [72, 130.5])
        #expect(node.titleLabel.frame == CGRect(x: 20, y: 12, width: 335, height: 46.5))
        #expect(node.detailLabel.frame.origin == CGPoint(x: 20, y: 64.5))
        #expect(node.detailLabel.frame.height == 53.5)
    }
}
