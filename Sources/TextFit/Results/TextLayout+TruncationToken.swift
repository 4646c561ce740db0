import Foundation

// Where a truncated line's token went and what source text stayed visible (rules T12, T13): the answers an
// app needs to make "… Read more" tappable. Made on demand from the line's visual items, so laying out
// computes nothing for them.
extension TextLine {
    /// The box of the line's truncation token ("…", or the text's custom token, T8) in the layout's
    /// coordinates: as tall as the line box, as wide as the token's advance, at the token's visual place
    /// (the logical end of the visible text, placed in the line's direction, T12); nil when the line shows
    /// no token.
    ///
    /// ```swift
    /// let layout = try prepared.layout(width: 150, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
    /// layout.lines[0].truncationTokenRect   // right end of a left-to-right line, left end of a right-to-left one
    /// ```
    /// - Complexity: orders the line's runs (`visualRuns`'s work); no shaping.
    public var truncationTokenRect: CGRect? {
        guard ellipsis != nil, let item = preparedText.visualItems(for: self).first(where: \.isEllipsis) else {
            return nil
        }
        return CGRect(
            x: rect.minX + Units.points(item.x), y: rect.minY, width: Units.points(item.width), height: rect.height)
    }

    /// Where the source text the line shows before its token stops, as a UTF-16 offset (T13): the end of
    /// the visible text for tail truncation, of the prefix for middle truncation, and the line's start for
    /// head truncation (the token comes first). A line without a token shows its whole range: its end.
    ///
    /// ```swift
    /// let line = try prepared.layout(width: 150, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0]
    /// line.visibleEnd   // the offset where "…" replaced the rest
    /// ```
    public var visibleEnd: Int {
        switch ellipsis {
        case .none: return range.upperBound
        case .head?: return range.lowerBound
        case .tail?, .middle?: return visible.upperBound
        }
    }
}

extension TextLayout {
    /// The truncation token's box in the layout's coordinates (`TextLine.truncationTokenRect`), when a
    /// line shows one: only the last line can (T2).
    ///
    /// ```swift
    /// let layout = try review.layout(width: 200, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
    /// if let rect = layout.truncationTokenRect { print("tap target", rect) }
    /// ```
    public var truncationTokenRect: CGRect? { lines.last?.truncationTokenRect }
}
