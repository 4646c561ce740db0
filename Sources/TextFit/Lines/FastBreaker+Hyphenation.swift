/// Hyphenated text on the fast path (issue 31, rules H1–H3, H8): `FastBreaker.run` is generic over what a
/// line end may add, so a text whose paragraph style only hyphenates (no indent, no tab) keeps the fast
/// breaker's flat reads instead of going to `LineBreaker`. The plain specialisation (`NoHyphens`) folds
/// every test away: plain relayout runs the loop it ran before.
protocol FastHyphenPolicy {
    /// False for plain text: `run`'s hyphen branches are then compiled out.
    static var isActive: Bool { get }
    /// The shown hyphen's advance when a line ends at `position` (H2), 0 elsewhere.
    func extra(at position: Int) -> Int
    /// `LineBreaker.hyphenatedEnd` after the greedy end `greedy` (W2) of the line from `start`, and the
    /// hyphen's advance there (H2). `breakIndex`: the index in `breaks` of `greedy` when the caller knows
    /// it (−1 otherwise), which spares the searches.
    func end(
        _ view: FastView, _ text: PreparedText, start: Int, greedy: Int, breakIndex: Int, paragraphEnd: Int,
        limit: Int
    ) -> (end: Int, extra: Int)
    /// The end of the line from `start` whose greedy end is opportunity `index`, with its stored visible
    /// width `filled` (`FastBreaker.wrapEnd`): nil when the stored line stays as it is (no hyphen shows at
    /// its end, H2, and no hyphenation point moves it, H3), else `end`'s answer.
    func storedEnd(
        _ view: FastView, _ text: PreparedText, start: Int, at index: Int, filled: Int, paragraphEnd: Int, limit: Int
    ) -> (end: Int, extra: Int)?
    /// For the general breaker the fast one hands push-out to (its lines' widths count the hyphen).
    var hyphenation: Hyphenation? { get }
    /// The text's per-point line-end data, for `FastBreaker.hyphenLines` (nil: `run` makes every line).
    var points: HyphenPoints? { get }
}

/// Plain text: no line ends with a hyphen.
struct NoHyphens: FastHyphenPolicy {
    static var isActive: Bool { false }
    @inline(__always) func extra(at position: Int) -> Int { 0 }
    @inline(__always)
    func end(
        _ view: FastView, _ text: PreparedText, start: Int, greedy: Int, breakIndex: Int, paragraphEnd: Int,
        limit: Int
    ) -> (end: Int, extra: Int) { (greedy, 0) }
    @inline(__always)
    func storedEnd(
        _ view: FastView, _ text: PreparedText, start: Int, at index: Int, filled: Int, paragraphEnd: Int, limit: Int
    ) -> (end: Int, extra: Int)? { nil }
    var hyphenation: Hyphenation? { nil }
    var points: HyphenPoints? { nil }
}

/// A text's `Hyphenation` (width-independent, found while preparing) read by the fast breaker.
struct HyphenEnds: FastHyphenPolicy {
    let hyphens: Hyphenation
    /// The text's opportunity count (`FastView.breaks` has no count).
    let breakCount: Int
    /// `PreparedText.hyphenPoints`.
    let points: HyphenPoints?

    static var isActive: Bool { true }
    var hyphenation: Hyphenation? { hyphens }

    @inline(__always)
    func extra(at position: Int) -> Int { hyphens.extra(at: position) }

    /// `PreparedText.breakIndex(after:)` over the view: the first opportunity after `position`.
    @inline(__always)
    private func breakIndex(_ view: FastView, after position: Int) -> Int {
        var low = 0
        var high = breakCount
        while low < high {
            let mid = (low &+ high) / 2
            if Int(view.breaks[mid]) > position { high = mid } else { low = mid &+ 1 }
        }
        return low
    }

    /// The hyphen's advance at opportunity `index` of `view.breaks` (a soft hyphen's point, H1), else 0.
    @inline(__always)
    private func extra(_ view: FastView, atBreak index: Int) -> Int {
        let first = Int(hyphens.firstAtBreak[index])
        return first < hyphens.positions.count && hyphens.positions[first] == view.breaks[index]
            ? Int(hyphens.widths[first]) : 0
    }

    /// See `FastHyphenPolicy.storedEnd`. Nil when no position lies from the opportunity to the next one
    /// (no soft hyphen at the end, no point in the next word), or none at the end and the line fills at
    /// least the factor × its width (H3 then leaves it). When the next word has points and the line fills
    /// less, they are exactly `firstAtBreak[index]..<firstAtBreak[index + 1]` (all after the end): the
    /// furthest dictionary point whose line and hyphen fit, else the greedy end, as `end` answers. Anything
    /// else (a soft hyphen at the end, the paragraph's end inside the next word) goes to `end`.
    @inline(__always)
    func storedEnd(
        _ view: FastView, _ text: PreparedText, start: Int, at index: Int, filled: Int, paragraphEnd: Int, limit: Int
    ) -> (end: Int, extra: Int)? {
        let position = Int(view.breaks[index])
        // `end` reads the next word from the end only when the end is flagged as an opportunity.
        guard view.flags[position] & PreparedText.Flag.breakAllowed != 0, index + 1 < breakCount,
            Int(view.breaks[index + 1]) <= paragraphEnd
        else {
            return end(
                view, text, start: start, greedy: position, breakIndex: index, paragraphEnd: paragraphEnd, limit: limit)
        }
        let first = Int(hyphens.firstAtBreak[index])
        var point = Int(hyphens.firstAtBreak[index + 1])
        if first == point { return nil }
        if Int(hyphens.positions[first]) == position {  // a hyphen shows there
            return end(
                view, text, start: start, greedy: position, breakIndex: index, paragraphEnd: paragraphEnd, limit: limit)
        }
        if filled * 1024 >= hyphens.factor * limit { return nil }
        while point > first {
            point -= 1
            if hyphens.fromDictionary[point],
                FastBreaker.width(view, text, start, Int(hyphens.positions[point])) + Int(hyphens.widths[point]) <= limit
            {
                return (Int(hyphens.positions[point]), Int(hyphens.widths[point]))
            }
        }
        return nil
    }

    /// `LineBreaker.hyphenatedEnd` step for step, with the fast widths (equal to `text.width`) and no
    /// mandatory break inside the paragraph (`FastBreaker.canRun`): the greedy end moved back to a soft
    /// hyphen whose hyphen fits (H1, H2), or forward to the furthest dictionary point of the next word
    /// whose line and hyphen fit when the line fills less than the factor × its width (H3). With the
    /// greedy end's opportunity index known, `firstAtBreak` replaces the searches.
    func end(
        _ view: FastView, _ text: PreparedText, start: Int, greedy: Int, breakIndex known: Int, paragraphEnd: Int,
        limit: Int
    ) -> (end: Int, extra: Int) {
        var end = greedy
        if end >= paragraphEnd { return (end, known >= 0 ? self.extra(view, atBreak: known) : hyphens.extra(at: end)) }
        var known = known
        func width(_ to: Int) -> Int { FastBreaker.width(view, text, start, view.trimmedEnd(to, notBefore: start)) }
        var extra = known >= 0 ? self.extra(view, atBreak: known) : hyphens.extra(at: end)
        if extra > 0, width(end) + extra > limit {
            var index = breakIndex(view, after: start)
            var best = -1
            while index < breakCount, Int(view.breaks[index]) < end {
                let candidate = Int(view.breaks[index])
                if width(candidate) + hyphens.extra(at: candidate) <= limit { best = candidate }
                index += 1
            }
            end = best > start ? best : FastBreaker.emergencyEnd(view, text, start, end, limit: limit)
            extra = hyphens.extra(at: end)
            known = -1
        }
        guard hyphens.factor > 0 else { return (end, extra) }
        let isOpportunity = view.flags[end] & PreparedText.Flag.breakAllowed != 0
        let wordStart = isOpportunity ? end : start
        let filled = width(end) + extra
        guard !isOpportunity || filled * 1024 < hyphens.factor * limit else { return (end, extra) }
        // The opportunity after the word and the first position at or after it.
        let next = isOpportunity && known >= 0 ? known + 1 : breakIndex(view, after: wordStart)
        let wordEnd = next < breakCount ? min(Int(view.breaks[next]), paragraphEnd) : paragraphEnd
        var index =
            next < breakCount && wordEnd == Int(view.breaks[next])
            ? Int(hyphens.firstAtBreak[next]) : hyphens.endIndex(before: wordEnd)
        while index > 0 {
            index -= 1
            let point = Int(hyphens.positions[index])
            guard point > wordStart, point > start else { break }
            if hyphens.fromDictionary[index],
                FastBreaker.width(view, text, start, point) + Int(hyphens.widths[index]) <= limit
            {
                return (point, Int(hyphens.widths[index]))
            }
        }
        if !isOpportunity, hyphens.fromDictionary.indices.contains(hyphens.index(of: end) ?? -1),
            width(end) + extra > limit
        {
            let previous = view.graphemeBoundary(before: end)
            if previous > start { return (previous, hyphens.extra(at: previous)) }
        }
        return (end, extra)
    }
}

extension FastBreaker {
    /// `LineBreaker.run(into:)` with `hyphenation` (H1–H3), for a text `canRun` accepts whose paragraph
    /// style changes nothing else about breaking (`ParagraphSettings.breaksOnlyAtHyphens`).
    func run<Sink: LineSink>(_ text: PreparedText, hyphenation: Hyphenation, into sink: inout Sink) -> Bool {
        var emitter = LineEmitter(sink: consume sink, holdsBack: strategy.contains(.pushOut))
        let hyphens = HyphenEnds(
            hyphens: hyphenation, breakCount: text.storage.breaksBuffer.count,
            points: text.hyphenPoints.flatMap { $0.count == hyphenation.positions.count ? $0 : nil })
        let truncated = text.withFastView { view in run(view, text, hyphens, into: &emitter) }
        sink = emitter.sink
        return truncated
    }
}
