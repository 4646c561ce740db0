/// One line of `run` at a time, for the line walker (`LineWalker`, rule G1): the same choices as the loop
/// in `run` (W2–W7, T2–T7), from a start inside a paragraph, with the breaker's request giving this
/// line's width. Nothing is carried between lines but the start and the line count, so each line may
/// have its own width.
extension LineBreaker {
    /// What one step made: the line, whether the walk ends after it (the last permitted line of a
    /// truncating or clipping mode, T2), and whether some text is then not shown.
    struct Step {
        var line: BrokenLine
        var endsWalk: Bool
        var truncated: Bool
    }

    /// What `run` carries from line to line of a paragraph, so a line starts its search without a binary
    /// search: for a line starting at `start`, the index in `breaks` of the first opportunity after it,
    /// the paragraph's next mandatory break and one past its last candidate.
    struct Cursor {
        var start: Int
        var first: Int
        var forced: Int?
        var candidatesEnd: Int
    }

    /// The line starting at `start` inside `paragraph` (not empty), line `produced` of the walk;
    /// `isLastParagraph` says whether paragraphs follow (T7). `cursor` is the last step's, used when it
    /// starts at `start`, and left for the next line.
    func step(
        from start: Int, in paragraph: Paragraph, isLastParagraph: Bool, produced: Int,
        cursor: inout Cursor?
    ) -> Step {
        let isLastPermitted = maxLines > 0 && produced == maxLines - 1
        let limit = request.widths.limit(
            line: produced, isParagraphStart: start == paragraph.start,
            isLastPermitted: isLastPermitted)
        if isLastPermitted && mode.cutsLastLine {
            // As `run`: the last visible line takes the rest of its paragraph, up to a forced break.
            let hardEnd = nextMandatoryBreak(after: start, before: paragraph.end) ?? paragraph.end
            let cutInside = hardEnd < paragraph.end
            let full = lineWidth(start, text.trimmedEnd(hardEnd, notBefore: start))
            if full <= limit && !cutInside {
                return Step(line: plainLine(start, hardEnd), endsWalk: true, truncated: !isLastParagraph)
            }
            return Step(line: cutLine(start, hardEnd, limit: limit), endsWalk: true, truncated: true)
        }
        var end: Int
        switch mode {
        case .byCharWrapping:
            end = charWrapEnd(start, paragraph.end, limit: limit)
        default:
            var carried: Cursor
            if let cursor, cursor.start == start {
                carried = cursor
            } else {
                let forced = nextMandatoryBreak(after: start, before: paragraph.end)
                carried = Cursor(
                    start: start, first: text.breakIndex(after: start), forced: forced,
                    candidatesEnd: forced.map { text.breakIndex(after: $0) } ?? text.breakIndex(after: paragraph.end - 1))
            }
            if let position = carried.forced, position <= start {
                carried.forced = nextMandatoryBreak(after: start, before: paragraph.end)
                carried.candidatesEnd =
                    carried.forced.map { text.breakIndex(after: $0) }
                    ?? text.breakIndex(after: paragraph.end - 1)
            }
            var next: Int
            (end, next) = wordWrapEnd(
                start, paragraph.end, limit: limit, first: carried.first, forced: carried.forced,
                candidatesEnd: carried.candidatesEnd)
            var line = plainLine(start, end)
            if line.width > limit {  // K3, as `run`
                let fitted = fittedEnd(start, end, limit: limit, byCharacters: false)
                if fitted != end {
                    end = fitted
                    line = plainLine(start, end)
                    next = text.breakIndex(after: end)
                }
            }
            pushOutAhead(&line, paragraph: paragraph, produced: produced)
            carried.start = line.end
            carried.first = line.end == end ? next : text.breakIndex(after: line.end)
            cursor = carried
            return Step(line: line, endsWalk: false, truncated: false)
        }
        var line = plainLine(start, end)
        if line.width > limit { line = plainLine(start, fittedEnd(start, end, limit: limit, byCharacters: true)) }
        pushOutAhead(&line, paragraph: paragraph, produced: produced)
        return Step(line: line, endsWalk: false, truncated: false)
    }

    /// W6 push-out one line ahead: when the rest of the paragraph after `line` would be its last line at
    /// this line's width (the only width the walker knows), `run` would move a word down to it; so does
    /// this, giving the line that `run` gives at a constant width.
    func pushOutAhead(_ line: inout BrokenLine, paragraph: Paragraph, produced: Int) {
        guard strategy.contains(.pushOut), mode != .byCharWrapping, line.end < paragraph.end,
            maxLines == 0 || produced + 1 < maxLines
        else { return }
        // The next line ends the paragraph exactly when the rest fits on it (no forced break between).
        guard nextMandatoryBreak(after: line.end, before: paragraph.end) == nil else { return }
        let nextLimit = request.widths.limit(
            line: produced + 1, isParagraphStart: false,
            isLastPermitted: maxLines > 0 && produced + 1 == maxLines - 1)
        guard lineWidth(line.end, text.trimmedEnd(paragraph.end, notBefore: line.end)) <= nextLimit else { return }
        var last = plainLine(line.end, paragraph.end)
        pushOut(&line, &last, paragraphEnd: paragraph.end, lastIndex: produced + 1)
    }
}
