/// The greedy line breaker: fits lines at a width using only the prepared text's integer prefix sums
/// (rules W1–W4, W6, W7, T2–T7, L8). It handles every configuration; relayout goes through
/// `FastBreaker` whenever `FastBreaker.canRun` allows, which gives the same lines. `FastBreaker`'s
/// documentation lists which rules each breaker owns.
struct LineBreaker {
    let text: PreparedText
    /// The line widths, the line limit, the mode and the strategy. Under a paragraph style whose indents
    /// change the lines' room, its widths are the style's (`ParagraphSettings.lineWidths(for:)`, P9).
    let request: LineRequest
    /// Line width in 1/1024 pt (`Units.unbounded` when unbounded, B7), for lines the request's widths do
    /// not set apart.
    var maxWidth: Int { request.widths.width }
    /// 0 = unlimited.
    var maxLines: Int { request.maxLines }
    var mode: LineBreakMode { request.mode }
    var strategy: LineBreakStrategy { request.strategy }
    /// Tab stops and where the text's tabs are, when a paragraph style places tabs (P10): widths of
    /// lines with a tab then depend on where the line starts (`lineWidth`).
    var tabs: Tabs? = nil
    /// Where lines may end with a shown hyphen (H1–H9): then `wordWrapEnd` also weighs those ends, and a
    /// line ending at one is as wide as its hyphen makes it (`plainLine`).
    var hyphenation: Hyphenation? = nil

    /// Breaks the whole text, passing each line to `sink`; returns whether some text is not shown
    /// (hidden lines, a truncated or clipped last line).
    func run<Sink: LineSink>(into sink: inout Sink) -> Bool {
        var produced = 0
        var truncated = false
        // The current paragraph's last two lines are held back: push-out (W6) may still move a word
        // between them. Two optionals rather than an array, so measuring allocates nothing.
        var previous: BrokenLine?
        var last: BrokenLine?
        func produce(_ line: BrokenLine) {
            if let previous { sink.append(previous) }
            previous = last
            last = line
            produced += 1
        }
        func finishParagraph(end: Int) {
            if var first = previous, var second = last, strategy.contains(.pushOut), mode != .byCharWrapping {
                pushOut(&first, &second, paragraphEnd: end, lastIndex: produced - 1)
                previous = first
                last = second
            }
            if let line = previous { sink.append(line) }
            if let line = last { sink.append(line) }
            previous = nil
            last = nil
        }
        let paragraphs = text.paragraphs
        paragraphLoop: for (index, paragraph) in paragraphs.enumerated() {
            if maxLines > 0, produced >= maxLines {
                truncated = true
                break
            }
            // W7: an empty paragraph still occupies a line.
            if paragraph.start == paragraph.end {
                sink.append(
                    BrokenLine(
                        start: paragraph.start, end: paragraph.end, visible: paragraph.start..<paragraph.end,
                        width: 0, widthWithWhitespace: 0, ellipsis: nil, isCut: false))
                produced += 1
                continue
            }
            var start = paragraph.start
            defer { finishParagraph(end: paragraph.end) }
            // Carried from line to line so each line starts its search without a binary search.
            var cursor = text.breakIndex(after: start)
            var forced = nextMandatoryBreak(after: start, before: paragraph.end)
            // One past the last candidate opportunity: the forced break, else the paragraph's last one.
            var candidatesEnd = forced.map { text.breakIndex(after: $0) } ?? text.breakIndex(after: paragraph.end - 1)
            while start < paragraph.end {
                if maxLines > 0, produced >= maxLines {
                    truncated = true
                    break paragraphLoop
                }
                let isLastPermitted = maxLines > 0 && produced == maxLines - 1
                let limit = request.widths.limit(
                    line: produced, isParagraphStart: start == paragraph.start,
                    isLastPermitted: isLastPermitted)
                if isLastPermitted && mode.cutsLastLine {
                    // T2/T4: the last visible line takes the rest of its paragraph (up to a forced break).
                    let hardEnd = nextMandatoryBreak(after: start, before: paragraph.end) ?? paragraph.end
                    let cutInside = hardEnd < paragraph.end
                    let visibleEnd = text.trimmedEnd(hardEnd, notBefore: start)
                    let full = self.lineWidth(start, visibleEnd)
                    if full <= limit && !cutInside {
                        produce(plainLine(start, hardEnd))
                        // T7: later paragraphs hidden, this one shown whole: no ellipsis.
                        if index < paragraphs.count - 1 { truncated = true }
                    } else {
                        produce(cutLine(start, hardEnd, limit: limit))
                        truncated = true
                    }
                    break paragraphLoop
                }
                if let position = forced, position <= start {
                    forced = nextMandatoryBreak(after: start, before: paragraph.end)
                    candidatesEnd = forced.map { text.breakIndex(after: $0) } ?? text.breakIndex(after: paragraph.end - 1)
                }
                var end: Int
                switch mode {
                case .byCharWrapping:
                    end = charWrapEnd(start, paragraph.end, limit: limit)
                default:
                    (end, cursor) = wordWrapEnd(
                        start, paragraph.end, limit: limit, first: cursor, forced: forced,
                        candidatesEnd: candidatesEnd)
                }
                var line = plainLine(start, end)
                if line.width > limit {  // K3: only an emergency break, a shown hyphen or a negative kern
                    let fitted = fittedEnd(start, end, limit: limit, byCharacters: mode == .byCharWrapping)
                    if fitted != end {
                        end = fitted
                        line = plainLine(start, end)
                        cursor = text.breakIndex(after: end)
                    }
                }
                produce(line)
                start = end
            }
        }
        return truncated
    }

    /// W6 push-out: when a paragraph's last line holds a single word, break the line before it one word
    /// earlier if that word and the orphan fit together. `previous` and `last` are the paragraph's last two
    /// lines; `last` ends the paragraph unless the line limit cut it (then nothing moves).
    func pushOut(_ previous: inout BrokenLine, _ last: inout BrokenLine, paragraphEnd: Int, lastIndex: Int) {
        guard !last.isCut, last.end == paragraphEnd else { return }
        // The last line after a forced break (U+2028, VT, FF) is no orphan of the line before it: moving a
        // word down would put the forced break inside a line.
        guard !text.endsWithMandatoryBreak(previous.end) else { return }
        let lastVisibleEnd = text.trimmedEnd(last.end, notBefore: last.start)
        // One word: no break opportunity strictly inside the last line's visible text.
        let inside = text.breakIndex(after: last.start)
        if inside < text.breaks.count, Int(text.breaks[inside]) < lastVisibleEnd { return }
        // The start of the previous line's last word: its last opportunity before its end.
        var index = text.breakIndex(after: previous.start)
        var wordStart = -1
        while index < text.breaks.count, Int(text.breaks[index]) < previous.end {
            wordStart = Int(text.breaks[index])
            index += 1
        }
        guard wordStart > previous.start else { return }
        // Push-out moves a word to a paragraph's last line, which never starts the paragraph here.
        let limit = request.widths.limit(
            line: lastIndex, isParagraphStart: false,
            isLastPermitted: lastIndex == maxLines - 1)
        guard lineWidth(wordStart, lastVisibleEnd) <= limit else { return }
        // K3: the shortened line may show a hyphen (H2) or, under a negative kern, be wider (K2).
        let shortened = plainLine(previous.start, wordStart)
        if shortened.width > previous.width {
            let paragraphs = text.paragraphs
            let index = partitionPoint(from: 0, to: paragraphs.count) { paragraphs[$0].end >= paragraphEnd }
            let isParagraphStart = index < paragraphs.count && paragraphs[index].start == previous.start
            let previousLimit = request.widths.limit(
                line: lastIndex - 1, isParagraphStart: isParagraphStart, isLastPermitted: lastIndex - 1 == maxLines - 1)
            guard shortened.width <= previousLimit else { return }
        }
        let end = last.end
        previous = shortened
        last = plainLine(wordStart, end)
    }

    func plainLine(_ start: Int, _ end: Int) -> BrokenLine {
        let visibleEnd = text.trimmedEnd(end, notBefore: start)
        // A line ending at a hyphenation point shows its hyphen (H2); it has no hanging whitespace.
        let hyphen = hyphenation?.extra(at: end) ?? 0
        return BrokenLine(
            start: start, end: end, visible: start..<end, width: lineWidth(start, visibleEnd) + hyphen,
            widthWithWhitespace: lineWidth(start, end) + hyphen, ellipsis: nil, isCut: false)
    }

    /// The first mandatory break (after U+2028, VT, FF inside the paragraph) in `(start, limit)`.
    func nextMandatoryBreak(after start: Int, before limit: Int) -> Int? {
        // Binary search in the mandatory breaks alone: scanning all opportunities here would make char
        // wrapping of a long paragraph quadratic.
        let mandatory = text.mandatoryBreaks
        let low = partitionPoint(from: 0, to: mandatory.count) { Int(mandatory[$0]) > start }
        guard low < mandatory.count, Int(mandatory[low]) < limit else { return nil }
        return Int(mandatory[low])
    }

    /// W2: the furthest UAX #14 opportunity whose line (without hanging whitespace) fits; a forced break
    /// ends the line; when not even the first word fits, an emergency break between clusters.
    /// - Parameters:
    ///   - first: the index in `breaks` of the first opportunity after `start`.
    ///   - forced: the first mandatory break after `start` inside the paragraph, if any.
    ///   - candidatesEnd: one past the index of the last candidate in `breaks`.
    /// - Returns: the line's end and the index of the first opportunity after it.
    func wordWrapEnd(
        _ start: Int, _ paragraphEnd: Int, limit: Int, first: Int, forced: Int?,
        candidatesEnd: Int
    ) -> (Int, Int) {
        if let hyphenation {
            let end = hyphenatedEnd(
                start, paragraphEnd, limit: limit, first: first, forced: forced,
                candidatesEnd: candidatesEnd, hyphenation)
            return (end, text.breakIndex(after: end))
        }
        if strategy.contains(.hangulWordPriority) && text.hasBreaksBetweenHangul || tabs != nil {
            let end = wordWrapEndScanning(start, paragraphEnd, limit: limit)
            return (end, text.breakIndex(after: end))
        }
        let end = wordWrapEndGalloping(
            start, paragraphEnd, limit: limit, first: first, forced: forced,
            end: candidatesEnd)
        // The end is usually an opportunity: the next line's first candidate follows it.
        if end.index >= 0 { return (end.position, end.index + 1) }
        return (end.position, text.breakIndex(after: end.position))
    }

    /// The galloping search of `wordWrapEnd`; `index` is the end's index in `breaks`, or −1 when the line
    /// ends elsewhere (the paragraph's end or an emergency break).
    func wordWrapEndGalloping(
        _ start: Int, _ paragraphEnd: Int, limit: Int, first: Int,
        forced: Int?, end: Int
    ) -> (position: Int, index: Int) {
        // Candidates are the opportunities after `start`, up to the first mandatory one, else up to the
        // paragraph's end (which is a candidate itself). Their widths without hanging whitespace grow
        // with the position and are stored (`breakVisiblePrefix`), so gallop then binary search: the cost
        // follows log(words on the line).
        let base = text.prefix[start]
        func fits(_ index: Int) -> Bool { text.breakVisiblePrefix[index] - base <= limit }
        func paragraphEndFits() -> Bool {
            lineWidth(start, text.trimmedEnd(paragraphEnd, notBefore: start)) <= limit
        }
        guard first < end else {
            // No opportunity inside: the paragraph's end is the only candidate.
            return (paragraphEndFits() ? paragraphEnd : emergencyEnd(start, paragraphEnd, limit: limit), -1)
        }
        let storedFits = fits(first)
        guard storedFits || reshapedFits(start, Int(text.breaks[first]), limit: limit) else {
            return (emergencyEnd(start, Int(text.breaks[first]), limit: limit), -1)
        }
        var low = storedFits ? Self.lastFitting(from: first, through: end - 1, fits) : first
        if low == end - 1, forced == nil, paragraphEndFits() { return (paragraphEnd, -1) }
        // The stored prefix is exact unless the line starts or its visible end sits on an unsafe-to-break
        // cluster (a line starting inside a ligature after an emergency break: "ffl" at 24 pt, width 8.3);
        // then confirm with the reshaped width and step back, down to an emergency break if needed.
        let startUnsafe = text.isUnsafe(start)
        var confirmed = true
        while true {
            let candidate = Int(text.breaks[low])
            let visibleEnd = text.trimmedEnd(candidate, notBefore: start)
            if !(startUnsafe || text.isUnsafe(visibleEnd)) || text.width(start, visibleEnd) <= limit { break }
            if low == first { return (emergencyEnd(start, candidate, limit: limit), -1) }
            low -= 1
            confirmed = false
        }
        // And step forward over candidates the stored prefix rejects but whose reshaped line fits: an end
        // inside a ligature, where the stored width counts the whole ligature (U+200B between two "f").
        if confirmed {
            while low + 1 < end, reshapedFits(start, Int(text.breaks[low + 1]), limit: limit) { low += 1 }
            if low == end - 1, forced == nil, paragraphEndFits() { return (paragraphEnd, -1) }
        }
        return (Int(text.breaks[low]), low)
    }

    /// Whether the line from `start` to `candidate` (without hanging whitespace) fits once reshaped,
    /// asked only where the stored prefix may differ from the reshaped width (an unsafe start or visible
    /// end): false where the stored width is exact, since the caller has read it.
    func reshapedFits(_ start: Int, _ candidate: Int, limit: Int) -> Bool {
        let visibleEnd = text.trimmedEnd(candidate, notBefore: start)
        guard text.isUnsafe(start) || (visibleEnd < text.utf16Count && text.isUnsafe(visibleEnd)) else { return false }
        return text.width(start, visibleEnd) <= limit
    }

    /// The same choice by scanning candidates one by one, skipping opportunities between Hangul
    /// syllables (`.hangulWordPriority`, W6).
    func wordWrapEndScanning(_ start: Int, _ paragraphEnd: Int, limit: Int) -> Int {
        var index = text.breakIndex(after: start)
        var best = -1
        var firstCandidate = -1
        while true {
            var candidate = paragraphEnd
            var forced = true
            if index < text.breaks.count, Int(text.breaks[index]) < paragraphEnd {
                candidate = Int(text.breaks[index])
                forced = text.flags[candidate] & PreparedText.Flag.mandatory != 0
                if !forced, strategy.contains(.hangulWordPriority),
                    text.flags[candidate] & PreparedText.Flag.betweenHangul != 0
                {
                    index += 1
                    continue
                }
            }
            if firstCandidate < 0 { firstCandidate = candidate }
            let visibleEnd = text.trimmedEnd(candidate, notBefore: start)
            guard lineWidth(start, visibleEnd) <= limit else { break }
            best = candidate
            if forced { break }
            index += 1
        }
        if best > start { return best }
        return emergencyEnd(start, firstCandidate, limit: limit)
    }

    /// W3: break before the first cluster that does not fit; whitespace after the break hangs.
    func charWrapEnd(_ start: Int, _ paragraphEnd: Int, limit: Int) -> Int {
        let hardEnd = nextMandatoryBreak(after: start, before: paragraphEnd) ?? paragraphEnd
        if lineWidth(start, text.trimmedEnd(hardEnd, notBefore: start)) <= limit { return hardEnd }
        var end = emergencyEnd(start, hardEnd, limit: limit)
        while end < hardEnd, text.isSpace(end) {
            end = Int(text.graphemes[text.graphemeIndex(atOrAfter: end + 1)])
        }
        // H2: an end after a soft hyphen shows its hyphen, which the clusters' widths did not count: one
        // cluster earlier when the hyphen does not fit (FuzzLineWidths found "對中興soft‐" 89.4 pt in 84).
        if let extra = hyphenation?.extra(at: end), extra > 0,
            lineWidth(start, text.trimmedEnd(end, notBefore: start)) + extra > limit
        {
            let previous = text.graphemeBoundary(before: end)
            if previous > start { end = previous }
        }
        return end
    }

    /// The last grapheme boundary in `(start, end)` whose line fits (hanging whitespace excluded), or the
    /// first boundary after `start`: every line holds at least one cluster (W2).
    ///
    /// Reshaped where it is cut, a longer piece can be narrower than a shorter one: an Arabic letter alone
    /// takes its isolated form ("ب" is 71.5 pt at 72 pt, "با" 40.3). So after the search, which assumes
    /// widths grow, the boundaries whose stored prefix is within one em past the limit are tried too
    /// (`emergencyReach`), and the last that fits wins, as it does at the width that line then measures:
    /// a label or button given the width it answered keeps its lines (W2, U8).
    func emergencyEnd(_ start: Int, _ end: Int, limit: Int) -> Int {
        let firstIndex = text.graphemeIndex(atOrAfter: start + 1)
        let lastIndex = text.graphemeIndex(atOrAfter: end) - 1  // boundaries strictly before `end`
        guard firstIndex <= lastIndex else { return min(end, Int(text.graphemes[firstIndex])) }
        func fits(_ index: Int) -> Bool {
            let position = Int(text.graphemes[index])
            return lineWidth(start, text.trimmedEnd(position, notBefore: start)) <= limit
        }
        let base = text.prefix[start]
        var found: Int?
        if fits(firstIndex) {
            found = Self.lastFitting(
                from: firstIndex, through: lastIndex,
                estimate: { text.prefix[Int(text.graphemes[$0])] - base <= limit }, fits)
        }
        let reach = limit &+ text.emergencyReach
        var index = (found ?? firstIndex) + 1
        while index <= lastIndex, text.prefix[Int(text.graphemes[index])] - base <= reach {
            if fits(index) { found = index }
            index += 1
        }
        return Int(text.graphemes[found ?? firstIndex])
    }

    /// The last index in `first...last` for which `fits` holds, given that it holds at `first` and, once
    /// false, stays false (widths grow with the position). Gallops from `first` to bracket the answer, then
    /// binary searches, so the cost follows log(line length), not the paragraph's length.
    @inline(__always)
    static func lastFitting(from first: Int, through last: Int, _ fits: (Int) -> Bool) -> Int {
        var low = first
        var high = last
        var step = 1
        while low + step <= last {
            if fits(low + step) {
                low += step
                step *= 2
            } else {
                high = low + step - 1
                break
            }
        }
        // The last fitting index in low...high (fits(low)), probing upper midpoints. `partitionPoint` over
        // low + 1..<high + 1 with `!fits` finds the same index but probes other midpoints (other widths
        // measured), which costs relayout about 0.6 % more instructions (callgrind).
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(mid) { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// `lastFitting(from:through:_:)` that first finds the answer of `estimate` (the stored widths:
    /// cheap) and confirms it with `fits` (the exact widths, which reshape at unsafe-to-break ends),
    /// stepping from there. For a `fits` that holds up to one index and not after, as `lastFitting`
    /// assumes, the answer is the same; it costs two or three exact widths instead of about 2 log(line
    /// length), because stored and exact widths differ only by a reshaped piece (kerning). After three
    /// steps it falls back to `lastFitting`. Requires `fits(first)`.
    @inline(__always)
    static func lastFitting(from first: Int, through last: Int, estimate: (Int) -> Bool, _ fits: (Int) -> Bool) -> Int {
        lastFitting(
            from: first, through: last,
            estimated: estimate(first) ? lastFitting(from: first, through: last, estimate) : first, fits)
    }

    /// The confirming half of `lastFitting(from:through:estimate:_:)`: `estimated` is the estimate's
    /// answer (`first` when the estimate does not hold there), however it was found. Its answer `r` is
    /// `last`, or `fits(r + 1)` was asked and was false (every path, the galloping fallback's included,
    /// stops on a failed probe just after its answer): `FastBreaker.emergencyEnd` relies on that.
    @inline(__always)
    static func lastFitting(from first: Int, through last: Int, estimated: Int, _ fits: (Int) -> Bool) -> Int {
        var low = estimated
        if low == first || fits(low) {
            var steps = 0
            while low < last, fits(low + 1) {
                low += 1
                steps += 1
                if steps == 3 { return lastFitting(from: low, through: last, fits) }
            }
            return low
        }
        // The answer is in first..<low.
        var high = low - 1
        var steps = 0
        while high > first, !fits(high) {
            high -= 1
            steps += 1
            if steps == 3 { return lastFitting(from: first, through: high, fits) }
        }
        return high
    }
}
