import Foundation
import TextFit

/// The `queries` mode: what each width or size query costs next to one relayout of the same prepared
/// text (TextFit's issue-20 target: each within 20× a relayout). Not in `all`; run it with
/// `--mode queries`.
extension Bench {
    /// The passes, in the table's column order; `relayout` is the yardstick.
    static let queryEngines = ["relayout", "tightestWidth", "widthRange", "balanced", "fitFontSize"]

    func runQueries() {
        let mode = "queries"
        progress("queries: preparing \(loaded.all.count) texts")
        let prepared: [(set: CaseSet, texts: [PreparedText], lines: [Int])] = loaded.sets.map { set in
            let texts = set.cases.map { PreparedText($0.text, font: $0.font) }
            // fitFontSize fits 80 % of the width in the lines the text takes at its width.
            let lines = zip(texts, set.cases).map { text, c in
                c.maxLines > 0
                    ? c.maxLines
                    : (try? text.measure(width: CGFloat(c.baseWidth), numberOfLines: 0, lineBreakMode: c.mode).lineCount)
                        ?? 1
            }
            return (set, texts, lines)
        }
        var series: [String: [String: Series]] = [:]
        for sample in 0..<(options.warmup + options.samples) {
            progress("queries: sample \(sample + 1)/\(options.warmup + options.samples)")
            for p in prepared {
                for engine in Self.queryEngines {
                    let elapsed = quietSample(profiled: sample >= options.warmup) {
                        switch engine {
                        case "relayout": consume(Passes.layoutYardstick(p.texts, p.set.cases))
                        case "tightestWidth": consume(QueryPasses.tightestWidth(p.texts, p.set.cases))
                        case "widthRange": consume(QueryPasses.widthRange(p.texts, p.set.cases))
                        case "balanced": consume(QueryPasses.balanced(p.texts, p.set.cases))
                        default: consume(QueryPasses.fitFontSize(p.texts, p.set.cases, p.lines))
                        }
                    }
                    guard sample >= options.warmup else { continue }
                    series[p.set.name, default: [:]][
                        engine,
                        default: Series(
                            mode: mode, set: p.set.name, engine: engine,
                            cases: p.set.cases.count)
                    ]
                    .samples.append(Double(elapsed) / 1000 / Double(p.set.cases.count))
                }
            }
        }
        for p in prepared {
            let bySet = series[p.set.name] ?? [:]
            report.series += Self.queryEngines.compactMap { bySet[$0] }
            guard let relayout = bySet["relayout"]?.median else { continue }
            for engine in Self.queryEngines.dropFirst() {
                guard let cost = bySet[engine]?.median else { continue }
                report.ratios.append(
                    Ratio(
                        mode: mode, set: p.set.name, name: "\(engine)/relayout",
                        value: cost / relayout, target: engine == "fitFontSize" ? nil : "<= 20"))
            }
        }
        report.printTable(mode: mode)
    }
}

/// The timed loops, one per query, each a named function so callgrind reports it on its own
/// (`bench_pass_query_*`).
enum QueryPasses {
    @inline(never) @_silgen_name("bench_pass_query_tightest_width")
    static func tightestWidth(_ texts: [PreparedText], _ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard
                let width = try? texts[i].tightestWidth(
                    forWidth: CGFloat(cases[i].baseWidth),
                    numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= Int(width * 1024)
        }
        return checksum
    }

    @inline(never) @_silgen_name("bench_pass_query_width_range")
    static func widthRange(_ texts: [PreparedText], _ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard
                let range = try? texts[i].widthRange(
                    at: CGFloat(cases[i].baseWidth), numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= Int(range.lowerBound * 1024) &+ Int((range.upperBound ?? 0) * 1024)
        }
        return checksum
    }

    @inline(never) @_silgen_name("bench_pass_query_balanced")
    static func balanced(_ texts: [PreparedText], _ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard
                let layout = try? texts[i].balancedLayout(
                    width: CGFloat(cases[i].baseWidth),
                    numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= layout.lineCount &+ Int(layout.size.width * 1024)
        }
        return checksum
    }

    /// The size that fits 80 % of the width in `lines` lines, shrinking to half at most: each size
    /// tried is a real preparation (shaping at that size; the segment cache is warm after the first
    /// pass, since the sizes tried repeat).
    @inline(never) @_silgen_name("bench_pass_query_fit_font_size")
    static func fitFontSize(_ texts: [PreparedText], _ cases: [BenchCase], _ lines: [Int]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard
                let fit = try? texts[i].fittingFontSize(
                    width: CGFloat(cases[i].baseWidth * 0.8), numberOfLines: lines[i],
                    minimumScaleFactor: 0.5, lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= Int(fit.pointSize * 1024) &+ (fit.fits ? 1 : 0)
        }
        return checksum
    }
}
