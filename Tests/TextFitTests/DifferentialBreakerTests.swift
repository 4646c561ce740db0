import Foundation
import Testing
@testable import TextFit

/// The breaker's fast path (`FastBreaker.run`) must give exactly what the general one
/// (`LineBreaker.run`) gives: the same `TextMetrics` from `measure` and the same lines (ranges, visible
/// ranges, widths to the unit, ellipses, flags) from `layout`, for every configuration the fast path
/// accepts. Compared over the Pango parity corpus's 500 texts (Latin, CJK, Cyrillic, mixed; URLs and long
/// words that need emergency breaks, W2; kerned words HarfBuzz flags unsafe to break) and a few edge
/// texts, at many widths (including each line's exact width and one unit less, where `≤` decides), with
/// `numberOfLines` 0–3, every line break mode, no strategy and `.standard` (push-out and Hangul word
/// priority, W6), and a narrower last line.
@Suite struct DifferentialBreakerTests {
    /// Texts beyond the corpus that reach the fast path's edges.
    static let edgeTexts: [String] =
        Fixtures.samples + [
            "",
            " ",
            "\n",
            "a\n",
            "\n\n\nthree empty paragraphs before",
            "   ",
            "word     \n     indented after spaces   ",
            "AVATAR WAVY TAVERN VAVAVAVAVA AWAY YAWATA",  // kerned capitals: unsafe-to-break clusters
            "ffffffffffffffffffffffflllllllllll office affluent",  // ligatures
            "한국어 텍스트는 공백에서 줄을 바꿉니다 한국어텍스트는공백에서줄을바꿉니다",  // W6 Hangul word priority
            "tab\tseparated\tvalues\tand\tmore\ttabs",
            "line\u{2028}separator inside\u{2028}a paragraph",  // mandatory breaks inside: general path
            "a\u{2029}b\u{85}c\r\nd\re",
            "x",
            "👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦 e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
            "The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the dog.",
            String(repeating: "Съешь же ещё этих мягких французских булок ", count: 6),
        ]

    static let strategies: [LineBreakStrategy] = [[], .standard]

    struct Tally {
        var comparisons = 0
        var fastRuns = 0
        /// Runs in a configuration the fast path is meant for (not character wrapping).
        var eligibleRuns = 0
        var failures: [String] = []
    }

    /// Compares fast and general for one text at one width, in every mode, line limit and strategy.
    static func compare(
        _ prepared: PreparedText, width: CGFloat?, lastLineMaxWidth: CGFloat? = nil, label: String,
        into tally: inout Tally
    ) throws {
        for mode in LineBreakMode.allCases {
            for strategy in strategies {
                for lines in 0...3 {
                    let fastMetrics = try prepared.measure(
                        width: width, numberOfLines: lines, lineBreakMode: mode,
                        lineBreakStrategy: strategy, lastLineMaxWidth: lastLineMaxWidth,
                        fastPath: true)
                    let generalMetrics = try prepared.measure(
                        width: width, numberOfLines: lines, lineBreakMode: mode,
                        lineBreakStrategy: strategy, lastLineMaxWidth: lastLineMaxWidth,
                        fastPath: false)
                    let fastLayout = try prepared.layout(
                        width: width, numberOfLines: lines, lineBreakMode: mode,
                        lineBreakStrategy: strategy, lastLineMaxWidth: lastLineMaxWidth,
                        fastPath: true)
                    let generalLayout = try prepared.layout(
                        width: width, numberOfLines: lines, lineBreakMode: mode,
                        lineBreakStrategy: strategy, lastLineMaxWidth: lastLineMaxWidth,
                        fastPath: false)
                    tally.comparisons += 2
                    let breaker = LineBreaker(
                        text: prepared,
                        request: LineRequest(
                            widths: LineWidths(width: try LineRequest.units(forWidth: width)),
                            maxLines: lines, mode: mode, strategy: strategy))
                    if breaker.canRunFast { tally.fastRuns += 1 }
                    if mode != .byCharWrapping { tally.eligibleRuns += 1 }
                    if fastMetrics != generalMetrics || fastLayout != generalLayout, tally.failures.count < 20 {
                        tally.failures.append(
                            "\(label) width \(width.map { "\($0)" } ?? "nil") last \(lastLineMaxWidth.map { "\($0)" } ?? "-") "
                                + "lines \(lines) \(mode) strategy \(strategy.rawValue): fast \(fastMetrics) "
                                + "\(fastLayout.lines.map { ($0.range, $0.width) }) vs general \(generalMetrics) "
                                + "\(generalLayout.lines.map { ($0.range, $0.width) })")
                    }
                }
            }
        }
    }

    /// Widths around `base`: fractions and multiples of it, plus each line's exact width at `base` and one
    /// unit (1/1024 pt) less, where the fit comparison flips.
    static func widths(_ prepared: PreparedText, base: CGFloat) throws -> [CGFloat?] {
        var widths: [CGFloat?] = [nil, 1]
        for factor in [0.2, 0.5, 0.8, 1.0, 1.6] as [CGFloat] { widths.append((base * factor * 8).rounded() / 8) }
        let lines = try prepared.layout(width: base).lines
        for line in lines.prefix(3) where line.width > 0 {
            widths.append(line.width)
            widths.append(line.width - 1.0 / 1024)
        }
        return widths
    }

    @Test func fastPathMatchesGeneralOnParityCorpus() throws {
        let corpus = try PangoParityTests.loadJSONLines("corpus")
        var fonts: [Double: Font] = [:]
        var tally = Tally()
        for object in corpus {
            let id = object["id"] as? String ?? "?"
            let size = (object["size"] as? NSNumber)?.doubleValue ?? 17
            let font = try fonts[size] ?? Font(family: "Noto Sans", size: CGFloat(size))
            fonts[size] = font
            let prepared = PreparedText(object["text"] as? String ?? "", font: font)
            let base = CGFloat((object["width"] as? NSNumber)?.doubleValue ?? 200)
            for width in try Self.widths(prepared, base: base > 0 ? base : 200) {
                try Self.compare(prepared, width: width, label: id, into: &tally)
            }
            // The title + date layout's narrower last line.
            try Self.compare(prepared, width: base, lastLineMaxWidth: base * 0.6, label: id, into: &tally)
        }
        print("DifferentialBreakerTests corpus: \(tally.comparisons) comparisons, \(tally.fastRuns) runs on the fast path")
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
        // Only texts with U+2028/VT/FF or Hangul (with `.standard`) may leave the fast path.
        #expect(tally.fastRuns * 100 >= tally.eligibleRuns * 95, "\(tally.fastRuns) of \(tally.eligibleRuns)")
    }

    @Test func fastPathMatchesGeneralOnEdgeTexts() throws {
        var tally = Tally()
        for size in [11, 17, 24] as [CGFloat] {
            let font = try Fixtures.font(size)
            for (index, text) in Self.edgeTexts.enumerated() {
                let prepared = PreparedText(text, font: font)
                for width in try Self.widths(prepared, base: 120) {
                    try Self.compare(prepared, width: width, label: "edge \(index) at \(size) pt", into: &tally)
                }
                try Self.compare(prepared, width: 150, lastLineMaxWidth: 60, label: "edge \(index)", into: &tally)
            }
        }
        print(
            "DifferentialBreakerTests edge texts: \(tally.comparisons) comparisons, \(tally.fastRuns) runs on the fast path")
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
    }

    /// Random texts from the samples' words with random paragraph breaks, at random widths.
    @Test func fastPathMatchesGeneralOnRandomTexts() throws {
        var generator = Fixtures.Generator(state: 4)
        var tally = Tally()
        let font = try Fixtures.font(15)
        for index in 0..<150 {
            let prepared = PreparedText(Fixtures.randomText(&generator), font: font)
            let width =
                CGFloat(Int.random(in: 8...400, using: &generator)) + CGFloat(Int.random(in: 0..<1024, using: &generator))
                / 1024
            try Self.compare(prepared, width: width, label: "random \(index)", into: &tally)
        }
        print(
            "DifferentialBreakerTests random texts: \(tally.comparisons) comparisons, \(tally.fastRuns) runs on the fast path"
        )
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
    }

    /// Long paragraphs at widths whose lines hold from a few to about a hundred opportunities: the line
    /// loop's search (`FastBreaker.lastFitting`) steps from the previous line's count and gallops when it
    /// is off by more than three, both ways, and a replacement search (a branch-free window around the
    /// guess was tried) must find the same opportunity; every case must give the general breaker's lines
    /// (W2, W4). The random texts above hold at most 40 words, too few for lines of many opportunities.
    @Test func fastPathMatchesGeneralOnLongLines() throws {
        var generator = Fixtures.Generator(state: 19)
        var tally = Tally()
        let font = try Fixtures.font(13)
        // Without the samples' mandatory breaks inside a paragraph (U+2028), which the fast path refuses.
        let words: [String] =
            Fixtures.samples.joined(separator: " ").split(separator: " ").map(String.init)
            .filter { !$0.unicodeScalars.contains { [0x0B, 0x0C, 0x2028].contains($0.value) } }
            + ["a", "of", "I", "to", "—", "x"]
        var manyOpportunityLayouts = 0
        for index in 0..<30 {
            var text = ""
            for i in 0..<Int.random(in: 60...400, using: &generator) {
                if i > 0 {
                    // Mostly one space; now and then several (hanging whitespace, W4) or a paragraph break.
                    let roll = Int.random(in: 0..<40, using: &generator)
                    text += roll == 0 ? "\n" : roll == 1 ? "   " : " "
                }
                text += words.randomElement(using: &generator)!
            }
            let prepared = PreparedText(text, font: font)
            for _ in 0..<3 {
                let width =
                    CGFloat(Int.random(in: 60...1800, using: &generator)) + CGFloat(
                        Int.random(in: 0..<1024, using: &generator)) / 1024
                try Self.compare(prepared, width: width, label: "long \(index)", into: &tally)
                // Lines of more than eight opportunities: where the guess walk's misses gallop.
                let lines = try prepared.layout(width: width).lines
                if prepared.breakVisiblePrefixIsMonotone,
                    lines.contains(where: { line in
                        prepared.breaks.filter {
                            Int($0) > line.range.lowerBound && Int($0) <= line.range.upperBound
                        }.count > 8
                    })
                {
                    manyOpportunityLayouts += 1
                }
            }
        }
        print(
            "DifferentialBreakerTests long lines: \(tally.comparisons) comparisons, \(tally.fastRuns) runs on the fast path, \(manyOpportunityLayouts) layouts with a line of more than eight opportunities"
        )
        #expect(tally.failures.isEmpty, "\(tally.failures.joined(separator: "\n"))")
        #expect(manyOpportunityLayouts >= 30, "too few lines of many opportunities: \(manyOpportunityLayouts)")
        #expect(tally.fastRuns * 100 >= tally.eligibleRuns * 80, "\(tally.fastRuns) of \(tally.eligibleRuns)")
    }
}
