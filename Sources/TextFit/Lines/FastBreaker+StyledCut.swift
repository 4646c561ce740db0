/// Tail truncation of a styled text (T4 with S7) on the fast path: `LineBreaker.tailTruncated`
/// step for step, with the fast widths. The "…" takes the style of the last visible character, so the
/// cut is first found with the widest "…" of the text's styles (as plain tail truncation finds it), then
/// moved as far as a narrower "…" lets it, comparing each candidate's exact width in integer units. Before
/// this, each styled truncated line went to the general breaker: about 2,090 instructions a cut line,
/// now about 940 (callgrind, `textfit-bench --mode styled`). `StyledFastPathTests` holds the two to the
/// same lines.
extension FastBreaker {
    static func styledTailCut(_ view: FastView, _ text: PreparedText, _ styling: Styling, _ start: Int, _ end: Int,
                              limit: Int) -> BrokenLine {
        let widths = styling.ellipsisWidthTable()
        let widest = text.ellipsisWidth
        var cut = view.trimmedEnd(lastFittingBoundary(view, text, start, end, budget: limit - widest), notBefore: start)
        func lineWidth(_ visibleEnd: Int) -> Int {
            let style = styling.runStyles[styling.runIndex(containing: PreparedText.ellipsisStylePosition(.tail, visible: start..<visibleEnd))]
            return width(view, text, start, visibleEnd) + widths[Int(style)]
        }
        let narrowest = styling.narrowestEllipsisWidth
        if narrowest < widest {
            // Candidates lie between the cut the widest "…" allows and the one the narrowest would.
            var boundary = lastFittingBoundary(view, text, start, end, budget: limit - narrowest)
            while boundary > cut {
                if lineWidth(view.trimmedEnd(boundary, notBefore: start)) <= limit { cut = boundary; break }
                let index = view.graphemeIndex(atOrAfter: boundary)
                guard index > 0 else { break }
                boundary = Int(view.graphemes[index - 1])
            }
        }
        let shown = view.trimmedEnd(cut, notBefore: start)
        let shownWidth = lineWidth(shown)
        return BrokenLine(start: start, end: shown, visible: start..<shown, width: shownWidth,
                          widthWithWhitespace: shownWidth, ellipsis: .tail, isCut: true)
    }

    /// `LineBreaker.lastBoundary(from:to:budget:_:)` with the fast widths: the largest grapheme boundary
    /// `b` in `[start, end]` whose line to `b` without its hanging whitespace (W4) is at most `budget`
    /// wide; `start` when none is.
    private static func lastFittingBoundary(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int,
                                            budget: Int) -> Int {
        func measure(_ boundary: Int) -> Int { width(view, text, start, view.trimmedEnd(boundary, notBefore: start)) }
        let low = view.graphemeIndex(atOrAfter: start)
        var high = view.graphemeIndex(atOrAfter: end)
        if high >= view.graphemeCount || Int(view.graphemes[high]) > end { high -= 1 }
        guard low <= high, measure(Int(view.graphemes[low])) <= budget else { return start }
        let estimated = lastBoundary(view, from: low, through: high, bound: view.prefix[start] &+ budget)
        let index = LineBreaker.lastFitting(from: low, through: high, estimated: estimated) {
            measure(Int(view.graphemes[$0])) <= budget
        }
        return Int(view.graphemes[index])
    }
}
