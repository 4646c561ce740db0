import Foundation
import TextFit

/// The `styled` mode: what attributed text costs next to the same text plain, per set. The styled-text
/// targets: preparing a text of one run (a `StyledText` with only the text's font) costs ≤ 1.1× the plain
/// path, and relaying out styled text ≤ 1.3× plain per text and width. Not in `all`; run it with
/// `--mode styled`. The engines, in one interleaved run:
/// - `plain-prepare`, `styled1-prepare`: from the string, with the segment cache warm (the warm mode's
///   work: prepare, then one `measure` at the case's width);
/// - `styled3-prepare`: the same with three runs (the text's first third 1.2× larger, its second third
///   with a 0.5 pt kern), which cuts and reshapes segments at two run edges;
/// - `plain-relayout`, `styled1-relayout`, `styled3-relayout`: `measure` of prepared texts at the relayout
///   widths.
extension Bench {
    static let styledEngines = [
        "plain-prepare", "styled1-prepare", "styled3-prepare",
        "plain-relayout", "styled1-relayout", "styled3-relayout",
    ]

    func runStyled() {
        let mode = "styled"
        progress("styled: preparing \(loaded.all.count) texts three ways")
        struct Prepared {
            var set: CaseSet
            var oneRun: [StyledText?]
            var threeRuns: [StyledText?]
            var plainTexts: [PreparedText]
            var oneRunTexts: [PreparedText]
            var threeRunTexts: [PreparedText]
            var widths: [[CGFloat]]
        }
        let prepared: [Prepared] = loaded.sets.map { set in
            let oneRun = set.cases.map { c in try? StyledText(c.text, font: c.font) }
            let threeRuns = set.cases.map { Self.threeRuns($0) }
            return Prepared(
                set: set, oneRun: oneRun, threeRuns: threeRuns,
                plainTexts: set.cases.map { PreparedText($0.text, font: $0.font) },
                oneRunTexts: zip(oneRun, set.cases).map { Self.prepared($0, $1) },
                threeRunTexts: zip(threeRuns, set.cases).map { Self.prepared($0, $1) },
                widths: set.cases.map { c in Bench.relayoutFactors.map { CGFloat(c.baseWidth) * $0 } })
        }
        let interleaver = Interleaver(engines: Self.styledEngines)
        var series: [String: [String: Series]] = [:]
        for sample in 0..<samplesTotal {
            progress("styled: sample \(sample + 1)/\(samplesTotal)\(sample < options.warmup ? " (warm-up)" : "")")
            for p in prepared {
                for engine in interleaver.order(sample: sample) {
                    let elapsed = quietSample(profiled: sample >= options.warmup) {
                        switch engine {
                        case "plain-prepare": consume(StyledPasses.plainPrepare(p.set.cases))
                        case "styled1-prepare": consume(StyledPasses.styledPrepareOneRun(p.oneRun, p.set.cases))
                        case "styled3-prepare": consume(StyledPasses.styledPrepareThreeRuns(p.threeRuns, p.set.cases))
                        case "plain-relayout": consume(Passes.textfitRelayoutMeasure(p.plainTexts, p.set.cases, p.widths))
                        case "styled1-relayout": consume(StyledPasses.relayoutOneRun(p.oneRunTexts, p.set.cases, p.widths))
                        default: consume(StyledPasses.relayoutThreeRuns(p.threeRunTexts, p.set.cases, p.widths))
                        }
                    }
                    guard sample >= options.warmup else { continue }
                    let units = p.set.cases.count * (engine.hasSuffix("relayout") ? Bench.relayoutFactors.count : 1)
                    series[p.set.name, default: [:]][
                        engine,
                        default: Series(
                            mode: mode, set: p.set.name, engine: engine,
                            cases: p.set.cases.count)
                    ]
                    .samples.append(Double(elapsed) / 1000 / Double(units))
                }
            }
        }
        for p in prepared {
            let bySet = series[p.set.name] ?? [:]
            report.series += Self.styledEngines.compactMap { bySet[$0] }
            func ratio(_ name: String, _ over: String, target: String?) {
                guard let cost = bySet[name]?.median, let base = bySet[over]?.median, base > 0 else { return }
                report.ratios.append(
                    Ratio(
                        mode: mode, set: p.set.name, name: "\(name)/\(over)", value: cost / base,
                        target: target))
            }
            ratio("styled1-prepare", "plain-prepare", target: "<= 1.1")
            ratio("styled3-prepare", "plain-prepare", target: nil)
            ratio("styled1-relayout", "plain-relayout", target: "<= 1.3")
            ratio("styled3-relayout", "plain-relayout", target: "<= 1.3")
        }
        report.printTable(mode: mode)
    }

    /// A styled text prepared, or an empty text in the case's font if it could not be (kept aligned with
    /// the cases; the agreement of plain and one-run results is what `swift test` checks, not this).
    static func prepared(_ styled: StyledText?, _ c: BenchCase) -> PreparedText {
        styled.flatMap { try? PreparedText(styled: $0) } ?? PreparedText("", font: c.font)
    }

    /// The case's text in three runs by characters (never splitting a cluster): the first third at 1.2×
    /// the size, the second with a 0.5 pt kern, the rest plain.
    static func threeRuns(_ c: BenchCase) -> StyledText? {
        guard var styled = try? StyledText(c.text, font: c.font) else { return nil }
        let characters = Array(c.text)
        let third = characters.count / 3
        guard third > 0 else { return styled }
        let first = String(characters[..<third]).utf16.count
        let second = first + String(characters[third..<(2 * third)]).utf16.count
        if let larger = try? c.font.withSize(c.font.pointSize * 1.2) {
            try? styled.setAttributes(TextAttributes(font: larger), range: 0..<first)
        }
        try? styled.setAttributes(TextAttributes(kern: 0.5), range: first..<second)
        return styled
    }
}

/// The styled mode's timed loops, each a named function so callgrind reports it on its own
/// (`bench_pass_styled_*`).
enum StyledPasses {
    /// The warm pass's work on plain text: prepare from the string, one `measure` at the case's width.
    @inline(never) @_silgen_name("bench_pass_styled_plain_prepare")
    static func plainPrepare(_ cases: [BenchCase]) -> Int {
        var checksum = 0
        // Indices, as the styled passes read their cases: a copy of each case would charge the plain side
        // a retain and release of every field (Passes.textfitMeasureFromString).
        for i in cases.indices {
            let prepared = PreparedText(cases[i].text, font: cases[i].font)
            guard
                let metrics = try? prepared.measure(
                    width: cases[i].cgWidth, numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024)
        }
        return checksum
    }

    @inline(never) @_silgen_name("bench_pass_styled_prepare_one_run")
    static func styledPrepareOneRun(_ texts: [StyledText?], _ cases: [BenchCase]) -> Int {
        styledPrepare(texts, cases)
    }

    /// `styledPrepare` written again, for the reason `relayoutThreeRuns` gives.
    @inline(never) @_silgen_name("bench_pass_styled_prepare_three_runs")
    static func styledPrepareThreeRuns(_ texts: [StyledText?], _ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard let styled = texts[i], let prepared = try? PreparedText(styled: styled),
                let metrics = try? prepared.measure(
                    width: cases[i].cgWidth, numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= metrics.lineCount &+ Int(metrics.size.height * 1024)
        }
        return checksum
    }

    @inline(never)
    static func styledPrepare(_ texts: [StyledText?], _ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard let styled = texts[i], let prepared = try? PreparedText(styled: styled),
                let metrics = try? prepared.measure(
                    width: cases[i].cgWidth, numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024)
        }
        return checksum
    }

    @inline(never) @_silgen_name("bench_pass_styled_relayout_one_run")
    static func relayoutOneRun(_ prepared: [PreparedText], _ cases: [BenchCase], _ widths: [[CGFloat]]) -> Int {
        Passes.textfitRelayoutMeasure(prepared, cases, widths)
    }

    /// The same loop as `Passes.textfitRelayoutMeasure`, written again: a wrapper of it would be merged
    /// with the one-run pass's into one symbol.
    @inline(never) @_silgen_name("bench_pass_styled_relayout_three_runs")
    static func relayoutThreeRuns(_ prepared: [PreparedText], _ cases: [BenchCase], _ widths: [[CGFloat]]) -> Int {
        var checksum = 0
        for i in prepared.indices {
            let text = prepared[i]
            let maxLines = cases[i].maxLines
            let mode = cases[i].mode
            for width in widths[i] {
                guard let metrics = try? text.measure(width: width, numberOfLines: maxLines, lineBreakMode: mode)
                else { continue }
                checksum &+= metrics.lineCount &+ Int(metrics.size.height * 1024)
            }
        }
        return checksum
    }
}
