import Foundation
import Testing
@testable import TextFit

/// Seeded property tests of the breaker (engineering habits: properties over many generated cases).
@Suite struct LayoutPropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

    /// Runs `body` over 40 random texts per seed at widths from 20 to 420 pt.
    func forEachCase(seed: UInt64, _ body: (PreparedText, CGFloat) throws -> Void) throws {
        var generator = Fixtures.Generator(state: seed)
        let font = try Fixtures.font(CGFloat([12, 15, 17, 24][Int(seed % 4)]))
        for _ in 0..<40 {
            let prepared = PreparedText(Fixtures.randomText(&generator), font: font)
            for _ in 0..<4 {
                try body(prepared, CGFloat(Int.random(in: 20...420, using: &generator)))
            }
        }
    }

    @Test(arguments: seeds) func lineCountNeverGrowsWithWidth(seed: UInt64) throws {
        try forEachCase(seed: seed) { prepared, width in
            let narrow = try prepared.layout(width: width).lineCount
            let wide = try prepared.layout(width: width + 37).lineCount
            #expect(wide <= narrow, "\(prepared.text.debugDescription) at \(width): \(narrow) → \(wide)")
        }
    }

    @Test(arguments: seeds) func layingOutAtTheMeasuredWidthGivesTheSameLines(seed: UInt64) throws {
        try forEachCase(seed: seed) { prepared, width in
            let layout = try prepared.layout(width: width)
            // Only meaningful when nothing overflows: an overflowing single cluster widens the layout.
            guard layout.size.width <= width else { return }
            let again = try prepared.layout(width: layout.size.width)
            #expect(
                again.lines.map(\.range) == layout.lines.map(\.range),
                "\(prepared.text.debugDescription) at \(width) then \(layout.size.width)")
        }
    }

    @Test(arguments: seeds) func everyLineFitsUnlessItIsOneCluster(seed: UInt64) throws {
        try forEachCase(seed: seed) { prepared, width in
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                for line in try prepared.layout(width: width, lineBreakMode: mode).lines where line.width > width {
                    // Hanging whitespace (W4) does not count: "👩‍👩‍👧‍👦 " is one cluster wider than the line.
                    let visible =
                        line.range.lowerBound..<prepared.trimmedEnd(line.range.upperBound, notBefore: line.range.lowerBound)
                    let clusters = prepared.graphemes.filter { visible.contains(Int($0)) }.count
                    #expect(
                        clusters == 1,
                        "\(mode) line \(line.text.debugDescription) \(line.range) is \(line.width) > \(width) in \(prepared.text.debugDescription)"
                    )
                }
            }
        }
    }

    @Test(arguments: seeds) func linesTileTheText(seed: UInt64) throws {
        try forEachCase(seed: seed) { prepared, width in
            for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                let lines = try prepared.layout(width: width, lineBreakMode: mode).lines
                // Lines cover each paragraph's content in order; only separators fall between them.
                var position = 0
                for line in lines {
                    let gap = prepared.units[position..<line.range.lowerBound]
                    #expect(gap.allSatisfy(Paragraphs.isSeparator), "gap \(position)..<\(line.range.lowerBound)")
                    #expect(line.range.lowerBound <= line.range.upperBound)
                    position = line.range.upperBound
                }
                let rest = prepared.units[position...]
                #expect(rest.allSatisfy(Paragraphs.isSeparator), "text after the last line")
                #expect(
                    lines.map(\.text).joined() == prepared.text.filter { !"\n\r\u{2029}\u{85}".contains($0) }
                        || prepared.text.contains("\r\n"))
            }
        }
    }

    @Test(arguments: seeds) func truncatedLinesFitAndKeepWholeClusters(seed: UInt64) throws {
        try forEachCase(seed: seed) { prepared, width in
            for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
                let layout = try prepared.layout(width: width, numberOfLines: 2, lineBreakMode: mode)
                #expect(layout.lineCount <= 2)
                guard let last = layout.lines.last, last.ellipsis != nil else { continue }
                #expect(last.width <= width || last.visibleRanges.allSatisfy(\.isEmpty))
                for range in last.visibleRanges {
                    #expect(prepared.flags[range.lowerBound] & PreparedText.Flag.grapheme != 0)
                    #expect(prepared.flags[range.upperBound] & PreparedText.Flag.grapheme != 0)
                }
            }
        }
    }
}

/// One breaker serves measuring and drawing: each line's width equals measuring that line's text alone,
/// including lines cut inside a word at clusters HarfBuzz marks unsafe-to-break (reshaped, not summed).
@Suite struct LineWidthConsistencyTests {
    @Test(arguments: [LineBreakMode.byWordWrapping, .byCharWrapping])
    func lineWidthsEqualTheLineMeasuredAlone(mode: LineBreakMode) throws {
        let font = try Fixtures.font(17)
        // Latin with kerning pairs and ligatures (fi, ffl, AV, To, Ta), so cuts land on unsafe clusters.
        let texts = [
            "AVATAR Toyota WAVE office affluent fjord ffl Taj Mahal LTAV Yoyo Vazquez",
            "Wolfgang's offfice of Affffairs: Tavern T.Y. AWAY LAVA",
            Fixtures.samples[2], Fixtures.samples[1], Fixtures.samples[5],
        ]
        var checked = 0
        var reshaped = 0
        for text in texts {
            let prepared = PreparedText(text, font: font)
            for width in stride(from: 12.0, through: 240.0, by: 7.0) {
                for line in try prepared.layout(width: CGFloat(width), lineBreakMode: mode).lines {
                    let visible =
                        line.range.lowerBound..<prepared.trimmedEnd(line.range.upperBound, notBefore: line.range.lowerBound)
                    let alone = PreparedText(String(decoding: prepared.units[visible], as: UTF16.self), font: font)
                    #expect(
                        line.width == (try alone.layout().size.width),
                        "\(mode) at \(width): \(line.text.debugDescription)")
                    checked += 1
                    if line.range.upperBound < prepared.utf16Count, prepared.isUnsafe(line.range.upperBound) {
                        reshaped += 1
                    }
                }
            }
        }
        #expect(checked > 500)
        #expect(reshaped > 0, "no line ended at an unsafe-to-break cluster: the reshaping path went untested")
        print("Line width consistency (\(mode)): \(checked) lines, \(reshaped) ending at unsafe-to-break clusters")
    }
}
