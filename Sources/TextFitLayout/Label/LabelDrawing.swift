import Foundation

/// Where a label draws its text: the lines that are visible in its bounds, their rects, and where the
/// ellipsis went (rules L7, T2–T5).
///
/// ```swift
/// var label = Label(text: "The quick brown fox jumps over the lazy dog", font: font, numberOfLines: 2)
/// label.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
/// let drawing = try label.drawing()
/// drawing.lines.map(\.text)        // ["The quick brown ", "fox jumps over t…"]
/// drawing.ellipsis?.lineIndex      // 1
/// drawing.isTruncated              // true
/// ```
public struct LabelDrawing: Sendable, Equatable {
    /// One drawn line, in the label's coordinates.
    public struct Line: Sendable, Equatable {
        /// What the line shows, ellipsis included.
        public let text: String
        /// The UTF-16 range of the source text the line covers (see `TextLine.range`).
        public let range: Range<Int>
        /// The line box: left aligned at the text rect's x, the line's width without hanging whitespace
        /// (W4), one line height.
        public let rect: CGRect
        /// The baseline's y in the label's coordinates.
        public let baseline: CGFloat
        /// The line was truncated or clipped.
        public let isTruncated: Bool
        /// Where this line's ellipsis sits, if it has one.
        public let ellipsis: EllipsisPlacement?
    }

    /// Where the ellipsis went.
    public struct Ellipsis: Sendable, Equatable {
        /// The index in `lines` of the line holding it (the last visible line, T2).
        public let lineIndex: Int
        /// Head, middle or tail (T4, T5).
        public let placement: EllipsisPlacement
        /// The "…" glyph's box in the label's coordinates.
        public let rect: CGRect
    }

    /// The text block: vertically centred in the bounds (L7), size rounded up to the pixel grid.
    public let textRect: CGRect
    /// The visible lines, top to bottom.
    public let lines: [Line]
    /// The ellipsis, when the last visible line has one.
    public let ellipsis: Ellipsis?
    /// Some text is not drawn: lines beyond the limit or the height, a truncated or clipped last line.
    public let isTruncated: Bool
}

extension Label {
    /// The drawing geometry of the label in its `bounds` (see `drawing(in:)`).
    /// - Throws: as `drawing(in:)`.
    public func drawing() throws -> LabelDrawing { try drawing(in: bounds) }

    /// The drawing geometry of the label's text in `bounds` (rules L7, T2–T5).
    ///
    /// Lines are laid out at `bounds.width` (0 or +infinity = unbounded, B7) with the label's mode and strategy, limited
    /// to `numberOfLines` and to the whole lines `bounds.height` holds (T3, at least one); the last
    /// visible line takes the rest of its paragraph and is cut with "…" in truncating modes. The block is
    /// centred vertically (L7; offsets are not snapped to pixels); a height ≤ 0 puts it at the top.
    /// - Returns: the lines in the label's coordinates, the ellipsis position, whether text is hidden.
    /// - Throws: `MeasureError.invalidWidth` (NaN width; a rect's `width` is never negative),
    ///   `.invalidNumberOfLines`, `.invalidScale`.
    public func drawing(in bounds: CGRect) throws -> LabelDrawing {
        try validate(numberOfLines: numberOfLines)
        // Q4: a shrinking label draws as the same label in its fitted font.
        if adjustsFontSizeToFitWidth, !isEmpty { return try fittedLabel(in: bounds).drawing(in: bounds) }
        let width = try CGFloat.wrapWidth(bounds.width)
        if isEmpty {
            return LabelDrawing(
                textRect: CGRect(origin: bounds.origin, size: .zero), lines: [], ellipsis: nil,
                isTruncated: false)
        }
        let limit = try visibleLineLimit(numberOfLines: numberOfLines, height: bounds.height, width: width)
        let layout = try preparedText.layout(
            width: width, numberOfLines: limit, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        var blockSize = layout.size
        if lineBreakMode == .byClipping, layout.isTruncated, let width { blockSize.width = min(blockSize.width, width) }
        blockSize = blockSize.ceiledToPixels(scale: scale)
        var top = bounds.minY
        if bounds.height > 0, !bounds.height.isUnboundedTextDimension {
            top += (bounds.height - blockSize.height) / 2
        }
        let origin = CGPoint(x: bounds.minX, y: top)

        var lines: [LabelDrawing.Line] = []
        var ellipsis: LabelDrawing.Ellipsis?
        for (index, line) in layout.lines.enumerated() {
            let rect = line.rect.offsetBy(dx: origin.x, dy: origin.y)
            lines.append(
                LabelDrawing.Line(
                    text: line.text, range: line.range, rect: rect,
                    baseline: origin.y + line.baseline, isTruncated: line.isTruncated,
                    ellipsis: line.ellipsis))
            if let placement = line.ellipsis {
                ellipsis = LabelDrawing.Ellipsis(
                    lineIndex: index, placement: placement,
                    rect: try ellipsisRect(line, placement: placement, lineRect: rect))
            }
        }
        return LabelDrawing(
            textRect: CGRect(origin: origin, size: blockSize), lines: lines, ellipsis: ellipsis,
            isTruncated: layout.isTruncated)
    }

    /// The "…" box on a truncated line: after the visible prefix (tail, middle) or at the start (head).
    private func ellipsisRect(_ line: TextLine, placement: EllipsisPlacement, lineRect: CGRect) throws -> CGRect {
        // T12: a custom token's box, where the engine placed it (its own width, the line's direction).
        if truncationToken != nil, let rect = line.truncationTokenRect {
            return rect.offsetBy(dx: lineRect.minX - line.rect.minX, dy: lineRect.minY - line.rect.minY)
        }
        // S7: a styled line's "…" is in the last visible character's style (its font and size), where
        // the line's glyphs put it; plain text has the label's font alone.
        if styledText != nil, let extent = line.glyphs().ellipsis {
            return CGRect(
                x: lineRect.minX + extent.lowerBound, y: lineRect.minY,
                width: extent.upperBound - extent.lowerBound, height: lineRect.height)
        }
        let ellipsisWidth = try Self.width(of: PreparedText.ellipsis, font: font)
        let x: CGFloat
        switch placement {
        case .head:
            x = 0
        case .tail:
            x = line.width - ellipsisWidth
        case .middle:
            let prefix =
                line.visibleRanges.first.map { range -> String in
                    let units = Array(preparedText.text.utf16)
                    return String(decoding: units[range.clamped(to: 0..<units.count)], as: UTF16.self)
                } ?? ""
            x = try Self.width(of: prefix, font: font)
        }
        return CGRect(x: lineRect.minX + max(0, x), y: lineRect.minY, width: ellipsisWidth, height: lineRect.height)
    }

    /// A string's single-line width in `font` (the engine draws each visible piece of a cut line alone).
    private static func width(of string: String, font: Font) throws -> CGFloat {
        try PreparedText(string, font: font).measure(width: nil).size.width
    }
}
