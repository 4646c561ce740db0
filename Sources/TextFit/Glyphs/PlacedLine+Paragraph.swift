import Foundation

/// What a paragraph style does to a line's glyphs beyond where the line sits: tabs advance to their stops
/// (P10) and a justified line's spaces take its stretch (P8), so the drawn advances add up to the line's
/// measured `width` as they do for plain lines.
extension PreparedText {
    /// Widens each glyph `drawnAdvances` names to its advance there: tabs to their stops, as the breaker
    /// measured them (`TabLayout`), and a justified line's spaces by their share of its stretch (the
    /// first spaces in logical order take the odd 1/1024 pt), moving the glyphs after each widened one.
    func spread(_ placed: inout PlacedLine, line: TextLine) {
        guard let settings = paragraphSettings, !placed.glyphs.isEmpty || placed.hangingWhitespace != nil else { return }
        var extras = [Int](repeating: 0, count: placed.glyphs.count)
        drawnExtras(placed.glyphs, line: line, into: &extras)
        var shift = 0
        var ellipsisShift: Int?
        for index in placed.glyphs.indices {
            // The "…" glyphs (no cluster) widen nothing and move with what precedes them.
            if placed.glyphs[index].cluster == nil, ellipsisShift == nil { ellipsisShift = shift }
            placed.glyphs[index].x += shift
            placed.glyphs[index].advance += extras[index]
            shift += extras[index]
        }
        if let hanging = placed.hangingWhitespace, hanging.lowerBound >= placed.width,
            shift != 0 || settings.tabLayout != nil
        {
            // A hanging tab advances to its stop too (the width with whitespace the breaker measured).
            let extent = settings.tabLayout == nil ? hanging.count : hangingWidth(for: line)
            placed.hangingWhitespace = (hanging.lowerBound + shift)..<(hanging.lowerBound + shift + extent)
        }
        guard shift != 0 else { return }
        if let ellipsis = placed.ellipsis, let moved = ellipsisShift {
            placed.ellipsis = (ellipsis.lowerBound + moved)..<(ellipsis.upperBound + moved)
        }
        placed.width += shift
    }

    /// Each widened cluster's extra advance (`drawnAdvances`: a tab's to its stop, P10; a justified
    /// space's share, P8): the drawn advance less the glyph's own, on the first glyph of the cluster. The
    /// same for truncated lines (the "…" in place) and for bidi lines, whose tabs take the paragraph level
    /// (UAX #9 L1) so that each column is one visual block and the columns run in the paragraph's direction.
    private func drawnExtras(_ glyphs: [PlacedGlyph], line: TextLine, into extras: inout [Int]) {
        let advances = drawnAdvances(for: line)
        guard !advances.isEmpty else { return }
        var done = Set<Int>()
        for index in glyphs.indices {
            guard let cluster = glyphs[index].cluster, done.insert(cluster).inserted else { continue }
            let at = partitionPoint(from: 0, to: advances.count) { advances[$0].offset >= cluster }
            guard at < advances.count, advances[at].offset == cluster else { continue }
            extras[index] = advances[at].advance - width(cluster, cluster + 1)
        }
    }
}
