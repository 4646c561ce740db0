import Foundation
import Testing
import TextFitLayout
import _TextFitTestSupport

/// A title + date block never draws outside its width: when the room beside the title's last permitted
/// line is narrower than "…", the date goes below the title (case 2 geometry); a date wider than the
/// width on its own is a typed error.
@Suite struct TitleDateBoundsTests {
    static let spacing: CGFloat = 8

    /// Why `result` breaks the bounds rule, or nothing: both frames within [0, width], and the date over
    /// no title line's text. Title lines are `lineHeight` apart from the title frame's top; a date frame
    /// may reach into the line above by its rounding to the pixel grid (less than a pixel), never more.
    static func boundsProblems(
        _ result: TitleDateLayout, width: CGFloat, lineHeight: CGFloat,
        scale: CGFloat
    ) -> [String] {
        var problems: [String] = []
        let title = result.titleFrame, date = result.dateFrame
        if title.minX < 0 || title.maxX > width + 1e-9 { problems.append("title frame \(title) outside 0...\(width)") }
        if date.minX < 0 || date.maxX > width + 1e-9 { problems.append("date frame \(date) outside 0...\(width)") }
        for (index, line) in result.titleLines.enumerated() {
            let top = title.minY + CGFloat(index) * lineHeight
            let across = min(date.maxX, line.width) - max(date.minX, 0)
            let down = min(date.maxY, top + lineHeight) - max(date.minY, top)
            if across > 1e-9, down > 1 / scale + 1e-9 {
                problems.append("date frame \(date) covers line \(index) '\(line.text)' (\(line.width) wide)")
            }
        }
        return problems
    }

    func layout(_ title: String, _ date: String, size: CGFloat, width: CGFloat, scale: CGFloat) throws -> TitleDateLayout {
        let font = try Fixtures.font(size)
        return try TitleDateLayout(
            title: title, date: date, titleFont: font, dateFont: font, width: width,
            spacing: Self.spacing, scale: scale)
    }

    /// The narrowest width at which "…" plus the gap and the date fit on the title's last line.
    func threshold(date: String, size: CGFloat, scale: CGFloat) throws -> CGFloat {
        let font = try Fixtures.font(size)
        return Fixtures.ceilPx(try Fixtures.width("…", font) + Self.spacing, scale)
            + Fixtures.ceilPx(try Fixtures.width(date, font), scale)
    }

    /// Widths around the threshold, for a Chinese title at 20 pt with a date 106.5 pt wide at 2x (at
    /// 129.5 pt only 13 pt are left beside the title, less than the 15.82 pt of "…") and the long Latin
    /// seed title at 17 pt with "Date".
    @Test(arguments: [
        ("美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產", "2018/06/29", CGFloat(20), CGFloat(2)),
        (SeedExamples.titleDate[3].title, "Date", CGFloat(17), CGFloat(1)),
        (SeedExamples.titleDate[3].title, "Date", CGFloat(17), CGFloat(3)),
    ])
    func dateGoesBelowWhenNotEvenTheEllipsisFits(title: String, date: String, size: CGFloat, scale: CGFloat) throws {
        let lineHeight = try Fixtures.font(size).lineHeight
        let threshold = try threshold(date: date, size: size, scale: scale)
        if date == "2018/06/29" {
            #expect(threshold == 24 + 106.5)  // ceil(15.82 + 8) + ceil(106.40) at 2x
            let before = try layout(title, date, size: size, width: 129.5, scale: scale)
            #expect(before.layoutCase == .dateOnNextLine)
            #expect(before.dateFrame == CGRect(x: 0, y: 54.5, width: 106.5, height: 27.5))  // round(2 × 27.24) at 2x
        }
        let pixel = 1 / scale
        for width in [threshold - 10 * pixel, threshold - 2 * pixel, threshold - pixel] {
            let result = try layout(title, date, size: size, width: width, scale: scale)
            #expect(result.layoutCase == .dateOnNextLine, "width \(width)")
            #expect(result.dateLineIndex == result.titleLines.count && result.dateFrame.minX == 0)
            // The title is the label's at the full width: its lines, truncated when they hide text.
            let label = try PreparedText(title, font: Fixtures.font(size))
                .layout(width: width, numberOfLines: 2, lineBreakMode: .byTruncatingTail, lineBreakStrategy: .standard)
            #expect(result.titleLines == label.lines)
            #expect(result.size.height >= CGFloat(result.titleLines.count + 1) * lineHeight)
            #expect(
                Self.boundsProblems(result, width: width, lineHeight: lineHeight, scale: scale).isEmpty,
                "width \(width): \(Self.boundsProblems(result, width: width, lineHeight: lineHeight, scale: scale))")
        }
        for width in [threshold, threshold + pixel, threshold + 20] {
            let result = try layout(title, date, size: size, width: width, scale: scale)
            #expect(result.layoutCase == .lastLineTruncated, "width \(width)")
            #expect(result.titleLines.last?.text.hasSuffix("…") == true)
            #expect(result.dateLineIndex == result.titleLines.count - 1)
            #expect(
                Self.boundsProblems(result, width: width, lineHeight: lineHeight, scale: scale).isEmpty,
                "width \(width): \(Self.boundsProblems(result, width: width, lineHeight: lineHeight, scale: scale))")
        }
        // At the threshold line 2 is "…" alone and the date ends exactly at the width.
        let exact = try layout(title, date, size: size, width: threshold, scale: scale)
        #expect(exact.titleLines.last?.text == "…")
        #expect(abs(exact.dateFrame.maxX - threshold) < 1e-9)
    }

    /// A date wider than the width cannot be placed inside it: a typed error, in the library and from the
    /// command line (exit 2 with the message).
    @Test func dateWiderThanTheWidthIsAnError() throws {
        let font = try Fixtures.font(20)
        let dateWidth = Fixtures.ceilPx(try Fixtures.width("2018/06/29", font), 2)
        #expect(dateWidth == 106.5)
        #expect(throws: LayoutError.dateWiderThanWidth(dateWidth: 106.5, width: 106)) {
            try layout("北京欢迎您", "2018/06/29", size: 20, width: 106, scale: 2)
        }
        #expect(throws: LayoutError.dateWiderThanWidth(dateWidth: 106.5, width: 40)) {
            try layout("", "2018/06/29", size: 20, width: 40, scale: 2)
        }
        let exact = try layout("北京欢迎您", "2018/06/29", size: 20, width: 106.5, scale: 2)
        #expect(exact.layoutCase == .dateOnNextLine && exact.dateFrame.maxX == 106.5)
        #expect(
            LayoutError.dateWiderThanWidth(dateWidth: 106.5, width: 106).description
                == "the date is 106.5 pt wide, wider than the width 106.0: use a width >= 106.5, a shorter date or a smaller date font"
        )
        // Unbounded widths hold any date.
        #expect(try layout("北京欢迎您", "2018/06/29", size: 20, width: 0, scale: 2).layoutCase == .dateAfterTitle)
    }

    /// Property: over seeded titles (Latin, Chinese, mixed), dates, sizes, line limits and widths on the
    /// pixel grid (as a view's are), every block keeps both frames within the width and the date off the
    /// title's text.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func framesStayInsideTheWidth(seed: UInt64) throws {
        var generator = Generator(state: seed)
        let words =
            (SeedExamples.titleDate.map(\.title) + [
                SeedExamples.feedTexts[0], SeedExamples.feedTexts[4],
                SeedExamples.feedTexts[8], "Hello", "world", "a", "Pneumonoultramicroscopicsilicovolcanoconiosis",
            ])
            .joined(separator: " ").split(separator: " ").map(String.init)
        let dates = ["Date", "6月29日", "2018/06/29", "Yesterday", "2018-06-29", "", "3 min", "昨天 12:30"]
        var checked = 0
        for _ in 0..<40 {
            var title = ""
            for index in 0..<Int.random(in: 1...12, using: &generator) {
                title += (index == 0 ? "" : " ") + words.randomElement(using: &generator)!
            }
            let date = dates.randomElement(using: &generator)!
            let titleSize = [CGFloat(15), 17, 20].randomElement(using: &generator)!
            let dateSize = titleSize - [CGFloat(0), 0, 2, 4].randomElement(using: &generator)!
            let scale = [CGFloat(1), 2, 3].randomElement(using: &generator)!
            let maxLines = [1, 2, 2, 3].randomElement(using: &generator)!
            let titleFont = try Fixtures.font(titleSize)
            let prepared = PreparedText(title, font: titleFont)
            let preparedDate = PreparedText(date, font: try Fixtures.font(dateSize))
            let dateWidth = Fixtures.ceilPx(try Fixtures.width(date, Fixtures.font(dateSize)), scale)
            for _ in 0..<6 {
                // From the date's width (or a little above the widest cluster) to 400 pt, in whole pixels.
                let lowest = max(dateWidth, 2 * titleSize)
                let pixels = Int.random(in: Int((lowest * scale).rounded(.up))...Int(400 * scale), using: &generator)
                let width = CGFloat(pixels) / scale
                let result = try TitleDateLayout(
                    title: prepared, date: preparedDate, width: width, spacing: Self.spacing,
                    maxTitleLines: maxLines, scale: scale)
                let problems = Self.boundsProblems(result, width: width, lineHeight: titleFont.lineHeight, scale: scale)
                let sample =
                    "'\(title)' / '\(date)' \(titleSize)/\(dateSize) pt, width \(width) @\(scale)x, \(maxLines) lines"
                #expect(problems.isEmpty, "\(sample): \(problems)")
                checked += 1
            }
        }
        #expect(checked == 240)
    }

    typealias Generator = SeededGenerator
}
