import Foundation
import Testing
@testable import TextFit

/// The fast breaker's hyphenated line loop (`FastBreaker.hyphenLines`, issue 31, rules H1–H3, W2, T3–T6)
/// against the general breaker (`LineBreaker.hyphenatedEnd`): the same metrics and the same lines, widths
/// to the unit, over English, German and French paragraphs at many widths, factors 0.5 and 1, with line
/// limits, truncation, clipping, push-out and a last line of its own width. And `HyphenPoints`' stored
/// widths against `PreparedText.width` reshaping afresh, which is what the loop's arithmetic replaces.
@Suite struct HyphenLinesTests {
    /// The hyphenation parity corpus's texts, the benchmark's paragraphs, and two of several paragraphs
    /// with soft hyphens beside dictionary words (H1 wins inside its word, H7).
    static func texts() throws -> [(text: String, language: String)] {
        var texts: [(text: String, language: String)] = try HyphenatedFastPathTests.corpus().map {
            (text: $0.text, language: $0.language ?? "en-US")
        }
        let more: [(language: String, text: String)] = [
            (
                "en-US",
                "Internationalization requires understanding of characteristically complicated typographical "
                    + "conventions, and the representatives negotiated extraordinary compromises concerning "
                    + "environmental responsibilities while photosynthesis transforms electromagnetic radiation."
            ),
            (
                "de-DE",
                "Die Donaudampfschifffahrtsgesellschaft veröffentlichte überraschende Geschäftsergebnisse, und "
                    + "Rechtsschutzversicherungsgesellschaften verlangen Krankenversicherungsnachweise, während "
                    + "Geschwindigkeitsbegrenzungen Verkehrsunfälle auf Landstraßen erheblich verringern."
            ),
            (
                "fr",
                "Anticonstitutionnellement, les gouvernements interprétèrent différemment les réglementations, "
                    + "et les établissements universitaires développent continuellement leurs infrastructures."
            ),
            (
                "de-DE",
                "Kraft\u{AD}fahr\u{AD}zeug\u{AD}haftpflicht\u{AD}versicherung und Bundesausbildungsförderungsgesetz\n"
                    + "Zweiter Absatz: Arbeitsunfähigkeitsbescheinigung, Rindfleischetikettierungsüberwachung.\n\n"
                    + "Dritter."
            ),
            (
                "en-US",
                "Tyrannosaurus vocabulary: AVAILABILITY, WAVEFORM, Typewritten Yachting, favourably "
                    + "Weltanschauung; effectively, affordability and officially fluffy waffles."
            ),
        ]
        texts += more.map { (text: $0.text, language: $0.language) }
        return texts
    }

    /// What each width is laid out with: unlimited word wrapping, then line limits with each way of
    /// cutting the last line (T3–T6), push-out (W6), and a last line narrower than the rest.
    static let configurations: [(lines: Int, mode: LineBreakMode, strategy: LineBreakStrategy, lastLine: CGFloat?)] = [
        (0, .byWordWrapping, [], nil),
        (3, .byTruncatingTail, [], nil),
        (2, .byClipping, [], nil),
        (4, .byTruncatingMiddle, [], nil),
        (0, .byWordWrapping, .standard, nil),
        (5, .byTruncatingTail, [], 0.6),
    ]

    @Test func loopMatchesGeneralBreaker() throws {
        var comparisons = 0
        var failures: [String] = []
        var fastHyphenated = 0
        let counter = OperationCounts.Counter()
        for factor in [1, 0.5] as [Float] {
            var style = ParagraphStyle()
            style.hyphenationFactor = factor
            for size in [12, 17] as [CGFloat] {
                let font = try Font(family: "Noto Sans", size: size)
                for (index, entry) in try Self.texts().enumerated() {
                    let prepared = try PreparedText(
                        entry.text, font: font, paragraphStyle: style, language: entry.language)
                    let table = prepared.hyphenPoints
                    #expect(table != nil, "text \(index) has its point table")
                    for width in stride(from: CGFloat(36), through: 420, by: 6.7) {
                        for configuration in Self.configurations {
                            let last = configuration.lastLine.map { ($0 * width * 8).rounded() / 8 }
                            func run(_ fast: Bool) throws -> (TextMetrics, TextLayout) {
                                let metrics = try prepared.measure(
                                    width: width, numberOfLines: configuration.lines, lineBreakMode: configuration.mode,
                                    lineBreakStrategy: configuration.strategy, lastLineMaxWidth: last, fastPath: fast)
                                let layout = try prepared.layout(
                                    width: width, numberOfLines: configuration.lines, lineBreakMode: configuration.mode,
                                    lineBreakStrategy: configuration.strategy, lastLineMaxWidth: last, fastPath: fast)
                                return (metrics, layout)
                            }
                            let fast = try OperationCounts.$current.withValue(counter) { try run(true) }
                            let general = try run(false)
                            comparisons += 1
                            if configuration.lines == 0, configuration.strategy.isEmpty {
                                fastHyphenated += fast.1.lines.filter(\.isHyphenated).count
                            }
                            if fast.0 != general.0 || fast.1 != general.1, failures.count < 20 {
                                failures.append(
                                    "text \(index) \(entry.language) \(size) pt factor \(factor) width \(width) "
                                        + "\(configuration): fast \(fast.1.lines.map { ($0.range, $0.width) }) "
                                        + "vs general \(general.1.lines.map { ($0.range, $0.width) })")
                            }
                        }
                    }
                }
            }
        }
        print(
            "HyphenLinesTests: \(comparisons) comparisons, \(fastHyphenated) hyphenated lines unlimited, "
                + "loop lines \(counter.hyphenLoopLines), of which started at an unsafe point \(counter.hyphenLoopUnsafeStarts)"
        )
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(comparisons > 10_000)
        #expect(fastHyphenated > 5_000)  // the comparison is about hyphenated lines
        // The loop made most lines (measure and layout each count them), some from unsafe starts.
        #expect(counter.hyphenLoopLines > 4 * fastHyphenated)
        #expect(counter.hyphenLoopUnsafeStarts > 100)
    }

    /// Each point's stored numbers give `PreparedText.width` reshaped afresh (not remembered): a line
    /// from a word's start to the point (hyphen added), from the point to each later opportunity, and from
    /// one point to a later one, wherever the table says its formula holds.
    @Test func pointTableGivesReshapedWidths() throws {
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        var checked = 0
        var unsafePoints = 0
        for size in [12, 17, 20] as [CGFloat] {
            let font = try Font(family: "Noto Sans", size: size)
            for entry in try Self.texts() {
                let prepared = try PreparedText(entry.text, font: font, paragraphStyle: style, language: entry.language)
                let loaded = prepared.hyphenPoints
                let table = try #require(loaded)
                let hyphenation = try #require(prepared.paragraphSettings?.hyphenation)
                let prefix = prepared.prefix
                let breaks = prepared.breaks
                for k in 0..<table.count {
                    let point = table.points[k]
                    let position = Int(point.position)
                    #expect(position == Int(hyphenation.positions[k]))
                    if prepared.isUnsafe(position) { unsafePoints += 1 }
                    // A line ending here from the safe opportunity before its word.
                    let wordStart = breaks.last { Int($0) < position && !prepared.isUnsafe(Int($0)) }.map(Int.init) ?? 0
                    if point.endPieceStart >= 0, hyphenation.fromDictionary[k], Int(point.endPieceStart) >= wordStart {
                        #expect(
                            point.fitPrefix - prefix[wordStart]
                                == prepared.width(wordStart, position, remembering: false) + Int(hyphenation.widths[k]))
                        checked += 1
                    }
                    guard point.startPieceEnd != Int32.max else { continue }
                    // Lines starting here, to each later opportunity with a safe visible end.
                    for j in breaks.indices where Int(breaks[j]) > position {
                        let end = Int(prepared.breakEnds[j])
                        guard prepared.breakEnds[j] & PreparedText.breakEndNeedsReshaping == 0,
                            end >= Int(point.startPieceEnd)
                        else { continue }
                        #expect(
                            prepared.breakVisiblePrefix[j] - point.startBase
                                == prepared.width(position, end, remembering: false))
                        checked += 1
                    }
                    // To a later point.
                    for later in k + 1..<table.count where hyphenation.fromDictionary[later] {
                        let other = table.points[later]
                        guard other.endPieceStart >= point.startPieceEnd else { continue }
                        #expect(
                            other.fitPrefix - point.startBase
                                == prepared.width(position, Int(other.position), remembering: false)
                                + Int(hyphenation.widths[later]))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
        #expect(unsafePoints > 50)  // the pieces are exercised, not only safe points
    }
}
