import Foundation
import TextFit

extension MeasureCommand {
    /// The readable report: the font, the lines with their UTF-16 ranges, widths and shown text, the
    /// totals, and the size rounded up to the pixel grid at iOS's three scales (what `sizeThatFits` gives).
    static func table(_ measureCase: MeasureCase, prepared: PreparedText, layout: TextLayout) -> [String] {
        let font = prepared.font
        var output: [String] = []
        output.append(
            "font     \(font.familyName) \(font.styleName), \(TextTable.number(font.pointSize)) pt, "
                + "line height \(TextTable.number(font.lineHeight)) pt (\(font.filePath))")
        let fallbacks = prepared.fallbackFonts.map(\.familyName)
        if !fallbacks.isEmpty { output.append("fallback \(fallbacks.joined(separator: ", "))") }
        let width = measureCase.width.map { "\(TextTable.number($0)) pt" } ?? "unconstrained"
        let lines = measureCase.maxLines == 0 ? "unlimited" : String(measureCase.maxLines)
        output.append("layout   width \(width), lines \(lines), mode \(measureCase.lineBreakMode.rawValue)")
        output.append("")

        let rows = layout.lines.enumerated().map { index, line in
            [
                String(index + 1), String(line.range.lowerBound), String(line.range.upperBound),
                TextTable.number(line.width), TextTable.quoted(line.text),
            ]
        }
        output += TextTable.render(header: ["line", "start", "end", "width", "text"], rows: rows)
        output.append("")

        let size = layout.size
        output.append("lines    \(layout.lineCount)\(layout.isTruncated ? ", truncated" : "")")
        output.append("size     \(TextTable.size(size)) pt (widest line x lines x line height, unrounded)")
        let ceiled = [1, 2, 3].map { "@\($0)x \(TextTable.size(size.ceiledToPixels(scale: CGFloat($0))))" }
        output.append("ceiled   " + ceiled.joined(separator: "   "))
        return output
    }
}
