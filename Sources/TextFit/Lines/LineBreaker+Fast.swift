/// Read-only views of a prepared text's arrays for `FastBreaker.run`: no bounds checks and no
/// reference counting per access. Valid only inside `PreparedText.withFastView(_:)`.
struct FastView {
    let prefix: UnsafePointer<Int>
    let flags: UnsafePointer<UInt8>
    let breaks: UnsafePointer<Int32>
    let visiblePrefix: UnsafePointer<Int>
    /// `prefix[breaks[j]]`: the prefix sum at each opportunity.
    let breakPrefix: UnsafePointer<Int>
    let breakEnds: UnsafePointer<UInt32>
    let graphemes: UnsafePointer<Int32>
    let unitCount: Int
    let graphemeCount: Int

    @inline(__always)
    func isUnsafe(_ position: Int) -> Bool { flags[position] & PreparedText.Flag.unsafe != 0 }

    /// `PreparedText.trimmedEnd(_:notBefore:)`: `end` moved back over hanging whitespace (W4).
    @inline(__always)
    func trimmedEnd(_ end: Int, notBefore start: Int) -> Int {
        var position = end
        while position > start, flags[position - 1] & PreparedText.Flag.space != 0 { position -= 1 }
        return position
    }

    /// `PreparedText.graphemeIndex(atOrAfter:)`: the index of the first grapheme boundary ≥ `position`
    /// (0...unitCount). Boundaries are distinct offsets from 0, so `graphemes[i] ≥ i` and the answer is at
    /// most `position`; search down from there: one step when every unit so far starts a cluster.
    @inline(__always)
    func graphemeIndex(atOrAfter position: Int) -> Int {
        var high = min(position, graphemeCount - 1)  // graphemes[high] ≥ position
        guard high > 0, Int(graphemes[high - 1]) >= position else { return high }
        // Gallop down to a boundary below `position`, then binary search.
        var step = 2
        var low = high - 1
        high = low
        while true {
            let next = low - step
            if next <= 0 { low = 0; break }
            if Int(graphemes[next]) < position { low = next; break }
            high = next
            step *= 2
        }
        // graphemes[high] ≥ position; the answer is in (low, high], or 0.
        if low == 0, Int(graphemes[0]) >= position { return 0 }
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(graphemes[mid]) < position { low = mid } else { high = mid }
        }
        return high
    }
}

extension PreparedText {
    /// Calls `body` with unsafe views of the arrays the fast path reads; the views must not escape.
    @inline(__always)
    func withFastView<Result>(_ body: (FastView) -> Result) -> Result {
        // The storage's raw buffers (not `StoredArray`s, whose owner would be retained per call): `self`
        // keeps them alive for the call.
        let s = storage
        // prefix, flags and graphemes are never empty (count + 1 entries, boundaries 0...count); the break
        // arrays may be, and then no index into them is formed.
        return body(FastView(prefix: s.prefixBuffer.baseAddress!, flags: s.flagsBuffer.baseAddress!,
                             breaks: s.breaksBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                             visiblePrefix: s.breakVisiblePrefixBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                             breakPrefix: s.breakPrefixBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                             breakEnds: s.breakEndsBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                             graphemes: s.graphemesBuffer.baseAddress!,
                             unitCount: units.count, graphemeCount: s.graphemesBuffer.count))
    }
}

/// Where the fast path's line loop puts each line.
private protocol LineOutput {
    mutating func produce(_ line: BrokenLine)
}

/// Every line straight to the sink (`commonLines` with a sink it holds in locals).
private struct DirectOutput<Sink: LineSink>: LineOutput {
    var sink: Sink

    @inline(__always)
    mutating func produce(_ line: BrokenLine) { sink.append(line) }
}

/// Holds back a paragraph's last two lines for push-out (W6) when the strategy asks for it, and passes
/// every other line straight to the sink (`run`'s `produce` and `finishParagraph` without closures).
private struct LineEmitter<Sink: LineSink>: LineOutput {
    var sink: Sink
    let holdsBack: Bool
    var produced = 0
    var previous: BrokenLine?
    var last: BrokenLine?

    @inline(__always)
    mutating func produce(_ line: BrokenLine) {
        if holdsBack {
            if let previous { sink.append(previous) }
            previous = last
            last = line
        } else {
            sink.append(line)
        }
        produced &+= 1  // at most one line per UTF-16 unit
    }
}

/// The breaker's fast path (issue 4's relayout): the same lines as `run(into:)`, bit for bit, for word
/// wrapping and the cutting modes. It mirrors `run` and the functions it calls step for step (the same
/// candidates, the same galloping and binary searches, the same width function), but reads flat
/// per-opportunity data (`breakVisiblePrefix`, `breakEnds`) through unsafe pointers, takes a line's
/// widths from the stored prefix sums whenever neither end is unsafe to break (reshaped pieces come from
/// `PreparedText.width`, which remembers them per text, for both paths). Head and middle truncation (T5) and push-out (W6) call the
/// general code. `DifferentialBreakerTests` compares the two paths.
struct FastBreaker {
    /// Maximum line width in 1/1024 pt (a huge value when unbounded).
    let maxWidth: Int
    /// Width of the last permitted line (index `maxLines − 1`) when it differs.
    let lastLineMaxWidth: Int?
    /// 0 = unlimited.
    let maxLines: Int
    let mode: LineBreakMode
    let strategy: LineBreakStrategy

    /// Whether `run(_:into:)` handles this text and configuration. It does not handle character wrapping
    /// (W3), Hangul word priority on text with breaks between Hangul (W6), nor mandatory breaks inside a
    /// paragraph (U+2028, VT, FF).
    @inline(__always)
    static func canRun(_ text: PreparedText, mode: LineBreakMode, strategy: LineBreakStrategy) -> Bool {
        text.allowsFastBreaking && mode != .byCharWrapping
            && !(strategy.contains(.hangulWordPriority) && text.hasBreaksBetweenHangul)
    }

    /// The general breaker with the same configuration, for the rare paths the fast one hands over
    /// (push-out, head and middle truncation).
    func general(_ text: PreparedText) -> LineBreaker {
        LineBreaker(text: text, maxWidth: maxWidth, lastLineMaxWidth: lastLineMaxWidth, maxLines: maxLines,
                    mode: mode, strategy: strategy)
    }
}

extension LineBreaker {
    /// `FastBreaker.canRun` for this breaker's text and configuration.
    var canRunFast: Bool { FastBreaker.canRun(text, mode: mode, strategy: strategy) }
}

extension FastBreaker {
    /// `LineBreaker.run(into:)` for a configuration with `canRun`: same lines, same order, same return
    /// value. (`measure` and `layout` answer a text that fits on one line before they get here:
    /// `PreparedText.fitsOnOneLine`.) The text is a parameter, not a field: a breaker holding it retained
    /// and released it on every relayout.
    func run<Sink: LineSink>(_ text: PreparedText, into sink: inout Sink) -> Bool {
        // The sink moves into the emitter and back: a copy would leave a layout's reserved line array
        // shared, and its first append would copy it into a new allocation.
        var emitter = LineEmitter(sink: consume sink, holdsBack: strategy.contains(.pushOut))
        let truncated = text.withFastView { view in run(view, text, into: &emitter) }
        sink = emitter.sink
        return truncated
    }

    /// Exact `text.width(start, end)`: stored prefix sums when neither end is unsafe to break, otherwise
    /// the general reshaping width.
    @inline(__always)
    private static func width(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int) -> Int {
        #if DEBUG
        OperationCounts.current?.widths += 1  // LinearTimeTests bound the fast path's work too
        #endif
        guard end > start else { return 0 }
        if !view.isUnsafe(start) && (end >= view.unitCount || !view.isUnsafe(end)) {
            return view.prefix[end] - view.prefix[start]
        }
        return text.width(start, end)
    }

    /// `plainLine(_:_:)` with the fast widths.
    @inline(__always)
    private static func plainLine(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int) -> BrokenLine {
        let visibleEnd = view.trimmedEnd(end, notBefore: start)
        return BrokenLine(start: start, end: end, visible: start..<end, width: Self.width(view, text, start, visibleEnd),
                          widthWithWhitespace: Self.width(view, text, start, end), ellipsis: nil, isCut: false)
    }

    private func run<Sink: LineSink>(_ view: FastView, _ text: PreparedText, into out: inout LineEmitter<Sink>) -> Bool {
        // Mirrors `run(into:)`; comments there explain the rules.
        var truncated = false
        // Raw buffers, kept alive by `text` (a view bound to a local cost a retain and a release per call).
        let paragraphs = text.storage.paragraphsBuffer
        let paragraphBreaksEnd = text.storage.paragraphBreaksEndBuffer
        let breakCount = text.storage.breaksBuffer.count
        let reshapeFlag = PreparedText.breakEndNeedsReshaping
        // The index of the last permitted line (T3), hoisted with the mode's test out of the line loop.
        let lastPermitted = maxLines > 0 ? maxLines - 1 : Int.max
        let cutsLastLine = mode.cutsLastLine
        let monotone = text.breakVisiblePrefixIsMonotone
        // Opportunities on the previous line: the guess for the next one.
        var previousCount = 1
        paragraphLoop: for index in paragraphs.indices {
            if maxLines > 0, out.produced >= maxLines {
                truncated = true
                break
            }
            let paragraph = paragraphs[index]
            if paragraph.start == paragraph.end {  // W7
                out.sink.append(BrokenLine(start: paragraph.start, end: paragraph.end, visible: paragraph.start..<paragraph.end,
                                           width: 0, widthWithWhitespace: 0, ellipsis: nil, isCut: false))
                out.produced += 1
                continue
            }
            let paragraphEnd = paragraph.end
            var start = paragraph.start
            // No mandatory break inside the paragraph (`canRunFast`): the candidates are its opportunities
            // before its end, then its end.
            let candidatesEnd = Int(paragraphBreaksEnd[index])
            // The first opportunity after `start`: the previous paragraph's candidates end just before
            // this paragraph's separator, so at most a few steps.
            var cursor = index > 0 ? Int(paragraphBreaksEnd[index - 1]) : 0
            while cursor < breakCount, Int(view.breaks[cursor]) <= start { cursor += 1 }
            var stop = false
            // The paragraph's last line's stored widths, found when `commonLines` first needs them.
            var ending: ParagraphEnding?
            while start < paragraphEnd {
                var limit = maxWidth
                if out.produced >= lastPermitted {
                    if out.produced > lastPermitted {  // produced ≥ maxLines
                        truncated = true
                        stop = true
                        break
                    }
                    limit = lastLineMaxWidth ?? maxWidth
                }
                if out.produced == lastPermitted && cutsLastLine {
                    // T2/T4: the last visible line takes the rest of its paragraph.
                    let visibleEnd = view.trimmedEnd(paragraphEnd, notBefore: start)
                    if Self.width(view, text, start, visibleEnd) <= limit {
                        out.produce(Self.plainLine(view, text, start, paragraphEnd))
                        if index < paragraphs.count - 1 { truncated = true }  // T7
                    } else {
                        out.produce(cutLine(view, text, start, paragraphEnd, limit: limit))
                        truncated = true
                    }
                    stop = true
                    break
                }
                if monotone, out.produced < lastPermitted, !view.isUnsafe(start) {
                    if ending == nil { ending = ParagraphEnding(view, start: paragraph.start, end: paragraphEnd) }
                    if Self.commonLines(view, text, &out, start: &start, cursor: &cursor, previousCount: &previousCount,
                                        limit: maxWidth, candidatesEnd: candidatesEnd, lastPermitted: lastPermitted,
                                        ending: ending!) {
                        break  // it made the paragraph's last line
                    }
                    if out.produced >= lastPermitted { continue }  // the limit tests above come first
                }
                // W2: `wordWrapEndGalloping`.
                let base = view.prefix[start]
                let first = cursor
                var end = -1
                if first >= candidatesEnd {
                    // No opportunity inside: the paragraph's end is the only candidate.
                    end = Self.width(view, text, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit
                        ? paragraphEnd : Self.emergencyEnd(view, text, start, paragraphEnd, limit: limit)
                } else if view.visiblePrefix[first] - base > limit {
                    end = Self.emergencyEnd(view, text, start, Int(view.breaks[first]), limit: limit)
                } else {
                    var low: Int
                    if monotone {
                        low = Self.lastFitting(view.visiblePrefix, from: first, through: candidatesEnd - 1,
                                               bound: base &+ limit, guess: previousCount)
                        previousCount = low - first + 1
                    } else {
                        low = LineBreaker.lastFitting(from: first, through: candidatesEnd - 1) {
                            view.visiblePrefix[$0] - base <= limit
                        }
                    }
                    if low == candidatesEnd - 1,
                       Self.width(view, text, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit {
                        end = paragraphEnd
                    } else if !view.isUnsafe(start), view.breakEnds[low] & reshapeFlag == 0,
                              Int(view.breakEnds[low]) >= start {
                        // The common line: both widths are stored (the visible end is exact unless the
                        // whole line is whitespace, W4).
                        let position = Int(view.breaks[low])
                        out.produce(BrokenLine(start: start, end: position, visible: start..<position,
                                               width: view.visiblePrefix[low] - base,
                                               widthWithWhitespace: view.breakPrefix[low] - base,
                                               ellipsis: nil, isCut: false))
                        start = position
                        cursor = low + 1
                        continue
                    } else {
                        // Confirm with the reshaped width and step back, as the general code does.
                        let startUnsafe = view.isUnsafe(start)
                        while true {
                            let candidate = Int(view.breaks[low])
                            let visibleEnd = view.trimmedEnd(candidate, notBefore: start)
                            if !(startUnsafe || view.isUnsafe(visibleEnd)) || Self.width(view, text, start, visibleEnd) <= limit {
                                end = candidate
                                break
                            }
                            if low == first {
                                end = Self.emergencyEnd(view, text, start, candidate, limit: limit)
                                break
                            }
                            low -= 1
                        }
                    }
                }
                out.produce(Self.plainLine(view, text, start, end))
                start = end
                // The first opportunity after the new start (only `first` or the next one can be).
                while cursor < breakCount, Int(view.breaks[cursor]) <= start { cursor += 1 }
            }
            if out.holdsBack { finishParagraph(text, &out, end: paragraphEnd) }
            if stop { break }
        }
        return truncated
    }

    /// `LineBreaker.lastFitting(from:through:_:)` over the stored visible widths when they never decrease: fitting is
    /// then true up to one opportunity and false after it, so that opportunity is unique and any search
    /// finds what galloping from `first` finds. Lines of a text tend to hold as many opportunities as the
    /// one before (`guess`): step from there, and gallop only when the guess is off by more than three.
    /// `bound` = the line's base + limit: an opportunity fits ⇔ its visible prefix ≤ bound. Requires that
    /// `first` fits.
    @inline(__always)
    static func lastFitting(_ prefix: UnsafePointer<Int>, from first: Int, through last: Int, bound: Int,
                            guess: Int) -> Int {
        // Wrapping arithmetic: offsets are below Int32.max, so nothing overflows, and the overflow checks
        // would be most of the work.
        var low = Swift.min(first &+ guess &- 1, last)
        if prefix[low] <= bound {
            var steps = 0
            while low < last, prefix[low &+ 1] <= bound {
                low &+= 1
                steps &+= 1
                if steps == 3 { return LineBreaker.lastFitting(from: low, through: last) { prefix[$0] <= bound } }
            }
            return low
        }
        // `first` fits: the answer is in first..<low.
        low &-= 1
        var steps = 0
        while prefix[low] > bound {
            low &-= 1
            steps &+= 1
            if steps == 3 { return LineBreaker.lastFitting(from: first, through: low) { prefix[$0] <= bound } }
        }
        return low
    }

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
            isExact = (visibleEnd >= view.unitCount || !view.isUnsafe(visibleEnd))
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
    private static func commonLines<Sink: LineSink>(_ view: FastView, _ text: PreparedText, _ out: inout LineEmitter<Sink>,
                                                    start: inout Int,
                                                    cursor: inout Int, previousCount: inout Int, limit: Int,
                                                    candidatesEnd: Int, lastPermitted: Int, ending: ParagraphEnding) -> Bool {
        var loop = CommonLoop(start: start, cursor: cursor, guess: previousCount, produced: out.produced)
        if out.holdsBack || !Sink.isHeldInLoop {
            loop.run(view, text, limit: limit, candidatesEnd: candidatesEnd, lastPermitted: lastPermitted,
                     ending: ending, into: &out)
        } else {
            // The sink in a local for the loop (an empty one stands in `out`): reached through `out`, every
            // line stored and reloaded its fields, and reloaded the text's buffers, which those stores
            // might alias.
            var direct = DirectOutput(sink: Sink())
            swap(&direct.sink, &out.sink)
            loop.run(view, text, limit: limit, candidatesEnd: candidatesEnd, lastPermitted: lastPermitted,
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
        mutating func run<Output: LineOutput>(_ view: FastView, _ text: PreparedText, limit: Int, candidatesEnd: Int,
                                              lastPermitted: Int, ending: ParagraphEnding, into output: inout Output) {
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
                    output.produce(BrokenLine(start: lineStart, end: paragraphEnd, visible: lineStart..<paragraphEnd,
                                    width: paragraphVisibleEnd > lineStart ? paragraphVisiblePrefix &- base : 0,
                                    widthWithWhitespace: ending.endPrefix &- base, ellipsis: nil, isCut: false))
                    produced &+= 1
                    lineStart = paragraphEnd
                    finished = true
                    break
                }
                if first > lastCandidate || visiblePrefix[first] > bound {
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
                    output.produce(BrokenLine(start: lineStart, end: end, visible: lineStart..<end,
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
                let low = FastBreaker.lastFitting(visiblePrefix, from: first, through: lastCandidate, bound: bound,
                                                  guess: guess)
                guess = low &- first &+ 1
                guard low <= lastLow else { break }
                let end = view.breakEnds[low]
                guard end & reshapeFlag == 0, Int(end) >= lineStart else { break }  // W4: whitespace-only line
                let position = Int(view.breaks[low])
                let next = view.breakPrefix[low]
                output.produce(BrokenLine(start: lineStart, end: position, visible: lineStart..<position,
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

    /// `run`'s `finishParagraph`: push-out (W6) between the paragraph's last two lines, then emit them.
    private func finishParagraph<Sink: LineSink>(_ text: PreparedText, _ out: inout LineEmitter<Sink>, end: Int) {
        if var first = out.previous, var second = out.last {
            general(text).pushOut(&first, &second, paragraphEnd: end, lastIndex: out.produced - 1)
            out.previous = first
            out.last = second
        }
        if let line = out.previous { out.sink.append(line) }
        if let line = out.last { out.sink.append(line) }
        out.previous = nil
        out.last = nil
    }

    /// `LineBreaker.emergencyEnd(_:_:limit:)` with the fast widths: the last grapheme boundary in
    /// `(start, end)` whose line fits, or the first boundary after `start` (W2). The same search: an
    /// estimate from the stored widths, confirmed with exact ones.
    @inline(__always)
    static func emergencyEnd(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, limit: Int) -> Int {
        let firstIndex = view.graphemeIndex(atOrAfter: start &+ 1)
        let lastIndex = view.graphemeIndex(atOrAfter: end) &- 1
        guard firstIndex <= lastIndex else { return min(end, Int(view.graphemes[firstIndex])) }
        func fits(_ index: Int) -> Bool {
            width(view, text, start, view.trimmedEnd(Int(view.graphemes[index]), notBefore: start)) <= limit
        }
        guard fits(firstIndex) else { return Int(view.graphemes[firstIndex]) }
        let base = view.prefix[start]
        let estimated = lastBoundary(view, from: firstIndex, through: lastIndex, bound: base &+ limit)
        return Int(view.graphemes[LineBreaker.lastFitting(from: firstIndex, through: lastIndex, estimated: estimated, fits)])
    }

    /// The last cluster index in `first...last` whose boundary's stored prefix is ≤ `bound`, or `first`
    /// when not even its boundary's is: the estimate of `LineBreaker.lastFitting(from:through:estimate:_:)`,
    /// galloping from `first`. (An interpolated guess with a branch-free window over the unit prefix sums
    /// took fewer mispredicted branches in callgrind's model but more time on the machine: its division
    /// and window cost more than the branches it saved, which the processor predicts well.)
    @inline(__always)
    static func lastBoundary(_ view: FastView, from first: Int, through last: Int, bound: Int) -> Int {
        guard view.prefix[Int(view.graphemes[first])] <= bound else { return first }
        return LineBreaker.lastFitting(from: first, through: last) { view.prefix[Int(view.graphemes[$0])] <= bound }
    }

    /// `cutLine(_:_:limit:)`: tail truncation (T4) and clipping (T6) here, head and middle (T5) by the
    /// general code.
    private func cutLine(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, limit: Int) -> BrokenLine {
        switch mode {
        case .byTruncatingTail:
            // `tailTruncated` with `lastBoundary` inlined: the same search over grapheme boundaries, its
            // estimate found as an emergency break's is (`lastBoundary(_:from:through:bound:)`).
            let ellipsisWidth = text.ellipsisWidth
            let budget = limit - ellipsisWidth
            func measure(_ boundary: Int) -> Int {
                Self.width(view, text, start, view.trimmedEnd(boundary, notBefore: start))
            }
            var cut = start
            var low = view.graphemeIndex(atOrAfter: start)
            var high = view.graphemeIndex(atOrAfter: end)
            if high >= view.graphemeCount || Int(view.graphemes[high]) > end { high -= 1 }
            if low <= high, measure(Int(view.graphemes[low])) <= budget {
                let estimated = Self.lastBoundary(view, from: low, through: high, bound: view.prefix[start] &+ budget)
                low = LineBreaker.lastFitting(from: low, through: high, estimated: estimated) {
                    measure(Int(view.graphemes[$0])) <= budget
                }
                cut = Int(view.graphemes[low])
            }
            let visibleEnd = view.trimmedEnd(cut, notBefore: start)
            let lineWidth = Self.width(view, text, start, visibleEnd) + ellipsisWidth
            return BrokenLine(start: start, end: visibleEnd, visible: start..<visibleEnd, width: lineWidth,
                              widthWithWhitespace: lineWidth, ellipsis: .tail, isCut: true)
        case .byClipping:
            // T6; `end` is the paragraph's end (no mandatory break inside), so only the width can cut.
            var line = Self.plainLine(view, text, start, end)
            line.isCut = line.width > limit
            return line
        default:
            return general(text).cutLine(start, end, limit: limit)
        }
    }
}
