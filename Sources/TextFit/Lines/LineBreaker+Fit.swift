/// Rule K3: a line is never wider than its room, shown hyphen included, unless its first cluster alone
/// (with its hyphen) is (W2's emergency). The searches of `wordWrapEnd`, `charWrapEnd` and
/// `emergencyEnd` assume a line grows with its end, and count a soft hyphen's shown hyphen (H2) only at
/// the end they found. Under a negative kern (K2) a soft hyphen or a zero-width character is narrower than
/// nothing, so a longer piece can be narrower than a shorter one, and the step back from a hyphen that
/// does not fit can land on a wider line ("co\u{AD}op\u{AD}er…" kerned −5 pt in Noto Sans 24: "\u{AD}er"
/// 8.45 pt in a 4 pt room, after "\u{AD}er\u{AD}" fitted without its hyphen). Both breakers therefore
/// confirm a line's reported width before they make it, where it can exceed the room, and only then walk
/// back; a line that fits, which is every line but an emergency break's in text without such kerns or soft
/// hyphens, costs one comparison.
extension LineBreaker {
    /// The width `plainLine(start, end)` reports: the visible width (W4) and the shown hyphen (H2).
    func reportedWidth(_ start: Int, _ end: Int) -> Int {
        lineWidth(start, text.trimmedEnd(end, notBefore: start)) + (hyphenation?.extra(at: end) ?? 0)
    }

    /// K3: `end`, when the line from `start` to it fits `limit` with its hyphen, else the furthest earlier
    /// end that does: for word wrapping an opportunity or, with a hyphenation factor above 0, a dictionary
    /// point (H3), then a cluster boundary inside the line's first word (W2); for character wrapping a
    /// cluster boundary (W3), spaces after it hanging. When none fits, the first cluster (W2).
    /// - Complexity: O(length of the line), only for a line wider than its room.
    func fittedEnd(_ start: Int, _ end: Int, limit: Int, byCharacters: Bool) -> Int {
        if reportedWidth(start, end) <= limit { return end }
        var bound = end  // cluster boundaries are tried strictly before it
        if !byCharacters {
            var best = start
            var index = text.breakIndex(after: start)
            let firstOpportunity = index < text.breaks.count ? Int(text.breaks[index]) : end
            while index < text.breaks.count, Int(text.breaks[index]) < end {
                let candidate = Int(text.breaks[index])
                if reportedWidth(start, candidate) <= limit { best = candidate }
                index += 1
            }
            if let hyphenation, hyphenation.factor > 0 {
                var point = hyphenation.endIndex(before: end)
                while point > 0 {
                    point -= 1
                    let position = Int(hyphenation.positions[point])
                    guard position > best else { break }
                    if hyphenation.fromDictionary[point], reportedWidth(start, position) <= limit {
                        best = position
                        break
                    }
                }
            }
            if best > start { return best }
            bound = min(end, firstOpportunity)
        }
        var index = text.graphemeIndex(atOrAfter: start + 1)
        let first = min(end, Int(text.graphemes[index]))
        var best = first
        var bestFits = false
        while index < text.graphemes.count, Int(text.graphemes[index]) < bound {
            let boundary = Int(text.graphemes[index])
            if reportedWidth(start, boundary) <= limit {
                best = boundary
                bestFits = true
            }
            index += 1
        }
        if !bestFits { return first }
        if byCharacters {
            // W3: whitespace after the break hangs (as `charWrapEnd`).
            while best < end, text.isSpace(best) {
                best = Int(text.graphemes[text.graphemeIndex(atOrAfter: best + 1)])
            }
        }
        return best
    }
}
