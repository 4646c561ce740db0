import Foundation

extension TextMeasurement {
    /// `boundingRect` for a text with a paragraph style: the same cases as plain text (B1–B4), with
    /// heights from the line-box rules (P1–P6, leading as B3 says) and widths with indents (P7).
    static func styledBoundingRect(
        _ text: PreparedText, width: CGFloat?, height: CGFloat, options: StringDrawingOptions,
        lineBreakMode: LineBreakMode
    ) throws -> CGRect {
        guard !text.units.isEmpty else { return .zero }  // B7
        let leading = options.contains(.usesFontLeading)
        guard options.contains(.usesLineFragmentOrigin) else {
            let layout = try text.layout(width: nil)  // B1: the origin is the first line's baseline
            let firstLine = layout.lines.first?.range ?? 0..<0
            let descent: CGFloat = text.verticalMetrics(ofLine: firstLine, includesLeading: false).descent
            return CGRect(
                x: 0, y: -descent, width: layout.sizeIncludingTrailingWhitespace.width,
                height: layout.height(includesLeading: leading))
        }
        if lineBreakMode.cutsLastLine {
            // One line per paragraph, cut at the width (B2's decision).
            let layout = try text.layout(width: nil)
            let limit = width ?? .infinity
            let widest =
                layout.lines.map { line in
                    let extent = line.x + line.widthIncludingTrailingWhitespace
                    return lineBreakMode == .byClipping ? extent : min(extent, limit)
                }.max() ?? 0
            return CGRect(x: 0, y: 0, width: widest, height: layout.height(includesLeading: leading))
        }
        var layout = try text.layout(width: width, lineBreakMode: lineBreakMode)
        if options.contains(.truncatesLastVisibleLine), !height.isUnboundedTextDimension, layout.lineCount > 1 {
            // B4/T3: the lines whose boxes end within the height (at least one), the last one truncated.
            let fitting = max(1, layout.lines.prefix { $0.y + $0.height <= height }.count)
            if fitting < layout.lineCount {
                layout = try text.layout(width: width, numberOfLines: fitting, lineBreakMode: .byTruncatingTail)
            }
        }
        return CGRect(
            x: 0, y: 0, width: layout.sizeIncludingTrailingWhitespace.width, height: layout.height(includesLeading: leading))
    }
}
