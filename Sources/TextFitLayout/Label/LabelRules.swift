import Foundation

/// UILabel's sizing rules as pure functions of a prepared text, shared by `Label`, `RowHeights` and
/// `TitleDateLayout` so all three size text the same way.
enum LabelRules {
    static func validate(numberOfLines: Int, scale: CGFloat) throws {
        guard numberOfLines >= 0 else { throw MeasureError.invalidNumberOfLines(numberOfLines) }
        guard scale.isFinite, scale > 0 else { throw MeasureError.invalidScale(Double(scale)) }
    }

    /// L2 for a single-line label: the whole first line of the text, unwrapped and not truncated (T6),
    /// rounded up to the pixel grid; zero for empty text.
    static func singleLineSize(_ prepared: PreparedText, scale: CGFloat) throws -> CGSize {
        guard prepared.utf16Count > 0 else { return .zero }
        // Word wrapping at an unbounded width ends the line only at the first hard break; a truncating
        // mode would append "…" when a U+2028 cuts the line, which sizing must not measure.
        let metrics = try prepared.measure(width: nil, numberOfLines: 1, lineBreakMode: .byWordWrapping)
        return metrics.size.ceiledToPixels(scale: scale)
    }

    /// L5: the text laid out at `width` (nil = unbounded) in at most `numberOfLines` lines (0 = all),
    /// rounded up to the pixel grid. A clipped last line (T6) counts only up to the wrap width.
    static func blockSize(
        _ prepared: PreparedText, width: CGFloat?, numberOfLines: Int, lineBreakMode: LineBreakMode,
        lineBreakStrategy: LineBreakStrategy, scale: CGFloat
    ) throws -> CGSize {
        guard prepared.utf16Count > 0 else { return .zero }
        let metrics = try prepared.measure(
            width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        var size = metrics.size
        if lineBreakMode == .byClipping, metrics.isTruncated, let width { size.width = min(size.width, width) }
        return size.ceiledToPixels(scale: scale)
    }

    /// L2: `sizeThatFits` — single-line labels ignore the proposal (once it is a valid width); others
    /// wrap at its width (0, +infinity or ≥ 1e15 = unbounded, B7) in at most `numberOfLines` lines; the
    /// height never caps the result.
    /// - Throws: `MeasureError.invalidWidth` for a NaN or negative width, and as `validate`.
    static func sizeThatFits(
        _ prepared: PreparedText, proposedWidth: CGFloat, numberOfLines: Int,
        lineBreakMode: LineBreakMode, lineBreakStrategy: LineBreakStrategy,
        scale: CGFloat
    ) throws -> CGSize {
        try validate(numberOfLines: numberOfLines, scale: scale)
        let width = try CGFloat.wrapWidth(proposedWidth)
        if numberOfLines == 1 { return try singleLineSize(prepared, scale: scale) }
        return try blockSize(
            prepared, width: width, numberOfLines: numberOfLines,
            lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy, scale: scale)
    }

    /// T3/L7: the lines a bounds height leaves room for (`VisibleLines`: at least one), combined with
    /// `numberOfLines` (0 = no limit). Heights ≤ 0, NaN or unbounded (+infinity, ≥ 1e15) do not limit.
    static func visibleLineLimit(numberOfLines: Int, height: CGFloat, lineHeight: CGFloat) -> Int {
        guard let fitting = VisibleLines.count(fitting: height, lineHeight: lineHeight) else { return numberOfLines }
        return numberOfLines == 0 ? fitting : min(numberOfLines, fitting)
    }
}
