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
    /// The cursor, as `ParagraphLineBoxes`': the run holding the next line's start and its heights
    /// (`Styling.runHeights`).
    private var run = 0
    private var cursor = Styling.RunHeights(start: .min, next: .max, crossEnd: .max, height: 0, edgeHeight: 0)
    /// Not retained: the sink lives inside one measure, whose caller holds the text, its styling and its
    /// settings.
    private var styling: Unmanaged<Styling>?
    private var settings: Unmanaged<ParagraphSettings>?

    /// Held in the fast loop's locals, as `LineMeasurer` is: a few integers and two heights per line.
    static var isHeldInLoop: Bool { true }

    init() {}

    /// Requires `styling.runHeights` (made with `lineBoxes`, under `settings.style`).
    init(styling: Styling, settings: ParagraphSettings) {
        self.styling = Unmanaged.passUnretained(styling)
        self.settings = Unmanaged.passUnretained(settings)
        cursor = styling.runHeights[0]
    }

    @inline(__always)
    mutating func append(_ line: BrokenLine) {
        let end = max(line.end, line.suffix.upperBound)  // a middle-truncated line's suffix too
        // Lines come in order, so one ending before the next run starts lies in the cursor's run: a
        // comparison or two for most lines in the breaker's loop.
        let height = _fastPath(end < cursor.next && line.start >= cursor.start) ? cursor.height : box(line.start, end)
        bottom += height                                           // P4, P5: no spacing
        count &+= 1
        widest = max(widest, line.width)                           // P7: no indent, no margin
        widestWithWhitespace = max(widestWithWhitespace, line.widthWithWhitespace)
    }

    /// `ParagraphLineBoxes.box` for a line not strictly inside the cursor's run (the cursor moved to the
    /// run holding its start first; one before the cursor starts it again); then the cursor moves on to
    /// the run holding the line's end, where the next line starts, so a line across an edge and the line
    /// after it cost one call, not two.
    @inline(never)
    private mutating func box(_ start: Int, _ end: Int) -> CGFloat {
        styling.unsafelyUnwrapped._withUnsafeGuaranteedRef { styling in
            let runCount = styling.runHeights.count
            var run = self.run
            if start < cursor.start || start >= cursor.next {
                if start < cursor.start { run = 0 }
                while run &+ 1 < runCount, styling.runHeights[run &+ 1].start <= start { run &+= 1 }
                self.run = run
                cursor = styling.runHeights[run]
            }
            let height: CGFloat
            if end <= cursor.next {
                height = cursor.height
            } else if end <= cursor.crossEnd {
                height = cursor.edgeHeight
            } else {
                // Across more than one edge: the runs' box under the style's rule, as `ParagraphLineBoxes`.
                let rule = settings.unsafelyUnwrapped._withUnsafeGuaranteedRef { LineHeightRule($0) }
                height = ParagraphGeometry.lineBox(LineVerticalMetrics(styling.lineBox(fromRun: run, end: end),
                                                                       includesLeading: true), rule).height
            }
            while run &+ 1 < runCount, styling.runHeights[run &+ 1].start <= end { run &+= 1 }
            if run != self.run {
                self.run = run
                cursor = styling.runHeights[run]
            }
            return height
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
