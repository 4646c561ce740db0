import Dispatch
import Foundation
import TextFit

/// The timed work of each engine: one pass over a case set. Every result goes to `consume`.
///
/// Each pass is its own non-inlined function with a plain symbol name (`bench_pass_*`) so a profile can
/// collect exactly it: `valgrind --tool=callgrind --toggle-collect=bench_pass_textfit_from_string ...`
/// (see README.md).
enum Passes {
    /// TextFit from the string: analysis, shaping (through the segment cache) and line breaking.
    @inline(never) @_silgen_name("bench_pass_textfit_from_string")
    static func textfitMeasureFromString(_ cases: ArraySlice<BenchCase>) -> Int {
        var checksum = 0
        for c in cases {
            let prepared = PreparedText(c.text, font: c.font)
            guard let metrics = try? prepared.measure(width: c.cgWidth, numberOfLines: c.maxLines, lineBreakMode: c.mode)
            else { continue }
            checksum &+= metrics.lineCount &+ Int(metrics.size.width * 1024)
        }
        return checksum
    }

    /// Pango from the string: a new PangoLayout per case (itemize, shape, break), line count and extents.
    @inline(never) @_silgen_name("bench_pass_pango_from_string")
    static func pangoMeasureFromString(_ cases: [BenchCase], _ pango: Pango) -> Int {
        var checksum = 0
        for c in cases {
            let result = pango.measure(c)
            checksum &+= Int(result.line_count) &+ Int(result.width_units)
        }
        return checksum
    }

    /// The shaping floor: one hb_shape of each whole text with its primary font, nothing else.
    @inline(never) @_silgen_name("bench_pass_harfbuzz_floor")
    static func harfbuzzShapeFloor(_ cases: [BenchCase], _ fonts: [HarfBuzzFloorFont]) -> Int {
        var checksum = 0
        for c in cases { checksum &+= fonts[c.floorFont].shape(c.utf16) }
        return checksum
    }

    /// The floor with fallback: one hb_shape per run of the primary or the fallback font.
    @inline(never) @_silgen_name("bench_pass_harfbuzz_runs")
    static func harfbuzzShapeRuns(_ cases: [BenchCase]) -> Int {
        var checksum = 0
        for c in cases { checksum &+= c.floorRuns.shape(c.utf16) }
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
}
