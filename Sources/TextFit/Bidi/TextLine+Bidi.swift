import Foundation

/// A directional run of a laid-out line: source text of one embedding level, drawn left to right or right
/// to left, at its place in the line (UAX #9 L1–L2). Like a CoreText `CTRun`'s string range, status and
/// position.
public struct VisualRun: Sendable, Equatable {
    /// The UTF-16 range of the source text the run draws (end exclusive).
    public let range: Range<Int>
    /// The run's UAX #9 embedding level: odd levels run right to left.
    public let level: UInt8
    /// Drawn right to left (an odd level): its first character is at its right end.
    public var isRightToLeft: Bool { level & 1 == 1 }
    /// Left edge, in points from the line's left edge (`TextLine.rect`'s minX).
    public let x: CGFloat
    /// The run's advance width, in points.
    public let width: CGFloat
}

extension TextLine {
    /// The line's source text as directional runs in visual order, left to right (rules D3, D4): each with
    /// its UTF-16 range, direction, x and width. The runs and the ellipsis (`glyphs().ellipsis`) tile the
    /// line from 0 to `width`; hanging whitespace is in no run (W4), nor is a hyphenated line's hyphen (H2),
    /// which takes the rest of the line's width at its end. A left-to-right line has one run.
    ///
    /// ```swift
    /// let line = try PreparedText("Hello שלום עולם world", font: font).layout().lines[0]
    /// line.visualRuns.map(\.range)          // [0..<6, 6..<15, 15..<21]
    /// line.visualRuns.map(\.isRightToLeft)  // [false, true, false]
    /// ```
    public var visualRuns: [VisualRun] {
        preparedText.visualItems(for: self).compactMap { item in
            item.isEllipsis
                ? nil
                : VisualRun(
                    range: item.range, level: item.level, x: Units.points(item.x),
                    width: Units.points(item.width))
        }
    }

    /// The resolved base direction of the line's paragraph (`.leftToRight` or `.rightToLeft`): where its
    /// natural alignment puts it (rule D2).
    public var baseWritingDirection: WritingDirection { preparedText.baseWritingDirection(at: range.lowerBound) }

    /// The caret's x for UTF-16 offset `offset`, in points from the line's left edge: the leading edge of
    /// the character at `offset` in its run's direction (rule D6). Offsets before the line's drawn text
    /// answer its start, offsets after it its end (the paragraph direction decides which side that is).
    ///
    /// ```swift
    /// let line = try PreparedText("שלום", font: font).layout().lines[0]
    /// line.x(forOffset: 0) == line.width   // true: a right-to-left line starts at its right edge
    /// ```
    public func x(forOffset offset: Int) -> CGFloat {
        let text = preparedText
        let items = text.visualItems(for: self).filter { !$0.isEllipsis }
        guard !items.isEmpty else { return 0 }
        let start = items.map(\.range.lowerBound).min() ?? 0
        let end = items.map(\.range.upperBound).max() ?? 0
        let clamped = min(max(offset, start), end)
        let item = items.first { $0.range.contains(clamped) } ?? items.first { $0.range.upperBound == clamped } ?? items[0]
        let tabs = text.drawnAdvances(for: self)
        let stored =
            text.prefix[clamped] - text.prefix[item.range.lowerBound]
            + text.tabExtra(in: item.range.lowerBound..<clamped, tabs)
        // The run's end is its width, and inside it the stored advances are held within that width, as the
        // selection's carets hold them (`LineCarets`, R2): a run the line reshaped at its edge (an Arabic
        // word cut by a character wrap, its letters taking other forms) is narrower or wider than the
        // stored sums, which put the caret of its far end outside the line (−1.26 pt on a 9.5 pt line,
        // `Crashers/FuzzLineWidths/bidi-caret-left-of-the-line`). Between 0 and a width below 0 too, where
        // a negative kern moves the pen back (K1).
        let advance =
            clamped == item.range.upperBound ? item.width : min(max(stored, min(0, item.width)), max(0, item.width))
        return Units.points(item.isRightToLeft ? item.x + item.width - advance : item.x + advance)
    }

    /// The UTF-16 offset of the cluster boundary nearest to `x` (points from the line's left edge) in the
    /// run under it: what a tap at `x` puts the caret before (rule D6). Left of the line answers its
    /// visually first run's nearest end, right of it the last's; on the ellipsis, where the visible text
    /// stops. A NaN `x` is the left edge (as `TextLayout.closestPosition(to:)` takes it).
    ///
    /// ```swift
    /// let line = try PreparedText("abc", font: font).layout().lines[0]
    /// line.offset(atX: 0)            // 0
    /// line.offset(atX: line.width)   // 3
    /// ```
    public func offset(atX x: CGFloat) -> Int {
        let text = preparedText
        let items = text.visualItems(for: self)
        guard !items.isEmpty else { return range.lowerBound }
        // NaN is the left edge, as in `closestPosition(to:)`: `max(NaN, 0)` is NaN, and `Int(NaN)` traps.
        let target = x.isNaN ? 0 : Int((min(max(Double(x), 0), 1e12) * Double(Units.perPoint)).rounded())
        let item = items.first { target < $0.x + $0.width } ?? items[items.count - 1]
        if item.isEllipsis { return visible.upperBound }
        let distance = item.isRightToLeft ? item.x + item.width - target : target - item.x
        // The cluster boundaries of the run, and the one whose advance from the run's start is nearest.
        let graphemes = text.graphemes
        let tabs = text.drawnAdvances(for: self)
        var index = partitionPoint(from: 0, to: graphemes.count) { Int(graphemes[$0]) >= item.range.lowerBound }
        var best = item.range.lowerBound
        var bestDistance = Int.max
        while index < graphemes.count, Int(graphemes[index]) <= item.range.upperBound {
            let boundary = Int(graphemes[index])
            let advance =
                text.prefix[boundary] - text.prefix[item.range.lowerBound]
                + (tabs.isEmpty ? 0 : text.tabExtra(in: item.range.lowerBound..<boundary, tabs))
            let gap = abs(advance - distance)
            if gap < bestDistance { (best, bestDistance) = (boundary, gap) }
            index += 1
        }
        return best
    }
}

extension TextLayout {
    /// The resolved base direction of the first paragraph (`.leftToRight` or `.rightToLeft`, rule D1): from
    /// `PreparedText(_:font:baseWritingDirection:)`, or for `.natural` from the first strong character.
    public var baseWritingDirection: WritingDirection { preparedText.baseWritingDirection() }
}
