extension TextLine {
    /// The glyphs this line draws, placed exactly as they were measured: its visible text (reshaped where
    /// measuring reshaped it), the ellipsis in place, and the extent of its hanging whitespace.
    ///
    /// ```swift
    /// let line = try text.layout(width: 120).lines[0]
    /// let glyphs = line.glyphs()
    /// glyphs.runs.first?.face.filePath     // the font file to draw the first run from
    /// glyphs.width == line.width           // true
    /// ```
    /// To draw several lines, ask the collection (`layout.lines.glyphs()`): it shapes the segments lines
    /// share once.
    /// - Complexity: shapes each segment the line touches (HarfBuzz); nothing is cached across calls.
    public func glyphs() -> LineGlyphs {
        LineGlyphs(preparedText.placedGlyphs(for: self), text: preparedText)
    }
}

extension Sequence where Element == TextLine {
    /// The glyphs of each line (see `TextLine.glyphs()`), in order, shaping each segment once however many
    /// lines touch it.
    ///
    /// ```swift
    /// let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
    /// for (line, glyphs) in zip(layout.lines, layout.lines.glyphs()) {
    ///     for run in glyphs.runs { draw(run, baseline: line.baseline) }
    /// }
    /// ```
    public func glyphs() -> [LineGlyphs] {
        var cache = PreparedText.SegmentGlyphs()
        var cachedText: PreparedText?
        return map { line in
            let text = line.preparedText
            if cachedText !== text {
                cache = PreparedText.SegmentGlyphs()
                cachedText = text
            }
            return LineGlyphs(text.placedGlyphs(for: line, segments: cache), text: text)
        }
    }
}
