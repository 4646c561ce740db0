import Foundation

/// The line boxes of a styled layout (rule S6): each line's top, height and ascent, stacked without
/// spacing. Paragraph spacing and line-height rules apply on top of these per-line metrics.
final class StyledLineBoxes: Sendable {
    struct Line: Sendable {
        /// Its runs' tallest ascent, deepest descent and largest leading (`Styling.lineBox`).
        var metrics: Styling.VerticalMetrics
        var height: CGFloat
        var top: CGFloat
    }

    let lines: [Line]
    /// The lines' heights summed.
    let height: CGFloat

    init(_ records: LineRecords, _ styling: Styling) {
        var lines: [Line] = []
        lines.reserveCapacity(records.count)
        var top: CGFloat = 0
        for index in 0..<records.count {
            let line = records[index]
            let box = styling.lineBox(line.start, max(line.end, line.suffix.upperBound))
            lines.append(Line(metrics: box.metrics, height: box.height, top: top))
            top += box.height
        }
        (self.lines, height) = (lines, top)
    }

    /// Line `index`'s top, height and ascent (its baseline below its top).
    subscript(index: Int) -> (top: CGFloat, height: CGFloat, ascent: CGFloat) {
        let line = lines[index]
        return (line.top, line.height, line.metrics.ascent)
    }
}

extension PreparedText {
    /// `measure` for styled text: the lines' heights differ, so it lays out and sums them.
    func measureStyled(width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode,
                       lineBreakStrategy: LineBreakStrategy, lastLineMaxWidth: CGFloat?, fastPath: Bool) throws -> TextMetrics {
        let layout = try layout(width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                                lineBreakStrategy: lineBreakStrategy, lastLineMaxWidth: lastLineMaxWidth, fastPath: fastPath)
        return TextMetrics(lineCount: layout.lineCount, size: layout.size,
                           widthIncludingTrailingWhitespace: layout.sizeIncludingTrailingWhitespace.width,
                           isTruncated: layout.isTruncated)
    }
}
