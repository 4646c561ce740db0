import Foundation
import Testing
import TextFitLayout
import _TextFitTestSupport

/// Distribution along an axis with Masonry's semantics (NSArray+MASAdditions.m).
@Suite struct DistributionTests {
    /// Fixed spacing: 3 items in 320 with lead/tail 15 and gaps 10 are (320 − 30 − 20) / 3 = 90 long.
    @Test func fixedSpacingWorkedExample() throws {
        let spans = try Distribution.fixedSpacing(10, count: 3, length: 320, leadSpacing: 15, tailSpacing: 15)
        #expect(spans == [.init(origin: 15, length: 90), .init(origin: 115, length: 90), .init(origin: 215, length: 90)])
    }

    /// Fixed item length: 4 items of 60 in 320 with lead/tail 10 have gaps (320 − 20 − 240) / 3 = 20,
    /// the ends Masonry's multiplier-and-offset constraints give (right_i = 320·i/3 + (1 − i/3)·70 − 10·i/3).
    @Test func fixedItemLengthWorkedExample() throws {
        let spans = try Distribution.fixedItemLength(60, count: 4, length: 320, leadSpacing: 10, tailSpacing: 10)
        // Masonry's own arithmetic: 90 comes out as 89.99999999999997 (70 × 2/3 + 320/3 − 10/3).
        for (span, origin) in zip(spans, [CGFloat(10), 90, 170, 250]) { #expect(abs(span.origin - origin) < 1e-9) }
        #expect(spans.allSatisfy { abs($0.length - 60) < 1e-9 })
        // On a pixel grid the edges are whole pixels again.
        let snapped = try Distribution.fixedItemLength(60, count: 4, length: 320, leadSpacing: 10, tailSpacing: 10, scale: 2)
        #expect(snapped.map(\.origin) == [10, 90, 170, 250])
        for (index, span) in spans.enumerated() {
            let i = CGFloat(index)
            let masonry = 320 * i / 3 + (1 - i / 3) * 70 - i * 10 / 3
            #expect(abs(span.end - masonry) < 1e-9)
        }
    }

    /// Property: lead + items + gaps + tail = length exactly, in pixels, on every scale; items (fixed
    /// spacing) or gaps (fixed length) differ by at most a pixel, and without snapping they are equal.
    @Test(arguments: [CGFloat(1), 2, 3])
    func distributionTilesTheLength(scale: CGFloat) throws {
        var generator = SeededGenerator(state: UInt64(scale) * 7919)
        for _ in 0..<300 {
            let count = Int.random(in: 2...12, using: &generator)
            let length = CGFloat(Int.random(in: 0...1200, using: &generator))
            let lead = CGFloat(Int.random(in: -20...40, using: &generator))
            let tail = CGFloat(Int.random(in: -20...40, using: &generator))
            let spacing = CGFloat(Int.random(in: -10...30, using: &generator))
            let itemLength = CGFloat(Int.random(in: 0...120, using: &generator))
            var results: [([Distribution.Span], [Distribution.Span])] = []
            if let snapped = try? Distribution.fixedSpacing(
                spacing, count: count, length: length, leadSpacing: lead,
                tailSpacing: tail, scale: scale)
            {
                let exact = try Distribution.fixedSpacing(
                    spacing, count: count, length: length, leadSpacing: lead,
                    tailSpacing: tail)
                results.append((snapped, exact))
                #expect(exact.allSatisfy { abs($0.length - exact[0].length) < 1e-9 })
                #expect(exact.dropFirst().enumerated().allSatisfy { abs($1.origin - exact[$0].end - spacing) < 1e-9 })
                #expect(spread(snapped.map(\.length), scale) <= 1)
            } else {
                #expect(lead + tail + CGFloat(count - 1) * spacing > length)  // refused only without room
            }
            let snapped = try Distribution.fixedItemLength(
                itemLength, count: count, length: length, leadSpacing: lead,
                tailSpacing: tail, scale: scale)
            let exact = try Distribution.fixedItemLength(
                itemLength, count: count, length: length, leadSpacing: lead,
                tailSpacing: tail)
            results.append((snapped, exact))
            let gaps = zip(exact.dropFirst(), exact).map { $0.origin - $1.end }
            #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 1e-9 })
            #expect(spread(zip(snapped.dropFirst(), snapped).map { $0.origin - $1.end }, scale) <= 1)
            for (spans, exactSpans) in results {
                #expect(exactSpans.first?.origin == lead)
                #expect(abs((exactSpans.last?.end ?? .nan) - (length - tail)) < 1e-9)
                // Tiling in whole pixels: lead + Σ items + Σ gaps + tail == length.
                let px = { (value: CGFloat) in Int((value * scale).rounded()) }
                let items = spans.map { px($0.length) }.reduce(0, +)
                let gapSum = zip(spans.dropFirst(), spans).map { px($0.origin) - px($1.end) }.reduce(0, +)
                #expect(px(lead) + items + gapSum + px(tail) == px(length))
                #expect(px(spans[0].origin) == px(lead))
            }
        }
    }

    /// The largest minus the smallest value, in pixels.
    func spread(_ values: [CGFloat], _ scale: CGFloat) -> Int {
        guard let low = values.min(), let high = values.max() else { return 0 }
        return Int(((high - low) * scale).rounded())
    }

    /// Degenerate inputs: fewer than two items (Masonry asserts), no room, invalid numbers.
    @Test func degenerateInputs() {
        #expect(throws: DistributionError.tooFewItems(count: 1)) {
            try Distribution.fixedSpacing(10, count: 1, length: 100, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: DistributionError.tooFewItems(count: 0)) {
            try Distribution.fixedItemLength(10, count: 0, length: 100, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: DistributionError.noRoom(length: 100, needed: 110)) {
            try Distribution.fixedSpacing(50, count: 3, length: 100, leadSpacing: 5, tailSpacing: 5)
        }
        #expect(throws: DistributionError.invalidValue(field: "length", value: -1)) {
            try Distribution.fixedSpacing(0, count: 2, length: -1, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: DistributionError.invalidValue(field: "fixedItemLength", value: -5)) {
            try Distribution.fixedItemLength(-5, count: 2, length: 100, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: DistributionError.self) {
            try Distribution.fixedSpacing(.nan, count: 2, length: 100, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: DistributionError.invalidValue(field: "scale", value: 0)) {
            try Distribution.fixedSpacing(0, count: 2, length: 100, leadSpacing: 0, tailSpacing: 0, scale: 0)
        }
    }

    /// Negative spacing overlaps (Masonry passes it on as an offset); too-long fixed items overlap too.
    @Test func negativeSpacingOverlaps() throws {
        let spans = try Distribution.fixedSpacing(-10, count: 2, length: 100, leadSpacing: 0, tailSpacing: 0)
        #expect(spans == [.init(origin: 0, length: 55), .init(origin: 45, length: 55)])
        let long = try Distribution.fixedItemLength(60, count: 2, length: 100, leadSpacing: 0, tailSpacing: 0)
        #expect(long == [.init(origin: 0, length: 60), .init(origin: 40, length: 60)])
    }

    /// On nodes: frames along the axis inside the container; the other axis is untouched.
    @Test func nodesInAContainer() throws {
        let bar = LayoutNode(frame: CGRect(x: 0, y: 0, width: 320, height: 44), name: "bar")
        let items = (0..<3).map { LayoutNode(frame: CGRect(x: 0, y: 7, width: 0, height: 30), name: "item\($0)") }
        for item in items { try bar.addSubview(item) }
        try items.distribute(along: .horizontal, fixedSpacing: 10, leadSpacing: 15, tailSpacing: 15)
        #expect(
            items.map(\.frame) == [
                CGRect(x: 15, y: 7, width: 90, height: 30),
                CGRect(x: 115, y: 7, width: 90, height: 30),
                CGRect(x: 215, y: 7, width: 90, height: 30),
            ])
        let column = LayoutNode(frame: CGRect(x: 0, y: 0, width: 100, height: 300), name: "column")
        let rows = (0..<3).map { LayoutNode(frame: CGRect(x: 5, y: 0, width: 90, height: 0), name: "row\($0)") }
        for row in rows { try column.addSubview(row) }
        try column.distribute(rows, along: .vertical, fixedItemLength: 80, leadSpacing: 0, tailSpacing: 0)
        #expect(rows.map(\.frame.minY) == [0, 110, 220])
        #expect(throws: DistributionError.notASubview(item: "bar", container: "column")) {
            try column.distribute([rows[0], bar], along: .vertical, fixedSpacing: 0, leadSpacing: 0, tailSpacing: 0)
        }
        #expect(throws: DistributionError.tooFewItems(count: 1)) {
            try [rows[0]].distribute(along: .vertical, fixedSpacing: 0, leadSpacing: 0, tailSpacing: 0)
        }
    }
}
