/// Tabs in the general breaker (P10): a tab advances to the next stop after the pen, measured from the
/// leading margin, so a line's width depends on where the line starts and on its indent. Only texts
/// prepared with a paragraph style that contain a tab come here; every other text measures lines with
/// the prefix sums alone (`PreparedText.width`).
extension LineBreaker {
    struct Tabs {
        let stops: TabStops
        /// UTF-16 offsets of the tabs, ascending.
        let positions: [Int]
        /// Head indents in 1/1024 pt: the pen's start on a paragraph's first line and on the others.
        let firstIndent: Int
        let headIndent: Int
    }

    /// The width of the line from `start` to `end`: `PreparedText.width` without tabs, else with each tab
    /// advancing to its stop (P10): a left stop puts the text after it at the stop, a right (center) stop
    /// ends (centres) the text up to the next tab or the line's end at it, never moving the pen back; past
    /// the last stop with no interval a tab keeps its own advance, like a space.
    func lineWidth(_ start: Int, _ end: Int) -> Int {
        guard let tabs else { return text.width(start, end) }
        let positions = tabs.positions
        var index = partitionPoint(from: 0, to: positions.count) { positions[$0] >= start }
        guard index < positions.count, positions[index] < end else { return text.width(start, end) }
        let startsParagraph = start == 0 || Paragraphs.isSeparator(text.units[start - 1])
        let origin = startsParagraph ? tabs.firstIndent : tabs.headIndent
        var pen = origin
        var position = start
        var pending: (location: Int, alignment: TextAlignment)?
        func place(_ width: Int) {
            switch pending?.alignment.resolved() {
            case .right?: pen = max(pen, pending.unsafelyUnwrapped.location - width) + width
            case .center?: pen = max(pen, pending.unsafelyUnwrapped.location - width / 2) + width
            default: pen += width
            }
            pending = nil
        }
        while index < positions.count, positions[index] < end {
            let tab = positions[index]
            place(text.width(position, tab))
            if let stop = tabs.stops.next(after: pen) {
                if stop.alignment.resolved() == .left { pen = stop.location } else { pending = stop }
            } else {
                pen += text.width(tab, tab + 1)
            }
            position = tab + 1
            index += 1
        }
        place(text.width(position, end))
        return pen - origin
    }
}
