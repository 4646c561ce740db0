import Foundation

/// What a paragraph style does to a line's glyphs beyond where the line sits: tabs advance to their stops
/// (P10) and a justified line's spaces take its stretch (P8), so the drawn advances add up to the line's
/// measured `width` as they do for plain lines.
extension PreparedText {
    /// Widens `line`'s tab glyphs to their stops, as `LineBreaker.lineWidth` measured them, then spreads
    /// a justified line's stretch over its spaces (the first spaces take the odd 1/1024 pt), moving the
    /// glyphs after each widened one.
    func spread(_ placed: inout PlacedLine, line: TextLine) {
        guard let settings = paragraphSettings, !placed.glyphs.isEmpty else { return }
        var extras = [Int](repeating: 0, count: placed.glyphs.count)
        if let stops = settings.tabs, line.ellipsis == nil, bidi == nil {
            // A truncated line measured its tabs as spaces (T4 compares stored widths), so only whole lines.
            tabExtras(placed.glyphs, stops: stops, settings: settings, lineStart: line.range.lowerBound, into: &extras)
        }
        if settings.style.alignment == .justified, line.ellipsis == nil {
            let target = Int((line.width * CGFloat(Units.perPoint)).rounded())
            let stretch = target - placed.width - extras.reduce(0, +)
            let visibleEnd = trimmedEnd(line.visible.upperBound, notBefore: line.visible.lowerBound)
            let spaces = placed.glyphs.indices.filter { index in
                guard let cluster = placed.glyphs[index].cluster else { return false }
                return cluster < visibleEnd && isSpace(cluster)
            }
            if stretch > 0, !spaces.isEmpty {
                let share = stretch / spaces.count
                let odd = stretch - share * spaces.count
                for (k, index) in spaces.enumerated() { extras[index] += share + (k < odd ? 1 : 0) }
            }
        }
        var shift = 0
        for index in placed.glyphs.indices {
            placed.glyphs[index].x += shift
            placed.glyphs[index].advance += extras[index]
            shift += extras[index]
        }
        guard shift != 0 else { return }
        if let hanging = placed.hangingWhitespace, hanging.lowerBound >= placed.width {
            placed.hangingWhitespace = (hanging.lowerBound + shift)..<(hanging.upperBound + shift)
        }
        placed.width += shift
    }

    /// Each tab glyph's extra advance (P10): the pen runs from the head indent, a left stop puts the text
    /// after the tab at the stop, a right (centre) stop ends (centres) the text up to the next tab there,
    /// never moving back; without a stop the tab keeps its own advance. The text between tabs is the
    /// glyphs' advances, which are its stored widths.
    private func tabExtras(_ glyphs: [PlacedGlyph], stops: TabStops, settings: ParagraphSettings, lineStart: Int,
                           into extras: inout [Int]) {
        let startsParagraph = lineStart == 0 || Paragraphs.isSeparator(units[lineStart - 1])
        let origin = startsParagraph ? settings.firstHeadIndent : settings.headIndent
        func isTab(_ index: Int) -> Bool { glyphs[index].cluster.map { units[$0] == 0x09 } ?? false }
        /// The advances from `index` to the next tab glyph (or the end), and that tab's index.
        func chunk(from index: Int) -> (width: Int, tab: Int) {
            var width = 0
            var k = index
            while k < glyphs.count, !isTab(k) { width += glyphs[k].advance; k += 1 }
            return (width, k)
        }
        var (width, tab) = chunk(from: 0)
        var pen = origin + width
        while tab < glyphs.count {
            let before = pen
            let next = chunk(from: tab + 1)
            var start = before + glyphs[tab].advance
            if let stop = stops.next(after: before) {
                switch stop.alignment.resolved() {
                case .left: start = stop.location
                case .right: start = max(before, stop.location - next.width)
                case .center: start = max(before, stop.location - next.width / 2)
                default: start = before
                }
            }
            extras[tab] = start - before - glyphs[tab].advance
            pen = start + next.width
            (width, tab) = next
        }
    }
}
