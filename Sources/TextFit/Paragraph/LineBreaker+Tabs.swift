/// Tabs in the general breaker (P10): a tab advances to the next stop after the pen, measured from the
/// leading margin, so a line's width depends on where the line starts and on its indent. Only texts
/// prepared with a paragraph style that contain a tab come here; every other text measures lines with
/// the prefix sums alone (`PreparedText.width`). Widths come from the shared `TabLayout`, which glyph
/// placement and the visual runs read too.
extension LineBreaker {
    typealias Tabs = TabLayout

    /// The width of the line from `start` to `end`: `PreparedText.width` without tabs, else with each tab
    /// advancing to its stop (`TabLayout`).
    func lineWidth(_ start: Int, _ end: Int) -> Int {
        guard let tabs else { return text.width(start, end) }
        return tabs.width(text, lineStart: start, start..<end)
    }

    /// The last visible line of a truncating mode when it holds a tab (T4, T5 with P10): the same cuts as
    /// `tailTruncated`, `headTruncated` and `middleTruncated`, each candidate measured whole by the tab
    /// layout with the "…" it shows (S7's for styled text), since where a tab's stop falls depends on all
    /// that comes before it. Widths grow with what is shown, so the searches stay binary.
    func tabbedCutLine(_ start: Int, _ end: Int, limit: Int, tabs: TabLayout) -> BrokenLine {
        func token(_ placement: EllipsisPlacement, _ visible: Range<Int>) -> Int { text.ellipsisWidth(placement, visible: visible) }
        switch mode {
        case .byTruncatingHead:
            let suffixEnd = text.trimmedEnd(end, notBefore: start)
            func measure(_ boundary: Int) -> Int {
                let visible = text.trimmedStart(boundary, notAfter: suffixEnd)..<suffixEnd
                return tabs.width(text, lineStart: start, visible.lowerBound..<visible.lowerBound,
                                  token: token(.head, visible), visible)
            }
            let cut = firstBoundary(from: start, to: suffixEnd, budget: limit, measure)
            let visibleStart = text.trimmedStart(cut, notAfter: suffixEnd)
            let width = measure(cut)
            return BrokenLine(start: start, end: suffixEnd, visible: visibleStart..<suffixEnd, width: width,
                              widthWithWhitespace: width, ellipsis: .head, isCut: true)
        case .byTruncatingMiddle:
            let suffixEnd = text.trimmedEnd(end, notBefore: start)
            func total(_ prefixCut: Int, _ suffixCut: Int) -> Int {
                let prefix = start..<text.trimmedEnd(prefixCut, notBefore: start)
                let suffix = text.trimmedStart(suffixCut, notAfter: suffixEnd)..<suffixEnd
                return tabs.width(text, lineStart: start, prefix, token: token(.middle, prefix), suffix)
            }
            // The prefix first takes about half the room, the suffix what is left, then the prefix what the
            // suffix leaves (T5's order).
            let half = (limit - text.ellipsisWidth + 1) / 2
            var cut = lastBoundary(from: start, to: suffixEnd, budget: half) {
                tabs.width(text, lineStart: start, start..<text.trimmedEnd($0, notBefore: start))
            }
            let suffixCut = firstBoundary(from: cut, to: suffixEnd, budget: limit) { total(cut, $0) }
            cut = lastBoundary(from: start, to: suffixCut, budget: limit) { total($0, suffixCut) }
            let prefixEnd = text.trimmedEnd(cut, notBefore: start)
            let suffixStart = text.trimmedStart(suffixCut, notAfter: suffixEnd)
            let width = total(cut, suffixCut)
            return BrokenLine(start: start, end: suffixEnd, visible: start..<prefixEnd, suffix: suffixStart..<suffixEnd,
                              width: width, widthWithWhitespace: width, ellipsis: .middle, isCut: true)
        default:
            func measure(_ boundary: Int) -> Int {
                let visible = start..<text.trimmedEnd(boundary, notBefore: start)
                return tabs.width(text, lineStart: start, visible, token: token(.tail, visible))
            }
            let cut = lastBoundary(from: start, to: end, budget: limit, measure)
            let visibleEnd = text.trimmedEnd(cut, notBefore: start)
            let width = measure(cut)
            return BrokenLine(start: start, end: visibleEnd, visible: start..<visibleEnd, width: width,
                              widthWithWhitespace: width, ellipsis: .tail, isCut: true)
        }
    }
}
