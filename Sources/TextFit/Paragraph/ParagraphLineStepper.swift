import Foundation

/// Paragraph-styled lines one after another, in the order the breaker makes them: whether each starts a
/// paragraph (W1), where its box's top lies (P4: `lineSpacing` between lines, P5: paragraph spacing
/// between paragraphs), its box (P1–P3, S6: `ParagraphLineBoxes`), and the widest line with its indents
/// (P7). `ParagraphGeometry.make` places a layout's lines with it and `ParagraphMeasurer` sums a measure's
/// with it, so the two cannot drift apart: they answer equal to the bit.
struct ParagraphLineStepper {
    /// What one step gives a line: its box's top and height, its baseline below the top (P6), whether it
    /// starts a paragraph and the head indent that goes with that (P9).
    struct Step {
        var top: CGFloat
        var height: CGFloat
        var baseline: CGFloat
        var startsParagraph: Bool
        var indent: CGFloat
    }

    private(set) var count = 0
    private var previousEnd = -1
    /// The bottom of the last line box: the layout's height once every line has been stepped.
    private(set) var bottom: CGFloat = 0
    /// The widest line with its indent and trailing margin, without and with its hanging whitespace (P7).
    private(set) var widest: CGFloat = 0
    private(set) var widestWithWhitespace: CGFloat = 0
    private let lineSpacing: CGFloat
    /// `paragraphSpacing + paragraphSpacingBefore`, summed once as the layout always summed them.
    private let paragraphGap: CGFloat
    let firstIndent: CGFloat
    let restIndent: CGFloat
    /// The negative tail indent's margin (P7), 0 otherwise.
    let trailing: CGFloat
    private var boxes: ParagraphLineBoxes

    /// A stepper that has nothing to step (the empty sink `LineSink` asks for).
    init() {
        lineSpacing = 0
        paragraphGap = 0
        firstIndent = 0
        restIndent = 0
        trailing = 0
        boxes = ParagraphLineBoxes()
    }

    /// Lines of `text` under `settings`; without `includesLeading` every line's natural height loses its
    /// leading first (B3).
    init(text: PreparedText, settings: ParagraphSettings, includesLeading: Bool = true) {
        // The fields one by one: a copy of the style would retain its tab stops.
        lineSpacing = settings.style.lineSpacing
        paragraphGap = settings.style.paragraphSpacing + settings.style.paragraphSpacingBefore
        firstIndent = Units.points(settings.firstHeadIndent)
        restIndent = Units.points(settings.headIndent)
        trailing = settings.trailingMargin
        boxes = ParagraphLineBoxes(text: text, settings: settings, includesLeading: includesLeading)
    }

    /// Whether a line starting at `start` starts a paragraph: the first line does, and any line that does
    /// not continue where the line before it ended (a separator lies between them, W1; U+2028 and soft
    /// breaks continue).
    @inline(__always)
    static func startsParagraph(_ start: Int, isFirst: Bool, previousEnd: Int) -> Bool {
        isFirst || start > previousEnd
    }

    /// The next line, covering `start..<end`, whose box takes the metrics of `start..<boxEnd` (a middle-
    /// truncated line's suffix included).
    @inline(__always)
    mutating func step(start: Int, end: Int, boxEnd: Int) -> Step {
        let startsParagraph = Self.startsParagraph(start, isFirst: count == 0, previousEnd: previousEnd)
        previousEnd = end
        if count > 0 {
            bottom += lineSpacing  // P4
            if startsParagraph { bottom += paragraphGap }  // P5
        }
        let box = boxes.box(start, boxEnd)  // P1–P3, S6
        let top = bottom
        bottom += box.height
        count &+= 1
        return Step(
            top: top, height: box.height, baseline: box.baseline, startsParagraph: startsParagraph,
            indent: startsParagraph ? firstIndent : restIndent)
    }

    /// Where the next line's box would start (what `step` would give as its top), for the line walker
    /// (G1), which must know a line's height on the page before it picks the line's width.
    func nextTop(startsParagraph: Bool) -> CGFloat {
        guard count > 0 else { return 0 }
        return bottom + lineSpacing + (startsParagraph ? paragraphGap : 0)
    }

    /// Counts a stepped line's width (points; `stretch` is what justification added, P8) in the widest (P7).
    @inline(__always)
    mutating func widen(indent: CGFloat, width: CGFloat, widthWithWhitespace: CGFloat, stretch: CGFloat) {
        // K1: a line a negative kern takes below 0 is a 0-wide box after its indent.
        widest = max(widest, indent + max(0, width) + trailing)
        widestWithWhitespace = max(widestWithWhitespace, indent + max(0, widthWithWhitespace + stretch) + trailing)
    }
}

/// Each line's box, its height and its baseline below its top (P1–P3, P6), from the metrics of the runs it
/// holds (S6), for lines asked for in order. Read once per line of every measure and layout of a text
/// with a paragraph style or runs of several sizes, so the common lines cost a comparison or two:
/// - a text whose lines are all equal (plain text, one style without offset) has one box (`uniform`);
/// - a styled text's line inside one run has that run's style's box, made once when the text was
///   prepared (`Styling.lineBoxes`), found from a cursor over the runs that follows the lines; a line
///   across one run edge has that edge's box, made then too (`Styling.edgeBox(_:)`), and one across more
///   takes the runs' box from that cursor (`Styling.lineBox(fromRun:end:)`);
/// - a line without the leading (B3), which no stored box covers, takes the general rule
///   (`PreparedText.verticalMetrics(ofLine:includesLeading:)`).
/// Every box is `ParagraphGeometry.lineBox` over the metrics `verticalMetrics(ofLine:)` gives, either way.
struct ParagraphLineBoxes {
    typealias Box = Styling.LineBox

    private enum Source {
        case uniform
        case runs
        case general
    }

    private let source: Source
    private let rule: LineHeightRule
    /// A styled text's runs (`.runs`), or the text (`.general`). Not retained, and read at +0: a stepper
    /// lives only inside one measure or layout of the text, whose caller holds it (and the text its
    /// styling), and without references the measuring sink copies and ends as plain bytes (callgrind,
    /// three-run relayout: 30.8M → 29.1M instructions, the retains, releases and outlined copies of the
    /// sink per measure and a retain and release per line outside the cursor's run).
    private let styling: Unmanaged<Styling>?
    private let text: Unmanaged<PreparedText>?
    private let includesLeading: Bool
    /// The cursor: the run holding the last line's start (`.runs`), where it starts and where the next
    /// starts, and the box of a line inside it. A line from `runStart` up to `nextRunStart` has `runBox`:
    /// the one test most lines take. `.uniform` has one run without end, `.general` none (its
    /// `nextRunStart` is below every start).
    private var run = 0
    private var runStart = Int.min
    private var nextRunStart: Int
    private var runBox: Box

    init() {
        source = .uniform
        rule = LineHeightRule()  // not `.default`'s: a copy of that style per empty sink
        styling = nil
        text = nil
        includesLeading = true
        nextRunStart = .max
        runBox = (0, 0)
    }

    init(text: PreparedText, settings: ParagraphSettings, includesLeading: Bool) {
        self.includesLeading = includesLeading
        rule = LineHeightRule(settings)
        runBox = (0, 0)
        if let styling = text.styling, styling.needsLineBoxes {
            // The stored boxes were made for the style the text was prepared with: `settings.style`.
            if includesLeading, styling.lineBoxes != nil {
                source = .runs
                self.styling = Unmanaged.passUnretained(styling)
                self.text = nil
                // The cursor on the first run, where the first line starts.
                runStart = .min
                nextRunStart = styling.runStarts.count > 1 ? styling.runStarts[1] : .max
                runBox = styling.lineBoxes.unsafelyUnwrapped[Int(styling.runStyles[0])]
            } else {
                source = .general
                self.styling = nil
                self.text = Unmanaged.passUnretained(text)
                nextRunStart = -1
            }
        } else {
            // F3: every line has the font's metrics, whatever it holds.
            source = .uniform
            runBox = ParagraphGeometry.lineBox(text.verticalMetrics(ofLine: 0..<0, includesLeading: includesLeading), rule)
            nextRunStart = .max
            styling = nil
            self.text = nil
        }
    }

    /// The box of the line covering `start..<end` (S6: an empty line takes the style where it stands).
    @inline(__always)
    mutating func box(_ start: Int, _ end: Int) -> Box {
        if _fastPath(start < nextRunStart && start >= runStart && end <= nextRunStart) { return runBox }
        return slowBox(start, end)
    }

    /// A line outside the cursor's run: move the cursor, then as `box`; a line across run edges (at most
    /// one per run edge per layout) takes the runs' box from the cursor's run.
    @inline(never)
    private mutating func slowBox(_ start: Int, _ end: Int) -> Box {
        guard source == .runs else {
            let (includesLeading, rule) = (includesLeading, rule)
            return text.unsafelyUnwrapped._withUnsafeGuaranteedRef { text in
                ParagraphGeometry.lineBox(text.verticalMetrics(ofLine: start..<end, includesLeading: includesLeading), rule)
            }
        }
        // At +0: a retain and release a call otherwise.
        return styling.unsafelyUnwrapped._withUnsafeGuaranteedRef { runsBox(start, end, $0) }
    }

    @inline(__always)
    private mutating func runsBox(_ start: Int, _ end: Int, _ styling: Styling) -> Box {
        // Lines come in order; one before the cursor's run (not from a breaker) starts it again.
        if start < runStart { run = 0 }
        let runCount = styling.runStarts.count
        while run &+ 1 < runCount, styling.runStarts[run &+ 1] <= start { run &+= 1 }
        runStart = run == 0 ? Int.min : styling.runStarts[run]
        nextRunStart = run &+ 1 < runCount ? styling.runStarts[run &+ 1] : .max
        runBox = styling.lineBoxes.unsafelyUnwrapped[Int(styling.runStyles[run])]
        if end <= nextRunStart { return runBox }
        // Across one edge only, the usual crossing line: the box made when preparing.
        if run &+ 2 >= runCount || end <= styling.runStarts[run &+ 2] {
            return styling.edgeBox(run)
        }
        return ParagraphGeometry.lineBox(
            LineVerticalMetrics(styling.lineBox(fromRun: run, end: end), includesLeading: true),
            rule)
    }
}
