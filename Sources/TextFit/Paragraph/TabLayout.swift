import Foundation

/// The one tab layout of rule P10, shared by every reader of a tabbed line: the breaker's widths
/// (`LineBreaker.lineWidth`, the truncated lines of T4/T5), glyph placement (`spread`), and the visual
/// runs and caret positions (`visualItems`, `TextLine.x(forOffset:)`). Each asks `width(...)` for the
/// same pieces of the same line, so the width a line is measured with is the sum of its drawn advances.
///
/// A tab moves the pen to the first stop after it, measured from the leading margin (the right one in a
/// right-to-left paragraph: Apple, `NSTextTab`, "relative to the back margin"). The column after the tab
/// (the text up to the next tab or the line's end, a "…" in it included) then starts at a leading stop,
/// ends at a trailing one, is centred on a centre one, and on a decimal stop has its first column
/// terminator start there (a column without one ends there, as at a right stop); the pen never moves
/// back. Alignments are absolute (Apple: "tabbed text is always positioned to the left of a
/// right-aligned tab, whether the line sweep direction is left to right or right to left"): `.left` leads
/// left to right and trails right to left, `.right` the reverse, `.natural` leads in both. Past the last
/// stop with no interval a tab keeps its own advance, like a space.
///
/// Only texts that contain a tab have one (prepared without a style, the default stops); text without a
/// tab never comes here.
struct TabLayout: Sendable {
    let stops: TabStops
    /// UTF-16 offsets of the tabs, ascending.
    let positions: [Int]
    /// Head indents in 1/1024 pt: the pen's start on a paragraph's first line and on the others.
    let firstIndent: Int
    let headIndent: Int

    /// Whether a tab lies in `range`.
    func hasTab(in range: Range<Int>) -> Bool {
        let index = partitionPoint(from: 0, to: positions.count) { positions[$0] >= range.lowerBound }
        return index < positions.count && positions[index] < range.upperBound
    }

    /// The width of a line's drawn content in 1/1024 pt: `first`'s text, then a token `token` wide (the
    /// "…"; 0 for none), then `second`'s text, in logical order, each tab advanced to its stop. The line
    /// starts at `lineStart` (which decides its indent, P9). `tab` hears each tab's offset and advance.
    func width(
        _ text: PreparedText, lineStart: Int, _ first: Range<Int>, token: Int = 0, _ second: Range<Int>? = nil,
        tab: (_ offset: Int, _ advance: Int) -> Void = { _, _ in }
    ) -> Int {
        let hasTab = hasTab(in: first) || second.map(hasTab(in:)) == true
        guard hasTab else {
            return text.width(first.lowerBound, first.upperBound) + token
                + (second.map { text.width($0.lowerBound, $0.upperBound) } ?? 0)
        }
        let startsParagraph = lineStart == 0 || Paragraphs.isSeparator(text.units[lineStart - 1])
        let origin = startsParagraph ? firstIndent : headIndent
        let rightToLeft = text.isBidirectional && text.baseWritingDirection(at: lineStart) == .rightToLeft
        var pen = origin
        // The tab whose stop the current column aligns to (−1: none), the pen where it was met, the
        // column's width so far, and for a decimal stop the width before its first terminator.
        var pendingTab = -1
        var pendingStop: TabStops.Stop?
        var columnStart = 0
        var column = 0
        var beforeTerminator = -1

        func add(_ width: Int) {
            if pendingTab >= 0 { column += width } else { pen += width }
        }
        func addText(_ from: Int, _ to: Int) {
            guard to > from else { return }
            if pendingTab >= 0, beforeTerminator < 0, let terminators = pendingStop?.terminators,
                let terminator = text.firstCharacter(in: from..<to, of: terminators)
            {
                beforeTerminator = column + text.width(from, terminator)
            }
            add(text.width(from, to))
        }
        func resolve() {
            guard pendingTab >= 0, let stop = pendingStop else { return }
            let aligned: Int
            switch Self.kind(stop, rightToLeft: rightToLeft) {
            case .trailing: aligned = column
            case .center: aligned = column / 2
            case .decimal:
                // The terminator starts at the stop: left to right the text before it precedes the stop; right
                // to left (a number runs left to right inside it) the terminator and what follows do.
                let before = beforeTerminator >= 0 ? beforeTerminator : column
                aligned = rightToLeft ? column - before : before
            case .leading: aligned = 0
            }
            let start = max(columnStart, stop.location - aligned)
            tab(pendingTab, start - columnStart)
            pen = start + column
            pendingTab = -1
            pendingStop = nil
            column = 0
            beforeTerminator = -1
        }
        func addRange(_ range: Range<Int>) {
            var position = range.lowerBound
            var index = partitionPoint(from: 0, to: positions.count) { positions[$0] >= range.lowerBound }
            while index < positions.count, positions[index] < range.upperBound {
                let offset = positions[index]
                addText(position, offset)
                resolve()
                if let stop = stops.next(after: pen) {
                    if Self.kind(stop, rightToLeft: rightToLeft) == .leading {
                        tab(offset, stop.location - pen)
                        pen = stop.location
                    } else {
                        pendingTab = offset
                        pendingStop = stop
                        columnStart = pen
                    }
                } else {
                    let own = text.width(offset, offset + 1)
                    tab(offset, own)
                    pen += own
                }
                position = offset + 1
                index += 1
            }
            addText(position, range.upperBound)
        }
        addRange(first)
        add(token)
        if let second { addRange(second) }
        resolve()
        return pen - origin
    }

    enum Kind { case leading, trailing, center, decimal }

    /// How a stop aligns its column in pen terms (from the leading margin): alignments are absolute.
    static func kind(_ stop: TabStops.Stop, rightToLeft: Bool) -> Kind {
        switch stop.alignment {
        case .center: return .center
        case .right: return stop.terminators != nil ? .decimal : rightToLeft ? .leading : .trailing
        case .left: return rightToLeft ? .trailing : .leading
        case .natural, .justified: return .leading
        }
    }
}

extension PreparedText {
    /// The first UTF-16 offset in `range` whose character is in `set` (a surrogate pair read as its scalar).
    func firstCharacter(in range: Range<Int>, of set: CharacterSet) -> Int? {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let unit = units[offset]
            var scalar = Unicode.Scalar(unit)
            var length = 1
            if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
                scalar = Unicode.Scalar(UTF16.scalarValue(lead: unit, trail: units[offset + 1]))
                length = 2
            }
            if let scalar, set.contains(scalar) { return offset }
            offset += length
        }
        return nil
    }

    /// Each cluster of `line` a paragraph style widens, with its drawn advance, by offset: tabs advanced to
    /// their stops (P10) and, on a justified line, each space with its share of the stretch (P8, the
    /// first spaces in logical order taking the odd 1/1024 pt, as the glyphs do). Visual runs and caret
    /// queries read it, so on such lines they span what is drawn; empty for lines nothing widens.
    func drawnAdvances(for line: TextLine) -> [(offset: Int, advance: Int)] {
        var advances = tabAdvances(for: line)
        guard let settings = paragraphSettings, settings.style.alignment == .justified, line.ellipsis == nil else {
            return advances
        }
        let visibleEnd = trimmedEnd(line.visible.upperBound, notBefore: line.visible.lowerBound)
        let range = line.visible.lowerBound..<visibleEnd
        let target = Int((line.width * CGFloat(Units.perPoint)).rounded())
        // A hyphenated line's hyphen (H2) is part of the width the stretch fills up to the room: without it
        // a justified hyphenated line drew a hyphen's width past its room.
        let stretch =
            target - width(range.lowerBound, range.upperBound) - tabExtra(in: range, advances) - line.shownHyphenAdvance
        let spaces = range.filter { isSpace($0) && (flags[$0] & Flag.grapheme != 0 || $0 == range.lowerBound) }
        guard stretch > 0, !spaces.isEmpty else { return advances }
        let share = stretch / spaces.count
        let odd = stretch - share * spaces.count
        for (k, offset) in spaces.enumerated() {
            let extra = share + (k < odd ? 1 : 0)
            if let at = advances.firstIndex(where: { $0.offset == offset }) {
                advances[at].advance += extra
            } else {
                advances.append((offset, width(offset, offset + 1) + extra))
            }
        }
        return advances.sorted { $0.offset < $1.offset }
    }

    /// Each tab's advance on `line` (P10), by offset, from the shared `TabLayout`: empty when the line
    /// has no tab laid out by a paragraph style.
    func tabAdvances(for line: TextLine) -> [(offset: Int, advance: Int)] {
        guard let layout = paragraphSettings?.tabLayout else { return [] }
        let visible = line.visible
        guard layout.hasTab(in: visible) || layout.hasTab(in: line.suffix) else { return [] }
        var result: [(offset: Int, advance: Int)] = []
        let token = line.ellipsis.map { ellipsisWidth($0, visible: visible) } ?? 0
        let start = line.range.lowerBound
        switch line.ellipsis {
        case .none:
            _ = layout.width(
                self, lineStart: start, visible.lowerBound..<trimmedEnd(visible.upperBound, notBefore: visible.lowerBound)
            ) {
                result.append(($0, $1))
            }
        case .tail?:
            _ = layout.width(self, lineStart: start, visible, token: token) { result.append(($0, $1)) }
        case .head?:
            _ = layout.width(self, lineStart: start, visible.lowerBound..<visible.lowerBound, token: token, visible) {
                result.append(($0, $1))
            }
        case .middle?:
            _ = layout.width(self, lineStart: start, visible, token: token, line.suffix) { result.append(($0, $1)) }
        }
        return result.sorted { $0.offset < $1.offset }
    }

    /// The width of `line`'s hanging whitespace (W4), a hanging tab advanced to its stop (P10): the
    /// breaker's width with whitespace less its width.
    func hangingWidth(for line: TextLine) -> Int {
        let visible = line.visible
        let drawn = trimmedEnd(visible.upperBound, notBefore: visible.lowerBound)
        guard let layout = paragraphSettings?.tabLayout, layout.hasTab(in: visible) else {
            return width(visible.lowerBound, visible.upperBound) - width(visible.lowerBound, drawn)
        }
        let start = line.range.lowerBound
        return layout.width(self, lineStart: start, visible)
            - layout.width(self, lineStart: start, visible.lowerBound..<drawn)
    }

    /// What the tabs of `advances` add in `range` beyond their own widths (`width(_:_:)` counts a tab as
    /// its glyph).
    func tabExtra(in range: Range<Int>, _ advances: [(offset: Int, advance: Int)]) -> Int {
        var extra = 0
        for tab in advances where range.contains(tab.offset) { extra += tab.advance - width(tab.offset, tab.offset + 1) }
        return extra
    }
}
