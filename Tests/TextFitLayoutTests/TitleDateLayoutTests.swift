import Foundation
import Testing
import TextFitLayout

/// The "title + date" layout (uikit-semantics.md §5.1) with the bundled Noto Sans 17 pt, spacing 8.
/// "Date" is 37.67 pt wide, so D = 38; "Title Short" is 81.65 pt.
@Suite struct TitleDateLayoutTests {
    let spacing: CGFloat = 8

    func layout(
        _ title: String, _ date: String = "Date", width: CGFloat, maxTitleLines: Int = 2,
        scale: CGFloat = 1, dateSize: CGFloat = 17
    ) throws -> TitleDateLayout {
        try TitleDateLayout(
            title: title, date: date, titleFont: Fixtures.font(), dateFont: Fixtures.font(dateSize),
            width: width, spacing: spacing, maxTitleLines: maxTitleLines, scale: scale)
    }

    /// Invariants every layout keeps: the date sits after the text of its line (or at 0 on a new line),
    /// inside the width whenever "…" + gap + date fit, and the size covers both frames.
    func checkInvariants(_ result: TitleDateLayout, width: CGFloat) {
        let date = result.dateFrame
        if result.layoutCase == .dateOnNextLine {
            #expect(date.minX == 0)
            #expect(result.dateLineIndex == result.titleLines.count)
        } else if let line = result.titleLines.last {
            #expect(result.dateLineIndex == result.titleLines.count - 1)
            #expect(date.minX >= line.width + spacing)
            #expect(date.minX - (line.width + spacing) < 1)  // pixel-aligned right after it
        }
        #expect(date.maxX <= width)
        #expect(result.titleFrame.maxX <= width)
        #expect(result.size.width >= max(result.titleFrame.maxX, date.maxX))
        #expect(result.size.height >= max(result.titleFrame.maxY, date.maxY))
        #expect(result.titleLines.count <= 2)
        #expect(result.titleLines.dropLast().allSatisfy { !$0.isTruncated })
        #expect((result.layoutCase == .lastLineTruncated) == (result.titleLines.last?.text.hasSuffix("…") ?? false))
    }

    // MARK: - The four cases, each with a seed title at a width where it applies

    /// Case 1: one line, the date right after it: x = ceil(81.65 + 8) = 90.
    @Test func case1DateAfterTitle() throws {
        let result = try layout(SeedExamples.titleDate[0].title, width: 320)
        #expect(result.layoutCase == .dateAfterTitle)
        #expect(result.titleLines.map(\.text) == ["Title Short"])
        #expect(result.titleFrame == CGRect(x: 0, y: 0, width: 82, height: 24))
        #expect(result.dateFrame == CGRect(x: 90, y: 0, width: 38, height: 24))
        #expect(result.size == CGSize(width: 128, height: 24))
        checkInvariants(result, width: 320)
    }

    /// Case 2: the title (382.02 pt) fits one line at 400 but the date does not: the date goes alone to
    /// line 2 at x = 0, y = round(23.154) = 23.
    @Test func case2DateOnNextLine() throws {
        let title = SeedExamples.titleDate[1].title
        let result = try layout(title, width: 400)
        #expect(result.layoutCase == .dateOnNextLine)
        #expect(result.titleLines.map(\.text) == [title])
        #expect(result.titleFrame == CGRect(x: 0, y: 0, width: 383, height: 24))
        #expect(result.dateFrame == CGRect(x: 0, y: 23, width: 38, height: 24))
        #expect(result.size == CGSize(width: 383, height: 47))  // two lines: ceil(2 × 23.154)
        checkInvariants(result, width: 400)
    }

    /// Case 3: two lines, nothing hidden, the date after line 2 (165.57 pt): x = ceil(173.57) = 174.
    @Test func case3DateAfterLastLine() throws {
        let result = try layout(SeedExamples.titleDate[2].title, width: 375)
        #expect(result.layoutCase == .dateAfterLastLine)
        #expect(
            result.titleLines.map(\.text) == [
                "Title Verrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr ", "rrrrrrrrrrrrrrrry Long",
            ])
        #expect(!result.isTitleTruncated)
        #expect(result.titleFrame == CGRect(x: 0, y: 0, width: 374, height: 47))
        #expect(result.dateFrame == CGRect(x: 174, y: 23, width: 38, height: 24))
        #expect(result.size == CGSize(width: 374, height: 47))
        checkInvariants(result, width: 375)
    }

    /// Case 4: line 2 is laid out at most 320 − 8 − 38 = 274 pt wide and tail-truncated; the date follows.
    @Test func case4LastLineTruncated() throws {
        let result = try layout(SeedExamples.titleDate[3].title, width: 320)
        #expect(result.layoutCase == .lastLineTruncated)
        #expect(result.isTitleTruncated)
        #expect(result.titleLines.count == 2)
        #expect(result.titleLines[0].text == "Title ")
        let line2 = result.titleLines[1]
        #expect(line2.text.hasPrefix("Terrr") && line2.text.hasSuffix("…") && line2.ellipsis == .tail)
        #expect(line2.width <= 274)
        #expect(line2.width + (try Fixtures.width("r", Fixtures.font())) > 274)  // one more letter would not fit
        #expect(result.dateFrame == CGRect(x: Fixtures.ceilPx(line2.width + 8), y: 23, width: 38, height: 24))
        checkInvariants(result, width: 320)
    }

    /// The seed titles at the widths of the closing note. Noto Sans is wider than SF Pro, so at 200–320 pt
    /// the three long titles all need two lines and truncation.
    @Test(arguments: [CGFloat(200), 260, 320])
    func seedCasesAtPhoneWidths(_ width: CGFloat) throws {
        let cases = try SeedExamples.titleDate.map { try layout($0.title, $0.date, width: width) }
        #expect(cases.map(\.layoutCase.rawValue) == [1, 4, 4, 4])
        for result in cases { checkInvariants(result, width: width) }
        #expect(cases[0].dateFrame == CGRect(x: 90, y: 0, width: 38, height: 24))
    }

    /// W6 interplay: at 375 the label's push-out moves "Ratherrr…r" down to keep "Long" company, so the
    /// date no longer fits after line 2; the narrower re-layout keeps the word up and cuts nothing, which
    /// is reported as case 3.
    @Test func pushOutUndoneByTheNarrowerLastLine() throws {
        let result = try layout(SeedExamples.titleDate[1].title, width: 375)
        #expect(result.layoutCase == .dateAfterLastLine)
        #expect(result.titleLines.map(\.text) == ["Title Ratherrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr ", "Long"])
        #expect(!result.isTitleTruncated)
        #expect(result.dateFrame.minX == Fixtures.ceilPx(result.titleLines[1].width + 8))
        checkInvariants(result, width: 375)
    }

    // MARK: - Boundaries

    /// The date fits exactly: W = ceil(81.65 + 8) + 38 = 128 gives case 1 with the date ending at W; one
    /// pixel less sends the date to line 2 (the title still fits one line).
    @Test(arguments: [CGFloat(1), 2, 3])
    func dateFitsExactly(_ scale: CGFloat) throws {
        let font = try Fixtures.font()
        let titleWidth = try Fixtures.width("Title Short", font)
        let dateWidth = Fixtures.ceilPx(try Fixtures.width("Date", font), scale)
        let exact = Fixtures.ceilPx(titleWidth + 8, scale) + dateWidth
        let fits = try layout("Title Short", width: exact, scale: scale)
        #expect(fits.layoutCase == .dateAfterTitle)
        #expect(fits.dateFrame.maxX == exact)
        let tight = try layout("Title Short", width: exact - 1 / scale, scale: scale)
        #expect(tight.layoutCase == .dateOnNextLine)
        #expect(tight.titleLines.count == 1)
        #expect(tight.dateFrame.origin == CGPoint(x: 0, y: (Fixtures.lineHeight17 * scale).rounded() / scale))
        if scale == 1 { #expect(exact == 128) }
    }

    /// A title that fills line 1 exactly stays on one line (the date then goes to line 2); 1/1024 pt
    /// less and it wraps, leaving room for the date after "Short".
    @Test func titleFillsLineOneExactly() throws {
        let width = try Fixtures.width("Title Short", Fixtures.font())
        let full = try layout("Title Short", width: width)
        #expect(full.layoutCase == .dateOnNextLine)
        #expect(full.titleLines.map(\.text) == ["Title Short"])
        #expect(full.titleFrame.width == 82)
        let wrapped = try layout("Title Short", width: width - 1.0 / 1024)
        #expect(wrapped.titleLines.first?.text == "Title ")
        // "Title " / "Short", but "Short" + 8 + 38 > 81.6: line 2 is cut to floor(81.6 − 38) − 8 = 35 pt.
        #expect(wrapped.layoutCase == .lastLineTruncated)
        #expect(wrapped.titleLines.last?.text == "Sh…")
        checkInvariants(wrapped, width: width)
    }

    /// A single long word breaks between clusters (W2) and is truncated on line 2 when needed; wide
    /// enough, it sits on one line with the date after it.
    @Test func singleLongWord() throws {
        let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
        let font = try Fixtures.font()
        let wordWidth = try Fixtures.width(word, font)
        let narrow = try layout(word, width: 200)
        #expect(narrow.layoutCase == .lastLineTruncated)
        #expect(narrow.titleLines.count == 2)
        #expect(word.hasPrefix(narrow.titleLines[0].text))  // an emergency break: no "…" on line 1
        #expect(narrow.titleLines[1].text.hasSuffix("…"))
        checkInvariants(narrow, width: 200)
        let medium = try layout(word, width: 250)  // two lines, the rest fits before the date
        #expect(medium.layoutCase == .dateAfterLastLine)
        #expect(medium.titleLines.map(\.text).joined() == word)
        checkInvariants(medium, width: 250)
        let wide = try layout(word, width: Fixtures.ceilPx(wordWidth + 8) + 38)
        #expect(wide.layoutCase == .dateAfterTitle)
    }

    /// CJK titles: ideographs advance 1 em (17 pt) and break anywhere except before "，"/"：" (W5); the
    /// line height stays Noto Sans's (F6).
    @Test func cjkTitles() throws {
        let title = SeedExamples.feedTexts[0]  // 31 ideographs and punctuation, 527 pt in one line
        #expect(try Fixtures.width(title, Fixtures.font()) == CGFloat(31 * 17))
        let three = try layout(title, "6月29日", width: 320)
        // 18 per line (306 pt), 13 left (221 pt); the date fits after them.
        #expect(three.layoutCase == .dateAfterLastLine)
        #expect(three.titleLines.map(\.width) == [CGFloat(18 * 17), CGFloat(13 * 17)])
        #expect(three.titleFrame.height == 47)
        checkInvariants(three, width: 320)
        let four = try layout(title, "6月29日", width: 260)  // 14 per line: needs 3 lines, cut at 2
        #expect(four.layoutCase == .lastLineTruncated)
        #expect(four.titleLines[0].width == CGFloat(14 * 17))  // 15 would start line 2 with "，" (W5)
        #expect(four.titleLines[1].text.hasSuffix("…"))
        checkInvariants(four, width: 260)
        let one = try layout("北京欢迎您", "6月29日", width: 320)
        #expect(one.layoutCase == .dateAfterTitle)
        #expect(one.dateFrame.minX == CGFloat(5 * 17 + 8))
    }

    /// An empty title puts the date at the start of line 1; an empty date has no size and no gap.
    @Test func emptyTitleAndEmptyDate() throws {
        let noTitle = try layout("", width: 200)
        #expect(noTitle.layoutCase == .dateAfterTitle)
        #expect(noTitle.titleLines.isEmpty && noTitle.titleFrame == .zero)
        #expect(noTitle.dateFrame == CGRect(x: 0, y: 0, width: 38, height: 24))
        #expect(noTitle.size == CGSize(width: 38, height: 24))

        let noDate = try layout("Title Short", "", width: 82)  // the title fills the width: no gap needed
        #expect(noDate.layoutCase == .dateAfterTitle)
        #expect(noDate.dateFrame == CGRect(x: 82, y: 0, width: 0, height: 0))
        #expect(noDate.size == CGSize(width: 82, height: 24))

        let cut = try layout(SeedExamples.titleDate[3].title, "", width: 200)  // truncated at the full width
        #expect(cut.layoutCase == .lastLineTruncated)
        let label = try PreparedText(SeedExamples.titleDate[3].title, font: Fixtures.font())
            .layout(width: 200, numberOfLines: 2, lineBreakMode: .byTruncatingTail, lineBreakStrategy: .standard)
        #expect(cut.titleLines == label.lines)

        let nothing = try layout("", "", width: 200)
        #expect(nothing.size == .zero && nothing.layoutCase == .dateAfterTitle)
    }

    /// Baselines align when the date's font differs; a taller date pushes the block down, not out.
    @Test func dateInAnotherSize() throws {
        let big = try layout("Title Short", width: 320, dateSize: 24)
        let titleBaseline = big.titleFrame.minY + (try Fixtures.font()).ascender
        let dateBaseline = big.dateFrame.minY + (try Fixtures.font(24)).ascender
        #expect(abs(titleBaseline - dateBaseline) <= 0.5)
        #expect(big.dateFrame.minY == 0 && big.titleFrame.minY == 7)  // round(25.656 − 18.173) = 7
        let small = try layout("Title Short", width: 320, dateSize: 12)
        #expect(small.titleFrame.minY == 0)
        #expect(abs(small.titleFrame.minY + 18.173 - (small.dateFrame.minY + (try Fixtures.font(12)).ascender)) <= 0.5)
    }

    /// Other line limits: with 3 lines a two-line title leaves a line for the date (case 2); with 1 the
    /// only line is truncated (case 4); with 0 nothing is ever truncated.
    @Test func otherLineLimits() throws {
        let title = SeedExamples.titleDate[3].title
        let oneLine = try layout("Title Short", width: 100, maxTitleLines: 1)
        #expect(oneLine.layoutCase == .lastLineTruncated && oneLine.titleLines.count == 1)
        checkInvariants(oneLine, width: 100)
        let free = try layout("Title Verrrrrrrrrrrrrrrrrrrrrrrrr Long", width: 250, maxTitleLines: 3)
        #expect(free.titleLines.map(\.text) == ["Title ", "Verrrrrrrrrrrrrrrrrrrrrrrrr Long"])  // 239.5 pt
        #expect(free.layoutCase == .dateOnNextLine && free.dateLineIndex == 2)
        #expect(free.dateFrame == CGRect(x: 0, y: 46, width: 38, height: 24))  // round(2 × 23.154)
        let unlimited = try layout(title, width: 200, maxTitleLines: 0)
        #expect(!unlimited.isTitleTruncated && unlimited.titleLines.count > 2)
        #expect(unlimited.layoutCase != .lastLineTruncated)
    }

    /// Too narrow for "…" + gap + date (13.45 + 8 + 38 > 40) but not for the date alone: the date goes
    /// below the title, which is laid out as the label alone; nothing passes the width.
    @Test func narrowerThanEllipsisGapAndDate() throws {
        let result = try layout("Title Short", width: 40)
        #expect(result.layoutCase == .dateOnNextLine)
        #expect(result.titleLines.map(\.text) == ["Title ", "Sh…"])  // "Short" alone is wider than 40
        #expect(result.dateLineIndex == 2)
        #expect(result.dateFrame == CGRect(x: 0, y: 46, width: 38, height: 24))  // round(2 × 23.154)
        #expect(result.titleFrame.maxX <= 40 && result.size.width <= 40)
    }

    /// The prepared-text initializer gives the same layout as the string one.
    @Test func preparedInitializerMatches() throws {
        let font = try Fixtures.font()
        let title = PreparedText(SeedExamples.titleDate[3].title, font: font)
        let date = PreparedText("Date", font: font)
        for width: CGFloat in [150, 200, 260, 320, 375, 500] {
            #expect(
                try TitleDateLayout(title: title, date: date, width: width, spacing: 8)
                    == (try layout(SeedExamples.titleDate[3].title, width: width)))
        }
    }

    /// Bad values get typed errors.
    @Test func invalidInput() throws {
        let font = try Fixtures.font()
        #expect(throws: LayoutError.invalidSpacing(-1)) {
            try TitleDateLayout(title: "a", date: "b", titleFont: font, dateFont: font, width: 100, spacing: -1)
        }
        #expect(throws: MeasureError.invalidWidth(-5)) {
            try TitleDateLayout(title: "a", date: "b", titleFont: font, dateFont: font, width: -5)
        }
        #expect(throws: MeasureError.invalidNumberOfLines(-1)) {
            try TitleDateLayout(title: "a", date: "b", titleFont: font, dateFont: font, width: 100, maxTitleLines: -1)
        }
        #expect(throws: MeasureError.invalidScale(0)) {
            try TitleDateLayout(title: "a", date: "b", titleFont: font, dateFont: font, width: 100, scale: 0)
        }
    }
}
