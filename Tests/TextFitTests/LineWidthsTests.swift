import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// `layout(widths:)`, a width per line (rule W8): equal widths give `layout(width:)`'s lines exactly, every
/// line is the greedy line of its own width, indents apply to each width, and bad lists are typed errors.
struct LineWidthsTests {
    static let modes: [LineBreakMode] = [
        .byWordWrapping, .byCharWrapping, .byTruncatingTail, .byTruncatingHead,
        .byTruncatingMiddle, .byClipping,
    ]

    /// What two layouts show: ranges, widths, rects, ellipses, truncation.
    static func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.isTruncated == b.isTruncated && a.lines.count == b.lines.count
            && zip(a.lines, b.lines).allSatisfy {
                $0.range == $1.range && $0.width == $1.width && $0.rect == $1.rect
                    && $0.ellipsis == $1.ellipsis && $0.visibleRanges == $1.visibleRanges
            }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func equalWidthsGiveTheOneWidthLayout(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        var style = ParagraphStyle()
        style.headIndent = 12
        style.firstLineHeadIndent = 24
        style.tailIndent = -8
        style.alignment = .center
        var compared = 0
        var failures: [String] = []
        for _ in 0..<12 {
            let string = Fixtures.randomText(&generator)
            let texts = [
                PreparedText(string, font: try Fixtures.font()),
                try PreparedText(string, font: try Fixtures.font(), paragraphStyle: style),
            ]
            for text in texts {
                for width: CGFloat in [30, 95.5, 180, 400] {
                    for mode in Self.modes {
                        for lines in [0, 1, 3] {
                            for strategy: LineBreakStrategy in [[], .standard] {
                                let one = try text.layout(
                                    width: width, numberOfLines: lines, lineBreakMode: mode,
                                    lineBreakStrategy: strategy)
                                for widths in [[width], [width, width, width]] {
                                    let listed = try text.layout(
                                        widths: widths, numberOfLines: lines, lineBreakMode: mode,
                                        lineBreakStrategy: strategy)
                                    compared += 1
                                    if !Self.same(one, listed), failures.count < 10 {
                                        failures.append(
                                            "\(string.prefix(30)) \(width) \(mode) \(lines) \(strategy.rawValue)")
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 6_000)
    }

    /// Each line is as long as its own width allows: it fits (unless it is one cluster too wide for any
    /// width), and the text up to the next opportunity would not (W2). The line after the list takes the
    /// last width.
    @Test(arguments: [7, 8, 9] as [UInt64])
    func everyLineIsTheGreedyLineOfItsWidth(seed: UInt64) throws {
        var generator = SeededGenerator(state: seed)
        var checked = 0
        for _ in 0..<40 {
            let text = PreparedText(Fixtures.randomText(&generator), font: try Fixtures.font())
            let count = Int.random(in: 1...5, using: &generator)
            let widths = (0..<count).map { _ in CGFloat(Int.random(in: 40...320, using: &generator)) }
            let layout = try text.layout(widths: widths)
            for (index, line) in layout.lines.enumerated() {
                let limit = LineRequest.unitsForTest(widths[min(index, count - 1)])
                let start = line.range.lowerBound, end = line.range.upperBound
                let paragraphEnd = text.paragraphs.first { $0.start <= start && start <= $0.end }?.end ?? end
                let width = text.width(start, text.trimmedEnd(end, notBefore: start))
                let clusters = text.graphemes.filter { Int($0) > start && Int($0) < end }.count
                #expect(width <= limit || clusters == 0, "line \(index) \(line.text) wider than \(limit)")
                // The next opportunity after the end, inside the paragraph: the line would not fit up to it.
                // (A line ended by a mandatory break inside the paragraph, U+2028, could not go on.)
                if end < paragraphEnd, !text.endsWithMandatoryBreak(end),
                    let next = text.breaks.map(Int.init).first(where: { $0 > end && $0 <= paragraphEnd })
                {
                    let longer = text.width(start, text.trimmedEnd(next, notBefore: start))
                    #expect(longer > limit || text.isUnsafe(next), "line \(index) \(line.text) could reach \(next)")
                }
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    /// A worked example: three narrow lines beside a picture, then the full width.
    @Test func narrowLinesThenTheFullWidth() throws {
        let text = PreparedText(
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 4),
            font: try Fixtures.font(15))
        let layout = try text.layout(widths: [120, 120, 120, 320])
        let narrow = try text.layout(width: 120)
        let wide = try text.layout(width: 320)
        // The first three lines are the 120 pt layout's.
        #expect(Array(layout.lines.prefix(3).map(\.range)) == Array(narrow.lines.prefix(3).map(\.range)))
        // From the fourth line on, every line is as wide as a 320 pt layout allows.
        #expect(layout.lines.count < narrow.lines.count)
        #expect(layout.lines.count > wide.lines.count)
        for line in layout.lines.dropFirst(3).dropLast() { #expect(line.width > 250 && line.width <= 320) }
        #expect(layout.size.width == layout.lines.map(\.width).max())
    }

    /// Under a paragraph style the indents come off each line's own width (P9), and a right-to-left line is
    /// aligned to the right edge of its own width (D2, P7).
    @Test func indentsAndAlignmentPerLine() throws {
        var style = ParagraphStyle()
        style.headIndent = 10
        style.firstLineHeadIndent = 10
        let font = try Fixtures.font(15)
        let text = try PreparedText(String(repeating: "word ", count: 40), font: font, paragraphStyle: style)
        let layout = try text.layout(widths: [100, 200])
        let first = try #require(layout.lines.first)
        #expect(first.width <= 90)
        #expect(first.range == (try text.layout(width: 100)).lines[0].range)
        #expect(layout.lines[1].width > 100 && layout.lines[1].width <= 190)

        var rightToLeft = ParagraphStyle()
        rightToLeft.baseWritingDirection = .rightToLeft
        let hebrew = try PreparedText(String(repeating: "שלום עולם ", count: 20), font: font, paragraphStyle: rightToLeft)
        let mirrored = try hebrew.layout(widths: [100, 200])
        #expect(abs(mirrored.lines[0].rect.maxX - 100) < 0.001)
        #expect(abs(mirrored.lines[1].rect.maxX - 200) < 0.001)
    }

    @Test func badListsAreTypedErrors() throws {
        let text = PreparedText("Hello world", font: try Fixtures.font())
        #expect(throws: MeasureError.emptyWidthList) { try text.layout(widths: []) }
        #expect(throws: MeasureError.self) { try text.layout(widths: [100, .nan]) }
        #expect(throws: MeasureError.invalidWidth(-1)) { try text.layout(widths: [100, -1]) }
        #expect(throws: MeasureError.invalidNumberOfLines(-2)) { try text.layout(widths: [100], numberOfLines: -2) }
        // 0 and infinity are unbounded, as for one width.
        #expect(try text.layout(widths: [0]).lineCount == 1)
        #expect(try text.layout(widths: [.infinity, 10]).lines[0].range == 0..<11)
    }
}

extension LineRequest {
    /// A width in points as the request's units (the public edge's conversion).
    static func unitsForTest(_ width: CGFloat) -> Int { (try? units(forWidth: width)) ?? -1 }
}
