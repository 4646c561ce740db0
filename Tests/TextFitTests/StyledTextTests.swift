import Foundation
import Testing
@testable import TextFit

/// Styled text (rules S1–S6 in uikit-semantics.md): worked examples whose answer is a sum of plain
/// measurements, and properties against plain text.
@Suite struct StyledTextTests {
    static func bold(_ size: CGFloat = 17) throws -> Font { try Font(family: "Noto Sans", size: size, weight: .bold) }

    /// The one-line width of `text` in `font`, hanging whitespace included, in 1/1024 pt.
    static func plainWidth(_ text: String, _ font: Font) -> Int {
        PreparedText(text, font: font).oneLineWidthWithWhitespace
    }

    /// A text of one run is plain text: the same widths, lines, heights and baselines at every width.
    @Test func oneRunIsPlainText() throws {
        let font = try Fixtures.font()
        for text in Fixtures.samples {
            let plain = PreparedText(text, font: font)
            let styled = try PreparedText(styled: StyledText(text, font: font))
            #expect(Array(styled.prefix) == Array(plain.prefix))
            for width in [nil, 40, 90, 160, 320] as [CGFloat?] {
                let a = try plain.layout(width: width)
                let b = try styled.layout(width: width)
                #expect(a == b, "\(text) at \(String(describing: width))")
                #expect(a.size == b.size)
                #expect(a.lines.map(\.rect) == b.lines.map(\.rect))
                #expect(a.lines.map(\.baseline) == b.lines.map(\.baseline))
                #expect(try plain.measure(width: width) == styled.measure(width: width))
            }
        }
    }

    /// S2: a bold span is exactly the bold word's width between the regular pieces, each shaped apart.
    @Test func boldSpanIsTheSumOfItsPieces() throws {
        let regular = try Fixtures.font()
        let bold = try Self.bold()
        var styled = try StyledText("Hello ", font: regular)
        try styled.append("world", attributes: TextAttributes(font: bold))
        styled.append(" again")
        let prepared = try PreparedText(styled: styled)
        let expected =
            Self.plainWidth("Hello ", regular) + Self.plainWidth("world", bold) + Self.plainWidth(" again", regular)
        #expect(prepared.oneLineWidthWithWhitespace == expected)
        #expect(expected != Self.plainWidth("Hello world again", regular))
        // S6: the tallest ascent and deepest descent of the two faces.
        let box = max(regular.ascender, bold.ascender) + max(-regular.descender, -bold.descender)
        #expect(abs(try prepared.layout().lines[0].rect.height - box) < 1e-9)
    }

    /// S2: a style change inside a word cuts its shaping (no kerning across: "AV" apart is "A" + "V"),
    /// S1: but never adds a break opportunity.
    @Test func styleChangeInsideAWordShapesApartButDoesNotBreak() throws {
        let regular = try Fixtures.font(40)
        var styled = try StyledText("AV", font: regular)
        try styled.setAttributes(TextAttributes(foregroundColor: TextColor(red: 1, green: 0, blue: 0)), range: 1..<2)
        let prepared = try PreparedText(styled: styled)
        #expect(prepared.oneLineWidthWithWhitespace == Self.plainWidth("A", regular) + Self.plainWidth("V", regular))
        #expect(Self.plainWidth("AV", regular) < Self.plainWidth("A", regular) + Self.plainWidth("V", regular))

        var word = try StyledText("Hello world", font: try Fixtures.font())
        try word.setAttributes(TextAttributes(font: try Self.bold()), range: 6..<9)
        let text = try PreparedText(styled: word)
        #expect(text.breaks.map(Int.init) == PreparedText("Hello world", font: try Fixtures.font()).breaks.map(Int.init))
        let helloWo = Units.points(text.width(0, 8))
        #expect(try text.layout(width: helloWo + 1).lines.map(\.text) == ["Hello ", "world"])
    }

    /// S3: kern adds after every cluster, the line's last included: n clusters × kern.
    @Test func kernAddsAfterEachCluster() throws {
        let font = try Fixtures.font()
        let text = "Hello wörld"  // 11 clusters
        let styled = try StyledText(text, attributes: TextAttributes(kern: 2), font: font)
        let prepared = try PreparedText(styled: styled)
        #expect(prepared.oneLineWidthWithWhitespace == Self.plainWidth(text, font) + 11 * 2 * Units.perPoint)
        let decomposed = try PreparedText(
            styled: StyledText("wo\u{308}rld", attributes: TextAttributes(kern: 1.5), font: font))
        #expect(decomposed.oneLineWidthWithWhitespace == Self.plainWidth("wo\u{308}rld", font) + 5 * 1536)
        // The kerned line wraps where its kerned width no longer fits.
        let layout = try prepared.layout(width: Units.points(prepared.oneLineWidth) - 0.5)
        #expect(layout.lines.map(\.text) == ["Hello ", "wörld"])
        #expect(layout.lines[1].width == Units.points(Self.plainWidth("wörld", font) + 5 * 2 * Units.perPoint))
    }

    /// S6: a bigger span makes its line as tall as its font; other lines keep theirs.
    @Test func sizeSpanSetsItsLineHeight() throws {
        let small = try Fixtures.font(12)
        let big = try Fixtures.font(30)
        var styled = try StyledText("small words here ", font: small)
        try styled.append("BIG", attributes: TextAttributes(font: big))
        let prepared = try PreparedText(styled: styled)
        let one = try prepared.layout()
        #expect(abs(one.lines[0].rect.height - big.lineHeight) < 1e-9)
        #expect(abs(one.lines[0].baseline - big.ascender) < 1e-9)
        // Wrapped: "BIG" alone on line 1.
        let wrapped = try prepared.layout(width: Units.points(Self.plainWidth("small words here ", small)))
        #expect(wrapped.lines.map(\.text) == ["small words here ", "BIG"])
        #expect(wrapped.lines[0].rect.height == small.lineHeight)
        #expect(wrapped.lines[1].rect.minY == small.lineHeight)
        #expect(abs(wrapped.lines[1].baseline - (small.lineHeight + big.ascender)) < 1e-9)
        #expect(abs(wrapped.size.height - (small.lineHeight + big.lineHeight)) < 1e-9)
        #expect(try prepared.measure(width: wrapped.size.width).size == wrapped.size)
    }

    /// S4: a raised span grows the line's ascent by its offset, a lowered one its descent.
    @Test func baselineOffsetGrowsTheLineBox() throws {
        let font = try Fixtures.font()
        var raised = try StyledText("x", font: font)
        try raised.append("2", attributes: TextAttributes(baselineOffset: 5))
        let up = try PreparedText(styled: raised).layout().lines[0]
        #expect(abs(up.rect.height - (font.lineHeight + 5)) < 1e-9)
        #expect(abs(up.baseline - (font.ascender + 5)) < 1e-9)
        var lowered = try StyledText("x", font: font)
        try lowered.append("2", attributes: TextAttributes(baselineOffset: -4))
        let down = try PreparedText(styled: lowered).layout().lines[0]
        #expect(abs(down.rect.height - (font.lineHeight + 4)) < 1e-9)
        #expect(abs(down.baseline - font.ascender) < 1e-9)
        // Widths do not change.
        #expect(try PreparedText(styled: lowered).oneLineWidth == Self.plainWidth("x", font) + Self.plainWidth("2", font))
    }

    /// S5: an attachment advances by its width, breaks like an ideograph and counts in the line height.
    @Test func attachmentIsAnInlineBox() throws {
        let font = try Fixtures.font()
        var styled = try StyledText("Tap", font: font)
        try styled.append(TextAttachment(width: 30, height: 40, baselineOffset: -5))
        styled.append("here")
        let prepared = try PreparedText(styled: styled)
        #expect(prepared.oneLineWidth == Self.plainWidth("Tap", font) + 30 * Units.perPoint + Self.plainWidth("here", font))
        let line = try prepared.layout().lines[0]
        #expect(abs(line.baseline - 35) < 1e-9)  // 40 − 5 above the baseline, taller than the font's ascender
        #expect(abs(line.rect.height - (35 + max(5, -font.descender))) < 1e-9)
        // U+FFFC breaks on both sides (line-break class CB).
        let narrow = try prepared.layout(width: Units.points(Self.plainWidth("Tap", font)) + 10)
        #expect(narrow.lines.map(\.text) == ["Tap", "\u{FFFC}", "here"])
    }

    /// Overlapping ranges: the later wins, and equal neighbours merge.
    @Test func laterRangeWins() throws {
        let font = try Fixtures.font()
        var styled = try StyledText("abcdefgh", font: font)
        try styled.setAttributes(TextAttributes(kern: 1), range: 1..<6)
        try styled.setAttributes(TextAttributes(kern: 2), range: 4..<8)
        try styled.setAttributes(TextAttributes(), range: 0..<2)
        #expect(styled.runs.map(\.range) == [0..<2, 2..<4, 4..<8])
        #expect(styled.runs.map(\.attributes.kern) == [nil, 1, 2])
        try styled.setAttributes(TextAttributes(), range: 0..<8)
        #expect(styled.runs.count == 1)
    }

    /// Bad input is a typed error naming the field, never a crash or a silent default.
    @Test func badInputIsRefused() throws {
        let font = try Fixtures.font()
        var styled = try StyledText("a😀e\u{301}b", font: font)
        #expect(throws: StyledTextError.rangeOutOfBounds(start: 2, end: 9, utf16Count: 6)) {
            try styled.setAttributes(TextAttributes(kern: 1), range: 2..<9)
        }
        for bad in [CGFloat.nan, .infinity, -.infinity, 1e6] {
            #expect(throws: StyledTextError.self) { try styled.setAttributes(TextAttributes(kern: bad), range: 0..<1) }
            #expect(throws: StyledTextError.self) {
                try styled.setAttributes(TextAttributes(baselineOffset: bad), range: 0..<1)
            }
        }
        #expect(
            throws: StyledTextError.invalidValue(
                field: "attachment.width", value: -1,
                limit: "a number of points >= 0 and < 100000")
        ) {
            try styled.append(TextAttachment(width: -1, height: 10))
        }
        #expect(throws: FontError.self) { try Font(family: "Noto Sans", size: 0) }
        var insidePair = styled
        try insidePair.setAttributes(TextAttributes(kern: 1), range: 0..<2)  // ends inside 😀's surrogate pair
        #expect(throws: StyledTextError.rangeSplitsCluster(field: "range", offset: 2)) {
            try PreparedText(styled: insidePair)
        }
        var insideCluster = styled
        try insideCluster.setAttributes(TextAttributes(kern: 1), range: 4..<6)  // starts between e and its accent
        #expect(throws: StyledTextError.rangeSplitsCluster(field: "range", offset: 4)) {
            try PreparedText(styled: insideCluster)
        }
        var fine = styled
        try fine.setAttributes(TextAttributes(kern: 1), range: 1..<3)
        #expect(try PreparedText(styled: fine).oneLineWidth > 0)
    }

    /// Properties over random runs: lines tile the text, fit their width unless one cluster is wider,
    /// `measure` agrees with `layout`, and the height is the lines' boxes stacked.
    @Test func randomRunsTileAndFit() throws {
        var generator = Fixtures.Generator(state: 16)
        let fonts = [try Fixtures.font(), try Self.bold(), try Fixtures.font(11), try Fixtures.font(26)]
        for _ in 0..<60 {
            let text = Fixtures.randomText(&generator)
            var styled = try StyledText(text, font: fonts[0])
            let count = text.utf16.count
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let a = Int.random(in: 0...count, using: &generator)
                let b = Int.random(in: a...count, using: &generator)
                let attributes = TextAttributes(
                    font: fonts.randomElement(using: &generator),
                    kern: [nil, 0.5, -0.3].randomElement(using: &generator)!,
                    baselineOffset: [nil, 3].randomElement(using: &generator)!)
                try styled.setAttributes(attributes, range: a..<b)
            }
            guard let prepared = try? PreparedText(styled: styled) else { continue }  // a range inside a cluster
            for width in [30, 80, 150, 400] as [CGFloat] {
                let layout = try prepared.layout(width: width)
                var position = 0
                var top: CGFloat = 0
                for line in layout.lines {
                    #expect(line.range.lowerBound >= position)
                    // Between lines only a paragraph separator is skipped.
                    #expect(line.range.lowerBound - position <= 2)
                    position = line.range.upperBound
                    #expect(abs(line.rect.minY - top) < 1e-6)
                    top += line.rect.height
                    let clusters = prepared.graphemes.filter {
                        Int($0) > line.range.lowerBound && Int($0) < line.range.upperBound
                    }
                    if !clusters.isEmpty { #expect(line.width <= width + 1e-9) }
                }
                #expect(position == count || count - position <= 2)
                #expect(abs(layout.size.height - top) < 1e-6)
                let metrics = try prepared.measure(width: width)
                #expect(metrics.lineCount == layout.lineCount && metrics.size == layout.size)
            }
        }
    }

    /// Emergency breaks inside a styled word stay between clusters and measure as drawn.
    @Test func emergencyBreaksInStyledWords() throws {
        var styled = try StyledText("Supercalifragilistic", font: try Fixtures.font())
        try styled.setAttributes(TextAttributes(font: try Self.bold(22), kern: 0.7), range: 5..<12)
        let prepared = try PreparedText(styled: styled)
        for width in stride(from: 20.0, through: 120.0, by: 7.0) {
            let layout = try prepared.layout(width: width)
            #expect(layout.lines.map(\.text).joined() == "Supercalifragilistic")
            for line in layout.lines {
                #expect(line.width <= width || line.range.count == 1)
                #expect(
                    Units.points(prepared.width(line.range.lowerBound, line.range.upperBound, remembering: false))
                        == line.width)
            }
        }
    }

    /// B3 with styled lines: without `.usesFontLeading` each line is its ascent + descent.
    @Test func boundingRectStacksStyledLines() throws {
        let small = try Fixtures.font(12)
        var styled = try StyledText("small ", font: small)
        try styled.append("BIG", attributes: TextAttributes(font: try Fixtures.font(30)))
        let prepared = try PreparedText(styled: styled)
        let rect = try prepared.boundingRect(
            with: CGSize(width: 1000, height: 0), options: [.usesLineFragmentOrigin, .usesFontLeading])
        let layout = try prepared.layout(width: 1000)
        #expect(rect.height == layout.size.height)
        #expect(rect.width == layout.sizeIncludingTrailingWhitespace.width)
        let big = try Fixtures.font(30)
        let noLeading = try prepared.boundingRect(with: CGSize(width: 1000, height: 0), options: [.usesLineFragmentOrigin])
        #expect(abs(noLeading.height - (big.ascender - big.descender)) < 1e-9)
    }

    /// A truncated styled line fits its width whatever font the cut falls in, and never splits a cluster.
    @Test func truncatedStyledLinesFit() throws {
        var styled = try StyledText("small text then ", font: try Fixtures.font(12))
        try styled.append("HUGE WORDS AT THE END", attributes: TextAttributes(font: try Fixtures.font(40), kern: 1))
        let prepared = try PreparedText(styled: styled)
        for width in stride(from: 60.0, through: 400.0, by: 23.0) {
            for mode in [LineBreakMode.byTruncatingTail, .byTruncatingMiddle, .byTruncatingHead] {
                let layout = try prepared.layout(width: width, numberOfLines: 1, lineBreakMode: mode)
                #expect(layout.lines[0].width <= width, "\(width) \(mode)")
                for range in layout.lines[0].visibleRanges {
                    #expect(
                        prepared.graphemes.contains(Int32(range.lowerBound))
                            && prepared.graphemes.contains(Int32(range.upperBound)))
                }
            }
        }
    }
}

/// Foundation's `AttributedString` with TextFit's scope converts to the same runs as the builder.
@Suite struct StyledTextAttributedStringTests {
    @Test func attributedStringMatchesTheBuilder() throws {
        let font = try Fixtures.font()
        let bold = try Font(family: "Noto Sans", size: 17, weight: .bold)
        var attributed = AttributedString("Ada wrote ")
        attributed[attributed.range(of: "Ada")!].textFit.font = bold
        var tail = AttributedString("\u{FFFC} code")
        tail.textFit.kern = 1
        tail[tail.range(of: "\u{FFFC}")!].textFit.attachment = TextAttachment(width: 12, height: 12)
        attributed.append(tail)
        let converted = try StyledText(attributed, font: font)

        var built = try StyledText("Ada", attributes: TextAttributes(font: bold), font: font)
        built.append(" wrote ")
        try built.append(TextAttachment(width: 12, height: 12), attributes: TextAttributes(kern: 1))
        try built.append(" code", attributes: TextAttributes(kern: 1))
        #expect(converted == built)
        #expect(try PreparedText(styled: converted).layout(width: 80) == PreparedText(styled: built).layout(width: 80))
    }
}
