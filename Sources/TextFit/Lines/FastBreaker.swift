/// The breaker's fast path for relayout: the same lines as `LineBreaker.run(into:)`, bit for bit, for the
/// configurations `canRun` accepts. It follows the general breaker step for step (the same candidates,
/// the same galloping and binary searches, the same width function) but reads flat per-opportunity data
/// (`breakVisiblePrefix`, `breakPrefix`, `breakEnds`) through unsafe pointers, and takes a line's widths
/// from the stored prefix sums whenever neither end is unsafe to break (reshaped pieces come from
/// `PreparedText.width`, which remembers them per text, for both breakers).
///
/// Why two breakers rather than one rule set feeding two sinks: the general breaker's per-line tests
/// (a mandatory break inside the paragraph, character wrapping, Hangul priority, head and middle
/// truncation) and its bounds-checked, reference-counted array reads would sit in the loop relayout
/// spends most of its time in. So each rule has an owner:
///
/// | Rule | `FastBreaker` | `LineBreaker` |
/// |------|---------------|---------------|
/// | W1 line break inside a paragraph (U+2028, VT, FF) | refused by `canRun` | `nextMandatoryBreak` |
/// | W2 word wrap, emergency break in a long word | `run`, `commonLines`, `emergencyEnd` | `wordWrapEnd`, `emergencyEnd` |
/// | W3 character wrap | refused by `canRun` | `charWrapEnd` |
/// | W4 hanging whitespace | `FastView.trimmedEnd`, `breakEnds` | `PreparedText.trimmedEnd` |
/// | W5 kinsoku | neither: it is in the break opportunities both read | |
/// | W6 push-out | holds a paragraph's last two lines (`LineEmitter`) | `pushOut`, called by both |
/// | W6 Hangul word priority | refused by `canRun` (text with breaks between Hangul) | `wordWrapEndScanning` |
/// | W7 empty paragraph | `run` | `run(into:)` |
/// | T2 the last visible line takes the rest of its paragraph | `run` | `run(into:)` |
/// | T3 line limit, `lastLineMaxWidth` | `run` (`commonLines` stops before the last line) | `run(into:)` |
/// | T4 tail truncation | `cutLine` (styled text, S7: `styledTailCut`) | `tailTruncated` (S7 included) |
/// | T5 head and middle truncation | hands over to `cutLine` there | `headTruncated`, `middleTruncated` |
/// | T6 clipping | `cutLine` | `cutLine` |
/// | T7 later paragraphs hidden, no ellipsis | `run` | `run(into:)` |
/// | H1–H3 hyphens (a style that only hyphenates) | `hyphenLines`, `HyphenEnds.storedEnd`, `HyphenEnds.end` | `hyphenatedEnd` |
/// | G1 one line at a time (the walker) | `step` (`wrapEnd`, shared with `run`) | `step` |
/// | K3 a line wider than its room walks back | `run`, `step` call the general `fittedEnd` | `fittedEnd` |
///
/// A rule with two owners is written twice; `DifferentialBreakerTests` lays out texts through both and
/// requires the same lines, so a change to one that the other does not follow fails there.
struct FastBreaker {
    /// Line width in 1/1024 pt (`Units.unbounded` when unbounded, B7).
    let maxWidth: Int
    /// Width of the last permitted line (index `maxLines − 1`) when it differs.
    let lastLineMaxWidth: Int?
    /// 0 = unlimited.
    let maxLines: Int
    let mode: LineBreakMode
    let strategy: LineBreakStrategy

    /// The breaker for `request`, which `canRun` accepted. Its widths never set a paragraph's first line
    /// apart (a paragraph style's indent, which `LineBreaker` handles, P9) nor list widths per line (W8):
    /// only `request`'s fields this breaker reads are kept, so the value it passes around stays as small
    /// as it was before requests had those.
    @inline(__always)
    init(request: LineRequest) {
        maxWidth = request.widths.width
        lastLineMaxWidth = request.widths.lastPermitted
        maxLines = request.maxLines
        mode = request.mode
        strategy = request.strategy
    }

    /// The request this breaker was made from, for the general breaker it hands rare paths to.
    var request: LineRequest {
        LineRequest(
            widths: LineWidths(width: maxWidth, lastPermitted: lastLineMaxWidth), maxLines: maxLines, mode: mode,
            strategy: strategy)
    }

    /// Whether `run(_:into:)` handles this text and configuration. It does not handle character wrapping
    /// (W3), Hangul word priority on text with breaks between Hangul (W6), nor mandatory breaks inside a
    /// paragraph (U+2028, VT, FF).
    @inline(__always)
    static func canRun(_ text: PreparedText, mode: LineBreakMode, strategy: LineBreakStrategy) -> Bool {
        text.allowsFastBreaking && mode != .byCharWrapping
            && !(strategy.contains(.hangulWordPriority) && text.hasBreaksBetweenHangul)
    }

    /// The general breaker with the same configuration, for the rare paths the fast one hands over
    /// (push-out, head and middle truncation); `hyphenation` makes its lines count their hyphens (H2).
    func general(_ text: PreparedText, hyphenation: Hyphenation? = nil) -> LineBreaker {
        LineBreaker(text: text, request: request, hyphenation: hyphenation)
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
        let truncated = text.withFastView { view in run(view, text, NoHyphens(), into: &emitter) }
        sink = emitter.sink
        return truncated
    }

    /// Exact `text.width(start, end)`: stored prefix sums when neither end is unsafe to break, otherwise
    /// the general reshaping width.
    @inline(__always)
    static func width(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int) -> Int {
        #if DEBUG
        OperationCounts.current?.widths += 1  // LinearTimeTests bound the fast path's work too
        #endif
        guard end > start else { return 0 }
        let startUnsafe = view.isUnsafe(start)
        let endUnsafe = end < view.unitCount && view.isUnsafe(end)
        if !startUnsafe && !endUnsafe { return view.prefix[end] - view.prefix[start] }
        return reshapedWidth(view, text, start, end, startUnsafe: startUnsafe, endUnsafe: endUnsafe)
    }

    /// `text.width(start, end)` for a line with an unsafe end, from the pieces `text` remembers
    /// (`ReshapedPieces`) with `text.width`'s arithmetic but without its tests and calls; a piece not
    /// remembered (or not covered by the line) goes to `text.width`, which gives the same answer.
    /// Relayout of Japanese in Noto Sans CJK JP comes here for most lines: the font kerns many kana pairs
    /// (す。, って, して), so lines end and start inside kerned pairs (`reshapedFits`, W2). Not inlined:
    /// in `width`'s callers it made texts without such ends slower (callgrind, latin +2 %).
    @inline(never)
    private static func reshapedWidth(
        _ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int,
        startUnsafe: Bool, endUnsafe: Bool
    ) -> Int {
        var from = start
        var to = end
        var width = 0
        if startUnsafe {
            guard let piece = text.reshapedPieces.piece(at: start, .start), piece.otherEnd <= end else {
                return text.width(start, end)
            }
            width = piece.width
            from = piece.otherEnd
        }
        if endUnsafe && from < end {
            guard let piece = text.reshapedPieces.piece(at: end, .end), piece.otherEnd >= from else {
                return text.width(start, end)
            }
            width += piece.width
            to = piece.otherEnd
        }
        return to > from ? width + view.prefix[to] - view.prefix[from] : width
    }

    /// `LineBreaker.reshapedFits`: whether the line from `start` to `candidate` fits once reshaped, asked
    /// only where the stored prefix may differ from the reshaped width.
    private static func reshapedFits(
        _ view: FastView, _ text: PreparedText, _ start: Int, _ candidate: Int,
        limit: Int
    ) -> Bool {
        let visibleEnd = view.trimmedEnd(candidate, notBefore: start)
        guard view.isUnsafe(start) || (visibleEnd < view.unitCount && view.isUnsafe(visibleEnd)) else { return false }
        return Self.width(view, text, start, visibleEnd) <= limit
    }

    /// `plainLine(_:_:)` with the fast widths.
    @inline(__always)
    static func plainLine(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int) -> BrokenLine {
        let visibleEnd = view.trimmedEnd(end, notBefore: start)
        return BrokenLine(
            start: start, end: end, visible: start..<end, width: Self.width(view, text, start, visibleEnd),
            widthWithWhitespace: Self.width(view, text, start, end), ellipsis: nil, isCut: false)
    }

    /// `plainLine` with the hyphen a line ending at a hyphenation point shows (H2; none for plain text).
    @inline(__always)
    private static func plainLine<H: FastHyphenPolicy>(
        _ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, _ hyphens: H
    ) -> BrokenLine {
        var line = plainLine(view, text, start, end)
        if H.isActive {
            let extra = hyphens.extra(at: end)
            line.width += extra
            line.widthWithWhitespace += extra
        }
        return line
    }

    /// `plainLine` with a known hyphen advance `extra` (H2).
    @inline(__always)
    private static func plainLine(
        _ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, extra: Int
    ) -> BrokenLine {
        var line = plainLine(view, text, start, end)
        line.width += extra
        line.widthWithWhitespace += extra
        return line
    }

    /// The loop of `run(_:into:)`, generic over hyphenation (`FastHyphenPolicy`): with `NoHyphens` every
    /// `H.isActive` test folds away.
    func run<Sink: LineSink, H: FastHyphenPolicy>(
        _ view: FastView, _ text: PreparedText, _ hyphens: H, into out: inout LineEmitter<Sink>
    ) -> Bool {
        // Mirrors `run(into:)`; comments there explain the rules.
        var truncated = false
        // Raw buffers, kept alive by `text` (a view bound to a local cost a retain and a release per call).
        let paragraphs = text.storage.paragraphsBuffer
        let paragraphBreaksEnd = text.storage.paragraphBreaksEndBuffer
        let breakCount = text.storage.breaksBuffer.count
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
                out.sink.append(
                    BrokenLine(
                        start: paragraph.start, end: paragraph.end, visible: paragraph.start..<paragraph.end,
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
                        out.produce(Self.plainLine(view, text, start, paragraphEnd, hyphens))
                        if index < paragraphs.count - 1 { truncated = true }  // T7
                    } else {
                        out.produce(cutLine(view, text, start, paragraphEnd, limit: limit))
                        truncated = true
                    }
                    stop = true
                    break
                }
                if !H.isActive, monotone, out.produced < lastPermitted, !view.isUnsafe(start) {
                    if ending == nil { ending = ParagraphEnding(view, start: paragraph.start, end: paragraphEnd) }
                    if Self.commonLines(
                        view, text, &out, start: &start, cursor: &cursor, previousCount: &previousCount,
                        limit: maxWidth, candidatesEnd: candidatesEnd, lastPermitted: lastPermitted,
                        ending: ending!)
                    {
                        break  // it made the paragraph's last line
                    }
                    if out.produced >= lastPermitted { continue }  // the limit tests above come first
                }
                if H.isActive, monotone, out.produced < lastPermitted, let table = hyphens.points {
                    // A start inside a word is a hyphenation point (the line before was hyphenated).
                    let point = view.isUnsafe(start) ? table.index(of: start) : -1
                    if point >= 0 ? table.points[point].startPieceEnd != Int32.max : !view.isUnsafe(start) {
                        if ending == nil { ending = ParagraphEnding(view, start: paragraph.start, end: paragraphEnd) }
                        if Self.hyphenLines(
                            view, table, &out, start: &start, point: point, cursor: &cursor,
                            previousCount: &previousCount, limit: maxWidth, candidatesEnd: candidatesEnd,
                            lastPermitted: lastPermitted, breakCount: breakCount, ending: ending!)
                        {
                            break  // it made the paragraph's last line
                        }
                        if out.produced >= lastPermitted { continue }
                    }
                }
                // W2: `wordWrapEndGalloping`.
                let found = Self.wrapEnd(
                    view, text, start: start, first: cursor, candidatesEnd: candidatesEnd,
                    paragraphEnd: paragraphEnd, limit: limit, monotone: monotone, storesLines: true,
                    previousCount: &previousCount)
                // A hyphenated text keeps the stored line unless a hyphen shows at its end or moves it.
                var hyphenated: (end: Int, extra: Int)?
                if H.isActive, found.stored >= 0 {
                    hyphenated = hyphens.storedEnd(
                        view, text, start: start, at: found.stored,
                        filled: view.visiblePrefix[found.stored] - view.prefix[start], paragraphEnd: paragraphEnd,
                        limit: limit)
                }
                if found.stored >= 0, !H.isActive || hyphenated == nil {
                    // The common line: both widths are stored (the visible end is exact unless the whole
                    // line is whitespace, W4).
                    let low = found.stored
                    let base = view.prefix[start]
                    let position = Int(view.breaks[low])
                    out.produce(
                        BrokenLine(
                            start: start, end: position, visible: start..<position,
                            width: view.visiblePrefix[low] - base,
                            widthWithWhitespace: view.breakPrefix[low] - base,
                            ellipsis: nil, isCut: false))
                    start = position
                    cursor = low + 1
                    continue
                }
                var end = found.end
                var made: BrokenLine
                if H.isActive {
                    let line: (end: Int, extra: Int)
                    if let moved = hyphenated {
                        line = moved
                    } else {
                        // The greedy end's opportunity, a few steps from the line's first (none for an
                        // emergency break): spares `end` its searches.
                        var known = cursor
                        while known < breakCount, Int(view.breaks[known]) < end { known += 1 }
                        if known < breakCount, Int(view.breaks[known]) != end { known = -1 }
                        line = hyphens.end(
                            view, text, start: start, greedy: end, breakIndex: known < breakCount ? known : -1,
                            paragraphEnd: paragraphEnd, limit: limit)
                    }
                    end = line.end
                    made = Self.plainLine(view, text, start, end, extra: line.extra)
                } else {
                    made = Self.plainLine(view, text, start, end)
                }
                if made.width > limit {  // K3: only an emergency break, a shown hyphen or a negative kern
                    let fitted = general(text, hyphenation: hyphens.hyphenation).fittedEnd(
                        start, end, limit: limit, byCharacters: false)
                    if fitted != end {
                        end = fitted
                        made = Self.plainLine(view, text, start, end, hyphens)
                    }
                }
                out.produce(made)
                start = end
                // The first opportunity after the new start (only `first` or the next one can be).
                while cursor < breakCount, Int(view.breaks[cursor]) <= start { cursor += 1 }
            }
            if out.holdsBack { finishParagraph(text, hyphens.hyphenation, &out, end: paragraphEnd) }
            if stop { break }
        }
        return truncated
    }

    /// W2, `LineBreaker.wordWrapEndGalloping` with the fast widths: the end of the line from `start` at
    /// `limit`, whose first opportunity after `start` is `first` (an index in `breaks`). When the line ends
    /// at an opportunity whose widths are stored (`stored` ≥ 0, only when `storesLines`), its index, and
    /// the caller makes the line from `visiblePrefix` and `breakPrefix`; else `stored` is −1. Shared by
    /// `run` and the walker's step (`step(_:paragraph:from:produced:resume:)`).
    @inline(__always)
    static func wrapEnd(
        _ view: FastView, _ text: PreparedText, start: Int, first: Int, candidatesEnd: Int, paragraphEnd: Int,
        limit: Int, monotone: Bool, storesLines: Bool, previousCount: inout Int
    ) -> (end: Int, stored: Int) {
        let base = view.prefix[start]
        var end = -1
        if first >= candidatesEnd {
            // No opportunity inside: the paragraph's end is the only candidate.
            end =
                Self.width(view, text, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit
                ? paragraphEnd : Self.emergencyEnd(view, text, start, paragraphEnd, limit: limit)
        } else if view.visiblePrefix[first] - base > limit,
            !Self.reshapedFits(view, text, start, Int(view.breaks[first]), limit: limit)
        {
            end = Self.emergencyEnd(view, text, start, Int(view.breaks[first]), limit: limit)
        } else {
            var low: Int
            if view.visiblePrefix[first] - base > limit {
                low = first  // it fits only reshaped (an end inside a ligature)
                previousCount = 1
            } else if monotone {
                low = Self.lastFitting(
                    view.visiblePrefix, from: first, through: candidatesEnd - 1,
                    bound: base &+ limit, guess: previousCount)
                previousCount = low - first + 1
            } else {
                low = LineBreaker.lastFitting(from: first, through: candidatesEnd - 1) {
                    view.visiblePrefix[$0] - base <= limit
                }
            }
            if low == candidatesEnd - 1,
                Self.width(view, text, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit
            {
                end = paragraphEnd
            } else if storesLines, !view.isUnsafe(start),
                view.breakEnds[low] & PreparedText.breakEndNeedsReshaping == 0, Int(view.breakEnds[low]) >= start
            {
                return (Int(view.breaks[low]), low)  // the caller makes the line from the stored widths
            } else {
                // Confirm with the reshaped width and step back, then forward over candidates
                // that fit only reshaped, as the general code does.
                let startUnsafe = view.isUnsafe(start)
                var confirmed = true
                while true {
                    let candidate = Int(view.breaks[low])
                    let visibleEnd = view.trimmedEnd(candidate, notBefore: start)
                    if !(startUnsafe || view.isUnsafe(visibleEnd))
                        || Self.width(view, text, start, visibleEnd) <= limit
                    {
                        end = candidate
                        break
                    }
                    if low == first {
                        end = Self.emergencyEnd(view, text, start, candidate, limit: limit)
                        confirmed = false
                        break
                    }
                    low -= 1
                    confirmed = false
                }
                if confirmed {
                    while low + 1 < candidatesEnd,
                        Self.reshapedFits(view, text, start, Int(view.breaks[low + 1]), limit: limit)
                    {
                        low += 1
                        end = Int(view.breaks[low])
                    }
                    if low == candidatesEnd - 1,
                        Self.width(view, text, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit
                    {
                        end = paragraphEnd
                    }
                }
            }
        }
        return (end, -1)
    }

    /// `LineBreaker.lastFitting(from:through:_:)` over the stored visible widths when they never decrease: fitting is
    /// then true up to one opportunity and false after it, so that opportunity is unique and any search
    /// finds what galloping from `first` finds. Lines of a text tend to hold as many opportunities as the
    /// one before (`guess`): step from there, and gallop only when the guess is off by more than three.
    /// `bound` = the line's base + limit: an opportunity fits ⇔ its visible prefix ≤ bound. Requires that
    /// `first` fits.
    @inline(__always)
    static func lastFitting(
        _ prefix: UnsafePointer<Int>, from first: Int, through last: Int, bound: Int,
        guess: Int
    ) -> Int {
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

    /// `run`'s `finishParagraph`: push-out (W6) between the paragraph's last two lines, then emit them.
    private func finishParagraph<Sink: LineSink>(
        _ text: PreparedText, _ hyphenation: Hyphenation?, _ out: inout LineEmitter<Sink>, end: Int
    ) {
        if var first = out.previous, var second = out.last {
            general(text, hyphenation: hyphenation).pushOut(&first, &second, paragraphEnd: end, lastIndex: out.produced - 1)
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
    @inline(never)
    static func emergencyEnd(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, limit: Int) -> Int {
        if let base = view.graphemes.base {
            return emergencyEnd(view, text, start, end, limit: limit, StoredClusterBoundaries(base: base))
        }
        return emergencyEnd(view, text, start, end, limit: limit, UnitClusterBoundaries())
    }

    /// `emergencyEnd(_:_:_:_:limit:)` with cluster boundaries read as `C` reads them (`ClusterBoundaries`).
    static func emergencyEnd<C: ClusterBoundaries>(
        _ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, limit: Int, _ graphemes: C
    ) -> Int {
        let firstIndex = view.graphemeIndex(atOrAfter: start &+ 1, graphemes)
        let lastIndex = view.graphemeIndex(atOrAfter: end, graphemes) &- 1
        guard firstIndex <= lastIndex else { return min(end, Int(graphemes[firstIndex])) }
        func fits(_ index: Int) -> Bool {
            width(view, text, start, view.trimmedEnd(Int(graphemes[index]), notBefore: start)) <= limit
        }
        let base = view.prefix[start]
        var found = -1
        if fits(firstIndex) {
            let estimated = lastBoundary(view, from: firstIndex, through: lastIndex, bound: base &+ limit, graphemes)
            found = LineBreaker.lastFitting(from: firstIndex, through: lastIndex, estimated: estimated, fits)
        }
        // As `LineBreaker.emergencyEnd`: a longer piece reshaped can be narrower, so look one em further.
        let reach = base &+ limit &+ text.emergencyReach
        var index = max(found, firstIndex) &+ 1
        // The search measured the boundary after its answer (unless its answer is `lastIndex`), and that
        // line did not fit (`LineBreaker.lastFitting(from:through:estimated:_:)`): the look-ahead goes past
        // it without measuring it again (one exact width, about a tenth of an emergency break).
        if found >= 0, index <= lastIndex, view.prefix[Int(graphemes[index])] <= reach { index &+= 1 }
        while index <= lastIndex, view.prefix[Int(graphemes[index])] <= reach {
            if fits(index) { found = index }
            index &+= 1
        }
        return Int(graphemes[max(found, firstIndex)])
    }

    /// The last cluster index in `first...last` whose boundary's stored prefix is ≤ `bound`, or `first`
    /// when not even its boundary's is: the estimate of `LineBreaker.lastFitting(from:through:estimate:_:)`,
    /// galloping from `first`. (An interpolated guess with a branch-free window over the unit prefix sums
    /// took fewer mispredicted branches in callgrind's model but more time on the machine: its division
    /// and window cost more than the branches it saved, which the processor predicts well.)
    @inline(__always)
    static func lastBoundary(_ view: FastView, from first: Int, through last: Int, bound: Int) -> Int {
        lastBoundary(view, from: first, through: last, bound: bound, view.graphemes)
    }

    /// `lastBoundary(_:from:through:bound:)` with cluster boundaries read as `C` reads them.
    @inline(__always)
    static func lastBoundary<C: ClusterBoundaries>(
        _ view: FastView, from first: Int, through last: Int, bound: Int, _ graphemes: C
    ) -> Int {
        guard view.prefix[Int(graphemes[first])] <= bound else { return first }
        return LineBreaker.lastFitting(from: first, through: last) { view.prefix[Int(graphemes[$0])] <= bound }
    }

    /// `cutLine(_:_:limit:)`: tail truncation (T4) and clipping (T6) here, head and middle (T5) by the
    /// general code.
    func cutLine(_ view: FastView, _ text: PreparedText, _ start: Int, _ end: Int, limit: Int) -> BrokenLine {
        switch mode {
        case .byTruncatingTail where text.styling == nil:
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
            return BrokenLine(
                start: start, end: visibleEnd, visible: start..<visibleEnd, width: lineWidth,
                widthWithWhitespace: lineWidth, ellipsis: .tail, isCut: true)
        case .byTruncatingTail:
            // S7. The styling read in place: bound to a local, it was retained and released per cut line.
            return Unmanaged.passUnretained(text.styling.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                Self.styledTailCut(view, text, $0, start, end, limit: limit)
            }
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
