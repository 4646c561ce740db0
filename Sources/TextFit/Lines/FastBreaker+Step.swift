/// One line of `FastBreaker.run` at a time, for the line walker (issue 32, rule G1): the same search
/// (`wrapEnd`) over the same flat arrays, resumed where the last line left it (`Resume`: the index of the
/// next line's first opportunity and the last line's opportunity count, the galloping guess), so a walk
/// costs what `run` costs per line plus the walker's own bookkeeping. `LineBreaker.step` stays the
/// walker's breaker for what `canRun` refuses and for paragraph styles.
extension FastBreaker {
    /// What a step leaves for the next line: where it starts, the index in `breaks` of its first
    /// opportunity, and the opportunity count of the line just made.
    struct Resume {
        var start: Int
        var cursor: Int
        var previousCount: Int
    }

    /// `LineBreaker.step` for a text and configuration `canRun` accepts: the line starting at `start`
    /// inside paragraph `index` (not empty), line `produced` of the walk. `resume` is the last step's, used
    /// when it starts at `start`, and left for the next line.
    func step(
        _ text: PreparedText, paragraph index: Int, from start: Int, produced: Int,
        resume: inout Resume?
    ) -> LineBreaker.Step {
        text.withFastView { view in step(view, text, paragraph: index, from: start, produced: produced, resume: &resume) }
    }

    private func step(
        _ view: FastView, _ text: PreparedText, paragraph index: Int, from start: Int, produced: Int,
        resume: inout Resume?
    ) -> LineBreaker.Step {
        let paragraphs = text.storage.paragraphsBuffer
        let paragraphEnd = paragraphs[index].end
        let isLastPermitted = maxLines > 0 && produced == maxLines - 1
        let limit = isLastPermitted ? lastLineMaxWidth ?? maxWidth : maxWidth
        if isLastPermitted && mode.cutsLastLine {
            // T2/T4: the last visible line takes the rest of its paragraph (no forced break inside).
            if Self.width(view, text, start, view.trimmedEnd(paragraphEnd, notBefore: start)) <= limit {
                return LineBreaker.Step(
                    line: Self.plainLine(view, text, start, paragraphEnd), endsWalk: true,
                    truncated: index < paragraphs.count - 1)
            }
            return LineBreaker.Step(
                line: cutLine(view, text, start, paragraphEnd, limit: limit), endsWalk: true, truncated: true)
        }
        let breakCount = text.storage.breaksBuffer.count
        var cursor: Int
        var guess = 1
        if let resume, resume.start == start {
            cursor = resume.cursor
            guess = resume.previousCount
        } else {
            cursor = text.breakIndex(after: start)
        }
        let found = Self.wrapEnd(
            view, text, start: start, first: cursor, candidatesEnd: Int(text.storage.paragraphBreaksEndBuffer[index]),
            paragraphEnd: paragraphEnd, limit: limit, monotone: text.breakVisiblePrefixIsMonotone, storesLines: true,
            previousCount: &guess)
        var line: BrokenLine
        if found.stored >= 0 {
            let low = found.stored
            let base = view.prefix[start]
            let position = Int(view.breaks[low])
            line = BrokenLine(
                start: start, end: position, visible: start..<position, width: view.visiblePrefix[low] - base,
                widthWithWhitespace: view.breakPrefix[low] - base, ellipsis: nil, isCut: false)
            cursor = low + 1
        } else {
            var end = found.end
            line = Self.plainLine(view, text, start, end)
            if line.width > limit {  // K3, as `run`
                end = general(text).fittedEnd(start, end, limit: limit, byCharacters: false)
                line = Self.plainLine(view, text, start, end)
            }
            while cursor < breakCount, Int(view.breaks[cursor]) <= end { cursor += 1 }
        }
        if strategy.contains(.pushOut) {
            // W6 one line ahead, as `LineBreaker.step`: rare (`.standard`), so the general code.
            let end = line.end
            general(text).pushOutAhead(&line, paragraph: paragraphs[index], produced: produced)
            if line.end != end { cursor = text.breakIndex(after: line.end) }
        }
        resume = Resume(start: line.end, cursor: cursor, previousCount: guess)
        return LineBreaker.Step(line: line, endsWalk: false, truncated: false)
    }
}
