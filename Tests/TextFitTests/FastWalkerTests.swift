import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// The walker's fast step (`FastBreaker.step`, issue 32) against the general one (`LineBreaker.step`):
/// the same lines, widths to the unit, truncation and flags, for walks whose width changes from line to
/// line (G1), where nothing but the two steps can be compared. Over the plain parity corpus and the
/// differential breaker's edge texts, in every mode, with line limits 0–3, both strategies, and widths
/// drawn per line from 1 pt, a quarter, half and the whole case width, 333.3 pt and unbounded.
@Suite struct FastWalkerTests {
    /// Walks `text` with the widths `widthFor(line)` through one breaker.
    static func walk(
        _ text: PreparedText, fast: Bool, lines: Int, mode: LineBreakMode, strategy: LineBreakStrategy,
        widths: [CGFloat?]
    ) throws -> (lines: [TextLine], truncated: Bool) {
        var walker = try text.lines(numberOfLines: lines, lineBreakMode: mode, lineBreakStrategy: strategy)
        walker.usesFastBreaker = fast
        var result: [TextLine] = []
        while let line = try walker.next(width: widths[result.count % widths.count]) {
            result.append(line)
            if result.count > 10_000 { break }
        }
        return (result, walker.isTruncated)
    }

    static func same(_ a: (lines: [TextLine], truncated: Bool), _ b: (lines: [TextLine], truncated: Bool)) -> Bool {
        a.truncated == b.truncated && a.lines.count == b.lines.count
            && zip(a.lines, b.lines).allSatisfy { x, y in
                x.range == y.range && x.width == y.width && x.visibleRanges == y.visibleRanges
                    && x.widthIncludingTrailingWhitespace == y.widthIncludingTrailingWhitespace
                    && x.ellipsis == y.ellipsis && x.isTruncated == y.isTruncated && x.rect == y.rect
                    && x.baseline == y.baseline
            }
    }

    @Test func fastStepMatchesGeneralStepWithChangingWidths() throws {
        var generator = SeededGenerator(state: 32)
        var texts = try LineWalkerTests.corpus("corpus").map {
            (PreparedText($0.text, font: try Fixtures.font(15)), $0.width)
        }
        for text in DifferentialBreakerTests.edgeTexts {
            texts.append((PreparedText(text, font: try Fixtures.font(17)), 120))
        }
        var compared = 0
        var fastTexts = 0
        var failures: [String] = []
        for (text, width) in texts {
            if FastBreaker.canRun(text, mode: .byWordWrapping, strategy: []) { fastTexts += 1 }
            for _ in 0..<4 {
                let choices: [CGFloat?] = [1, width / 4, width / 2, width, 333.3, nil]
                let widths = (0..<5).map { _ in choices.randomElement(using: &generator)! }
                let lines = [0, 1, 2, 3].randomElement(using: &generator)!
                let mode = LineWalkerTests.modes.randomElement(using: &generator)!
                let strategy: LineBreakStrategy = [[], .standard].randomElement(using: &generator)!
                let fast = try Self.walk(text, fast: true, lines: lines, mode: mode, strategy: strategy, widths: widths)
                let general = try Self.walk(
                    text, fast: false, lines: lines, mode: mode, strategy: strategy, widths: widths)
                compared += 1
                if !Self.same(fast, general), failures.count < 8 {
                    failures.append(
                        "\(String(text.text.prefix(40))) widths \(widths) n=\(lines) \(mode) \(strategy.rawValue): "
                            + "\(fast.lines.map(\.range)) vs \(general.lines.map(\.range))")
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared >= 2000)
        #expect(fastTexts * 10 >= texts.count * 9)  // the comparison is about the fast step
    }
}
