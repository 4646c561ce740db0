/// Tail truncation of a styled text (T4 with S7) on the fast path, with the fast widths: the lines of
/// `LineBreaker.tailTruncated`, found with one search instead of two. The "…" takes the style of the
/// last visible character (S7), so the general code first finds the cut the widest "…" of the text's
/// styles allows (`cut_w`, as plain tail truncation finds it), then the one the narrowest would allow
/// (`cut_n`), and steps back from `cut_n` over grapheme boundaries to the first whose line with its own
/// "…" fits, stopping at `cut_w`. Every boundary up to `cut_w` fits with its own "…" (none is wider than
/// the widest), so the step back stops at `cut_w` by itself: the search for `cut_w` is needed only when
/// the step back is long, and is made then (after `stepsBeforeWidestCut` failed boundaries), from where
/// the general loop would be. Before, every styled cut line made both searches and a run look-up per
/// candidate (about 1,600 instructions of the three-run relayout's cut lines against about 750 plain;
/// callgrind, `textfit-bench --mode styled`). `StyledFastPathTests` holds the two breakers to the same
/// lines, the single search among them (`styledTailCutIsTheGeneralCut`).
extension FastBreaker {
    /// Failed boundaries before the step back finds `cut_w` to stop at: two styles' "…" differ by a
    /// fraction of a character, so the first or second boundary fits in practice.
    static let stepsBeforeWidestCut = 3

    static func styledTailCut(
        _ view: FastView, _ text: PreparedText, _ styling: Styling, _ start: Int, _ end: Int,
        limit: Int
    ) -> BrokenLine {
        let widths = styling.ellipsisWidthTable()
        let widest = text.ellipsisWidth
        let narrowest = widths[styling.styles.count]
        func cut(_ visibleEnd: Int, width: Int) -> BrokenLine {
            BrokenLine(
                start: start, end: visibleEnd, visible: start..<visibleEnd, width: width,
                widthWithWhitespace: width, ellipsis: .tail, isCut: true)
        }
        guard narrowest < widest, text.truncationTokenShape == nil else {
            // Every style's "…" is as wide, or a custom token (T8) replaces them all: the cut plain tail truncation makes, with no run look-up.
            let shown = view.trimmedEnd(
                lastFittingBoundary(view, text, start, end, budget: limit - widest), notBefore: start)
            return cut(shown, width: width(view, text, start, shown) + widest)
        }
        // S7: the "…" of the style of the last character shown (the line's start when none is).
        func ownEllipsis(_ visibleEnd: Int) -> Int {
            let position = PreparedText.ellipsisStylePosition(.tail, visible: start..<visibleEnd)
            return widths[Int(styling.runStyles[styling.runIndex(containing: position)])]
        }
        var boundary = lastFittingBoundary(view, text, start, end, budget: limit - narrowest)
        // The boundary the step back stops at: `cut_w` once searched for, `start` before (which `cut_w`
        // is not below).
        var floor = start
        var failed = 0
        while boundary > floor {
            let shown = view.trimmedEnd(boundary, notBefore: start)
            let lineWidth = width(view, text, start, shown) + ownEllipsis(shown)
            if lineWidth <= limit { return cut(shown, width: lineWidth) }
            failed &+= 1
            if failed == stepsBeforeWidestCut {
                floor = view.trimmedEnd(
                    lastFittingBoundary(view, text, start, end, budget: limit - widest), notBefore: start)
            }
            let index = view.graphemeIndex(atOrAfter: boundary)
            guard index > 0 else { break }
            boundary = Int(view.graphemes[index - 1])
        }
        let shown = view.trimmedEnd(floor, notBefore: start)
        return cut(shown, width: width(view, text, start, shown) + ownEllipsis(shown))
    }

    /// `LineBreaker.lastBoundary(from:to:budget:_:)` with the fast widths: the largest grapheme boundary
    /// `b` in `[start, end]` whose line to `b` without its hanging whitespace (W4) is at most `budget`
    /// wide; `start` when none is.
    private static func lastFittingBoundary(
        _ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int,
        budget: Int
    ) -> Int {
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
