/// Word wrapping with hyphens (rules H1–H3, H8): the greedy end, then soft hyphens' widths, then the
/// dictionary's points when the factor lets a line take one. Only texts with a `Hyphenation` come here
/// (their paragraph settings send them to the general breaker), so plain text's paths are unchanged.
extension LineBreaker {
    /// The end of the line from `start`: `wordWrapEnd`'s answer, moved back when it is a soft hyphen whose
    /// shown hyphen no longer fits (H1, H2), or forward into the next word at the furthest dictionary point
    /// whose line and hyphen fit, when the line would otherwise fill less than the factor × its width
    /// (H3); a word too long for any line breaks at a point (the furthest whose hyphen fits) before it
    /// breaks between clusters (W2).
    func hyphenatedEnd(
        _ start: Int, _ paragraphEnd: Int, limit: Int, first: Int, forced: Int?, candidatesEnd: Int,
        _ hyphenation: Hyphenation
    ) -> Int {
        var end: Int
        if strategy.contains(.hangulWordPriority) && text.hasBreaksBetweenHangul || tabs != nil {
            end = wordWrapEndScanning(start, paragraphEnd, limit: limit)
        } else {
            end =
                wordWrapEndGalloping(
                    start, paragraphEnd, limit: limit, first: first, forced: forced,
                    end: candidatesEnd
                ).position
        }
        if end >= paragraphEnd { return end }
        // H1/H2: the greedy end counted no hyphen; step back over soft hyphens that do not fit with theirs.
        var extra = hyphenation.extra(at: end)
        if extra > 0, width(start, end) + extra > limit {
            var index = text.breakIndex(after: start)
            var best = -1
            while index < text.breaks.count, Int(text.breaks[index]) < end {
                let candidate = Int(text.breaks[index])
                if width(start, candidate) + hyphenation.extra(at: candidate) <= limit { best = candidate }
                index += 1
            }
            if best > start {
                end = best
            } else {
                // Not even the first piece fits with its hyphen: break between clusters (W2).
                end = emergencyEnd(start, end, limit: limit)
            }
            extra = hyphenation.extra(at: end)
        }
        guard hyphenation.factor > 0, forced.map({ $0 != end }) ?? true else { return end }
        // H3: a dictionary point in the word after the line, when the line is short enough to want one;
        // inside the line's first word when it ended between clusters (a word wider than the line).
        let isOpportunity = text.flags[end] & PreparedText.Flag.breakAllowed != 0
        let wordStart = isOpportunity ? end : start
        let filled = width(start, end) + extra
        guard !isOpportunity || filled * 1024 < hyphenation.factor * limit else { return end }
        let next = text.breakIndex(after: wordStart)
        let wordEnd = next < text.breaks.count ? min(Int(text.breaks[next]), paragraphEnd) : paragraphEnd
        var index = hyphenation.endIndex(before: wordEnd)
        while index > 0 {
            index -= 1
            let point = Int(hyphenation.positions[index])
            guard point > wordStart, point > start else { break }
            if hyphenation.fromDictionary[index], lineWidth(start, point) + Int(hyphenation.widths[index]) <= limit {
                return point
            }
        }
        if !isOpportunity, hyphenation.fromDictionary.indices.contains(hyphenation.index(of: end) ?? -1),
            width(start, end) + extra > limit
        {
            // An emergency end that falls on a dictionary point would show a hyphen that does not fit:
            // one cluster earlier, when there is one.
            let previous = text.graphemeBoundary(before: end)
            if previous > start { return previous }
        }
        return end
    }

    /// The line's width up to `end` without hanging whitespace (W4), hyphen not included.
    private func width(_ start: Int, _ end: Int) -> Int {
        lineWidth(start, text.trimmedEnd(end, notBefore: start))
    }
}
