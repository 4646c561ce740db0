import Foundation
import Testing
import TextFitLayout

/// `Label` sizing: rules L1–L6, L8, F6, T6 with the bundled Noto Sans.
@Suite struct LabelSizingTests {
    let lorem = "Lorem ipsum dolor sit amet"
    /// Four lines at 150 pt in Noto Sans 17 (checked below).
    let fourLines = "The quick brown fox jumps over the lazy dog and keeps running"

    /// L1: UILabel's defaults.
    @Test func defaults() throws {
        let label = try Label(text: "Hello")
        #expect(label.font == (try Fixtures.font(17)))
        #expect(label.numberOfLines == 1)
        #expect(label.lineBreakMode == .byTruncatingTail)
        #expect(label.lineBreakStrategy == .standard)
        #expect(label.preferredMaxLayoutWidth == 0)
        #expect(label.scale == 1)
        #expect(label.frame == .zero)
    }

    /// L2 (worked example 3): a single-line label ignores the proposed size and returns the whole line.
    @Test(arguments: [
        CGSize(width: 30, height: 0), .zero, CGSize(width: 100, height: 10),
        CGSize(width: 10_000, height: 10_000), CGSize(width: CGFloat.infinity, height: CGFloat.infinity),
    ])
    func singleLineIgnoresTheProposal(_ proposal: CGSize) throws {
        let font = try Fixtures.font()
        let label = Label(text: lorem, font: font)
        let full = try Fixtures.width(lorem, font)
        #expect(full > 150)
        #expect(try label.sizeThatFits(proposal) == CGSize(width: Fixtures.ceilPx(full), height: 24))
    }

    /// L2, T6: single-line sizing measures the full text, never the truncated line.
    @Test func singleLineSizeIsNotTruncated() throws {
        let font = try Fixtures.font()
        for mode in LineBreakMode.allCases {
            let label = Label(text: lorem, font: font, lineBreakMode: mode)
            #expect(
                try label.sizeThatFits(CGSize(width: 40, height: 0)).width
                    == Fixtures.ceilPx(try Fixtures.width(lorem, font)))
        }
    }

    /// L2 (worked example 1): both dimensions rounded up to the pixel grid of the scale.
    @Test(arguments: [(1, 24), (2, 23.5), (3, 70.0 / 3)] as [(CGFloat, CGFloat)])
    func pixelGrid(_ scale: CGFloat, _ height: CGFloat) throws {
        let font = try Fixtures.font()
        let label = Label(text: "hiiiii", font: font, scale: scale)
        let size = try label.sizeThatFits(.zero)
        #expect(size.height == height)  // ceilPx(23.154)
        #expect(size.width == Fixtures.ceilPx(try Fixtures.width("hiiiii", font), scale))
    }

    /// L2 (worked example 2): a multi-line label wraps at the proposed width, at most numberOfLines lines;
    /// the height is lines × lineHeight rounded up per scale.
    @Test(arguments: [(1, 70), (2, 69.5), (3, 209.0 / 3)] as [(CGFloat, CGFloat)])
    func multiLineHonoursNumberOfLines(_ scale: CGFloat, _ threeLines: CGFloat) throws {
        let font = try Fixtures.font()
        #expect(try PreparedText(fourLines, font: font).layout(width: 150, lineBreakStrategy: .standard).lineCount == 4)
        var label = Label(text: fourLines, font: font, numberOfLines: 3, scale: scale)
        let size = try label.sizeThatFits(CGSize(width: 150, height: 0))
        #expect(size.height == threeLines)  // ceilPx(3 × 23.154 = 69.462)
        #expect(size.width <= 150)
        label.numberOfLines = 0
        #expect(
            try label.sizeThatFits(CGSize(width: 150, height: 0)).height == Fixtures.ceilPx(4 * Fixtures.lineHeight17, scale)
        )
        // The proposed height never caps the result (L2).
        #expect(
            try label.sizeThatFits(CGSize(width: 150, height: 10)).height
                == Fixtures.ceilPx(4 * Fixtures.lineHeight17, scale))
    }

    /// L2 (worked example 4), B7: a width of 0, infinite or ≥ 1e15 is unbounded: one line per paragraph.
    @Test(arguments: [CGFloat(0), .infinity, 1e15, 1e20])
    func unboundedWidth(_ width: CGFloat) throws {
        let font = try Fixtures.font()
        let label = Label(text: lorem, font: font, numberOfLines: 0)
        #expect(
            try label.sizeThatFits(CGSize(width: width, height: 0))
                == CGSize(width: Fixtures.ceilPx(try Fixtures.width(lorem, font)), height: 24))
    }

    /// L2: empty or nil text sizes to zero, whatever the line count.
    @Test func emptyTextIsZero() throws {
        let font = try Fixtures.font()
        for text in [nil, ""] as [String?] {
            for lines in [0, 1, 3] {
                let label = Label(text: text, font: font, numberOfLines: lines)
                #expect(try label.sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
                #expect(try label.intrinsicContentSize == .zero)
            }
        }
    }

    /// L3: sizeToFit keeps the origin, wraps a multi-line label at its current width (and narrows it to
    /// the widest line), makes a zero-width one a single line, and honours numberOfLines.
    @Test func sizeToFit() throws {
        let font = try Fixtures.font()
        var label = Label(text: fourLines, font: font, numberOfLines: 0)
        label.frame = CGRect(x: 12, y: 34, width: 150, height: 5)
        try label.sizeToFit()
        #expect(label.frame.origin == CGPoint(x: 12, y: 34))
        #expect(label.frame.height == Fixtures.ceilPx(4 * Fixtures.lineHeight17))
        #expect(label.frame.width <= 150)
        #expect(label.frame.width == (try label.sizeThatFits(CGSize(width: 150, height: 0))).width)

        label.numberOfLines = 3
        label.frame = CGRect(x: 0, y: 0, width: 150, height: 0)
        try label.sizeToFit()
        #expect(label.frame.height == 70)

        label.frame = .zero
        label.numberOfLines = 0
        try label.sizeToFit()
        #expect(label.frame.size == CGSize(width: Fixtures.ceilPx(try Fixtures.width(fourLines, font)), height: 24))
    }

    /// The seed's label sized to fit (CJK through the fallback font, F6): each ideograph and full-width
    /// "！" advances 1 em, and the height is the *label font's* line height, rounded to the 2x grid.
    /// (iOS gave 163.5 × 24.0 with SF Pro, whose 20 pt line height is 23.867.)
    @Test func seedLabelSizeToFit() throws {
        let font = try Fixtures.font(SeedExamples.labelFontSize)
        var label = Label(text: SeedExamples.labelText, font: font, scale: 2)
        try label.sizeToFit()
        #expect(font.lineHeight == 27.24)  // 1.362 em × 20
        #expect(label.frame.size == CGSize(width: 8 * 20, height: 27.5))
    }

    /// L4: single-line intrinsic size is the full text; multi-line wraps at preferredMaxLayoutWidth when
    /// > 0, and is unbounded when it is 0 (the first "automatic" pass).
    @Test func intrinsicContentSize() throws {
        let font = try Fixtures.font()
        var label = Label(text: fourLines, font: font)
        let full = Fixtures.ceilPx(try Fixtures.width(fourLines, font))
        label.preferredMaxLayoutWidth = 150
        #expect(try label.intrinsicContentSize == CGSize(width: full, height: 24))  // single line: ignored
        label.numberOfLines = 0
        #expect(try label.intrinsicContentSize == (try label.sizeThatFits(CGSize(width: 150, height: 0))))
        #expect(try label.intrinsicContentSize.height == 93)  // ceil(4 × 23.154 = 92.616)
        label.preferredMaxLayoutWidth = 0
        #expect(try label.intrinsicContentSize == CGSize(width: full, height: 24))
    }

    /// L5, T3: textRect lays out at the bounds' width, limited to the line count and to the whole lines
    /// the bounds' height holds, at the bounds' origin.
    @Test func textRect() throws {
        let font = try Fixtures.font()
        let label = Label(text: fourLines, font: font, numberOfLines: 0)
        let bounds = CGRect(x: 10, y: 20, width: 150, height: 50)  // holds 2 lines of 23.154
        let rect = try label.textRect(forBounds: bounds, limitedToNumberOfLines: 0)
        #expect(rect.origin == bounds.origin)
        #expect(rect.height == 47)  // ceil(2 × 23.154)
        #expect(rect.width <= 150)
        #expect(try label.textRect(forBounds: bounds, limitedToNumberOfLines: 1).height == 24)
        let tall = CGRect(x: 0, y: 0, width: 150, height: 0)  // height 0: no limit
        #expect(try label.textRect(forBounds: tall, limitedToNumberOfLines: 3).height == 70)
        #expect(try label.textRect(forBounds: tall, limitedToNumberOfLines: 0).height == 93)
        // A single line is truncated to the bounds' width, unlike sizeThatFits.
        let single = Label(text: fourLines, font: font)
        #expect(
            try single.textRect(forBounds: CGRect(x: 0, y: 0, width: 100, height: 30), limitedToNumberOfLines: 1).width
                <= 100)
        #expect(try single.textRect(forBounds: .zero, limitedToNumberOfLines: 1).size == (try single.sizeThatFits(.zero)))
    }

    /// L6, F6: a CJK multi-line label's height uses the label font's line height, not the fallback's.
    @Test func fallbackDoesNotChangeLineHeight() throws {
        let font = try Fixtures.font(15)
        let label = Label(text: SeedExamples.feedTexts[1], font: font, numberOfLines: 0, scale: 2)
        let lines = try PreparedText(SeedExamples.feedTexts[1], font: font)
            .layout(width: 355, lineBreakStrategy: .standard).lineCount
        #expect(lines > 1)
        #expect(
            try label.sizeThatFits(CGSize(width: 355, height: 0)).height
                == Fixtures.ceilPx(CGFloat(lines) * Fixtures.lineHeight15, 2))
    }

    /// L8: a final line break adds no line.
    @Test func trailingNewlineAddsNoLine() throws {
        let font = try Fixtures.font()
        let plain = Label(text: "Hello", font: font, numberOfLines: 0)
        let newline = Label(text: "Hello\n", font: font, numberOfLines: 0)
        #expect(try newline.sizeThatFits(.zero) == (try plain.sizeThatFits(.zero)))
        let two = Label(text: "Hello\nworld", font: font, numberOfLines: 0)
        #expect(try two.sizeThatFits(.zero).height == 47)
    }

    /// T6: a clipped last line counts only up to the wrap width.
    @Test func clippedLineIsCappedAtTheWidth() throws {
        let font = try Fixtures.font()
        let label = Label(text: fourLines, font: font, numberOfLines: 2, lineBreakMode: .byClipping)
        let size = try label.sizeThatFits(CGSize(width: 150, height: 0))
        #expect(size == CGSize(width: 150, height: 47))
    }

    /// The label keeps its prepared text until the text or font changes; copies share it.
    @Test func preparedTextIsReused() throws {
        var label = Label(text: lorem, font: try Fixtures.font())
        let first = label.preparedText
        _ = try label.sizeThatFits(.zero)
        label.numberOfLines = 0
        label.scale = 2
        _ = try label.sizeThatFits(CGSize(width: 100, height: 0))
        #expect(label.preparedText === first)
        let copy = label
        #expect(copy.preparedText === first)
        label.text = lorem  // same text: kept
        #expect(label.preparedText === first)
        label.text = "Other"
        #expect(label.preparedText !== first)
        #expect(label.preparedText.text == "Other")
        let second = label.preparedText
        label.font = try Fixtures.font(20)
        #expect(label.preparedText !== second)
        #expect(label.preparedText.font.pointSize == 20)
        #expect(copy.preparedText === first)  // the copy is unaffected
    }

    /// Bad values get typed errors.
    @Test func invalidInput() throws {
        let font = try Fixtures.font()
        var label = Label(text: lorem, font: font, numberOfLines: -1)
        #expect(throws: MeasureError.invalidNumberOfLines(-1)) { try label.sizeThatFits(.zero) }
        label.numberOfLines = 0
        label.scale = 0
        #expect(throws: MeasureError.invalidScale(0)) { try label.sizeThatFits(.zero) }
        label.scale = 1
        #expect(throws: MeasureError.self) { try label.sizeThatFits(CGSize(width: CGFloat.nan, height: 0)) }
        label.preferredMaxLayoutWidth = .nan
        #expect(throws: MeasureError.self) { try label.intrinsicContentSize }
        #expect(throws: MeasureError.invalidNumberOfLines(-2)) {
            try label.textRect(forBounds: .zero, limitedToNumberOfLines: -2)
        }
    }
}
