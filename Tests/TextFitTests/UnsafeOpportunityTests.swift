import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// Word wrap (W2) where an opportunity's end lies inside a shaped cluster or a kerned pair, so its stored
/// prefix width differs from the width of the line reshaped there. The stored width may be too small
/// (a kern the cut removes: the breakers confirm what it accepts) or too large (a ligature or a
/// positive kern the cut removes: the breakers must also try what it rejects). Both breakers are
/// compared with a reference that scans every candidate with freshly shaped widths.
@Suite struct UnsafeOpportunityTests {
    /// The fuzzer's finding (FuzzTesting/Crashers/FuzzMeasure/break-after-zwsp-inside-ligature): HarfBuzz
    /// ligates "f" + U+200B + "f" across the zero-width space, so the opportunity after it lies inside a
    /// cluster, and its stored width counts the whole ligature.
    @Test func zeroWidthSpaceInsideALigatureBreaksAtItsReshapedWidth() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let text = PreparedText("fffffff\u{200B}ffff", font: font)
        let wide = try text.layout(width: 60)
        #expect(wide.lines.map(\.range) == [0..<8, 8..<12])
        let widest = try #require(wide.lines.map(\.width).max())
        #expect(text.isUnsafe(8))
        for fastPath in [true, false] {
            // At the width the lines need, they are the same lines (what `sizeThatFits` promises).
            let tight = try Self.layout(text, width: widest, fastPath: fastPath)
            #expect(tight.lines.map(\.range) == [0..<8, 8..<12], "fastPath \(fastPath)")
            let metrics = try text.measure(
                width: widest, numberOfLines: 0, lineBreakMode: .byWordWrapping,
                lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: fastPath)
            #expect(metrics.lineCount == 2)
            #expect(metrics.size.width == widest)
        }
    }

    static func layout(_ text: PreparedText, width: CGFloat, fastPath: Bool) throws -> TextLayout {
        try text.layout(
            width: width, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineBreakStrategy: [],
            lastLineMaxWidth: nil, fastPath: fastPath)
    }

    /// Lines as W2 defines them, scanning candidates one by one with widths shaped afresh (never the
    /// stored prefix sums): the furthest opportunity whose visible line fits, else an emergency break
    /// before the first cluster that does not fit. One paragraph, no mandatory break.
    static func referenceLines(_ text: PreparedText, limit: Int) -> [Range<Int>] {
        let count = text.utf16Count
        var candidates = text.breaks.map(Int.init).filter { $0 < count }
        candidates.append(count)
        let boundaries = text.graphemes.map(Int.init)
        func fits(_ start: Int, _ end: Int) -> Bool {
            text.width(start, text.trimmedEnd(end, notBefore: start), remembering: false) <= limit
        }
        var lines: [Range<Int>] = []
        var start = 0
        while start < count {
            var best = -1
            var firstCandidate = -1
            for candidate in candidates where candidate > start {
                if firstCandidate < 0 { firstCandidate = candidate }
                guard fits(start, candidate) else { break }
                best = candidate
            }
            var end = best
            if end < 0 {
                let inside = boundaries.filter { $0 > start && $0 < firstCandidate }
                end = inside.first ?? firstCandidate
                for boundary in inside.dropFirst() {
                    guard fits(start, boundary) else { break }
                    end = boundary
                }
            }
            lines.append(start..<end)
            start = end
        }
        return lines
    }

    /// Letters that ligate (f, i, l) or kern (A, V, T, W, Y, o, a) in Noto Sans, spaces and zero-width
    /// spaces, in random words.
    static func texts(count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(state: seed)
        let pieces = ["f", "f", "f", "i", "l", "A", "V", "T", "W", "Y", "o", "a", ".", " ", " ", "\u{200B}", "\u{200B}"]
        return (0..<count).map { _ in
            let length = 4 + Int(random.next() % 36)
            return String((0..<length).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
    }

    @Test func bothBreakersMatchTheReshapingReference() throws {
        var compared = 0
        var unsafeEnds = 0
        var failures: [String] = []
        for (family, size) in [("Noto Sans", 17.0), ("Noto Sans", 24.0), ("Noto Sans", 11.0)] {
            let font = try Font(family: family, size: CGFloat(size))
            for text in Self.texts(count: 120, seed: UInt64(size * 31)) {
                let prepared = PreparedText(text, font: font)
                let count = prepared.utf16Count
                // Widths where `≤` decides: each prefix line's exact width from the start and a unit less,
                // and a few in between.
                var limits = Set<Int>()
                for candidate in prepared.breaks.map(Int.init) where candidate > 0 && candidate <= count {
                    let width = prepared.width(0, prepared.trimmedEnd(candidate, notBefore: 0), remembering: false)
                    limits.formUnion([width, width - 1, width + 1])
                    if prepared.isUnsafe(prepared.trimmedEnd(candidate, notBefore: 0)) { unsafeEnds += 1 }
                }
                for limit in limits where limit > 0 {
                    let expected = Self.referenceLines(prepared, limit: limit)
                    for fastPath in [true, false] {
                        let lines = try Self.layout(prepared, width: Units.points(limit), fastPath: fastPath).lines.map(
                            \.range)
                        compared += 1
                        if lines != expected, failures.count < 12 {
                            failures.append(
                                "\(family) \(size) \(text.debugDescription) at \(limit) units, fastPath \(fastPath): \(lines) vs reference \(expected)"
                            )
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // The sample must reach the case this suite is about.
        #expect(unsafeEnds > 100)
        #expect(compared > 9_000)
    }

    /// The invariant the fuzzer checks, over the same texts: laid out at its measured width, a text makes
    /// the same lines (a label sized by `sizeThatFits` wraps as it was measured).
    @Test func measuredWidthReproducesTheLines() throws {
        var failures: [String] = []
        let font = try Font(family: "Noto Sans", size: 17)
        for text in Self.texts(count: 200, seed: 7) {
            let prepared = PreparedText(text, font: font)
            for width in stride(from: 6.0, through: 160, by: 7.25) {
                let layout = try prepared.layout(width: CGFloat(width))
                let widest = layout.lines.map(\.width).max() ?? 0
                guard widest <= CGFloat(width) else { continue }  // an emergency line wider than the box
                let again = try prepared.layout(width: widest)
                if again.lines.map(\.range) != layout.lines.map(\.range), failures.count < 10 {
                    failures.append(
                        "\(text.debugDescription) at \(width): \(layout.lines.map(\.range)), at \(widest): \(again.lines.map(\.range))"
                    )
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
