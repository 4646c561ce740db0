import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// The line walker (rules G1–G3): a walk at one constant width gives exactly `layout(width:)`'s lines over
/// the parity corpora (plain, styled runs, bidi), a walk of listed widths gives `layout(widths:)`'s, and
/// bad widths are typed errors.
@Suite struct LineWalkerTests {
    static let modes: [LineBreakMode] = [
        .byWordWrapping, .byCharWrapping, .byTruncatingTail, .byTruncatingHead,
        .byTruncatingMiddle, .byClipping,
    ]

    /// The texts of a parity data file (its "text" fields) with their widths.
    static func corpus(_ name: String) throws -> [(text: String, width: CGFloat)] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "jsonl", subdirectory: "Data/parity"))
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { row in
            let item = try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any]
            guard let text = item?["text"] as? String else { return nil }
            return (text, CGFloat((item?["width"] as? NSNumber)?.doubleValue ?? 200))
        }
    }

    /// Walks `text` at `width` to the end.
    static func walk(
        _ text: PreparedText, width: CGFloat?, lines: Int = 0, mode: LineBreakMode = .byWordWrapping,
        strategy: LineBreakStrategy = []
    ) throws -> (lines: [TextLine], truncated: Bool) {
        var walker = try text.lines(numberOfLines: lines, lineBreakMode: mode, lineBreakStrategy: strategy)
        var result: [TextLine] = []
        while let line = try walker.next(width: width) {
            result.append(line)
            if result.count > 100_000 { break }
        }
        #expect(try walker.next(width: width) == nil)
        return (result, walker.isTruncated)
    }

    /// The differences between a walk and a layout, as text (empty: the same lines). x is compared only for
    /// a bounded width (G3: an unbounded walked line's box is its own width).
    static func differences(
        _ walked: (lines: [TextLine], truncated: Bool), _ layout: TextLayout,
        bounded: Bool
    ) -> String? {
        if walked.truncated != layout.isTruncated { return "truncated \(walked.truncated) vs \(layout.isTruncated)" }
        if walked.lines.count != layout.lines.count { return "\(walked.lines.count) lines vs \(layout.lines.count)" }
        for (index, (a, b)) in zip(walked.lines, layout.lines).enumerated() {
            let same =
                a.range == b.range && a.width == b.width && a.ellipsis == b.ellipsis
                && a.visibleRanges == b.visibleRanges && a.isTruncated == b.isTruncated && a.baseline == b.baseline
                && a.widthIncludingTrailingWhitespace == b.widthIncludingTrailingWhitespace
                && a.rect.minY == b.rect.minY && a.rect.height == b.rect.height && a.rect.width == b.rect.width
                && (!bounded || a.rect.minX == b.rect.minX)
            if !same { return "line \(index): \(a.range) \(a.rect) \(a.baseline) vs \(b.range) \(b.rect) \(b.baseline)" }
        }
        return nil
    }

    /// Compares walks with layouts of `texts` over a seeded choice of widths, modes, limits and strategies;
    /// returns how many were compared and the first failures.
    static func compare(_ texts: [(PreparedText, CGFloat)], seed: UInt64) throws -> (Int, [String]) {
        var generator = SeededGenerator(state: seed)
        var compared = 0
        var failures: [String] = []
        for (text, caseWidth) in texts {
            var configurations: [(CGFloat?, Int, LineBreakMode, LineBreakStrategy)] = [
                (caseWidth, 0, .byWordWrapping, .standard), (caseWidth, 2, .byTruncatingTail, []),
            ]
            for _ in 0..<3 {
                let width: CGFloat? = [nil, 40, caseWidth / 2, caseWidth, 333.3].randomElement(using: &generator)!
                configurations.append(
                    (
                        width, [0, 1, 3].randomElement(using: &generator)!,
                        modes.randomElement(using: &generator)!,
                        [[], .standard].randomElement(using: &generator)!
                    ))
            }
            for (width, lines, mode, strategy) in configurations {
                let layout = try text.layout(
                    width: width, numberOfLines: lines, lineBreakMode: mode,
                    lineBreakStrategy: strategy)
                let walked = try walk(text, width: width, lines: lines, mode: mode, strategy: strategy)
                compared += 1
                let bounded = width.map { $0 > 0 && $0 < 1e15 } ?? false
                if let difference = differences(walked, layout, bounded: bounded), failures.count < 8 {
                    failures.append(
                        "\(String(text.text.prefix(40))) w=\(width.map { "\($0)" } ?? "nil") "
                            + "n=\(lines) \(mode) \(strategy.rawValue): \(difference)")
                }
            }
        }
        return (compared, failures)
    }

    /// G2 over the plain parity corpus (Latin, CJK, Thai, Devanagari… texts at their Pango widths).
    @Test func constantWidthWalkIsTheLayoutPlain() throws {
        let texts = try Self.corpus("corpus").map { (PreparedText($0.text, font: try Fixtures.font(15)), $0.width) }
        let (compared, failures) = try Self.compare(texts, seed: 1)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared >= 2_500)
    }

    /// G2 over the bidi parity corpus (Arabic, Hebrew, Persian with Latin): right-to-left lines sit at the
    /// right edge of the width, as in the layout (D2).
    @Test func constantWidthWalkIsTheLayoutBidi() throws {
        let texts = try Self.corpus("bidi").map { (PreparedText($0.text, font: try Fixtures.font(15)), $0.width) }
        let (compared, failures) = try Self.compare(texts, seed: 2)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared >= 1_000)
    }

    /// G2 over the styled parity corpus: runs of several fonts, sizes, kerns and offsets, some under paragraph
    /// styles (spacing, indents, alignment, justification), with line boxes of their own heights (S6).
    @Test func constantWidthWalkIsTheLayoutStyled() throws {
        let texts = try StyledPangoParityTests.cases().map { item in
            let styled = try StyledPangoParityTests.styled(item)
            let prepared =
                item.paragraph.isEmpty
                ? try PreparedText(styled: styled)
                : try PreparedText(styled: styled, paragraphStyle: StyledPangoParityTests.style(item.paragraph))
            return (prepared, item.width)
        }
        let (compared, failures) = try Self.compare(texts, seed: 3)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared >= 1_000)
    }

    /// Paragraph styles with indents, tabs, spacing and every alignment, over random texts.
    @Test func constantWidthWalkIsTheLayoutUnderParagraphStyles() throws {
        var generator = SeededGenerator(state: 4)
        var texts: [(PreparedText, CGFloat)] = []
        for alignment: TextAlignment in [.natural, .center, .right, .justified] {
            var style = ParagraphStyle()
            style.alignment = alignment
            style.headIndent = 12
            style.firstLineHeadIndent = 20
            style.tailIndent = -6
            style.lineSpacing = 3
            style.paragraphSpacing = 5
            for _ in 0..<25 {
                let string = Fixtures.randomText(&generator) + (Bool.random(using: &generator) ? "\tcol" : "")
                texts.append((try PreparedText(string, font: try Fixtures.font(), paragraphStyle: style), 180))
            }
        }
        let (compared, failures) = try Self.compare(texts, seed: 5)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared >= 400)
    }

    /// Listed widths walked one by one give `layout(widths:)` (W8), the last width repeating.
    @Test func listedWidthsWalkIsLayoutWidths() throws {
        var generator = SeededGenerator(state: 6)
        var failures: [String] = []
        for _ in 0..<60 {
            let text = PreparedText(Fixtures.randomText(&generator), font: try Fixtures.font())
            let widths = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                CGFloat(Int.random(in: 40...320, using: &generator))
            }
            let layout = try text.layout(widths: widths)
            var walker = try text.lines()
            var lines: [TextLine] = []
            while let line = try walker.next(width: widths[min(lines.count, widths.count - 1)]) { lines.append(line) }
            if let difference = Self.differences((lines, walker.isTruncated), layout, bounded: true) {
                failures.append("\(text.text.prefix(30)) \(widths): \(difference)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// A worked example: two lines beside a 100 pt picture in a 300 pt column, then the full width.
    @Test func narrowThenWide() throws {
        let text = PreparedText(
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 4),
            font: try Fixtures.font(15))
        var walker = try text.lines()
        var lines: [TextLine] = []
        while let line = try walker.next(width: walker.nextLineTop < 40 ? 200 : 300) { lines.append(line) }
        let narrow = try text.layout(width: 200).lines
        #expect(lines[0].range == narrow[0].range && lines[1].range == narrow[1].range)
        #expect(lines[1].rect.maxY <= 40 + text.lineHeight)
        for line in lines.dropFirst(2).dropLast() { #expect(line.width > 200 && line.width <= 300) }
        #expect(walker.nextOffset == text.utf16Count && walker.isFinished)
    }

    /// Bad input: NaN and negative widths and distances are typed errors; the walk goes on after one.
    @Test func badWidths() throws {
        let text = PreparedText("Hello world, again and again", font: try Fixtures.font())
        var walker = try text.lines()
        #expect(throws: MeasureError.self) { try walker.next(width: .nan) }
        #expect(throws: MeasureError.self) { try walker.next(width: -1) }
        #expect(throws: MeasureError.self) { try walker.advance(by: -3) }
        #expect(throws: MeasureError.self) { try walker.advance(by: .infinity) }
        #expect(throws: MeasureError.self) { try text.lines(numberOfLines: -1) }
        #expect(try walker.next(width: 60)?.range.lowerBound == 0)
        try walker.advance(by: 10)
        #expect(try walker.next(width: 60)?.rect.minY == text.lineHeight + 10)
    }

    /// Empty text and a text of empty paragraphs walk as they lay out (W7).
    @Test func emptyTexts() throws {
        for string in ["", "\n\n", "a\n\nb"] {
            let text = PreparedText(string, font: try Fixtures.font())
            let walked = try Self.walk(text, width: 100)
            #expect(
                Self.differences(walked, try text.layout(width: 100), bounded: true) == nil, "\(string.debugDescription)")
        }
    }

    /// W6: push-out never moves a word across a forced line break (U+2028): the line after one is no orphan.
    /// (The general breaker used to move "two" down to "still", making a line with the break inside it.)
    @Test func pushOutStopsAtAForcedBreak() throws {
        let text = PreparedText("spaces o times, губерний. two\u{2028}still", font: try Fixtures.font())
        let layout = try text.layout(width: 180, lineBreakStrategy: .standard)
        for line in layout.lines {
            #expect(
                !text.units[line.range].contains(0x2028) || text.units[line.range.upperBound - 1] == 0x2028,
                "\(line.text.debugDescription) holds a forced break")
        }
        #expect(Self.differences(try Self.walk(text, width: 180, strategy: .standard), layout, bounded: true) == nil)
    }

    /// G3, G10: at an unbounded width a walked line is placed in a box its own width; `layout(width: nil)`
    /// places each line in a box as wide as the widest. A right-to-left paragraph's short line before a
    /// forced break (U+2028) sits at the right of the layout's box and at 0 in the walk; everything else
    /// agrees. `FuzzLineWidths` held x at an unbounded width too and reported this
    /// (`Crashers/FuzzLineWidths/walk-differs-from-layout-in-rects`: kerned, raised runs after an RLM); its
    /// check (`constantWalkProblems`) now holds the G10 relation, and still every other figure.
    @Test func anUnboundedWalkPlacesEachLineInItsOwnBox() throws {
        let text = PreparedText("\u{200F}שלום\u{2028}עולם גדול ויפה מאוד", font: try Fixtures.font())
        let layout = try text.layout(width: nil)
        let walked = try Self.walk(text, width: nil)
        #expect(layout.lineCount == 2 && walked.lines.count == 2)
        let (first, laid) = (walked.lines[0], layout.lines[0])
        #expect(first.rect.minX == 0)
        // Right-aligned (D2) in the layout's box, which is the second line's width (P7).
        #expect(abs(laid.rect.maxX - layout.size.width) < 1e-9 && laid.rect.minX > 10)
        #expect(first.rect.size == laid.rect.size && first.baseline == laid.baseline && first.range == laid.range)
        #expect(_FuzzEntries.constantWalkProblems(walked.lines, isTruncated: walked.truncated, layout, width: nil).isEmpty)
        // A bounded width holds x too: the same walk at 400 pt is the layout at 400 pt, and lines placed
        // otherwise are reported.
        let bounded = try text.layout(width: 400)
        let walk400 = try Self.walk(text, width: 400)
        #expect(
            _FuzzEntries.constantWalkProblems(walk400.lines, isTruncated: walk400.truncated, bounded, width: 400).isEmpty)
        #expect(
            !_FuzzEntries.constantWalkProblems(walked.lines, isTruncated: walked.truncated, bounded, width: 400).isEmpty)
    }
}
