import Foundation
import Testing
import TextFit
import TextFitLayout

/// Rows of styled text (`Row(attributedText:)`, as `textLabel?.attributedText`): heights from the runs'
/// line boxes (S6) through the row template (C2), and a cache that keys by the runs (C5, C6).
///
/// Worked numbers from the bundled Noto Sans hhea table (ascender 1069, descender −293, no line gap, per
/// 1000 units; Bold has the same): a line in size s is 1.362 s tall, ascent 1.069 s, descent 0.293 s.
/// 15 pt: 20.43; 17 pt: 23.154; 22 pt: 29.964; 30 pt: 40.86.
@Suite struct RowStyledTextTests {
    static func font(_ size: CGFloat, bold: Bool = false) throws -> Font {
        try Font(family: "Noto Sans", size: size, weight: bold ? .bold : .regular)
    }

    /// "Headline" in 30 pt bold, a line break, then "body" in the text's 15 pt.
    static func headline(boldBody: Bool = false) throws -> StyledText {
        var styled = try StyledText("Headline\n", attributes: TextAttributes(font: font(30, bold: true)), font: font(15))
        if boldBody {
            try styled.append("body", attributes: TextAttributes(font: font(30, bold: true)))
        } else {
            styled.append("body")
        }
        return styled
    }

    static func feed(scale: CGFloat = 1) throws -> RowTemplate {
        // No separator: the worked heights below are the label's line boxes plus the insets (S6, C2).
        RowTemplate(
            font: try font(15), insets: EdgeInsets(all: 10), numberOfLines: 0, scale: scale, includesSeparator: false)
    }

    /// S6 + C2: line 1 is the 30 pt run's box (40.86), line 2 the 15 pt one's (20.43): the label is
    /// ceil(61.29) = 62 and the row 62 + 20 = 82; at 2x ceil(122.58) / 2 = 61.5 and 81.5. The same string
    /// plain is two 15 pt lines, ceil(40.86) + 20 = 61.
    @Test func heightStacksTheRunsLineBoxes() throws {
        let styled = try Self.headline()
        #expect(try RowHeights(template: Self.feed(), cache: nil).height(for: Row(attributedText: styled), width: 375) == 82)
        #expect(
            try RowHeights(template: Self.feed(scale: 2), cache: nil).height(for: Row(attributedText: styled), width: 375)
                == 81.5)
        #expect(try RowHeights(template: Self.feed(), cache: nil).height(for: styled.string, width: 375) == 61)
        // Both lines at 30 pt: ceil(81.72) + 20 = 102.
        #expect(
            try RowHeights(template: Self.feed(), cache: nil).height(
                for: Row(attributedText: Self.headline(boldBody: true)), width: 375) == 102)
    }

    /// Ranges without a font take the template's (as a label's `font`): at 17 pt line 2 is 23.154,
    /// so ceil(40.86 + 23.154) + 20 = 85.
    @Test func unstyledRangesTakeTheTemplatesFont() throws {
        var template = try Self.feed()
        template.style = TextStyle(font: try Self.font(17), lineBreakMode: .byTruncatingTail)
        #expect(
            try RowHeights(template: template, cache: nil).height(for: Row(attributedText: Self.headline()), width: 375)
                == 85)
    }

    /// C5/C6: two rows with one string and different runs are two keys; each measures once, then hits;
    /// the plain row of that string is a third. Were the runs left out of the key, the second would hit
    /// the first's height (82, not 102).
    @Test func cacheKeysIncludeTheRuns() throws {
        let cache = RowHeightCache()
        let rows = RowHeights(template: try Self.feed(), cache: cache)
        let one = Row(attributedText: try Self.headline())
        let other = Row(attributedText: try Self.headline(boldBody: true))
        #expect(one.text == other.text)
        #expect(try rows.heights(for: [one, other, Row(text: one.text)], width: 375) == [82, 102, 61])
        #expect(cache.statistics == RowHeightCache.Statistics(hits: 0, misses: 3, evictions: 0, count: 3))
        #expect(try rows.heights(for: [other, one], width: 375) == [102, 82])
        #expect(cache.statistics.hits == 2 && cache.statistics.misses == 3)
        cache.invalidate(one)
        #expect(cache.count == 2)
        #expect(try rows.height(for: other, width: 375) == 102)
        #expect(cache.statistics.hits == 3)
    }

    /// Setting `text` drops the attributes (a label's rule); setting `attributedText` sets `text`.
    @Test func textAndAttributedTextStayTogether() throws {
        var row = Row(attributedText: try Self.headline())
        #expect(row.text == "Headline\nbody")
        row.text = "Other"
        #expect(row.attributedText == nil)
        row.attributedText = try Self.headline()
        #expect(row.text == "Headline\nbody")
        row.detailAttributedText = try StyledText("note", font: Self.font(15))
        #expect(row.detail == "note")
        row.detail = nil
        #expect(row.detailAttributedText == nil)
    }

    /// C3 (frame mode) with styled labels: 11 + title ceil(40.86) = 41 + 8 + detail ceil(29.964) = 30 + 11
    /// = 101; the same strings plain (17 pt title, 15 pt detail): 11 + 24 + 8 + 21 + 11 = 75.
    @Test func cellRowsMeasureStyledTitleAndDetail() throws {
        let template = CellTemplate(titleFont: try Self.font(17), detailFont: try Self.font(15), includesSeparator: false)
        let rows = RowHeights(cell: template, cache: nil)
        let title = try StyledText("Ada", attributes: TextAttributes(font: Self.font(30, bold: true)), font: Self.font(17))
        let detail = try StyledText("note", attributes: TextAttributes(font: Self.font(22)), font: Self.font(15))
        #expect(try rows.height(for: Row(attributedText: title, detailAttributedText: detail), width: 375) == 101)
        #expect(try rows.height(for: Row(text: "Ada", detail: "note"), width: 375) == 75)
        // A styled title with a plain detail: 11 + 41 + 8 + 21 + 11 = 92.
        #expect(try rows.height(for: Row(attributedText: title, detail: "note"), width: 375) == 92)
    }

    /// P4 through the template: two 15 pt lines 4 pt apart (lineSpacing between lines, L6) make the label
    /// ceil(20.43 + 4 + 20.43) = 45 and the row 65; the default style measures as before (61).
    @Test func templateParagraphStyleSpacesLines() throws {
        var template = try Self.feed()
        #expect(try RowHeights(template: template, cache: nil).height(for: "Headline\nbody", width: 375) == 61)
        template.paragraphStyle.lineSpacing = 4
        #expect(try RowHeights(template: template, cache: nil).height(for: "Headline\nbody", width: 375) == 65)
        // With the styled headline: ceil(40.86 + 4 + 20.43) + 20 = 86.
        #expect(
            try RowHeights(template: template, cache: nil).height(for: Row(attributedText: Self.headline()), width: 375)
                == 86)
        template.paragraphStyle.lineSpacing = -1
        #expect(throws: ParagraphStyleError.self) {
            try RowHeights(template: template, cache: nil).height(for: "x", width: 375)
        }
    }

    /// A run edge inside a surrogate pair is refused with the styled-text error, not measured.
    @Test func badRunsAreTypedErrors() throws {
        var styled = try StyledText("a😀b", font: Self.font(15))
        try styled.setAttributes(TextAttributes(font: Self.font(30)), range: 2..<4)
        #expect(throws: StyledTextError.rangeSplitsCluster(field: "range", offset: 2)) {
            try RowHeights(template: Self.feed()).height(for: Row(attributedText: styled), width: 375)
        }
    }
}
