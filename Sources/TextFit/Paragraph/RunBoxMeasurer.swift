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
struct RunBoxMeasurer: LineSink {
    private(set) var count = 0
    /// The bottom of the last line box: the layout's height.
    private(set) var bottom: CGFloat = 0
    /// 1/1024 pt.
    private(set) var widest = 0
    private(set) var widestWithWhitespace = 0
    /// The cursor, as `ParagraphLineBoxes`': the run holding the last line's start, where it starts and
    /// where the next starts, the height of a line inside it, and of a line from it into the next run but
    /// not past that (`crossEnd`, the start of the run after the next).
    private var run = 0
    private var runStart = Int.min
    private var nextRunStart = Int.max
    private var crossEnd = Int.max
    private var runHeight: CGFloat = 0
    private var edgeHeight: CGFloat = 0
    /// Not retained: the sink lives inside one measure, whose caller holds the text, its styling and its
    /// settings.
    private var styling: Unmanaged<Styling>?
    private var settings: Unmanaged<ParagraphSettings>?

    /// Held in the fast loop's locals, as `LineMeasurer` is: a few integers and two heights per line.
    static var isHeldInLoop: Bool { true }

    init() {}

    /// Requires `styling.lineBoxes` (made under `settings.style`).
    init(styling: Styling, settings: ParagraphSettings) {
        self.styling = Unmanaged.passUnretained(styling)
        self.settings = Unmanaged.passUnretained(settings)
        place(styling, run: 0)
    }

    @inline(__always)
    mutating func append(_ line: BrokenLine) {
        let end = max(line.end, line.suffix.upperBound)  // a middle-truncated line's suffix too
        // Lines come in order, so one ending before the next run starts lies in the cursor's run: one
        // comparison or two for most lines in the breaker's loop.
        let height = _fastPath(end < nextRunStart && line.start >= runStart) ? runHeight : box(line.start, end)
        bottom += height                                           // P4, P5: no spacing
        count &+= 1
        widest = max(widest, line.width)                           // P7: no indent, no margin
        widestWithWhitespace = max(widestWithWhitespace, line.widthWithWhitespace)
    }

    /// The cursor on run `run`.
    private mutating func place(_ styling: Styling, run: Int) {
        let runCount = styling.runStarts.count
        let boxes = styling.lineBoxes.unsafelyUnwrapped
        self.run = run
        runStart = run == 0 ? Int.min : styling.runStarts[run]
        nextRunStart = run &+ 1 < runCount ? styling.runStarts[run &+ 1] : .max
        crossEnd = run &+ 2 < runCount ? styling.runStarts[run &+ 2] : .max
        runHeight = boxes[Int(styling.runStyles[run])].height
        edgeHeight = run &+ 1 < runCount ? styling.edgeBox(run).height : runHeight
    }

    /// `ParagraphLineBoxes.box` for a line not strictly inside the cursor's run: one ending where the
    /// next run starts, one across one edge, else the cursor moved (one before it starts it again).
    @inline(never)
    private mutating func box(_ start: Int, _ end: Int) -> CGFloat {
        if start >= runStart && start < nextRunStart {
            if end <= nextRunStart { return runHeight }
            if end <= crossEnd { return edgeHeight }
        }
        return styling.unsafelyUnwrapped._withUnsafeGuaranteedRef { styling in
            var run = start < runStart ? 0 : self.run
            let runCount = styling.runStarts.count
            while run &+ 1 < runCount, styling.runStarts[run &+ 1] <= start { run &+= 1 }
            place(styling, run: run)
            if end <= nextRunStart { return runHeight }
            if end <= crossEnd { return edgeHeight }
            // Across more than one edge: the runs' box under the style's rule, as `ParagraphLineBoxes`.
            let rule = settings.unsafelyUnwrapped._withUnsafeGuaranteedRef { LineHeightRule($0) }
            return ParagraphGeometry.lineBox(LineVerticalMetrics(styling.lineBox(fromRun: run, end: end), includesLeading: true),
                                             rule).height
        }
    }
}

extension PreparedText {
    /// `styledMeasure` through `RunBoxMeasurer` (`settings.stacksLinesPlainly`, `styling.lineBoxes` set).
    func runBoxMeasure(_ styling: Styling, _ settings: ParagraphSettings, maxWidth: Int, lastLineMaxWidth: Int?,
                       numberOfLines: Int, lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy,
                       fastPath: Bool) -> TextMetrics {
        var measurer = RunBoxMeasurer(styling: styling, settings: settings)
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
