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
    /// Lines inside the cursor's run since it last moved: their heights are `height` each, not yet added.
    private var pending = 0
    /// Lines whose heights are in `flushedBottom`.
    private var flushed = 0
    private var flushedBottom: CGFloat = 0
    /// The cursor, as `ParagraphLineBoxes`': the run holding the next line's start, and its
    /// `Styling.RunHeights` (where the next run and the one after it start, the heights of a line inside
    /// the run and of one into the next run).
    private var run = 0
    private var next = Int.max
    private var crossEnd = Int.max
    private var height: CGFloat = 0
    private var edgeHeight: CGFloat = 0
    /// `styling.runHeights`' elements, read in place: the styling's own memory, which lives as long as the
    /// styling, and the measure's caller holds it, as it holds the settings (neither is retained here).
    private var heights: UnsafePointer<Styling.RunHeights>?
    private var styling: Unmanaged<Styling>?
    private var settings: Unmanaged<ParagraphSettings>?

    /// Held in the fast loop's locals, as `LineMeasurer` is: a few integers per line.
    static var isHeldInLoop: Bool { true }

    init() {}

    /// Requires `styling.runHeights` (made with `lineBoxes`, under `settings.style`).
    @inline(__always)
    init(styling: Styling, settings: ParagraphSettings) {
        self.styling = Unmanaged.passUnretained(styling)
        self.settings = Unmanaged.passUnretained(settings)
        heights = styling.runHeights.baseAddress
        move(to: 0)
    }

    /// The lines appended.
    var count: Int { flushed &+ pending }

    /// The bottom of the last line box: the layout's height (P4, P5: no spacing), each line's height added
    /// in order.
    var bottom: CGFloat {
        var bottom = flushedBottom
        for _ in 0..<pending { bottom += height }
        return bottom
    }

    @inline(__always)
    private mutating func move(to run: Int) {
        self.run = run
        let cursor = heights.unsafelyUnwrapped[run]
        next = cursor.next
        crossEnd = cursor.crossEnd
        height = cursor.height
        edgeHeight = cursor.edgeHeight
    }

    @inline(__always)
    mutating func append(_ line: BrokenLine) {
        // Only a middle-truncated line has a suffix, whose box its line's box includes (S6).
        let end = line.ellipsis == .middle ? max(line.end, line.suffix.upperBound) : line.end
        // Lines come in order, each starting in the cursor's run or after it, so one ending before the
        // next run starts lies in the cursor's run: one comparison for most lines in the breaker's loop.
        if _fastPath(end < next) {
            pending &+= 1
        } else {
            let lineHeight: CGFloat
            let run: Int
            if line.start < next && end < crossEnd {
                // Into the next run, not past it: the edge's box (or the run's own for a line ending at
                // the edge), and the next line starts in that run.
                lineHeight = end == next ? height : edgeHeight
                run = self.run &+ 1
            } else {
                (lineHeight, run) = Self.edge(styling.unsafelyUnwrapped, settings.unsafelyUnwrapped, run: self.run,
                                              start: line.start, end: end)
            }
            flushedBottom = bottom + lineHeight
            flushed &+= pending &+ 1
            pending = 0
            move(to: run)
        }
        widest = max(widest, line.width)                           // P7: no indent, no margin
        widestWithWhitespace = max(widestWithWhitespace, line.widthWithWhitespace)
    }

    /// `ParagraphLineBoxes.box` for a line not strictly inside run `run` nor only into the next: the run
    /// holding its start first (one before the run starts it again), then the line's box, and the run
    /// holding its end, where the next line starts.
    @inline(never)
    private static func edge(_ styling: Unmanaged<Styling>, _ settings: Unmanaged<ParagraphSettings>, run: Int,
                             start: Int, end: Int) -> (height: CGFloat, run: Int) {
        styling._withUnsafeGuaranteedRef { styling in
            let heights = styling.runHeights
            let runCount = heights.count
            var run = run
            if start < heights[run].start || start >= heights[run].next {
                if start < heights[run].start { run = 0 }
                while run &+ 1 < runCount, heights[run &+ 1].start <= start { run &+= 1 }
            }
            let cursor = heights[run]
            let height: CGFloat
            if end <= cursor.next {
                height = cursor.height
            } else if end <= cursor.crossEnd {
                height = cursor.edgeHeight
            } else {
                // Across more than one edge: the runs' box under the style's rule, as `ParagraphLineBoxes`.
                let rule = settings._withUnsafeGuaranteedRef { LineHeightRule($0) }
                height = ParagraphGeometry.lineBox(LineVerticalMetrics(styling.lineBox(fromRun: run, end: end),
                                                                       includesLeading: true), rule).height
            }
            while run &+ 1 < runCount, heights[run &+ 1].start <= end { run &+= 1 }
            return (height, run)
        }
    }
}

extension PreparedText {
    /// `styledMeasure` through `RunBoxMeasurer` (`settings.stacksLinesPlainly`, `styling.runHeights` set).
    func runBoxMeasure(_ settings: ParagraphSettings, maxWidth: Int, lastLineMaxWidth: Int?,
                       numberOfLines: Int, lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy,
                       fastPath: Bool) -> TextMetrics {
        // The styling read in place, not bound to a local: bound, it was retained and released around
        // the breaker (the sink holds it unretained).
        var measurer = RunBoxMeasurer(styling: styling.unsafelyUnwrapped, settings: settings)
        var truncated = false
        if fastPath, fitsOnOneLine(maxWidth: maxWidth, lastLineMaxWidth: lastLineMaxWidth, numberOfLines: numberOfLines) {
            measurer.append(oneLine)
        } else {
            truncated = run(maxWidth: maxWidth, lastLineMaxWidth: lastLineMaxWidth, numberOfLines: numberOfLines,
                            lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy, fastPath: fastPath,
                            into: &measurer)
        }
        return TextMetrics(lineCount: measurer.count,
                           size: CGSize(width: Units.points(measurer.widest), height: measurer.bottom),
                           widthIncludingTrailingWhitespace: Units.points(measurer.widestWithWhitespace),
                           isTruncated: truncated)
    }
}
