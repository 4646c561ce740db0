import Dispatch
import Foundation
import Testing
import TextFitLayout

/// Self-sizing row heights (C2): label height at the content width (L2) + vertical insets + the
/// separator's 1 / scale, which a template adds by default as a default `UITableView` does.
@Suite struct RowHeightsTests {
    func feed(scale: CGFloat = 1) throws -> RowTemplate {
        RowTemplate(
            font: try Fixtures.font(SeedExamples.feedFontSize), insets: SeedExamples.feedInsets,
            numberOfLines: 0, scale: scale)
    }

    /// Lines of a feed text at a content width, as a label lays them out (strategy .standard).
    func lineCount(_ text: String, contentWidth: CGFloat) throws -> Int {
        try PreparedText(text, font: Fixtures.font(15)).layout(width: contentWidth, lineBreakStrategy: .standard).lineCount
    }

    /// The seed feed at 375 pt: content width 355, lines × 20.43 rounded up, + 20, + 1 for the
    /// separator of a default table (C2, C3 step 4).
    @Test func seedFeedAt375() throws {
        let heights = try RowHeights(template: feed(), cache: nil).heights(for: SeedExamples.feedTexts, width: 375)
        #expect(heights == [62, 103, 144, 103, 42, 103, 103, 62, 62, 144, 62, 124])
        for (text, height) in zip(SeedExamples.feedTexts, heights) {
            let lines = try lineCount(text, contentWidth: 355)
            #expect(height == Fixtures.ceilPx(CGFloat(lines) * Fixtures.lineHeight15 + 20) + 1)
        }
        // The content view alone (a table without separators): the seed's label + insets.
        var noSeparator = try feed()
        noSeparator.includesSeparator = false
        #expect(
            try RowHeights(template: noSeparator, cache: nil).heights(for: SeedExamples.feedTexts, width: 375)
                == [61, 102, 143, 102, 41, 102, 102, 61, 61, 143, 61, 123])
    }

    /// Heights round per scale: ceilPx(lines × 20.43, s) + 20 + 1/s (the label rounds up to the grid,
    /// the insets are on it, the separator is one pixel).
    @Test(arguments: [CGFloat(1), 2, 3])
    func heightsRoundPerScale(_ scale: CGFloat) throws {
        let rows = RowHeights(template: try feed(scale: scale), cache: nil)
        for width: CGFloat in [320, 375, 414] {
            let heights = try rows.heights(for: SeedExamples.feedTexts, width: width)
            for (text, height) in zip(SeedExamples.feedTexts, heights) {
                let lines = try lineCount(text, contentWidth: width - 20)
                let label = Fixtures.ceilPx(CGFloat(lines) * Fixtures.lineHeight15, scale)
                #expect(height == Fixtures.ceilPx(label + 20 + 1 / scale, scale))
            }
        }
    }

    /// The parallel path gives the one-by-one answers, in input order, for many rows.
    @Test func parallelMatchesSerialInOrder() throws {
        let texts = (0..<200).map { SeedExamples.feedTexts[$0 % 12] + String(repeating: "字", count: $0 % 37) }
        let rows = RowHeights(template: try feed(), cache: nil)
        let parallel = try rows.heights(for: texts, width: 375)
        let serial = try texts.map { try rows.height(for: $0, width: 375) }
        #expect(parallel == serial)
        #expect(try rows.heights(for: [] as [String], width: 375).isEmpty)
        #expect(try rows.heights(for: [texts[3]], width: 375) == [serial[3]])
    }

    /// An empty row is its insets (+ the separator); the separator is one pixel, by default; a
    /// single-line template ignores the text's length.
    @Test func insetsSeparatorAndSingleLine() throws {
        let font = try Fixtures.font(15)
        #expect(try RowHeights(template: feed(), cache: nil).height(for: "", width: 375) == 20 + 1)
        let separated = RowTemplate(font: font, insets: SeedExamples.feedInsets, scale: 2)
        #expect(separated.includesSeparator)
        #expect(
            try RowHeights(template: separated, cache: nil).height(for: SeedExamples.feedTexts[4], width: 375)
                == 20.5 + 20 + 0.5)  // ceilPx(20.43, 2) + insets + 1/2
        let bare = RowTemplate(font: font, insets: SeedExamples.feedInsets, scale: 2, includesSeparator: false)
        #expect(try RowHeights(template: bare, cache: nil).height(for: SeedExamples.feedTexts[4], width: 375) == 20.5 + 20)
        let single = RowTemplate(font: font, insets: EdgeInsets(top: 4, left: 16, bottom: 6, right: 16), numberOfLines: 1)
        #expect(
            try RowHeights(template: single, cache: nil).height(for: SeedExamples.feedTexts[2], width: 320) == 21 + 10 + 1)
        let capped = RowTemplate(font: font, insets: SeedExamples.feedInsets, numberOfLines: 2)
        #expect(
            try RowHeights(template: capped, cache: nil).height(for: SeedExamples.feedTexts[2], width: 375) == 41 + 20 + 1)
    }

    /// Bad values get typed errors.
    @Test func invalidInput() throws {
        let rows = RowHeights(template: try feed())
        #expect(throws: LayoutError.rowTooNarrow(width: 20, insets: SeedExamples.feedInsets)) {
            try rows.heights(for: ["a"], width: 20)
        }
        #expect(throws: MeasureError.self) { try rows.height(for: "a", width: .nan) }
        #expect(throws: MeasureError.invalidWidth(-1)) { try rows.height(for: "a", width: -1) }
        let negative = RowTemplate(font: try Fixtures.font(15), insets: EdgeInsets(top: -1))
        #expect(throws: LayoutError.invalidInsets(EdgeInsets(top: -1))) {
            try RowHeights(template: negative).height(for: "a", width: 100)
        }
        var badLines = try feed()
        badLines.numberOfLines = -3
        #expect(throws: MeasureError.invalidNumberOfLines(-3)) {
            try RowHeights(template: badLines).heights(for: ["a", "b"], width: 100)
        }
        // An infinite width is unbounded: one line per row.
        #expect(try rows.height(for: SeedExamples.feedTexts[2], width: .infinity) == 41 + 1)
    }
}
