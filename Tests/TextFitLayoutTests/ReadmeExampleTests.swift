import Foundation
import Testing
import TextFitLayout

/// The README's examples, compiled and run, so the front page never shows code that does not work.
@Suite struct ReadmeExampleTests {
    @Test func engineExample() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let text = PreparedText("The quick brown fox jumps over the lazy dog", font: font)
        let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.map(\.text) == ["The quick brown ", "fox jumps over t…"])
        let size = try text.sizeThatFits(CGSize(width: 150, height: 0), numberOfLines: 2, scale: 2)
        #expect(size == CGSize(width: 149, height: 46.5))  // word wrapping: no ellipsis
        #expect(try text.numberOfLines(forWidth: 320) == 2)
        let rect = try "Hello".boundingRect(with: CGSize(width: 100, height: 0),
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
        let block = try TitleDateLayout(title: "Title Terrrrrrrrrrrrrrrrrrrrrrrr rrrrrrrrrrrrrrrrrrrrrriblely Long", date: "Date",
                                        titleFont: font, dateFont: font, width: 260)
        #expect(block.layoutCase == .lastLineTruncated)
        let rows = RowHeights(template: RowTemplate(font: try Font(family: "Noto Sans", size: 15),
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
}
