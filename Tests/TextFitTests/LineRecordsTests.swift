import Foundation
import Testing
@testable import TextFit

/// `LineRecords` stores a layout's lines with unchecked stores into a buffer it grows itself, and
/// `TextLines` makes each `TextLine` from them when read. These tests check the storage against a plain
/// array whatever the reserved count, and a layout's lines against the breaker's own.
@Suite struct LineRecordsTests {
    static func line(_ index: Int) -> BrokenLine {
        BrokenLine(start: index * 10, end: index * 10 + 7, visible: index * 10..<index * 10 + 5,
                   suffix: index % 3 == 0 ? 1..<2 : 0..<0, width: (index * 7919) % 1000,
                   widthWithWhitespace: (index * 7919) % 1000 + 3,
                   ellipsis: [nil, .tail, .head, .middle][index % 4], isCut: index % 5 == 0)
    }

    /// Under, exactly at and over the reserved count (the buffer grows and copies), from no line up.
    @Test(arguments: [0, 1, 2, 5, 64])
    func storesEveryLineWhateverWasReserved(expected: Int) {
        for count in [0, 1, 2, 3, 4, 5, 6, 63, 64, 65, 200] {
            var records = LineRecords()
            let lines = (0..<count).map(Self.line)
            records.withWriter(expectedCount: expected) { writer in for line in lines { writer.append(line) } }
            #expect(records.count == count)
            #expect((0..<count).map { records[$0] } == lines)
            #expect(records.widest == (lines.map(\.width).max() ?? 0))
            #expect(records.widestWithWhitespace == (lines.map(\.widthWithWhitespace).max() ?? 0))
            var other = LineRecords()
            for line in lines { other.append(line) }
            #expect(records == other, "equality ignores the reservation")
            if count > 0 {
                var shorter = LineRecords()
                shorter.withWriter(expectedCount: expected) { writer in for line in lines.dropLast() { writer.append(line) } }
                #expect(records != shorter)
            }
        }
    }

    /// A layout's `TextLine`s are the general breaker's lines with their geometry, on texts whose line
    /// counts run past `expectedLineCount`'s reservation (a long word after short ones) and at widths
    /// from one line to one cluster per line.
    @Test func layoutLinesAreTheBreakersLines() throws {
        let font = try Fixtures.font()
        let texts = ["a b c d e f g h i j k l m n o p q r s t u v w x y z " + String(repeating: "W", count: 120),
                     "One line", "", "Hello world, this wraps over several lines when narrow enough.\nAnd a second paragraph."]
        for text in texts {
            let prepared = PreparedText(text, font: font)
            for width: CGFloat in [4, 9, 30, 60, 120, 1000] {
                for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byClipping] {
                    let layout = try prepared.layout(width: width, numberOfLines: mode == .byWordWrapping ? 0 : 2,
                                                     lineBreakMode: mode)
                    let breaker = LineBreaker(text: prepared, maxWidth: try PreparedText.units(forWidth: width),
                                              lastLineMaxWidth: nil, maxLines: mode == .byWordWrapping ? 0 : 2,
                                              mode: mode, strategy: [])
                    var expected = BrokenLinesForTest()
                    _ = breaker.run(into: &expected)
                    #expect(layout.lines.count == expected.lines.count)
                    for (index, (line, broken)) in zip(layout.lines, expected.lines).enumerated() {
                        #expect(line.range == broken.start..<broken.end)
                        #expect(line.width == Units.points(broken.width))
                        #expect(line.widthIncludingTrailingWhitespace == Units.points(broken.widthWithWhitespace))
                        #expect(line.rect == CGRect(x: 0, y: CGFloat(index) * layout.lineHeight,
                                                    width: line.width, height: layout.lineHeight))
                        #expect(line.baseline == CGFloat(index) * layout.lineHeight + font.ascender)
                        #expect(line.ellipsis == broken.ellipsis && line.isTruncated == broken.isCut)
                    }
                    #expect(layout.size.width == (layout.lines.map { $0.width }.max() ?? 0))
                    #expect(layout.sizeIncludingTrailingWhitespace.width
                            == (layout.lines.map { $0.widthIncludingTrailingWhitespace }.max() ?? 0))
                }
            }
        }
    }
}

/// Collects the general breaker's lines into a plain array, independently of `LineRecords`.
private struct BrokenLinesForTest: LineSink {
    var lines: [BrokenLine] = []
    init() {}
    mutating func append(_ line: BrokenLine) { lines.append(line) }
}
