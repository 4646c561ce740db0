import Foundation

extension PreparedText {
    /// Lays the text out with a width per line (rule W8): line `i` is `widths[i]` wide, and the last width
    /// repeats for every line after the list. Text beside an avatar or a drop cap: the first lines narrow,
    /// the rest full width.
    ///
    /// ```swift
    /// // Three lines beside a 60 pt avatar in a 300 pt column, then the full width.
    /// let layout = try prepared.layout(widths: [240, 240, 240, 300])
    /// layout.lines[0].width <= 240
    /// ```
    /// Every line is broken as `layout(width:)` breaks a line of its width (W2–W7, T2–T7): with one width,
    /// or with every width equal, the lines are exactly `layout(width:)`'s. Under a paragraph style the
    /// indents apply to each line's width, and each line is aligned within its own width (P7, P9).
    /// - Parameters:
    ///   - widths: the line widths in points, each as `layout(width:)` takes it (0, +infinity or ≥ 1e15:
    ///     unbounded, B7); at least one.
    ///   - numberOfLines: as in `layout(width:numberOfLines:…)`.
    ///   - lineBreakMode: as in `layout(width:numberOfLines:…)`.
    ///   - lineBreakStrategy: as in `layout(width:numberOfLines:…)`.
    /// - Returns: the lines; `size.width` is the widest line, as for one width.
    /// - Throws: `MeasureError.emptyWidthList` for `[]`, `.invalidWidth` for a NaN or negative width,
    ///   `.invalidNumberOfLines` for a negative count.
    /// - Complexity: as `layout(width:)` through the general breaker: O(lines × (words per line + log n)).
    public func layout(
        widths: [CGFloat], numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> TextLayout {
        guard !widths.isEmpty else { throw MeasureError.emptyWidthList }
        let units = try widths.map { try LineRequest.units(forWidth: $0) }
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        // The indents come off each width when the style's indents change lines (P9).
        let indents = paragraphSettings.flatMap { $0.affectsBreaking ? $0.indents : nil }
        return try units.withUnsafeBufferPointer { list in
            try withUnsafePointer(to: LineWidths.Listed(widths: list, indents: indents)) { listed in
                // Only the general breaker reads a list (`LineWidths.listed`): `fastPath: false` sends it there.
                try layout(
                    LineRequest(
                        widths: LineWidths(listed: listed), maxLines: numberOfLines, mode: lineBreakMode,
                        strategy: lineBreakStrategy),
                    fastPath: false)
            }
        }
    }
}
