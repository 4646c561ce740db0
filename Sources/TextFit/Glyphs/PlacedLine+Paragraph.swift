import Foundation

/// What a paragraph style does to a line's glyphs beyond where the line sits: tabs advance to their stops
/// (P10) and a justified line's spaces take its stretch (P8), so the drawn advances add up to the line's
/// measured `width` as they do for plain lines.
extension PreparedText {
    /// Widens `line`'s tab glyphs to their stops, as the breaker measured them (`TabLayout`), then spreads
    /// a justified line's stretch over its spaces (the first spaces take the odd 1/1024 pt), moving the
    /// glyphs after each widened one.
    func spread(_ placed: inout PlacedLine, line: TextLine) {
        guard let settings = paragraphSettings, !placed.glyphs.isEmpty || placed.hangingWhitespace != nil else { return }
        var extras = [Int](repeating: 0, count: placed.glyphs.count)
        if settings.tabLayout != nil { tabExtras(placed.glyphs, line: line, into: &extras) }
        if settings.style.alignment == .justified, line.ellipsis == nil {
            let target = Int((line.width * CGFloat(Units.perPoint)).rounded())
            let stretch = target - placed.width - extras.reduce(0, +)
            let visibleEnd = trimmedEnd(line.visible.upperBound, notBefore: line.visible.lowerBound)
            // One share per space cluster, the odd units to the first in logical order (a bidi line's
            // glyphs are in visual order): the shares `drawnAdvances` gives visual runs and carets.
            var seen = Set<Int>()
            let spaces = placed.glyphs.indices.filter { index in
                guard let cluster = placed.glyphs[index].cluster else { return false }
                return cluster < visibleEnd && isSpace(cluster)
            }.sorted { placed.glyphs[$0].cluster! < placed.glyphs[$1].cluster! }
             .filter { seen.insert(placed.glyphs[$0].cluster!).inserted }
            if stretch > 0, !spaces.isEmpty {
                let share = stretch / spaces.count
                let odd = stretch - share * spaces.count
                for (k, index) in spaces.enumerated() { extras[index] += share + (k < odd ? 1 : 0) }
            }
        }
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
           shift != 0 || settings.tabLayout != nil {
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

    /// Each tab glyph's extra advance (P10): the advance the shared `TabLayout` gave its tab, less the
    /// glyph's own, on the first glyph of the tab's cluster. The same for truncated lines (the "…" in
    /// place) and for bidi lines, whose tabs take the paragraph level (UAX #9 L1) so that each column is
    /// one visual block and the columns run in the paragraph's direction.
    private func tabExtras(_ glyphs: [PlacedGlyph], line: TextLine, into extras: inout [Int]) {
        let advances = tabAdvances(for: line)
        guard !advances.isEmpty else { return }
        var done = Set<Int>()
        for index in glyphs.indices {
            guard let cluster = glyphs[index].cluster, units[cluster] == 0x09, done.insert(cluster).inserted else { continue }
            let at = partitionPoint(from: 0, to: advances.count) { advances[$0].offset >= cluster }
            guard at < advances.count, advances[at].offset == cluster else { continue }
            extras[index] = advances[at].advance - width(cluster, cluster + 1)
        }
    }
}
