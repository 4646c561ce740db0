import Foundation

extension TextLines {
    /// Line `index`'s top, height and ascent in a styled text whose lines differ in height (rule S6): the
    /// boxes of the lines above it stacked without spacing. Nil when every line is `lineHeight` tall.
    /// Computed from the records when read, so laying out stores nothing more than for plain text.
    func styledBox(_ index: Int) -> (top: CGFloat, height: CGFloat, ascent: CGFloat)? {
        guard let styling = preparedText.styling, styling.needsLineBoxes else { return nil }
        var top: CGFloat = 0
        for above in 0..<index { top += box(above, styling).height }
        let box = box(index, styling)
        return (top, box.height, box.metrics.ascent)
    }

    /// Line `index`'s runs' box (`Styling.lineBox`).
    func box(_ index: Int, _ styling: Styling) -> (metrics: Styling.VerticalMetrics, height: CGFloat) {
        let line = records[index]
        return styling.lineBox(line.start, Swift.max(line.end, line.suffix.upperBound))
    }

    /// The lines' heights summed (a styled text's layout height).
    var styledHeight: CGFloat {
        guard let styling = preparedText.styling, styling.needsLineBoxes else { return CGFloat(count) * lineHeight }
        return indices.reduce(0) { $0 + box($1, styling).height }
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
