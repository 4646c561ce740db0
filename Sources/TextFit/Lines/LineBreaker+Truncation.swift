/// The last visible line of a truncating or clipping mode (T4–T6), for every kind of text: plain, styled
/// (S7: the "…" takes the style of the character beside it) and tabbed (P10: a tab's stop depends on all
/// that precedes it on the line, the "…" included). One set of searches serves all three; only the width
/// of a candidate line differs, and `cutWidth` gives it.
///
/// Each search budgets the text's widest "…" (`PreparedText.ellipsisWidth`; plain text has one), so a
/// cut that fits with it fits whichever "…" the line shows. Tail truncation then moves the cut as far as
/// a narrower "…" lets it (S7), comparing each candidate's exact width in integer units; head and middle
/// keep the cut and report the width of the "…" they show.
extension LineBreaker {
    func cutLine(_ start: Int, _ end: Int, limit: Int) -> BrokenLine {
        // Tab layout only where the line has a tab: elsewhere a line's width is its stored widths.
        let tabs = self.tabs.flatMap { $0.hasTab(in: start..<end) ? $0 : nil }
        switch mode {
        case .byTruncatingHead: return headTruncated(start, end, limit: limit, tabs: tabs)
        case .byTruncatingMiddle: return middleTruncated(start, end, limit: limit, tabs: tabs)
        case .byTruncatingTail: return tailTruncated(start, end, limit: limit, tabs: tabs)
        default:
            // T6: clipping shows the whole rest of the paragraph, cut at the edge when drawn.
            var line = plainLine(start, end)
            line.isCut = line.width > limit || end < paragraphEnd(containing: start)
            return line
        }
    }

    private func paragraphEnd(containing position: Int) -> Int {
        text.paragraphs.first { $0.start <= position && position <= $0.end }?.end ?? position
    }

    /// The width in 1/1024 pt of a cut line of the line starting at `start` that shows `prefix`, a "…"
    /// `token` wide, then `suffix`: the stored widths added up, or with `tabs` each tab advanced to its stop
    /// with the "…" in its column.
    private func cutWidth(
        _ start: Int, _ prefix: Range<Int>, token: Int, _ suffix: Range<Int>? = nil,
        tabs: TabLayout?
    ) -> Int {
        if let tabs { return tabs.width(text, lineStart: start, prefix, token: token, suffix) }
        return text.width(prefix.lowerBound, prefix.upperBound) + token
            + (suffix.map { text.width($0.lowerBound, $0.upperBound) } ?? 0)
    }

    /// The largest grapheme boundary `b` in `[from, to]` with `measure(b) <= budget`, assuming `measure`
    /// grows with `b` and is about the stored width from `from` (the estimate the search starts from; the
    /// answer does not depend on it); `from` when none does.
    func lastBoundary(from: Int, to: Int, budget: Int, _ measure: (Int) -> Int) -> Int {
        let low = text.graphemeIndex(atOrAfter: from)
        var high = text.graphemeIndex(atOrAfter: to)
        if high >= text.graphemes.count || Int(text.graphemes[high]) > to { high -= 1 }
        guard low <= high, measure(Int(text.graphemes[low])) <= budget else { return from }
        let base = text.prefix[from]
        let index = Self.lastFitting(
            from: low, through: high,
            estimate: { text.prefix[Int(text.graphemes[$0])] - base <= budget },
            { measure(Int(text.graphemes[$0])) <= budget })
        return Int(text.graphemes[index])
    }

    /// The smallest grapheme boundary `b` in `[from, to]` with `measure(b) <= budget`, assuming `measure`
    /// shrinks as `b` grows; `to` when none does.
    func firstBoundary(from: Int, to: Int, budget: Int, _ measure: (Int) -> Int) -> Int {
        let low = text.graphemeIndex(atOrAfter: from)
        var high = text.graphemeIndex(atOrAfter: to)
        if high >= text.graphemes.count || Int(text.graphemes[high]) > to { high -= 1 }
        guard low <= high, measure(Int(text.graphemes[high])) <= budget else { return to }
        // measure(high) fits: the answer is in low...high.
        let index = partitionPoint(from: low, to: high) { measure(Int(text.graphemes[$0])) <= budget }
        return Int(text.graphemes[index])
    }

    /// T4 (with S7): the longest prefix of whole clusters whose line with its own "…" fits, whitespace
    /// before the "…" trimmed.
    func tailTruncated(_ start: Int, _ end: Int, limit: Int, tabs: TabLayout? = nil) -> BrokenLine {
        func shown(_ boundary: Int) -> Range<Int> { start..<text.trimmedEnd(boundary, notBefore: start) }
        // A line with a "…" `token` wide, less the token: about the stored width, as `lastBoundary`'s
        // estimate expects (without tabs exactly the stored width).
        func cut(token: Int) -> Int {
            lastBoundary(from: start, to: end, budget: limit - token) {
                cutWidth(start, shown($0), token: token, tabs: tabs) - token
            }
        }
        func lineWidth(_ visible: Range<Int>) -> Int {
            cutWidth(start, visible, token: text.ellipsisWidth(.tail, visible: visible), tabs: tabs)
        }
        let widest = text.ellipsisWidth
        var boundary = cut(token: widest)
        // A custom token (T8) is as wide on every line: the first cut is the one.
        if text.truncationTokenShape == nil, let narrowest = text.styling?.narrowestEllipsisWidth, narrowest < widest {
            // Candidates lie between the cut the widest "…" allows and the one the narrowest would.
            var candidate = cut(token: narrowest)
            while candidate > boundary {
                if lineWidth(shown(candidate)) <= limit { boundary = candidate; break }
                let index = text.graphemeIndex(atOrAfter: candidate)
                guard index > 0 else { break }
                candidate = Int(text.graphemes[index - 1])
            }
        }
        let visible = shown(boundary)
        let width = lineWidth(visible)
        return BrokenLine(
            start: start, end: visible.upperBound, visible: visible, width: width,
            widthWithWhitespace: width, ellipsis: .tail, isCut: true)
    }

    /// T5: "…" then the longest suffix of whole clusters that fits, leading whitespace trimmed.
    func headTruncated(_ start: Int, _ end: Int, limit: Int, tabs: TabLayout? = nil) -> BrokenLine {
        let widest = text.ellipsisWidth
        let suffixEnd = text.trimmedEnd(end, notBefore: start)
        func shown(_ boundary: Int) -> Range<Int> { text.trimmedStart(boundary, notAfter: suffixEnd)..<suffixEnd }
        func lineWidth(_ visible: Range<Int>, token: Int) -> Int {
            cutWidth(start, visible.lowerBound..<visible.lowerBound, token: token, visible, tabs: tabs)
        }
        let boundary = firstBoundary(from: start, to: suffixEnd, budget: limit) { lineWidth(shown($0), token: widest) }
        let visible = shown(boundary)
        let width = lineWidth(visible, token: text.ellipsisWidth(.head, visible: visible))
        return BrokenLine(
            start: start, end: suffixEnd, visible: visible, width: width,
            widthWithWhitespace: width, ellipsis: .head, isCut: true)
    }

    /// T5: prefix + "…" + suffix sharing the width: the prefix first takes about half the room, the suffix
    /// what is left, then the prefix what the suffix leaves (so the prefix gets the odd unit and any room
    /// the suffix leaves).
    func middleTruncated(_ start: Int, _ end: Int, limit: Int, tabs: TabLayout? = nil) -> BrokenLine {
        let widest = text.ellipsisWidth
        let suffixEnd = text.trimmedEnd(end, notBefore: start)
        func prefix(_ boundary: Int) -> Range<Int> { start..<text.trimmedEnd(boundary, notBefore: start) }
        func suffix(_ boundary: Int) -> Range<Int> { text.trimmedStart(boundary, notAfter: suffixEnd)..<suffixEnd }
        func lineWidth(_ shownPrefix: Range<Int>, _ shownSuffix: Range<Int>, token: Int) -> Int {
            cutWidth(start, shownPrefix, token: token, shownSuffix, tabs: tabs)
        }
        let half = (limit - widest + 1) / 2
        var cut = lastBoundary(from: start, to: suffixEnd, budget: half) {
            cutWidth(start, prefix($0), token: 0, tabs: tabs)
        }
        let suffixCut = firstBoundary(from: cut, to: suffixEnd, budget: limit) {
            lineWidth(prefix(cut), suffix($0), token: widest)
        }
        let shownSuffix = suffix(suffixCut)
        // The prefix's search again, less the "…" and the suffix's stored width, so that what is measured is
        // about the prefix's stored width, as `lastBoundary`'s estimate expects.
        let fixed = widest + text.width(shownSuffix.lowerBound, shownSuffix.upperBound)
        cut = lastBoundary(from: start, to: suffixCut, budget: limit - fixed) {
            lineWidth(prefix($0), shownSuffix, token: widest) - fixed
        }
        let shownPrefix = prefix(cut)
        let width = lineWidth(shownPrefix, shownSuffix, token: text.ellipsisWidth(.middle, visible: shownPrefix))
        return BrokenLine(
            start: start, end: suffixEnd, visible: shownPrefix, suffix: shownSuffix,
            width: width, widthWithWhitespace: width, ellipsis: .middle, isCut: true)
    }
}
