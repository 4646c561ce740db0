/// One directional piece of a line in visual order, in 1/1024 pt from the line's left edge: a level run
/// of source text (UAX #9 L1–L2), or the ellipsis (`range` empty, `isEllipsis`).
struct VisualItem: Sendable, Equatable {
    var range: Range<Int>
    var level: UInt8
    var isEllipsis: Bool
    var x: Int
    var width: Int

    var isRightToLeft: Bool { level & 1 == 1 }
}

extension PreparedText {
    /// `line`'s drawn text and ellipsis as directional runs in visual order, tiling the line from x = 0 to
    /// its width (hanging whitespace excluded, W4). Line breaking works in logical order; this reorders one
    /// line (L1: whitespace and isolate controls at its end take the paragraph level; L2: reversal). The
    /// ellipsis takes the paragraph level at its logical place, so a tail-truncated right-to-left line shows
    /// it at its left end (rule D5).
    func visualItems(for line: TextLine) -> [VisualItem] {
        var pieces: [(range: Range<Int>, isEllipsis: Bool)] = []
        switch line.ellipsis {
        case .none:
            pieces = [
                (line.visible.lowerBound..<trimmedEnd(line.visible.upperBound, notBefore: line.visible.lowerBound), false)
            ]
        case .tail?: pieces = [(line.visible, false), (line.visible.upperBound..<line.visible.upperBound, true)]
        case .head?: pieces = [(line.visible.lowerBound..<line.visible.lowerBound, true), (line.visible, false)]
        case .middle?:
            pieces = [
                (line.visible, false), (line.visible.upperBound..<line.visible.upperBound, true), (line.suffix, false),
            ]
        }
        let tokenWidth = line.ellipsis.map { self.ellipsisWidth($0, visible: line.visible) } ?? 0
        // Tabs advance to their stops (P10) and a justified line's spaces take its stretch (P8), as the line
        // is drawn: each run is as wide as its glyphs.
        let tabs = drawnAdvances(for: line)
        func width(_ start: Int, _ end: Int) -> Int {
            tabs.isEmpty ? self.width(start, end) : self.width(start, end) + tabExtra(in: start..<end, tabs)
        }
        guard let bidi else {
            // Left to right throughout: the logical order is the visual one.
            return Self.placed(
                pieces.compactMap { piece in
                    piece.isEllipsis
                        ? VisualItem(range: piece.range, level: 0, isEllipsis: true, x: 0, width: tokenWidth)
                        : piece.range.isEmpty
                            ? nil
                            : VisualItem(
                                range: piece.range, level: 0, isEllipsis: false, x: 0,
                                width: width(piece.range.lowerBound, piece.range.upperBound))
                })
        }
        let paragraphLevel = bidi.paragraphLevel(at: line.range.lowerBound)
        var items: [VisualItem] = []
        for (index, piece) in pieces.enumerated() {
            if piece.isEllipsis {
                items.append(
                    VisualItem(range: piece.range, level: paragraphLevel, isEllipsis: true, x: 0, width: tokenWidth))
                continue
            }
            guard !piece.range.isEmpty else { continue }
            // L1 at the line's end: the last piece when no ellipsis follows it, including the whitespace
            // that hangs past the line (it is not drawn, but it decides nothing else either).
            let isLineEnd = index == pieces.count - 1
            let levelRange =
                isLineEnd && line.ellipsis == nil ? piece.range.lowerBound..<line.visible.upperBound : piece.range
            let levels = isLineEnd ? bidi.lineLevels(of: levelRange) : Array(bidi.levels[levelRange])
            var start = piece.range.lowerBound
            while start < piece.range.upperBound {
                let level = levels[start - levelRange.lowerBound]
                var end = start + 1
                while end < piece.range.upperBound, levels[end - levelRange.lowerBound] == level { end += 1 }
                items.append(VisualItem(range: start..<end, level: level, isEllipsis: false, x: 0, width: width(start, end)))
                start = end
            }
        }
        var order = Array(items.indices)
        BidiLevels.reverseRuns(count: items.count, level: { items[$0].level }) { order[$0].reverse() }
        return Self.placed(order.map { items[$0] })
    }

    /// Sets each item's x: the widths of the items left of it.
    private static func placed(_ items: [VisualItem]) -> [VisualItem] {
        var x = 0
        return items.map { item in
            var item = item
            item.x = x
            x += item.width
            return item
        }
    }
}
