import Foundation
import TextFit

/// The `selection` mode: hit testing and range rects on laid-out texts (rules R1–R3), per call, next to
/// one relayout of the same text. They read the stored advances of one line (found by binary search):
/// O(log lines + line length), no shaping. Not in `all`; run it with `--mode selection`.
extension Bench {
    static let selectionEngines = ["relayout", "offsetAt", "caretRect", "rectsFor"]
    /// Calls per case and sample: points, offsets and ranges drawn once with a fixed seed.
    static let selectionCalls = 16

    func runSelection() {
        let mode = "selection"
        progress("selection: preparing \(loaded.all.count) texts")
        var generator = SelectionSeed(state: 0x5E1EC7)
        let prepared:
            [(
                set: CaseSet, texts: [PreparedText], layouts: [TextLayout], points: [[CGPoint]],
                offsets: [[Int]], ranges: [[Range<Int>]]
            )] = loaded.sets.map { set in
                let texts = set.cases.map { PreparedText($0.text, font: $0.font) }
                let layouts = zip(texts, set.cases).compactMap { text, c in
                    try? text.layout(width: CGFloat(c.baseWidth), numberOfLines: c.maxLines, lineBreakMode: c.mode)
                }
                let points = layouts.map { layout in
                    (0..<Self.selectionCalls).map { _ in
                        CGPoint(
                            x: Double(generator.next() % 1000) / 1000 * Double(layout.size.width + 20) - 10,
                            y: Double(generator.next() % 1000) / 1000 * Double(layout.size.height))
                    }
                }
                let offsets = layouts.map { layout in
                    (0..<Self.selectionCalls).map { _ in Int(generator.next() % UInt64(layout.preparedText.utf16Count + 1)) }
                }
                let ranges = offsets.map { list in
                    stride(from: 0, to: list.count, by: 2).map { min(list[$0], list[$0 + 1])..<max(list[$0], list[$0 + 1]) }
                }
                return (set, texts, layouts, points, offsets, ranges)
            }
        var series: [String: [String: Series]] = [:]
        for sample in 0..<(options.warmup + options.samples) {
            progress("selection: sample \(sample + 1)/\(options.warmup + options.samples)")
            for p in prepared {
                for engine in Self.selectionEngines {
                    var calls = p.set.cases.count
                    let elapsed = quietSample(profiled: sample >= options.warmup) {
                        switch engine {
                        case "relayout": consume(Passes.layoutYardstick(p.texts, p.set.cases))
                        case "offsetAt":
                            calls = p.points.reduce(0) { $0 + $1.count }
                            consume(SelectionPasses.offsetAt(p.layouts, p.points))
                        case "caretRect":
                            calls = p.offsets.reduce(0) { $0 + $1.count }
                            consume(SelectionPasses.caretRect(p.layouts, p.offsets))
                        default:
                            calls = p.ranges.reduce(0) { $0 + $1.count }
                            consume(SelectionPasses.rectsFor(p.layouts, p.ranges))
                        }
                    }
                    guard sample >= options.warmup else { continue }
                    series[p.set.name, default: [:]][
                        engine,
                        default: Series(
                            mode: mode, set: p.set.name, engine: engine,
                            cases: calls)
                    ]
                    .samples.append(Double(elapsed) / 1000 / Double(max(1, calls)))
                }
            }
        }
        for p in prepared {
            let bySet = series[p.set.name] ?? [:]
            report.series += Self.selectionEngines.compactMap { bySet[$0] }
            guard let relayout = bySet["relayout"]?.median else { continue }
            for engine in Self.selectionEngines.dropFirst() {
                guard let cost = bySet[engine]?.median else { continue }
                report.ratios.append(
                    Ratio(
                        mode: mode, set: p.set.name, name: "\(engine) call/relayout", value: cost / relayout,
                        target: nil))
            }
        }
        report.printTable(mode: mode)
    }
}

/// SplitMix64: the benchmark's points and ranges, the same on every run.
struct SelectionSeed {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The timed loops, each a named function so callgrind reports it on its own (`bench_pass_selection_*`).
enum SelectionPasses {
    @inline(never) @_silgen_name("bench_pass_selection_offset_at")
    static func offsetAt(_ layouts: [TextLayout], _ points: [[CGPoint]]) -> Int {
        var checksum = 0
        for (layout, list) in zip(layouts, points) {
            for point in list { checksum &+= layout.offset(at: point) }
        }
        return checksum
    }

    @inline(never) @_silgen_name("bench_pass_selection_caret_rect")
    static func caretRect(_ layouts: [TextLayout], _ offsets: [[Int]]) -> Int {
        var checksum = 0
        for (layout, list) in zip(layouts, offsets) {
            for offset in list { checksum &+= Int((try? layout.caretRect(for: offset).minX) ?? 0) }
        }
        return checksum
    }

    @inline(never) @_silgen_name("bench_pass_selection_rects_for")
    static func rectsFor(_ layouts: [TextLayout], _ ranges: [[Range<Int>]]) -> Int {
        var checksum = 0
        for (layout, list) in zip(layouts, ranges) {
            for range in list { checksum &+= (try? layout.rects(for: range).count) ?? 0 }
        }
        return checksum
    }
}
