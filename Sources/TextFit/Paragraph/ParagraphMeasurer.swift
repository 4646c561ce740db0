import Foundation

/// `measure` of a text a paragraph style places (runs of several sizes, spacing, indents, a multiple)
/// without building its lines: the line count and the size `ParagraphGeometry.make` gives, summed line by
/// line as the breaker makes them through the same `ParagraphLineStepper`, so the answers are equal to
/// the bit. Justified text is not measured here: whether a line is stretched (P8) depends on the line
/// after it, and a stretched line's width is its room.
struct ParagraphMeasurer: LineSink {
    // Not held in the fast loop's locals (`isHeldInLoop`): held there, the three-run texts' relayout
    // cost 10 % more (callgrind, `textfit-bench --mode styled`: 35.9M instructions against 32.7M), even
    // with an empty sink that costs nothing to make; the stepper's state is more than fits registers.
    // No initial value: one made and destroyed before `init(text:settings:)` set its own cost about 40
    // instructions a measure (callgrind).
    private var stepper: ParagraphLineStepper
    var count: Int { stepper.count }
    /// The bottom of the last line box (P4–P5), the layout's height.
    var height: CGFloat { stepper.bottom }
    /// The widest line with its indents and trailing margin (P7), with and without hanging whitespace.
    var widest: CGFloat { stepper.widest }
    var widestWithWhitespace: CGFloat { stepper.widestWithWhitespace }

    init() {
        stepper = ParagraphLineStepper()
    }

    init(text: PreparedText, settings: ParagraphSettings) {
        stepper = ParagraphLineStepper(text: text, settings: settings)
    }

    /// Whether `measure` may use this sink for `settings` (everything but justification).
    static func measures(_ settings: ParagraphSettings) -> Bool { settings.style.alignment != .justified }

    @inline(__always)
    mutating func append(_ line: BrokenLine) {
        let step = stepper.step(start: line.start, end: line.end, boxEnd: max(line.end, line.suffix.upperBound))
        stepper.widen(
            indent: step.indent, width: Units.points(line.width),
            widthWithWhitespace: Units.points(line.widthWithWhitespace), stretch: 0)
    }
}
