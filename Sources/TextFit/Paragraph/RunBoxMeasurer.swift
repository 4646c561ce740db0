import Foundation

/// `ParagraphMeasurer` for the usual styled text: runs of several sizes under a paragraph style that
/// stacks its lines with nothing between them and nothing beside them (`ParagraphSettings.stacksLinesPlainly`:
/// no line or paragraph spacing, no indent, no tail margin, not justified). Then a line's step is its box's
/// height (P1–P3, S6) added to the bottom, and the widest line is the widest stored width (P7 with zero
/// indents and margin), so the sink keeps integers as `LineMeasurer` does and a run cursor that gives
/// only heights. The same sums in the same order as the stepper's: `bottom + 0 + h` is `bottom + h`, and
/// `0 + points(w) + 0` is `points(w)`, whose maximum is `points` of the largest `w` (exact below 2^53), so
/// the answers are `ParagraphMeasurer`'s to the bit (`StyledFastPathTests` compares them).
///
/// Why a sink of its own: the stepper is made for every measure (its line-box cursor, rule, indents and
/// spacing: about 210 instructions, a retain and three releases), is copied in and out of the breaker's
/// emitter with `memcpy`, and takes about 35 instructions a line for spacing, paragraph starts and
/// indents that are all zero here (callgrind, three-run relayout).
///
/// A line inside the cursor's run costs one comparison and a count (`pending`): its height is added when
/// the cursor next moves or the answer is read (`bottom`: the same additions in the same order), so the
/// loop adds no floating-point value per line and keeps no height live. A line from the cursor's run
/// into the next but not past it (most lines at an edge) takes the edge's height and moves the cursor
/// one run, inline; anything else calls `edge`. With the height added per line, the cursor's start
/// tested per line and every edge line calling out with the sink `inout`, the loop cost about 17
/// instructions a line above plain text's and each edge about 95 (callgrind, three-run relayout).
struct RunBoxMeasurer: LineSink {
    /// 1/1024 pt.
    private(set) var widest = 0
    private(set) var widestWithWhitespace = 0
    /// Lines inside the cursor's block since it last moved: their heights are the block's `height` each,
    /// not yet added.
    private var pending = 0
    /// Where the block after the cursor's starts: a line ending before it lies in the cursor's block.
    private var next = Int.max
    /// Everything a line reads only when the cursor moves, in the measure's own memory (`Cursor`).
    private var cursor: UnsafeMutablePointer<Cursor>?

    /// The part of the sink the breaker's line loop never touches for a line inside the cursor's block.
    /// Held behind a pointer, the loop keeps five integers in locals, not thirteen values: the sink is
    /// swapped into the loop's locals and out again on every call (about 85 instructions with all the
    /// fields, per `commonLines` call), and its floating-point fields were spilled on every line, since
    /// the loop's calls clobber every vector register (callgrind, three-run relayout).
    struct Cursor {
        /// The block of runs holding the next line's start (`Styling.runHeights`: runs whose boxes are
        /// equal make one block); its `Styling.RunHeights` are `heights[block]`.
        var block = 0
        /// Lines whose heights are in `bottom`, and their sum.
        var flushed = 0
        var bottom: CGFloat = 0
        /// `styling.runHeights`' elements, read in place: the styling's own memory, which lives as long as
        /// the styling, and the measure's caller holds it, as it holds the settings (neither is retained).
        let heights: UnsafePointer<Styling.RunHeights>
        let styling: Unmanaged<Styling>
        let settings: Unmanaged<ParagraphSettings>

        /// Requires `styling.runHeights` (made with `lineBoxes`, under `settings.style`).
        init(styling: Styling, settings: ParagraphSettings) {
            heights = styling.runHeights.baseAddress.unsafelyUnwrapped
            self.styling = Unmanaged.passUnretained(styling)
            self.settings = Unmanaged.passUnretained(settings)
        }

        /// `bottom` with `lines` more lines of the cursor's block added, one addition each, in order (the
        /// stepper's sums).
        @inline(__always)
        func bottom(adding lines: Int) -> CGFloat {
            let height = heights[block].height
            var bottom = self.bottom
            for _ in 0..<lines { bottom += height }
            return bottom
        }
    }

    /// Held in the fast loop's locals, as `LineMeasurer` is: a few integers per line.
    static var isHeldInLoop: Bool { true }

    init() {}

    /// A sink at the text's start, writing through `cursor`, which must outlive it.
    @inline(__always)
    init(cursor: UnsafeMutablePointer<Cursor>) {
        self.cursor = cursor
        next = cursor.pointee.heights[0].next
    }

    /// The lines appended (an empty sink, `init()`, has none: its `next` keeps every line in `pending`).
    var count: Int { (cursor?.pointee.flushed ?? 0) &+ pending }

    /// The bottom of the last line box: the layout's height (P4, P5: no spacing), each line's height added
    /// in order. 0 for an empty sink, which has no heights.
    var bottom: CGFloat { cursor?.pointee.bottom(adding: pending) ?? 0 }

    @inline(__always)
    mutating func append(_ line: BrokenLine) {
        // Only a middle-truncated line has a suffix, whose box its line's box includes (S6).
        let end = line.ellipsis == .middle ? max(line.end, line.suffix.upperBound) : line.end
        // Lines come in order, each starting in the cursor's run or after it, so one ending before the
        // next run starts lies in the cursor's run: one comparison for most lines in the breaker's loop.
        if _fastPath(end < next) {
            pending &+= 1
        } else {
            next = Self.move(cursor.unsafelyUnwrapped, pending: pending, start: line.start, end: end)
            pending = 0
        }
        widest = max(widest, line.width)  // P7: no indent, no margin
        widestWithWhitespace = max(widestWithWhitespace, line.widthWithWhitespace)
    }

    /// Adds the `pending` lines before this one and this line (`start..<end`, not inside the cursor's
    /// block) to the bottom, moves the cursor to the block holding the line's end, where the next line
    /// starts, and returns where the block after that one starts. A line from the cursor's block into the
    /// next but not past it (most lines at an edge) takes the edge's height and moves the cursor one block;
    /// anything else calls `edge`.
    @inline(__always)
    private static func move(_ cursor: UnsafeMutablePointer<Cursor>, pending: Int, start: Int, end: Int) -> Int {
        let heights = cursor.pointee.heights
        let current = heights[cursor.pointee.block]
        let lineHeight: CGFloat
        let block: Int
        if start < current.next && end < current.crossEnd {
            // Into the next block, not past it: the edge's box (or the block's own for a line ending at the
            // edge), and the next line starts in that block.
            lineHeight = end == current.next ? current.height : current.edgeHeight
            block = cursor.pointee.block &+ 1
        } else {
            (lineHeight, block) = edge(
                cursor.pointee.styling, cursor.pointee.settings, block: cursor.pointee.block,
                start: start, end: end)
        }
        cursor.pointee.bottom = cursor.pointee.bottom(adding: pending) + lineHeight
        cursor.pointee.flushed &+= pending &+ 1
        cursor.pointee.block = block
        return heights[block].next
    }

    /// `ParagraphLineBoxes.box` for a line not strictly inside block `block` nor only into the next: the
    /// block holding its start first (one before the block starts it again), then the line's box, and the
    /// block holding its end, where the next line starts.
    @inline(never)
    private static func edge(
        _ styling: Unmanaged<Styling>, _ settings: Unmanaged<ParagraphSettings>, block: Int,
        start: Int, end: Int
    ) -> (height: CGFloat, block: Int) {
        styling._withUnsafeGuaranteedRef { styling in
            let heights = styling.runHeights
            let blockCount = heights.count
            var block = block
            if start < heights[block].start || start >= heights[block].next {
                if start < heights[block].start { block = 0 }
                while block &+ 1 < blockCount, heights[block &+ 1].start <= start { block &+= 1 }
            }
            let cursor = heights[block]
            let height: CGFloat
            if end <= cursor.next {
                height = cursor.height
            } else if end <= cursor.crossEnd {
                height = cursor.edgeHeight
            } else {
                // Across more than one edge: the runs' box under the style's rule, as `ParagraphLineBoxes`.
                let rule = settings._withUnsafeGuaranteedRef { LineHeightRule($0) }
                height =
                    ParagraphGeometry.lineBox(
                        LineVerticalMetrics(
                            styling.lineBox(fromRun: cursor.firstRun, end: end),
                            includesLeading: true), rule
                    ).height
            }
            while block &+ 1 < blockCount, heights[block &+ 1].start <= end { block &+= 1 }
            return (height, block)
        }
    }
}

extension PreparedText {
    /// `styledMeasure` through `RunBoxMeasurer` (`settings.stacksLinesPlainly`, `styling.runHeights` set).
    func runBoxMeasure(_ settings: ParagraphSettings, _ request: LineRequest, fastPath: Bool) -> TextMetrics {
        // The styling read in place, not bound to a local: bound, it was retained and released around
        // the breaker (the cursor holds it unretained). The cursor lives here, for the sink to point at.
        var cursor = RunBoxMeasurer.Cursor(styling: styling.unsafelyUnwrapped, settings: settings)
        return withUnsafeMutablePointer(to: &cursor) { cursor in
            var measurer = RunBoxMeasurer(cursor: cursor)
            var truncated = false
            if fastPath, fitsOnOneLine(request) {
                measurer.append(oneLine)
            } else {
                truncated = run(request, fastPath: fastPath, into: &measurer)
            }
            return TextMetrics(
                lineCount: measurer.count,
                size: CGSize(width: Units.points(measurer.widest), height: measurer.bottom),
                widthIncludingTrailingWhitespace: Units.points(measurer.widestWithWhitespace),
                isTruncated: truncated)
        }
    }
}
