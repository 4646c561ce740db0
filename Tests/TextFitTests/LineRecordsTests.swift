import Foundation
import Testing
@testable import TextFit

/// `LineRecords` stores a layout's lines with unchecked stores into a buffer it grows itself, and
/// `TextLines` makes each `TextLine` from them when read. These tests check the storage against a plain
/// array whatever the reserved count, and a layout's lines against the breaker's own.
@Suite struct LineRecordsTests {
    static func line(_ index: Int) -> BrokenLine {
        BrokenLine(
            start: index * 10, end: index * 10 + 7, visible: index * 10..<index * 10 + 5,
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
                shorter.withWriter(expectedCount: expected) { writer in for line in lines.dropLast() { writer.append(line) }
                }
                #expect(records != shorter)
            }
        }
    }

    /// A plain line (what the breaker makes but for the last visible line): range, widths, nothing else.
    static func plainLine(_ index: Int) -> BrokenLine {
        BrokenLine(
            start: index * 10, end: index * 10 + 7, visible: index * 10..<index * 10 + 7,
            width: (index * 7919) % 1000, widthWithWhitespace: (index * 7919) % 1000 + 3,
            ellipsis: nil, isCut: false)
    }

    /// Plain lines with cut ones among them (their rare fields live apart from the records: one inline
    /// slot, then a side list), in the inline records, the buffer and across its growth.
    @Test(arguments: [[], [0], [3], [4], [5], [70], [0, 1], [2, 9, 40, 130], Array(0..<12)])
    func cutLinesAmongPlainOnes(cut: [Int]) {
        for count in [1, 3, 4, 5, 8, 66, 140] {
            let lines = (0..<count).map { cut.contains($0) ? Self.line($0) : Self.plainLine($0) }
            for expected in [1, 6, 200] {
                var records = LineRecords()
                records.withWriter(expectedCount: expected) { writer in for line in lines { writer.append(line) } }
                #expect((0..<count).map { records[$0] } == lines, "count \(count), expected \(expected)")
                #expect(records.widest == lines.map(\.width).max())
                #expect(records.widestWithWhitespace == lines.map(\.widthWithWhitespace).max())
            }
        }
    }

    /// One line at a time (each `append` resumes a writer where the last one stopped) gives what one
    /// writer gives, through the inline records' end and the buffer's growth.
    @Test func appendingOneAtATimeResumes() {
        let lines = (0..<100).map { $0 % 7 == 3 ? Self.line($0) : Self.plainLine($0) }
        var single = LineRecords()
        var batch = LineRecords()
        batch.withWriter(expectedCount: 2) { writer in for line in lines { writer.append(line) } }
        for (index, line) in lines.enumerated() {
            single.append(line)
            #expect(single.count == index + 1 && single[index] == line)
        }
        #expect(single == batch)
        #expect(
            LineRecords(single: lines[3])
                == {
                    var one = LineRecords(); one.append(lines[3]); return one
                }())
    }

    /// Offsets past 32 bits (the inline slot for a cut line's fields keeps 32-bit offsets) and negative
    /// widths are kept exactly.
    @Test func largeOffsetsAndNegativeWidths() {
        let big = 1 << 40
        let lines = [
            BrokenLine(
                start: big, end: big + 9, visible: big..<big + 9, width: -5, widthWithWhitespace: -2,
                ellipsis: nil, isCut: false),
            BrokenLine(
                start: big + 9, end: big + 20, visible: big + 12..<big + 20, width: -7,
                widthWithWhitespace: -7, ellipsis: .head, isCut: true),
            BrokenLine(
                start: 3, end: 8, visible: 3..<5, suffix: 6..<8, width: -1, widthWithWhitespace: -1,
                ellipsis: .middle, isCut: true),
        ]
        var records = LineRecords()
        records.withWriter(expectedCount: 1) { writer in for line in lines { writer.append(line) } }
        #expect((0..<3).map { records[$0] } == lines)
        // Each record keeps its line's own width; the widest, which `size` reports, never goes below 0 (K1).
        #expect(records.widest == 0 && records.widestWithWhitespace == 0)
        #expect(LineRecords().widest == 0 && LineRecords().widestWithWhitespace == 0)
    }

    /// A layout keeps what its lines need: its prepared text (for drawing, too), so they read the same
    /// after the caller's last reference to the text is gone (run under AddressSanitizer too).
    @Test func layoutOutlivesItsPreparedText() throws {
        let font = try Fixtures.font()
        weak var gone: PreparedText?
        let text = String(repeating: "Lines outlive the text they were laid out from. ", count: 12)
        let (layouts, expected): ([TextLayout], [[String]]) = try {
            let prepared = PreparedText(text, font: font)
            gone = prepared
            let layouts = try [40, 90, 300, 5000].map { width in
                try prepared.layout(
                    width: CGFloat(width), numberOfLines: width == 90 ? 3 : 0,
                    lineBreakMode: width == 90 ? .byTruncatingMiddle : .byWordWrapping)
            }
            return (layouts, layouts.map { $0.lines.map(\.text) })
        }()
        #expect(gone != nil && layouts.allSatisfy { $0.preparedText === gone }, "the layouts keep their prepared text")
        #expect(layouts.map { $0.lines.map(\.text) } == expected)
        #expect(layouts[1].lines.last?.ellipsis == .middle && layouts[1].lines.count == 3)
        #expect(layouts[0].lines.count > LineRecords.inlineCapacity, "the narrow layout has lines in its buffer")
        let copy = layouts[0]
        #expect(copy == layouts[0] && copy.lines.map(\.range) == layouts[0].lines.map(\.range))
    }

    /// The text goes with its last layout: a layout holds its prepared text, which holds no layout.
    @Test func thePreparedTextIsReleasedWithItsLastLayout() throws {
        let font = try Fixtures.font()
        weak var gone: PreparedText?
        try {
            let prepared = PreparedText(String(repeating: "Lines and their text. ", count: 12), font: font)
            gone = prepared
            let layout = try prepared.layout(width: 40)
            #expect(layout.lines.count > 1 && layout.lines[0].preparedText === prepared)
        }()
        #expect(gone == nil, "the prepared text was released")
    }

    /// A layout's `TextLine`s are the general breaker's lines with their geometry, on texts whose line
    /// counts run past `expectedLineCount`'s reservation (a long word after short ones) and at widths
    /// from one line to one cluster per line.
    @Test func layoutLinesAreTheBreakersLines() throws {
        let font = try Fixtures.font()
        let texts = [
            "a b c d e f g h i j k l m n o p q r s t u v w x y z " + String(repeating: "W", count: 120),
            "One line", "", "Hello world, this wraps over several lines when narrow enough.\nAnd a second paragraph.",
        ]
        for text in texts {
            let prepared = PreparedText(text, font: font)
            for width: CGFloat in [4, 9, 30, 60, 120, 1000] {
                for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byClipping] {
                    let layout = try prepared.layout(
                        width: width, numberOfLines: mode == .byWordWrapping ? 0 : 2,
                        lineBreakMode: mode)
                    let breaker = LineBreaker(
                        text: prepared,
                        request: LineRequest(
                            widths: LineWidths(width: try LineRequest.units(forWidth: width)),
                            maxLines: mode == .byWordWrapping ? 0 : 2, mode: mode, strategy: []))
                    var expected = BrokenLinesForTest()
                    _ = breaker.run(into: &expected)
                    #expect(layout.lines.count == expected.lines.count)
                    for (index, (line, broken)) in zip(layout.lines, expected.lines).enumerated() {
                        #expect(line.range == broken.start..<broken.end)
                        #expect(line.width == Units.points(broken.width))
                        #expect(line.widthIncludingTrailingWhitespace == Units.points(broken.widthWithWhitespace))
                        #expect(
                            line.rect
                                == CGRect(
                                    x: 0, y: CGFloat(index) * layout.lineHeight,
                                    width: line.width, height: layout.lineHeight))
                        #expect(line.baseline == CGFloat(index) * layout.lineHeight + font.ascender)
                        #expect(line.ellipsis == broken.ellipsis && line.isTruncated == broken.isCut)
                    }
                    #expect(layout.size.width == (layout.lines.map { $0.width }.max() ?? 0))
                    #expect(
                        layout.sizeIncludingTrailingWhitespace.width
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
