import Dispatch
import Foundation
import Synchronization
import TextFit

/// The timed work of each engine: one pass over a case set. Every result goes to `consume`.
///
/// Each pass is its own non-inlined function with a plain symbol name (`bench_pass_*`) so a profile can
/// collect exactly it: `valgrind --tool=callgrind --toggle-collect=bench_pass_textfit_from_string ...`
/// (see README.md).
enum Passes {
    /// One `layout(width:)` per case at its width, the lines not read: the yardstick the query, walker and
    /// selection modes divide by, one loop so the three compare against the same work.
    @inline(never) @_silgen_name("bench_pass_layout_yardstick")
    static func layoutYardstick(_ texts: [PreparedText], _ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in texts.indices {
            guard
                let layout = try? texts[i].layout(
                    width: CGFloat(cases[i].baseWidth), numberOfLines: cases[i].maxLines,
                    lineBreakMode: cases[i].mode)
            else { continue }
            checksum &+= layout.lineCount &+ Int(layout.size.width * 1024)
        }
        return checksum
    }

    /// TextFit from the string: analysis, shaping (through the segment cache) and line breaking.
    @inline(never) @_silgen_name("bench_pass_textfit_from_string")
    static func textfitMeasureFromString(_ cases: ArraySlice<BenchCase>) -> Int {
        var checksum = 0
        // Indices, not `for c in cases`: the loop variable is a copy of the case, a retain and release of
        // each of its strings, arrays and font (about 450 instructions, 7 % of a warm UI string), which a
        // caller holding its text does not pay. The peers' passes read their cases the same way.
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

    /// Pango from the string: a new PangoLayout per case (itemize, shape, break), line count and extents.
    @inline(never) @_silgen_name("bench_pass_pango_from_string")
    static func pangoMeasureFromString(_ cases: [BenchCase], _ pango: Pango) -> Int {
        var checksum = 0
        for i in cases.indices {
            let result = pango.measure(cases[i])
            checksum &+= Int(result.line_count) &+ Int(result.width_units)
        }
        return checksum
    }

    /// The shaping floor: one hb_shape of each whole text with its primary font, nothing else.
    @inline(never) @_silgen_name("bench_pass_harfbuzz_floor")
    static func harfbuzzShapeFloor(_ cases: [BenchCase], _ fonts: [HarfBuzzFloorFont]) -> Int {
        var checksum = 0
        for i in cases.indices { checksum &+= fonts[cases[i].floorFont].shape(cases[i].utf16) }
        return checksum
    }

    /// The floor with fallback: one hb_shape per run of the primary or the fallback font.
    @inline(never) @_silgen_name("bench_pass_harfbuzz_runs")
    static func harfbuzzShapeRuns(_ cases: [BenchCase]) -> Int {
        var checksum = 0
        for i in cases.indices { checksum &+= cases[i].floorRuns.shape(cases[i].utf16) }
        return checksum
    }

    /// TextFit relayout: prepared texts measured at each of their widths (`measure`: no lines built).
    @inline(never) @_silgen_name("bench_pass_textfit_relayout_measure")
    static func textfitRelayoutMeasure(_ prepared: [PreparedText], _ cases: [BenchCase], _ widths: [[CGFloat]]) -> Int {
        var checksum = 0
        for i in prepared.indices {
            let text = prepared[i]
            // The two fields, not a copy of the case (its strings' reference counts were a tenth of a
            // relayout of a short text).
            let maxLines = cases[i].maxLines
            let mode = cases[i].mode
            for width in widths[i] {
                guard let metrics = try? text.measure(width: width, numberOfLines: maxLines, lineBreakMode: mode)
                else { continue }
                checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024)
            }
        }
        return checksum
    }

    /// The lines `textfitRelayoutMeasure` makes over all its texts and widths (untimed: the relayout
    /// report's time per line).
    static func relayoutLineCount(_ prepared: [PreparedText], _ cases: [BenchCase], _ widths: [[CGFloat]]) -> Int {
        var lines = 0
        for i in prepared.indices {
            for width in widths[i] {
                lines +=
                    (try? prepared[i].measure(width: width, numberOfLines: cases[i].maxLines, lineBreakMode: cases[i].mode))?
                    .lineCount ?? 0
            }
        }
        return lines
    }

    /// TextFit relayout building the lines (`layout`: ranges, widths and rects per line).
    @inline(never) @_silgen_name("bench_pass_textfit_relayout_layout")
    static func textfitRelayoutLayout(_ prepared: [PreparedText], _ cases: [BenchCase], _ widths: [[CGFloat]]) -> Int {
        var checksum = 0
        for i in prepared.indices {
            let text = prepared[i]
            let maxLines = cases[i].maxLines
            let mode = cases[i].mode
            for width in widths[i] {
                guard let layout = try? text.layout(width: width, numberOfLines: maxLines, lineBreakMode: mode)
                else { continue }
                checksum &+= layout.lineCount &+ Int(layout.size.width * 1024)
            }
        }
        return checksum
    }

    /// Pango relayout: the same PangoLayout per case, set_width then line count and extents per width.
    @inline(never) @_silgen_name("bench_pass_pango_relayout")
    static func pangoRelayout(_ layouts: [PangoLayoutHandle?], _ widths: [[CGFloat]]) -> Int {
        var checksum = 0
        for i in layouts.indices {
            guard let layout = layouts[i] else { continue }
            for width in widths[i] {
                let result = layout.relayout(width: Double(width))
                checksum &+= Int(result.line_count) &+ Int(result.width_units)
            }
        }
        return checksum
    }

    /// TextFit's batch API: every request prepared and measured, on `concurrency` workers (1 = this thread).
    @inline(never) @_silgen_name("bench_pass_textfit_batch")
    static func textfitBatch(_ requests: [LayoutRequest], concurrency: Int) -> Int {
        var checksum = 0
        for result in TextBatch.measure(requests, concurrency: concurrency) {
            if case .success(let metrics) = result {
                checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024)
            }
        }
        return checksum
    }

    /// TextBatch's parallel path up to 57f1104, copied: `DispatchQueue.concurrentPerform` over `concurrency`
    /// participants taking guided ranges by estimated cost from one cursor (the caller is one of them), each
    /// text prepared and measured as `TextBatch.measure` does. `TEXTFIT_BENCH_PARALLEL_DISPATCH=1` times it
    /// beside the batch API, so the pool that replaced it is compared under the same drift.
    @inline(never) @_silgen_name("bench_pass_textfit_dispatch_batch")
    static func dispatchBatch(_ requests: [LayoutRequest], concurrency: Int) -> Int {
        let count = requests.count
        let workers = max(1, min(concurrency, count))
        var prefix = [Int]()
        prefix.reserveCapacity(count + 1)
        prefix.append(0)
        for request in requests { prefix.append(prefix[prefix.count - 1] + request.text.utf8.count + 40) }
        let costs = prefix
        let next = Atomic<Int>(0)
        let results = [Result<TextMetrics, Error>](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    var start = next.load(ordering: .relaxed)
                    var taken: Range<Int>?
                    while start < count {
                        let share = max(1, (costs[count] - costs[start]) / (2 * workers))
                        var low = start + 1, high = count
                        while low < high {
                            let mid = (low + high) / 2
                            if costs[mid] >= costs[start] + share { high = mid } else { low = mid + 1 }
                        }
                        let (exchanged, current) = next.compareExchange(expected: start, desired: low, ordering: .relaxed)
                        if exchanged { taken = start..<low; break }
                        start = current
                    }
                    guard let range = taken else { break }
                    for index in range {
                        let r = requests[index]
                        (output.baseAddress! + index).initialize(
                            to: Result {
                                try PreparedText(r.text, font: r.font).measure(
                                    width: r.width, numberOfLines: r.numberOfLines,
                                    lineBreakMode: r.lineBreakMode, lineBreakStrategy: r.lineBreakStrategy)
                            })
                    }
                }
            }
            initializedCount = count
        }
        var checksum = 0
        for result in results {
            if case .success(let metrics) = result { checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024) }
        }
        return checksum
    }
}
