extension FastBreaker {
    /// What `commonLines` needs to end a paragraph itself: the prefix sums at the paragraph's visible end
    /// (its end moved back over hanging whitespace, W4) and at its end, and whether both are exact (no
    /// reshaping at either).
    struct ParagraphEnding {
        let end: Int
        /// The visible end, not before the paragraph's start.
        let visibleEnd: Int
        let visiblePrefix: Int
        let endPrefix: Int
        let isExact: Bool

        @inline(__always)
        init(_ view: FastView, start: Int, end: Int) {
            self.end = end
            visibleEnd = view.trimmedEnd(end, notBefore: start)
            visiblePrefix = view.prefix[visibleEnd]
            endPrefix = view.prefix[end]
            isExact =
                (visibleEnd >= view.unitCount || !view.isUnsafe(visibleEnd))
                && (end >= view.unitCount || !view.isUnsafe(end))
        }
    }

    /// The bulk of a wrap in a loop with nothing else to test: lines before the last permitted one (so at
    /// `maxWidth`, T3) that start at a safe position and whose widths are stored, ending at an opportunity,
    /// at an emergency break between clusters (W2) when not even the first word fits, or at the paragraph's
    /// end when the rest of the paragraph fits and its ends are exact (`ending`; then it returns true).
    /// Stops before the first line that is not like that (one that needs reshaping at an end; a
    /// whitespace-only line, W4), which the caller makes. Requires `breakVisiblePrefixIsMonotone` and a
    /// safe `start`; each line it makes ends where the next may start safely (`breakEnds`' flag covers
    /// the opportunity; an emergency end is checked).
    ///
    /// The loop keeps its state, a measuring sink's included, in locals: through the `inout` emitter every
    /// line stored and reloaded the sink's fields, since the records' stores might alias them.
    @inline(never)
    static func commonLines<Sink: LineSink>(
        _ view: FastView, _ text: PreparedText, _ out: inout LineEmitter<Sink>,
        start: inout Int,
        cursor: inout Int, previousCount: inout Int, limit: Int,
        candidatesEnd: Int, lastPermitted: Int, ending: ParagraphEnding
    ) -> Bool {
        var loop = CommonLoop(start: start, cursor: cursor, guess: previousCount, produced: out.produced)
        if out.holdsBack || !Sink.isHeldInLoop {
            loop.run(
                view, text, limit: limit, candidatesEnd: candidatesEnd, lastPermitted: lastPermitted,
                ending: ending, into: &out)
        } else {
            // The sink in a local for the loop (an empty one stands in `out`): reached through `out`, every
            // line stored and reloaded its fields, and reloaded the text's buffers, which those stores
            // might alias.
            var direct = DirectOutput(sink: Sink())
            swap(&direct.sink, &out.sink)
            loop.run(
                view, text, limit: limit, candidatesEnd: candidatesEnd, lastPermitted: lastPermitted,
                ending: ending, into: &direct)
            swap(&direct.sink, &out.sink)
            out.produced = loop.produced
        }
        start = loop.lineStart
        cursor = loop.first
        previousCount = loop.guess
        return loop.finished
    }

    /// `commonLines`' state and loop.
    private struct CommonLoop {
        var lineStart: Int
        var first: Int
        var guess: Int
        var produced: Int
        var finished = false

        init(start: Int, cursor: Int, guess: Int, produced: Int) {
            lineStart = start
            first = cursor
            self.guess = guess
            self.produced = produced
        }

        // `@_transparent` rather than `@inline(__always)`, which the optimiser did not honour for this
        // generic method: outlined, the loop reached a held sink through a pointer again.
        @_transparent
        mutating func run<Output: LineOutput>(
            _ view: FastView, _ text: PreparedText, limit: Int, candidatesEnd: Int,
            lastPermitted: Int, ending: ParagraphEnding, into output: inout Output
        ) {
            let unitCount = view.unitCount
            let lastCandidate = candidatesEnd &- 1
            // The paragraph's end decides exactly whether the rest fits when `ending` is exact, so a line
            // may end at its last candidate; otherwise the general code must check the end, as before.
            let lastLow = ending.isExact ? lastCandidate : lastCandidate &- 1
            let reshapeFlag = PreparedText.breakEndNeedsReshaping
            let visiblePrefix = view.visiblePrefix
            let paragraphEnd = ending.end
            let paragraphVisibleEnd = ending.visibleEnd
            let paragraphVisiblePrefix = ending.visiblePrefix
            var lineStart = self.lineStart
            var base = view.prefix[lineStart]
            var first = self.first
            var guess = self.guess
            var produced = self.produced
            while produced < lastPermitted {
                let bound = base &+ limit  // an opportunity fits ⇔ its visible prefix ≤ bound
                // W2: the rest of the paragraph fits (only whitespace left counts as width 0).
                if paragraphVisiblePrefix <= bound || paragraphVisibleEnd <= lineStart {
                    guard ending.isExact else { break }
                    output.produce(
                        BrokenLine(
                            start: lineStart, end: paragraphEnd, visible: lineStart..<paragraphEnd,
                            width: paragraphVisibleEnd > lineStart ? paragraphVisiblePrefix &- base : 0,
                            widthWithWhitespace: ending.endPrefix &- base, ellipsis: nil, isCut: false))
                    produced &+= 1
                    lineStart = paragraphEnd
                    finished = true
                    break
                }
                if first > lastCandidate || visiblePrefix[first] > bound {
                    // A first word whose end is unsafe may fit reshaped: the general code tries it.
                    if first <= lastCandidate, view.breakEnds[first] & reshapeFlag != 0 { break }
                    // W2: not even the first word fits (or only the paragraph's last piece is left): an
                    // emergency break between clusters inside it, made here when the line's widths are
                    // stored ones (about 95 % of them), which also keeps the next line in this loop.
                    let wordEnd = first <= lastCandidate ? Int(view.breaks[first]) : paragraphEnd
                    let end = FastBreaker.emergencyEnd(view, text, lineStart, wordEnd, limit: limit)
                    let visibleEnd = view.trimmedEnd(end, notBefore: lineStart)
                    guard end >= unitCount || !view.isUnsafe(end),
                        visibleEnd == lineStart || visibleEnd >= unitCount || !view.isUnsafe(visibleEnd)
                    else { break }
                    let next = view.prefix[end]
                    output.produce(
                        BrokenLine(
                            start: lineStart, end: end, visible: lineStart..<end,
                            width: visibleEnd > lineStart ? view.prefix[visibleEnd] &- base : 0,
                            widthWithWhitespace: next &- base, ellipsis: nil, isCut: false))
                    produced &+= 1
                    lineStart = end
                    base = next
                    if end >= paragraphEnd {
                        finished = true
                        break
                    }
                    // The next line's first opportunity: `first` itself unless the break fell on it.
                    if first <= lastCandidate, end >= wordEnd { first &+= 1 }
                    continue
                }
                let low = FastBreaker.lastFitting(
                    visiblePrefix, from: first, through: lastCandidate, bound: bound,
                    guess: guess)
                guess = low &- first &+ 1
                guard low <= lastLow else { break }
                let end = view.breakEnds[low]
                guard end & reshapeFlag == 0, Int(end) >= lineStart else { break }  // W4: whitespace-only line
                let position = Int(view.breaks[low])
                let next = view.breakPrefix[low]
                output.produce(
                    BrokenLine(
                        start: lineStart, end: position, visible: lineStart..<position,
                        width: visiblePrefix[low] &- base, widthWithWhitespace: next &- base,
                        ellipsis: nil, isCut: false))
                produced &+= 1
                lineStart = position
                base = next
                first = low &+ 1
            }
            self.lineStart = lineStart
            self.first = first
            self.guess = guess
            self.produced = produced
        }
    }
}
