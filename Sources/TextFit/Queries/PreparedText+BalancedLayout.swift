import Foundation

extension PreparedText {
    /// The text laid out with balanced lines, as CSS `text-wrap: balance` (rule Q5): the same number of
    /// lines greedy wrapping gives at `width`, with the line width evened out — the lines are those
    /// greedy wrapping gives at the tightest width that keeps that count, so the widest line is as
    /// narrow as any layout of that many lines allows.
    ///
    /// ```swift
    /// let title = PreparedText("A balanced title keeps its last word company", font: try .systemFont(ofSize: 20))
    /// try title.layout(width: 300).lines.map(\.text)          // ["A balanced title keeps its last ", "word company"]
    /// try title.balancedLayout(width: 300).lines.map(\.text)  // ["A balanced title keeps ", "its last word company"]
    /// // (Noto Sans: laid out at 205.198 pt, the tightest width for two lines)
    /// ```
    /// Why the count holds: at `width` the greedy layout fits its `n` lines, so the tightest width for
    /// `n` lines (`tightestWidth(numberOfLines:)`) is at most `width`; at that width the text fits in at
    /// most `n` lines, and a narrower greedy layout never has fewer lines than a wider one, so it has
    /// exactly `n`. The result is checked anyway, and the greedy layout returned should it differ.
    ///
    /// Balancing is a choice of width, not another breaker: every line obeys W1–W7 as at any width.
    /// The greedy layout is returned unchanged when it has one line, is truncated or hides lines
    /// (balancing must not change what is shown), or has a cluster wider than `width`. One width is
    /// chosen for the whole text, so with several paragraphs the widest one sets it.
    /// - Parameters: as `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
    /// - Throws: as `layout`.
    /// - Complexity: a `tightestWidth` search (a dozen or so measurements) and two layouts; no shaping.
    public func balancedLayout(
        width: CGFloat?, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> TextLayout {
        let options = try QueryOptions(
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        let units = try LineRequest.units(forWidth: width)
        let greedy = try layout(units: units, options)
        guard greedy.lineCount > 1, !greedy.isTruncated, greedy.lines.records.widest <= units,
            let tightest = try tightestUnits(lineCount: greedy.lineCount, options), tightest < units
        else { return greedy }
        let balanced = try layout(units: tightest, options)
        guard balanced.lineCount == greedy.lineCount, !balanced.isTruncated else { return greedy }
        return balanced
    }
}
