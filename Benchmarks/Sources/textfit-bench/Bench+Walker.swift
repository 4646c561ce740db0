import Foundation
import TextFit

/// The `walker` mode: a walk of `PreparedText.lines(...)` with `next(width:)` at each case's width next to
/// `layout(width:)` of the same prepared text whose lines are then read (TextFit's issue-32 target:
/// `next(width:)` per line within 1.2× a line of `layout(width:)`; both make the same lines, so the ratio
/// of the passes is the ratio per line). `layoutOnly` lays out without reading the lines, for reference.
/// Not in `all`; run it with `--mode walker`.
extension Bench {
    static let walkerEngines = ["layout", "walker", "layoutOnly"]

    func runWalker() {
        let mode = "walker"
        progress("walker: preparing \(loaded.all.count) texts")
        let prepared: [(set: CaseSet, texts: [PreparedText])] = loaded.sets.map { set in
            (set, set.cases.map { PreparedText($0.text, font: $0.font) })
        }
        var series: [String: [String: Series]] = [:]
        var lineCounts: [String: Int] = [:]
        for sample in 0..<(options.warmup + options.samples) {
            progress("walker: sample \(sample + 1)/\(options.warmup + options.samples)")
            for p in prepared {
                for engine in Self.walkerEngines {
                    var lines = 0
                    let elapsed = quietSample(profiled: sample >= options.warmup) {
                        switch engine {
                        case "layout": lines = WalkerPasses.layout(p.texts, p.set.cases)
                        case "walker": lines = WalkerPasses.walk(p.texts, p.set.cases)
                        default: consume(Passes.layoutYardstick(p.texts, p.set.cases))
                        }
                    }
                    if engine == "layout" { lineCounts[p.set.name] = lines }
                    guard sample >= options.warmup else { continue }
                    series[p.set.name, default: [:]][
                        engine,
                        default: Series(
                            mode: mode, set: p.set.name, engine: engine,
                            cases: p.set.cases.count)
                    ]
                    .samples.append(Double(elapsed) / 1000 / Double(max(lineCounts[p.set.name] ?? 1, 1)))
                }
            }
        }
        for p in prepared {
            let bySet = series[p.set.name] ?? [:]
            report.series += Self.walkerEngines.compactMap { bySet[$0] }
            guard let layout = bySet["layout"]?.median else { continue }
            if let walker = bySet["walker"]?.median {
                report.ratios.append(
                    Ratio(
                        mode: mode, set: p.set.name, name: "walker/layout per line",
                        value: walker / layout, target: "<= 1.2"))
            }
            if let walker = bySet["walker"]?.median, let bare = bySet["layoutOnly"]?.median {
                report.ratios.append(
                    Ratio(
                        mode: mode, set: p.set.name, name: "walker/layoutOnly per line",
                        value: walker / bare, target: nil))
            }
        }
        report.printTable(mode: mode)
    }
}

/// The timed loops, each a named function so callgrind reports it on its own (`bench_pass_walker_*`).
/// Each returns the line count, which the walk and the layout share, folded into a checksum.
enum WalkerPasses {
    /// `layout(width:)` per case, each line read (its range and rect): what an app that draws does.
    @inline(never) @_silgen_name("bench_pass_walker_layout")
    static func layout(_ texts: [PreparedText], _ cases: [BenchCase]) -> Int {
        var lines = 0
        var checksum = 0
        for i in texts.indices {
            guard
                let layout = try? texts[i].layout(
                    width: CGFloat(cases[i].baseWidth), numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            for line in layout.lines {
                checksum &+= line.range.upperBound &+ Int(line.rect.maxY)
                lines += 1
            }
        }
        consume(checksum)
        return lines
    }

    /// The same lines through the walker, one `next(width:)` each.
    @inline(never) @_silgen_name("bench_pass_walker_walk")
    static func walk(_ texts: [PreparedText], _ cases: [BenchCase]) -> Int {
        var lines = 0
        var checksum = 0
        for i in texts.indices {
            guard var walker = try? texts[i].lines(numberOfLines: cases[i].maxLines, lineBreakMode: cases[i].mode)
            else { continue }
            let width = CGFloat(cases[i].baseWidth)
            while let line = try? walker.next(width: width) {
                checksum &+= line.range.upperBound &+ Int(line.rect.maxY)
                lines += 1
            }
        }
        consume(checksum)
        return lines
    }

}
