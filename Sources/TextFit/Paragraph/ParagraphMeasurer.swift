import Foundation

/// `measure` of a text a paragraph style places (runs of several sizes, spacing, indents, a multiple)
/// without building its lines: the line count and the size `ParagraphGeometry.make` gives, summed line by
/// line as the breaker makes them, in the same order of operations so the answers are equal to the bit.
/// Justified text is not measured here: whether a line is stretched (P8) depends on the line after it,
/// and a stretched line's width is its room.
struct ParagraphMeasurer: LineSink {
    // Not held in the fast loop's locals (`isHeldInLoop`): with the line box per line inlined there,
    // that loop cost more (callgrind, three-run texts).
    // The settings by reference, not a copy of their style (its tab stops would be retained per measure).
    private var text: PreparedText?
    private var settings: ParagraphSettings?
    private var previousEnd = -1
    private(set) var count = 0
    /// The bottom of the last line box (P4–P5), the layout's height.
    private(set) var height: CGFloat = 0
    /// The widest line with its indents and trailing margin (P7), with and without hanging whitespace.
    private(set) var widest: CGFloat = 0
    private(set) var widestWithWhitespace: CGFloat = 0

    init() {}

    init(text: PreparedText, settings: ParagraphSettings) {
        self.text = text
        self.settings = settings
    }

    /// Whether `measure` may use this sink for `settings` (everything but justification).
    static func measures(_ settings: ParagraphSettings) -> Bool { settings.style.alignment != .justified }

    mutating func append(_ line: BrokenLine) {
        guard let text, let settings else { return }
        // A line starts a paragraph when it does not continue where the line before ended (W1).
        let startsParagraph = count == 0 || line.start > previousEnd
        previousEnd = line.end
        if count > 0 {
            height += settings.style.lineSpacing                                                           // P4
            if startsParagraph { height += settings.style.paragraphSpacing + settings.style.paragraphSpacingBefore }  // P5
        }
        let metrics = text.verticalMetrics(ofLine: line.start..<max(line.end, line.suffix.upperBound), includesLeading: true)
        let indent = Units.points(startsParagraph ? settings.firstHeadIndent : settings.headIndent)
        let trailing = settings.trailingMargin
        widest = max(widest, indent + Units.points(line.width) + trailing)
        widestWithWhitespace = max(widestWithWhitespace, indent + Units.points(line.widthWithWhitespace) + trailing)
        height += ParagraphGeometry.lineBox(metrics, settings.style).height                                 // P1–P3
        count &+= 1
    }
}
