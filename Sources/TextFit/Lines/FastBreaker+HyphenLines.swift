extension FastBreaker {
    /// `commonLines` for a hyphenated paragraph (issue 31, rules H2, H3, W2): the bulk of its lines in a
    /// loop over stored numbers, the same lines `run` makes through `wrapEnd` and `HyphenEnds`, without
    /// their calls and searches. A line ends at an opportunity whose widths are stored, or at the furthest
    /// dictionary point of the next word whose line and hyphen fit when the line fills less than the
    /// factor × its width (H3), or, when not even its first word fits, at the furthest point of that word
    /// that fits (before any break between clusters, W2). A line may start at a point (the line after a
    /// hyphenated one): its widths then count from the point's stored base (`HyphenPoints.Point`), and
    /// where the breaker tries candidates with reshaped widths for such a start, this loop tries the same
    /// candidates with the same exact widths.
    ///
    /// Stops before the first line that is not like that (a soft hyphen at the greedy end, H1; a break
    /// between clusters with no point that fits; a reshaped end; the last permitted line, T3), which
    /// `run` makes. `point`: the index of the point `start` is at (−1 when none, then `start` is safe);
    /// returns true when it made the paragraph's last line.
    @inline(never)
    static func hyphenLines<Sink: LineSink>(
        _ view: FastView, _ table: HyphenPoints, _ out: inout LineEmitter<Sink>,
        start: inout Int, point: Int, cursor: inout Int, previousCount: inout Int, limit: Int,
        candidatesEnd: Int, lastPermitted: Int, breakCount: Int, ending: ParagraphEnding
    ) -> Bool {
        let points = table.points
        let firstAtBreak = table.firstAtBreak
        let factorLimit = table.factor &* limit  // H3: hyphenate when filled × 1024 < factor × width
        let lastCandidate = candidatesEnd &- 1
        // Only an exact paragraph end lets a line end at the last candidate (as in `commonLines`).
        let lastLow = ending.isExact ? lastCandidate : lastCandidate &- 1
        let reshapeFlag = PreparedText.breakEndNeedsReshaping
        let visiblePrefix = view.visiblePrefix
        let paragraphEnd = ending.end
        var lineStart = start
        var first = cursor
        var guess = previousCount
        // Set where the rest of the paragraph fits from the line's start: its last line, made after the loop.
        var restFits = false
        // The line's base (the prefix its widths count from) and where its start's reshaped piece ends
        // (the start itself when it is safe): a candidate ending at or after `pieceEnd` is `prefix − base`.
        var base = point >= 0 ? points[point].startBase : view.prefix[lineStart]
        var pieceEnd = point >= 0 ? Int(points[point].startPieceEnd) : lineStart

        /// The exact visible width of the line to opportunity `j`, when stored numbers give it.
        @inline(__always)
        func exact(_ j: Int) -> Int? {
            let end = view.breakEnds[j]
            guard end & reshapeFlag == 0, Int(end) >= pieceEnd else { return nil }
            return visiblePrefix[j] &- base
        }

        /// The rest of the paragraph's exact visible width from the line's start, when stored numbers give it.
        @inline(__always)
        func rest() -> Int? {
            guard ending.isExact else { return nil }
            if ending.visibleEnd <= lineStart { return paragraphEnd >= pieceEnd ? 0 : nil }
            return ending.visibleEnd >= pieceEnd ? ending.visiblePrefix &- base : nil
        }

        #if DEBUG
        let producedBefore = out.produced
        var unsafeStarts = 0
        defer {
            OperationCounts.current?.hyphenLoopLines += out.produced - producedBefore
            OperationCounts.current?.hyphenLoopUnsafeStarts += unsafeStarts
        }
        #endif
        lines: while out.produced < lastPermitted {
            let bound = base &+ limit  // a stored end fits ⇔ its prefix ≤ bound
            var low: Int
            if pieceEnd == lineStart {
                // A safe start: `commonLines`' tests, in its order.
                if ending.visiblePrefix <= bound || ending.visibleEnd <= lineStart {
                    guard ending.isExact else { break }
                    restFits = true
                    break
                }
                if first > lastCandidate || visiblePrefix[first] > bound {
                    if first <= lastCandidate, view.breakEnds[first] & reshapeFlag != 0 { break }
                    low = -1  // W2: not even the first word fits
                } else {
                    low = FastBreaker.lastFitting(
                        visiblePrefix, from: first, through: lastCandidate, bound: bound, guess: guess)
                    guess = low &- first &+ 1
                    guard low <= lastLow else { break }
                    let end = view.breakEnds[low]
                    guard end & reshapeFlag == 0, Int(end) >= lineStart else { break }  // W4
                }
            } else {
                // A start inside a word at an unsafe point: `wrapEnd`'s search, whose every candidate is
                // measured reshaped (`exact`), in its order.
                if first > lastCandidate {
                    guard let rest = rest(), rest <= limit else { break }
                    restFits = true
                    break
                }
                guard let firstWidth = exact(first) else { break }
                let stored = visiblePrefix[first] &- view.prefix[lineStart]
                if stored > limit && firstWidth > limit {
                    low = -1
                } else {
                    if stored > limit {
                        low = first
                        guess = 1
                    } else {
                        low = FastBreaker.lastFitting(
                            visiblePrefix, from: first, through: lastCandidate, bound: view.prefix[lineStart] &+ limit,
                            guess: guess)
                        guess = low &- first &+ 1
                    }
                    if low == lastCandidate {
                        guard let rest = rest() else { break }
                        if rest <= limit {
                            restFits = true
                            break
                        }
                    }
                    guard let width = exact(low) else { break }
                    if width <= limit {
                        while low < lastCandidate {
                            guard let next = exact(low &+ 1) else { break lines }
                            if next > limit { break }
                            low &+= 1
                        }
                        if low == lastCandidate {
                            guard let rest = rest() else { break }
                            if rest <= limit {
                                restFits = true
                                break
                            }
                        }
                    } else {
                        while true {
                            if low == first {
                                low = -1
                                break
                            }
                            low &-= 1
                            guard let width = exact(low) else { break lines }
                            if width <= limit { break }
                        }
                    }
                }
            }
            if low < 0 {
                // W2 with H3: the furthest dictionary point of the first word whose line and hyphen fit
                // (the general code would find the cluster break first, then replace it by this point).
                guard table.factor > 0, first <= lastCandidate else { break }
                var index = Int(firstAtBreak[first])
                var found = -1
                while index > 0 {
                    index &-= 1
                    let candidate = points[index]
                    guard Int(candidate.position) > lineStart else { break }
                    if candidate.fitPrefix <= bound {
                        guard Int(candidate.endPieceStart) >= pieceEnd else { break lines }
                        found = index
                        break
                    }
                }
                guard found >= 0 else { break }  // the general code breaks between clusters
                let candidate = points[found]
                let position = Int(candidate.position)
                let width = candidate.fitPrefix &- base
                out.produce(
                    BrokenLine(
                        start: lineStart, end: position, visible: lineStart..<position, width: width,
                        widthWithWhitespace: width, ellipsis: nil, isCut: false))
                #if DEBUG
                if pieceEnd != lineStart { unsafeStarts += 1 }
                #endif
                lineStart = position
                base = candidate.startBase
                pieceEnd = Int(candidate.startPieceEnd)
                if pieceEnd == Int(Int32.max) { break }  // no stored start: the general code goes on
                continue
            }
            // The greedy end, opportunity `low`: H3 may move it into the next word.
            let position = Int(view.breaks[low])
            let next = low &+ 1
            let pointsFrom = Int(firstAtBreak[low])
            let pointsEnd = Int(firstAtBreak[next])
            if pointsFrom != pointsEnd {
                // `HyphenEnds.storedEnd`'s hand-overs: a soft hyphen at the end (H1, H2), an end the flags do
                // not mark, a next word that crosses the paragraph's end.
                guard Int(points[pointsFrom].position) != position,
                    view.flags[position] & PreparedText.Flag.breakAllowed != 0, next < breakCount,
                    Int(view.breaks[next]) <= paragraphEnd
                else { break }
                if (visiblePrefix[low] &- base) &* 1024 < factorLimit {
                    var index = pointsEnd
                    var found = -1
                    while index > pointsFrom {
                        index &-= 1
                        if points[index].fitPrefix <= bound {
                            guard Int(points[index].endPieceStart) >= pieceEnd else { break lines }
                            found = index
                            break
                        }
                    }
                    if found >= 0 {
                        let candidate = points[found]
                        let end = Int(candidate.position)
                        let width = candidate.fitPrefix &- base
                        out.produce(
                            BrokenLine(
                                start: lineStart, end: end, visible: lineStart..<end, width: width,
                                widthWithWhitespace: width, ellipsis: nil, isCut: false))
                        #if DEBUG
                        if pieceEnd != lineStart { unsafeStarts += 1 }
                        #endif
                        lineStart = end
                        base = candidate.startBase
                        pieceEnd = Int(candidate.startPieceEnd)
                        first = next
                        if pieceEnd == Int(Int32.max) { break }
                        continue
                    }
                }
            }
            // The stored line (both widths stored; the end is safe, `breakEnds`).
            let nextBase = view.breakPrefix[low]
            out.produce(
                BrokenLine(
                    start: lineStart, end: position, visible: lineStart..<position,
                    width: visiblePrefix[low] &- base, widthWithWhitespace: nextBase &- base,
                    ellipsis: nil, isCut: false))
            #if DEBUG
            if pieceEnd != lineStart { unsafeStarts += 1 }
            #endif
            lineStart = position
            base = nextBase
            pieceEnd = position
            first = next
        }
        if restFits {
            // The paragraph's last line (no point lies at its end, `HyphenPoints.make`, so no hyphen).
            let visibleEnd = ending.visibleEnd
            out.produce(
                BrokenLine(
                    start: lineStart, end: paragraphEnd, visible: lineStart..<paragraphEnd,
                    width: visibleEnd > lineStart ? ending.visiblePrefix &- base : 0,
                    widthWithWhitespace: ending.endPrefix &- base, ellipsis: nil, isCut: false))
            #if DEBUG
            if pieceEnd != lineStart { unsafeStarts += 1 }
            #endif
            lineStart = paragraphEnd
        }
        start = lineStart
        cursor = first
        previousCount = guess
        return restFits
    }
}
