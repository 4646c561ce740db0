/// Hyphenated text on the fast path (issue 31, rules H1–H3, H8): `FastBreaker.run` is generic over what a
/// line end may add, so a text whose paragraph style only hyphenates (no indent, no tab) keeps the fast
/// breaker's flat reads instead of going to `LineBreaker`. The plain specialisation (`NoHyphens`) folds
/// every test away: plain relayout runs the loop it ran before.
protocol FastHyphenPolicy {
    /// False for plain text: `run`'s hyphen branches are then compiled out.
    static var isActive: Bool { get }
    /// The shown hyphen's advance when a line ends at `position` (H2), 0 elsewhere.
    func extra(at position: Int) -> Int
    /// `LineBreaker.hyphenatedEnd` after the greedy end `greedy` (W2) of the line from `start`.
    func end(_ view: FastView, _ text: PreparedText, start: Int, greedy: Int, paragraphEnd: Int, limit: Int) -> Int
    /// For the general breaker the fast one hands push-out to (its lines' widths count the hyphen).
    var hyphenation: Hyphenation? { get }
}

/// Plain text: no line ends with a hyphen.
struct NoHyphens: FastHyphenPolicy {
    static var isActive: Bool { false }
    @inline(__always) func extra(at position: Int) -> Int { 0 }
    @inline(__always)
    func end(_ view: FastView, _ text: PreparedText, start: Int, greedy: Int, paragraphEnd: Int, limit: Int) -> Int {
        greedy
    }
    var hyphenation: Hyphenation? { nil }
}

/// A text's `Hyphenation` (width-independent, found while preparing) read by the fast breaker.
struct HyphenEnds: FastHyphenPolicy {
    let hyphens: Hyphenation
    /// The text's opportunity count (`FastView.breaks` has no count).
    let breakCount: Int

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

    /// `LineBreaker.hyphenatedEnd` step for step, with the fast widths (equal to `text.width`) and no
    /// mandatory break inside the paragraph (`FastBreaker.canRun`): the greedy end moved back to a soft
    /// hyphen whose hyphen fits (H1, H2), or forward to the furthest dictionary point of the next word
    /// whose line and hyphen fit when the line fills less than the factor × its width (H3).
    func end(_ view: FastView, _ text: PreparedText, start: Int, greedy: Int, paragraphEnd: Int, limit: Int) -> Int {
        var end = greedy
        if end >= paragraphEnd { return end }
        func width(_ to: Int) -> Int { FastBreaker.width(view, text, start, view.trimmedEnd(to, notBefore: start)) }
        var extra = hyphens.extra(at: end)
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
        }
        guard hyphens.factor > 0 else { return end }
        let isOpportunity = view.flags[end] & PreparedText.Flag.breakAllowed != 0
        let wordStart = isOpportunity ? end : start
        let filled = width(end) + extra
        guard !isOpportunity || filled * 1024 < hyphens.factor * limit else { return end }
        let next = breakIndex(view, after: wordStart)
        let wordEnd = next < breakCount ? min(Int(view.breaks[next]), paragraphEnd) : paragraphEnd
        var index = hyphens.endIndex(before: wordEnd)
        while index > 0 {
            index -= 1
            let point = Int(hyphens.positions[index])
            guard point > wordStart, point > start else { break }
            if hyphens.fromDictionary[index],
                FastBreaker.width(view, text, start, point) + Int(hyphens.widths[index]) <= limit
            {
                return point
            }
        }
        if !isOpportunity, hyphens.fromDictionary.indices.contains(hyphens.index(of: end) ?? -1),
            width(end) + extra > limit
        {
            let previous = Int(view.graphemes[max(0, view.graphemeIndex(atOrAfter: end) - 1)])
            if previous > start { return previous }
        }
        return end
    }
}

extension FastBreaker {
    /// `LineBreaker.run(into:)` with `hyphenation` (H1–H3), for a text `canRun` accepts whose paragraph
    /// style changes nothing else about breaking (`ParagraphSettings.breaksOnlyAtHyphens`).
    func run<Sink: LineSink>(_ text: PreparedText, hyphenation: Hyphenation, into sink: inout Sink) -> Bool {
        var emitter = LineEmitter(sink: consume sink, holdsBack: strategy.contains(.pushOut))
        let hyphens = HyphenEnds(hyphens: hyphenation, breakCount: text.storage.breaksBuffer.count)
        let truncated = text.withFastView { view in run(view, text, hyphens, into: &emitter) }
        sink = emitter.sink
        return truncated
    }
}
