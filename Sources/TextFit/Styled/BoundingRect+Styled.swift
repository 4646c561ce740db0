import Foundation

extension TextMeasurement {
    /// `boundingRect` of a styled text: rules B1–B7 with each line's own box (S6) instead of one line
    /// height; without `.usesFontLeading` (B3) a line is its ascent + descent.
    static func styledBoundingRect(_ text: PreparedText, width: CGFloat?, height: CGFloat, options: StringDrawingOptions,
                                   lineBreakMode: LineBreakMode) throws -> CGRect {
        guard !text.units.isEmpty else { return .zero }  // B7
        let leading = options.contains(.usesFontLeading)
        func stackedHeight(_ layout: TextLayout) -> CGFloat {
            layout.lines.indices.reduce(0) { $0 + lineHeight(layout, $1, leading: leading) }
        }
        guard options.contains(.usesLineFragmentOrigin) else {
            // B1: one line per hard break, origin relative to the first line's baseline.
            let layout = try text.layout(width: nil)
            let descent = layout.lines.isEmpty ? 0 : lineMetrics(layout, 0).descent
            return CGRect(x: 0, y: -descent, width: layout.sizeIncludingTrailingWhitespace.width, height: stackedHeight(layout))
        }
        if lineBreakMode.cutsLastLine {
            let layout = try text.layout(width: nil)
            let limit = width ?? .infinity
            let widest = layout.lines.map { lineBreakMode == .byClipping ? $0.widthIncludingTrailingWhitespace
                                                                          : min($0.widthIncludingTrailingWhitespace, limit) }.max() ?? 0
            return CGRect(x: 0, y: 0, width: widest, height: stackedHeight(layout))
        }
        var numberOfLines = 0
        var mode = lineBreakMode
        if options.contains(.truncatesLastVisibleLine), height > 0, !height.isUnboundedTextDimension {
            // B4/T3: as many whole lines as fit the height (at least one), the last one truncated.
            let all = try text.layout(width: width, lineBreakMode: lineBreakMode)
            var bottom: CGFloat = 0
            var fitting = 0
            for index in all.lines.indices {
                bottom += lineHeight(all, index, leading: leading)
                if bottom > height + 1e-9 { break }
                fitting += 1
            }
            numberOfLines = max(1, fitting)
            mode = .byTruncatingTail
        }
        let layout = try text.layout(width: width, numberOfLines: numberOfLines, lineBreakMode: mode)
        return CGRect(x: 0, y: 0, width: layout.sizeIncludingTrailingWhitespace.width, height: stackedHeight(layout))
    }

    private static func lineMetrics(_ layout: TextLayout, _ index: Int) -> Styling.VerticalMetrics {
        let text = layout.preparedText
        if let styling = text.styling { return layout.lines.box(index, styling).metrics }
        return Styling.VerticalMetrics(ascent: text.font.ascender, descent: -text.font.descender, leading: text.font.leading)
    }

    private static func lineHeight(_ layout: TextLayout, _ index: Int, leading: Bool) -> CGFloat {
        if leading { return layout.lines[index].rect.height }
        let metrics = lineMetrics(layout, index)
        return metrics.ascent + metrics.descent
    }
}
