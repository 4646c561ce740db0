import Foundation
import Testing
@testable import TextFit

/// Worked examples of the UIKit rules in uikit-semantics.md, with the bundled Noto Sans.
@Suite struct UIKitRulesTests {
    /// W4: trailing spaces hang: they never force a wrap and are not counted in the width.
    @Test func trailingWhitespaceHangs() throws {
        let prepared = PreparedText("Hello Hello", font: try Fixtures.font())
        let hello = try prepared.layout(width: nil).lines[0]
        let helloWidth = Units.points(prepared.width(0, 5))
        let layout = try prepared.layout(width: helloWidth)  // "Hello " fits only because the space hangs
        #expect(layout.lines.map(\.text) == ["Hello ", "Hello"])
        #expect(layout.lines[0].width == helloWidth)
        #expect(layout.lines[0].widthIncludingTrailingWhitespace > helloWidth)
        #expect(hello.width > helloWidth)
    }

    /// An exact fit fits (integer comparison in 1/1024 pt).
    @Test func exactFitFits() throws {
        let prepared = PreparedText("The quick brown fox", font: try Fixtures.font())
        let full = try prepared.layout().size.width
        #expect(try prepared.layout(width: full).lineCount == 1)
        #expect(try prepared.layout(width: full - 1.0 / 1024).lineCount == 2)
    }

    /// W2: a word wider than the line breaks between clusters, after moving to its own line.
    @Test func longWordMovesDownThenBreaksBetweenClusters() throws {
        let prepared = PreparedText("Title Verrrrrrrrrrrrrrrrrrrrrrrrrrrry Long", font: try Fixtures.font())
        let lines = try prepared.layout(width: 120).lines.map(\.text)
        #expect(lines.first == "Title ")
        #expect(lines.count >= 3)
        #expect(lines.dropFirst().first?.hasPrefix("Verrr") == true)
    }

    /// W3: char wrapping ignores words (and lets "。" start a line), W5: word wrapping applies kinsoku.
    @Test func charWrapIgnoresWordsAndKinsoku() throws {
        let font = try Fixtures.font(20)
        let prepared = PreparedText("こんにちは。世界", font: font)
        // Width of five kana: "。" does not fit after them.
        let width: CGFloat = 100
        let charWrapped = try prepared.layout(width: width, lineBreakMode: .byCharWrapping).lines.map(\.text)
        #expect(charWrapped == ["こんにちは", "。世界"])
        let wordWrapped = try prepared.layout(width: width).lines.map(\.text)
        #expect(wordWrapped.allSatisfy { !$0.hasPrefix("。") })
        #expect(wordWrapped == ["こんにち", "は。世界"])
        let english = PreparedText("Hello world", font: font)
        let cut = try english.layout(width: 70, lineBreakMode: .byCharWrapping).lines.map(\.text)
        #expect(cut.count == 2 && cut[0].count > 5)  // "Hello w" then "orld": words ignored
    }

    /// T2, T4: earlier lines wrap by words; the last visible line takes the rest of the paragraph, cut at
    /// clusters, whitespace before "…" trimmed; results say what is visible.
    @Test func tailTruncationOfTheLastVisibleLine() throws {
        let prepared = PreparedText(
            "The quick brown fox jumps over the lazy dog and keeps running", font: try Fixtures.font())
        let layout = try prepared.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
        let last = try #require(layout.lines.last)
        #expect(last.ellipsis == .tail)
        #expect(last.text.hasSuffix("…"))
        #expect(!last.text.dropLast().hasSuffix(" "))
        #expect(last.width <= 150)
        #expect(last.range.upperBound == last.visibleRanges[0].upperBound)
        // The first line is the same as without truncation (T2).
        #expect(layout.lines[0] == (try prepared.layout(width: 150).lines[0]))
    }

    /// T5: head and middle truncation.
    @Test func headAndMiddleTruncation() throws {
        let prepared = PreparedText("abcdefghijklmnopqrstuvwxyz", font: try Fixtures.font())
        let head = try prepared.layout(width: 80, numberOfLines: 1, lineBreakMode: .byTruncatingHead).lines[0]
        #expect(head.text.hasPrefix("…") && head.text.hasSuffix("xyz"))
        #expect(head.width <= 80)
        let middle = try prepared.layout(width: 80, numberOfLines: 1, lineBreakMode: .byTruncatingMiddle).lines[0]
        #expect(middle.text.hasPrefix("abc") && middle.text.hasSuffix("xyz") && middle.text.contains("…"))
        #expect(middle.visibleRanges.count == 2)
        #expect(middle.width <= 80)
        let prefixCount = middle.visibleRanges[0].count
        let suffixCount = middle.visibleRanges[1].count
        #expect(abs(prefixCount - suffixCount) <= 2)
    }

    /// T6: clipping keeps the whole rest of the paragraph on the last line, no ellipsis.
    @Test func clippingKeepsTheFullLastLine() throws {
        let prepared = PreparedText("The quick brown fox jumps over the lazy dog", font: try Fixtures.font())
        let layout = try prepared.layout(width: 100, numberOfLines: 1, lineBreakMode: .byClipping)
        #expect(layout.lines[0].text == prepared.text)
        #expect(layout.lines[0].ellipsis == nil)
        #expect(layout.lines[0].width > 100)
        #expect(layout.isTruncated)
    }

    /// T7: hiding only later paragraphs adds no ellipsis, but the layout is reported truncated.
    @Test func hiddenLaterParagraphsAddNoEllipsis() throws {
        let prepared = PreparedText("Short\nSecond paragraph", font: try Fixtures.font())
        let layout = try prepared.layout(width: 300, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        #expect(layout.lines.map(\.text) == ["Short"])
        #expect(layout.isTruncated)
        #expect(layout.lines[0].ellipsis == nil)
    }

    /// Word wrapping with numberOfLines drops later lines without an ellipsis.
    @Test func wordWrappingWithALineLimit() throws {
        let prepared = PreparedText("one two three four five six seven", font: try Fixtures.font())
        let layout = try prepared.layout(width: 60, numberOfLines: 2)
        #expect(layout.lineCount == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines.allSatisfy { $0.ellipsis == nil })
    }

    /// The last line can have its own maximum width (for the title + date layout).
    @Test func lastLineMaxWidth() throws {
        let prepared = PreparedText(
            "The quick brown fox jumps over the lazy dog and keeps running", font: try Fixtures.font())
        let layout = try prepared.layout(
            width: 200, numberOfLines: 2, lineBreakMode: .byTruncatingTail, lastLineMaxWidth: 90)
        #expect(layout.lines[0] == (try prepared.layout(width: 200).lines[0]))
        #expect(layout.lines[1].width <= 90)
        #expect(layout.lines[1].ellipsis == .tail)
    }

    /// F6/L2: the seed label "北京欢迎您！！！" at 20 pt: 8 ideographs/fullwidth marks at 1 em each, one line
    /// of Noto Sans height (27.24), rounded up to the pixel grid.
    @Test func seedLabelSizedToFit() throws {
        let font = try Fixtures.font(20)
        let prepared = PreparedText("北京欢迎您！！！", font: font)
        let raw = try prepared.layout().size
        #expect(raw.width == 160)
        #expect(abs(raw.height - 27.24) < 1e-9)
        #expect(try prepared.sizeThatFits(.zero, scale: 2) == CGSize(width: 160, height: 27.5))
        #expect(try prepared.sizeThatFits(.zero, scale: 3) == CGSize(width: 160, height: 82.0 / 3))
    }

    /// L2/B5: ceilPx as in the rules' worked example.
    @Test func pixelRounding() {
        #expect(ceilToPixel(20.287, scale: 2) == 20.5)
        #expect(ceilToPixel(20.287, scale: 3) == 61.0 / 3)
        #expect(ceilToPixel(20.287, scale: 1) == 21)
        #expect(ceilToPixel(356.25, scale: 2) == 356.5)
        #expect(ceilToPixel(24.0, scale: 2) == 24)
        #expect(ceilToPixel(3 * 20.287, scale: 2) == 61)
    }

    /// B1–B4, B6.
    @Test func boundingRectOptions() throws {
        let font = try Fixtures.font()
        let style = TextStyle(font: font)
        let text = "The quick brown fox jumps over the lazy dog"
        let single = try text.boundingRect(with: CGSize(width: 100, height: 0), attributes: style)
        #expect(single.origin.y == font.descender)  // B1: one line from the baseline
        #expect(single.width > 100)
        let wrapped = try text.boundingRect(
            with: CGSize(width: 100, height: 0), options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: style)
        let lines = try PreparedText(text, font: font).layout(width: 100)
        #expect(wrapped.origin == .zero)
        #expect(wrapped.height == CGFloat(lines.lineCount) * font.lineHeight)
        #expect(wrapped.width == lines.sizeIncludingTrailingWhitespace.width)  // B6: hanging spaces count
        let limited = try text.boundingRect(
            with: CGSize(width: 100, height: font.lineHeight * 2.5),
            options: [.usesLineFragmentOrigin, .usesFontLeading, .truncatesLastVisibleLine],
            attributes: style)
        #expect(limited.height == 2 * font.lineHeight)  // B4: lines fitting the height
        let unbounded = try text.boundingRect(
            with: CGSize(width: 0, height: 0), options: .usesLineFragmentOrigin, attributes: style)
        #expect(unbounded.height == font.ascender - font.descender)  // B7 and B3 without leading
    }

    /// numberOfLines(forWidth:) and sizeThatFits agree with layout.
    @Test func sizingHelpers() throws {
        let prepared = PreparedText("Lorem ipsum dolor sit amet, consectetur adipiscing elit", font: try Fixtures.font(15))
        let layout = try prepared.layout(width: 120)
        #expect(try prepared.numberOfLines(forWidth: 120) == layout.lineCount)
        let size = try prepared.sizeThatFits(CGSize(width: 120, height: 10), scale: 2)
        #expect(size == layout.size.ceiledToPixels(scale: 2))
        #expect(size.height >= CGFloat(layout.lineCount) * prepared.font.lineHeight)
    }
}

/// W6: the same text under strategy none (string drawing) and `.standard` (UILabel).
@Suite struct LineBreakStrategyTests {
    @Test func pushOutMovesOneWordDownToAvoidAnOrphan() throws {
        let font = try Fixtures.font()
        let text = PreparedText("The quick brown fox jumps over the dog.", font: font)
        // The width holds "The quick brown fox jumps over the" but not one more word.
        let width = Units.points(text.width(0, 34)) + 1
        let none = try text.layout(width: width).lines.map(\.text)
        #expect(none == ["The quick brown fox jumps over the ", "dog."])
        let standard = try text.layout(width: width, lineBreakStrategy: .standard).lines.map(\.text)
        #expect(standard == ["The quick brown fox jumps over ", "the dog."])
    }

    @Test func pushOutLeavesTwoWordLastLinesAndSingleLinesAlone() throws {
        let font = try Fixtures.font()
        let text = PreparedText("The quick brown fox jumps over the lazy dog.", font: font)
        for width in stride(from: 60.0, through: 500.0, by: 10.0) {
            let none = try text.layout(width: CGFloat(width))
            let standard = try text.layout(width: CGFloat(width), lineBreakStrategy: .standard)
            #expect(none.lineCount == standard.lineCount)
            if let last = none.lines.last, last.text.contains(" "), last.text.last != " " {
                #expect(none == standard)
            }
        }
    }

    @Test func hangulWordPriorityBreaksKoreanAtSpaces() throws {
        let font = try Fixtures.font()
        let text = PreparedText("한국어 문장은 띄어쓰기로 나뉩니다", font: font)
        let width: CGFloat = 90
        let standard = try text.layout(width: width, lineBreakStrategy: .hangulWordPriority).lines
        for line in standard {
            let words = Set(text.text.components(separatedBy: " "))
            let lineWords = line.text.split(separator: " ").map(String.init)
            #expect(
                lineWords.allSatisfy(words.contains) || line.width > width,
                "\(line.text.debugDescription) is not whole words")
        }
        let none = try text.layout(width: width).lines.map(\.text)
        #expect(none != standard.map(\.text))  // without it UAX #14 breaks between syllables
    }
}

@Suite struct MeasureTests {
    /// `measure` reports what `layout` does, without lines.
    @Test func measureMatchesLayout() throws {
        var generator = Fixtures.Generator(state: 11)
        let font = try Fixtures.font(15)
        for _ in 0..<100 {
            let prepared = PreparedText(Fixtures.randomText(&generator), font: font)
            let width = CGFloat(Int.random(in: 30...400, using: &generator))
            for (lines, mode, strategy) in [
                (0, LineBreakMode.byWordWrapping, LineBreakStrategy()), (2, .byTruncatingTail, .standard),
                (3, .byCharWrapping, []), (1, .byTruncatingMiddle, []),
            ] {
                let layout = try prepared.layout(
                    width: width, numberOfLines: lines, lineBreakMode: mode, lineBreakStrategy: strategy)
                let metrics = try prepared.measure(
                    width: width, numberOfLines: lines, lineBreakMode: mode, lineBreakStrategy: strategy)
                #expect(metrics.lineCount == layout.lineCount)
                #expect(metrics.size == layout.size)
                #expect(metrics.widthIncludingTrailingWhitespace == layout.sizeIncludingTrailingWhitespace.width)
                #expect(metrics.isTruncated == layout.isTruncated)
            }
        }
    }
}
