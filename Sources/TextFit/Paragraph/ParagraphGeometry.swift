import Foundation

/// Where a styled layout's lines sit: each line's box (x, y, width, height) and baseline, from the
/// paragraph style's rules P1–P9, and the layout's size. Made once per styled layout; plain layouts have
/// none and place lines as `TextLines` always has (x = 0, line `i` at `i × lineHeight`).
final class ParagraphGeometry: Sendable, Equatable {
    struct Line: Equatable {
        var x: CGFloat
        var y: CGFloat
        var width: CGFloat
        /// The stretch justification added (P8), also added to the width with whitespace.
        var stretch: CGFloat
        var height: CGFloat
        var baseline: CGFloat
    }

    let lines: [Line]
    /// Width (P7: the widest line with its indents) and height (P4–P5: the last line box's bottom).
    let size: CGSize
    let sizeIncludingTrailingWhitespace: CGSize

    init(lines: [Line], size: CGSize, sizeIncludingTrailingWhitespace: CGSize) {
        self.lines = lines
        self.size = size
        self.sizeIncludingTrailingWhitespace = sizeIncludingTrailingWhitespace
    }

    static func == (a: ParagraphGeometry, b: ParagraphGeometry) -> Bool {
        a.lines == b.lines && a.size == b.size && a.sizeIncludingTrailingWhitespace == b.sizeIncludingTrailingWhitespace
    }

    /// The box height of a line with these metrics (P1–P3), and where its baseline sits below the box's
    /// top (P6: height the style adds goes above the ascent; height it takes away comes off the top).
    static func lineBox(_ metrics: LineVerticalMetrics, _ style: ParagraphStyle) -> (height: CGFloat, baseline: CGFloat) {
        lineBox(metrics, LineHeightRule(style))
    }

    /// `lineBox(_:_:)` with the style's line-height fields only (no copy of the style per line).
    @inline(__always)
    static func lineBox(_ metrics: LineVerticalMetrics, _ rule: LineHeightRule) -> (height: CGFloat, baseline: CGFloat) {
        var height = metrics.natural  // P1
        if rule.multiple > 0 { height *= rule.multiple }  // P2
        height = max(height, rule.minimum)  // P3
        if rule.maximum > 0 { height = min(height, rule.maximum) }
        if height == metrics.natural { return (height, metrics.ascent) }  // exactly the plain baseline
        return (height, height - metrics.natural + metrics.ascent)  // P6
    }

    /// Places `records`' lines for `text` laid out `maxWidth` wide (1/1024 pt, unbounded allowed), or with
    /// a width per line (`widths.list`, W8): each line is then aligned and mirrored within its own width.
    static func make(
        _ records: LineRecords, text: PreparedText, settings: ParagraphSettings, maxWidth: Int,
        widths: LineWidths? = nil, includesLeading: Bool = true
    ) -> ParagraphGeometry {
        let style = settings.style
        let count = records.count
        var lines: [Line] = []
        lines.reserveCapacity(count)
        guard count > 0 else { return ParagraphGeometry(lines: [], size: .zero, sizeIncludingTrailingWhitespace: .zero) }
        // The stepper places the lines (P1–P7) as `ParagraphMeasurer` sums them. Which lines start a
        // paragraph is needed ahead of it too: P7's unbounded box and P8's look at the next line.
        var stepper = ParagraphLineStepper(text: text, settings: settings, includesLeading: includesLeading)
        var startsParagraph = [Bool](repeating: false, count: count)
        var previousEnd = -1
        for index in 0..<count {
            let record = records[index]
            startsParagraph[index] = ParagraphLineStepper.startsParagraph(
                record.start, isFirst: index == 0,
                previousEnd: previousEnd)
            previousEnd = record.end
        }
        let trailing = stepper.trailing
        // P7: the box is the layout width, or for an unbounded layout the widest line with its indents.
        var needed: CGFloat = 0
        for index in 0..<count {
            let indent = startsParagraph[index] ? stepper.firstIndent : stepper.restIndent
            needed = max(needed, indent + Units.points(max(0, records[index].width)) + trailing)  // K1
        }
        func lineEnd(_ maxWidth: Int) -> CGFloat {
            let end = settings.lineEnd(maxWidth: maxWidth)
            return end >= Units.unbounded ? needed - trailing : Units.points(end)
        }
        func boxWidth(_ maxWidth: Int) -> CGFloat { maxWidth >= Units.unbounded ? needed : Units.points(maxWidth) }
        let listed = widths?.list != nil
        // D2: a right-to-left paragraph's leading margin is the right one. Lines are placed from the leading
        // margin (indents, the leading alignment) and mirrored in the box; `.left` and `.right` stay where
        // they say. Only a text that may hold a right-to-left paragraph asks for its levels.
        let commonEnd = lineEnd(maxWidth)
        let commonBox = boxWidth(maxWidth)
        let mayBeRightToLeft = text.isBidirectional
        for index in 0..<count {
            let record = records[index]
            let step = stepper.step(start: record.start, end: record.end, boxEnd: max(record.end, record.suffix.upperBound))
            let indent = step.indent
            let lineMax = listed ? widths.unsafelyUnwrapped.base(line: index) : maxWidth
            let room = (listed ? lineEnd(lineMax) : commonEnd) - indent
            let next = index + 1 < count ? startsParagraph[index + 1] : nil
            let line = place(
                record, step: step, room: room, box: listed ? boxWidth(lineMax) : commonBox,
                nextStartsParagraph: next, text: text, alignment: style.alignment,
                mayBeRightToLeft: mayBeRightToLeft)
            lines.append(line)
            let width = line.width, stretch = line.stretch
            stepper.widen(
                indent: indent, width: width, widthWithWhitespace: Units.points(record.widthWithWhitespace),
                stretch: stretch)
        }
        let size = CGSize(width: stepper.widest, height: stepper.bottom)
        return ParagraphGeometry(
            lines: lines, size: size,
            sizeIncludingTrailingWhitespace: CGSize(width: stepper.widestWithWhitespace, height: stepper.bottom))
    }
}

extension ParagraphGeometry {
    /// Line `record`'s place (P7–P9, D2): `step` from the stepper, `room` the width its indents leave,
    /// `box` the layout box it is mirrored in; `nextStartsParagraph` nil when no line follows it. One
    /// function for a layout's lines (`make`) and the line walker's (`LineWalker`, G1), so the two place
    /// a line alike.
    @inline(__always)
    static func place(
        _ record: BrokenLine, step: ParagraphLineStepper.Step, room: CGFloat, box: CGFloat,
        nextStartsParagraph: Bool?, text: PreparedText, alignment: TextAlignment,
        mayBeRightToLeft: Bool
    ) -> Line {
        let indent = step.indent
        var width = Units.points(record.width)
        var stretch: CGFloat = 0
        var x = indent
        if alignment == .justified, width < room, nextStartsParagraph == false, !record.isCut,
            !text.endsWithMandatoryBreak(record.end)
        {
            let spaces = text.stretchableSpaces(record.start, record.end)
            if spaces > 0 { stretch = room - width; width = room }  // P8
        }
        // K1: the box is never narrower than 0: a line a negative kern takes below 0 is aligned as a 0-wide
        // box, its glyphs left of its x where the kerns put them (a justified one is stretched from the
        // pen's end above, so its pen still ends at the room's end).
        width = max(0, width)
        let rightToLeft = mayBeRightToLeft && text.baseWritingDirection(at: record.start) == .rightToLeft
        if stretch == 0 {
            let free = max(0, room - width)
            // In leading-margin terms: the trailing side is the right of a left-to-right paragraph and
            // the left of a right-to-left one.
            let trailing: TextAlignment = rightToLeft ? .left : .right
            if alignment == .center { x += free / 2 } else if alignment == trailing { x += free }
        }
        if rightToLeft { x = box - x - width }
        return Line(
            x: x, y: step.top, width: width, stretch: stretch, height: step.height,
            baseline: step.top + step.baseline)
    }
}

/// A paragraph style's line-height fields (P2, P3): `lineHeightMultiple`, `minimumLineHeight`,
/// `maximumLineHeight`.
struct LineHeightRule: Sendable {
    var multiple: CGFloat
    var minimum: CGFloat
    var maximum: CGFloat

    /// No rule: the natural height (what `ParagraphStyle()` sets).
    init() {
        (multiple, minimum, maximum) = (0, 0, 0)
    }

    init(_ style: ParagraphStyle) {
        multiple = style.lineHeightMultiple
        minimum = style.minimumLineHeight
        maximum = style.maximumLineHeight
    }

    /// The rule of `settings.style`, its fields read in place: a copy of the style retained and released
    /// its tab stops on every measure.
    init(_ settings: ParagraphSettings) {
        multiple = settings.style.lineHeightMultiple
        minimum = settings.style.minimumLineHeight
        maximum = settings.style.maximumLineHeight
    }
}

extension PreparedText {
    /// Whether the line ending at `end` ends at a mandatory break inside its paragraph (U+2028, VT, FF):
    /// such a line is not justified (P8).
    func endsWithMandatoryBreak(_ end: Int) -> Bool {
        let mandatory = mandatoryBreaks
        let index = partitionPoint(from: 0, to: mandatory.count) { Int(mandatory[$0]) >= end }
        return index < mandatory.count && Int(mandatory[index]) == end
    }

    /// Spaces in `start..<end` before its hanging whitespace (W4): the ones justification widens (P8).
    func stretchableSpaces(_ start: Int, _ end: Int) -> Int {
        let visibleEnd = trimmedEnd(end, notBefore: start)
        var spaces = 0
        for position in start..<visibleEnd where isSpace(position) { spaces += 1 }
        return spaces
    }
}
