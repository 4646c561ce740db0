import Foundation
import Testing
@testable import TextFit

/// Seeded property tests of the width and size queries (rules Q1–Q5, docs/queries.md) on random
/// texts from the Latin, CJK, Cyrillic and mixed samples, in several modes and line limits.
@Suite struct QueryPropertyTests {
    static let seeds: [UInt64] = [11, 12, 13, 14]
    static let unit = 1.0 / CGFloat(Units.perPoint)

    /// The option sets the queries are checked in: wrapping, character wrapping, push-out, truncation.
    static let configurations: [(lines: Int, mode: LineBreakMode, strategy: LineBreakStrategy)] = [
        (0, .byWordWrapping, []), (0, .byCharWrapping, []), (0, .byWordWrapping, .standard),
        (2, .byTruncatingTail, []), (3, .byWordWrapping, []), (1, .byTruncatingMiddle, []),
        (2, .byTruncatingHead, .standard), (2, .byClipping, []),
    ]

    /// 25 random texts per seed (the samples' words, some paragraphs) at a random size.
    func texts(seed: UInt64) throws -> [PreparedText] {
        var generator = Fixtures.Generator(state: seed)
        let font = try Fixtures.font(CGFloat([12, 15, 17, 24][Int(seed % 4)]))
        return (0..<25).map { _ in PreparedText(Fixtures.randomText(&generator), font: font) }
            + Fixtures.samples.map { PreparedText($0, font: font) }
    }

    /// What the queries count as fitting (Q1): nothing hidden or cut, at most `lines` lines, no line wider.
    func fits(
        _ text: PreparedText, width: CGFloat, lines: Int, mode: LineBreakMode,
        strategy: LineBreakStrategy
    ) throws -> Bool {
        let metrics = try text.measure(width: width, numberOfLines: lines, lineBreakMode: mode, lineBreakStrategy: strategy)
        return !metrics.isTruncated && metrics.lineCount <= (lines == 0 ? .max : lines) && metrics.size.width <= width
    }

    @Test(arguments: seeds) func tightestWidthFitsAndOneUnitLessDoesNot(seed: UInt64) throws {
        var checked = 0
        for text in try texts(seed: seed) {
            for lines in [1, 2, 3, 5] {
                for mode in [LineBreakMode.byWordWrapping, .byCharWrapping, .byTruncatingTail] {
                    guard let width = try text.tightestWidth(numberOfLines: lines, lineBreakMode: mode) else {
                        // None: not even unbounded lines fit (more paragraphs than lines).
                        #expect(try !fits(text, width: .infinity, lines: lines, mode: mode, strategy: []))
                        continue
                    }
                    let context = "\(text.text.debugDescription) \(lines) lines \(mode): \(width)"
                    #expect(width == (width * 1024).rounded() / 1024, "\(context) is not in 1/1024 pt")
                    #expect(try fits(text, width: width, lines: lines, mode: mode, strategy: []), "\(context)")
                    if width > Self.unit {
                        #expect(
                            try !fits(text, width: width - Self.unit, lines: lines, mode: mode, strategy: []),
                            "\(context): one unit narrower still fits")
                    }
                    #expect(
                        try text.layout(width: width, numberOfLines: lines, lineBreakMode: mode).size.width == width,
                        "\(context): the widest line is the width")
                    checked += 1
                }
            }
        }
        #expect(checked > 200)
    }

    @Test(arguments: seeds) func tightestWidthAtAWidthKeepsItsLineCount(seed: UInt64) throws {
        var generator = Fixtures.Generator(state: seed &* 31)
        for text in try texts(seed: seed) {
            for configuration in Self.configurations {
                let width = CGFloat(Int.random(in: 30...400, using: &generator))
                let at = try text.layout(
                    width: width, numberOfLines: configuration.lines,
                    lineBreakMode: configuration.mode, lineBreakStrategy: configuration.strategy)
                let tightest = try text.tightestWidth(
                    forWidth: width, numberOfLines: configuration.lines,
                    lineBreakMode: configuration.mode,
                    lineBreakStrategy: configuration.strategy)
                let context = "\(text.text.debugDescription) at \(width) \(configuration): \(tightest)"
                let there = try text.layout(
                    width: tightest, numberOfLines: configuration.lines,
                    lineBreakMode: configuration.mode, lineBreakStrategy: configuration.strategy)
                if at.isTruncated {
                    #expect(there.hasSameLines(as: at), "\(context): a truncated text keeps its lines")
                } else {
                    #expect(there.lineCount <= at.lineCount && !there.isTruncated, "\(context)")
                    if at.size.width <= width { #expect(tightest <= width, "\(context)") }
                }
            }
        }
    }

    @Test(arguments: seeds) func linesStayTheSameInsideTheWidthRangeAndChangeJustOutside(seed: UInt64) throws {
        var generator = Fixtures.Generator(state: seed &* 17)
        var checked = 0
        for text in try texts(seed: seed) {
            for configuration in Self.configurations {
                let width = CGFloat(Int.random(in: 20...420, using: &generator))
                func layout(_ width: CGFloat) throws -> TextLayout {
                    try text.layout(
                        width: width, numberOfLines: configuration.lines, lineBreakMode: configuration.mode,
                        lineBreakStrategy: configuration.strategy)
                }
                let base = try layout(width)
                let range = try text.widthRange(
                    at: width, numberOfLines: configuration.lines,
                    lineBreakMode: configuration.mode,
                    lineBreakStrategy: configuration.strategy)
                let context = "\(text.text.debugDescription) at \(width) \(configuration): \(range)"
                #expect(range.contains(width), "\(context)")
                if range.lowerBound > 0 {
                    #expect(try layout(range.lowerBound).hasSameLines(as: base), "\(context): lower end")
                    #expect(try !layout(range.lowerBound - Self.unit).hasSameLines(as: base), "\(context): below")
                } else {
                    #expect(try layout(Self.unit).hasSameLines(as: base), "\(context): lower end 0")
                }
                if let upper = range.upperBound {
                    #expect(try layout(upper - Self.unit).hasSameLines(as: base), "\(context): upper end")
                    #expect(try !layout(upper).hasSameLines(as: base), "\(context): at the upper end")
                } else {
                    #expect(try layout(.infinity).hasSameLines(as: base), "\(context): unbounded")
                }
                // And somewhere inside.
                let top = min(range.upperBound ?? (range.lowerBound + 500), range.lowerBound + 500)
                let inside =
                    range.lowerBound + (top - range.lowerBound) * CGFloat(Double.random(in: 0..<1, using: &generator))
                if inside > 0 { #expect(try layout(inside).hasSameLines(as: base), "\(context): at \(inside)") }
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    @Test(arguments: seeds) func balancedLinesKeepTheGreedyCountAndNeverWiden(seed: UInt64) throws {
        var generator = Fixtures.Generator(state: seed &* 7)
        for text in try texts(seed: seed) {
            for configuration in Self.configurations {
                let width = CGFloat(Int.random(in: 40...420, using: &generator))
                let greedy = try text.layout(
                    width: width, numberOfLines: configuration.lines,
                    lineBreakMode: configuration.mode, lineBreakStrategy: configuration.strategy)
                let balanced = try text.balancedLayout(
                    width: width, numberOfLines: configuration.lines,
                    lineBreakMode: configuration.mode,
                    lineBreakStrategy: configuration.strategy)
                let context = "\(text.text.debugDescription) at \(width) \(configuration)"
                #expect(balanced.lineCount == greedy.lineCount, "\(context)")
                #expect(balanced.isTruncated == greedy.isTruncated, "\(context)")
                #expect(balanced.size.width <= greedy.size.width, "\(context)")
                if greedy.isTruncated { #expect(balanced == greedy, "\(context): truncated text is left alone") }
            }
        }
    }

    /// Each fitting size fits, 1/1024 pt more does not (unless the size is the font's own), and a text
    /// that fits at no size reports the smallest.
    @Test(arguments: seeds) func fittingFontSizeFitsAndOneStepLargerDoesNot(seed: UInt64) throws {
        var generator = Fixtures.Generator(state: seed &* 13)
        let texts = try texts(seed: seed)
        for index in stride(from: 0, to: texts.count, by: 3) {
            let text = texts[index]
            let lines = [1, 2, 0][index % 3]
            let width = CGFloat(Int.random(in: 60...300, using: &generator))
            let factor = CGFloat([0.5, 0.25, 0.8][index % 3])
            let fit = try text.fittingFontSize(width: width, numberOfLines: lines, minimumScaleFactor: factor)
            let size = text.font.pointSize
            let context = "\(text.text.debugDescription) \(lines) lines at \(width), \(factor): \(fit.pointSize)"
            #expect(fit.pointSize <= size && fit.pointSize >= size * factor - Self.unit, "\(context)")
            #expect(fit.font.pointSize == fit.pointSize)
            let atFit = PreparedText(text.text, font: try text.font.withSize(fit.pointSize))
            #expect(
                try fits(atFit, width: width, lines: lines, mode: .byWordWrapping, strategy: []) == fit.fits, "\(context)")
            if fit.fits, fit.pointSize < size {
                let larger = PreparedText(text.text, font: try text.font.withSize(fit.pointSize + Self.unit))
                #expect(
                    try !fits(larger, width: width, lines: lines, mode: .byWordWrapping, strategy: []),
                    "\(context): 1/1024 pt larger fits too")
            }
            if !fit.fits { #expect(abs(fit.pointSize - size * factor) < Self.unit, "\(context)") }
        }
    }

    /// Q4's premise: widths scale with the size up to each glyph's rounding to 1/1024 pt (half a unit at
    /// each of the two sizes), for the bundled fonts, which have no size-dependent tracking (HarfBuzz
    /// applies none without a ptem, which TextFit never sets) and no optical-size axis TextFit varies.
    @Test(arguments: seeds) func widthsScaleWithTheSizeUpToRounding(seed: UInt64) throws {
        var generator = Fixtures.Generator(state: seed &* 5)
        for text in try texts(seed: seed) where text.utf16Count > 0 {
            let size = text.font.pointSize
            let other = (size * CGFloat(Double.random(in: 0.3..<1, using: &generator)) * 1024).rounded() / 1024
            let scaled = PreparedText(text.text, font: try text.font.withSize(other))
            let original = text.storage.prefixBuffer[text.utf16Count]
            let actual = scaled.storage.prefixBuffer[scaled.utf16Count]
            let predicted = Double(original) * Double(scaled.font.scale) / Double(text.font.scale)
            let bound = 0.5 * Double(text.utf16Count) * (1 + Double(scaled.font.scale) / Double(text.font.scale)) + 1
            #expect(abs(Double(actual) - predicted) <= bound, "\(text.text.debugDescription) \(size) → \(other)")
        }
    }
}
