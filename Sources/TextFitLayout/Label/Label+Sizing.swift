import Foundation

extension Label {
    /// The size the label wants for a proposed size, like `UILabel.sizeThatFits(_:)` (rule L2).
    ///
    /// ```swift
    /// var label = Label(text: "Lorem ipsum dolor sit amet", font: try .systemFont(ofSize: 17))
    /// try label.sizeThatFits(CGSize(width: 30, height: 0))     // full single line, wider than 30 (L2)
    /// label.numberOfLines = 0
    /// try label.sizeThatFits(CGSize(width: 100, height: 0))    // wrapped at 100
    /// try label.sizeThatFits(.zero)                            // width 0: unbounded, one line (L2 ex. 4, B7)
    /// ```
    /// - Parameter size: the proposal. Single-line labels (`numberOfLines == 1`) ignore its value and return
    ///   the whole first line unwrapped and untruncated (L2, T6). Others wrap at `size.width` (0, +infinity
    ///   or ≥ 1e15 = unbounded, `CGFloat.isUnboundedTextDimension`, B7) in at most `numberOfLines` lines;
    ///   `size.height` never caps the result.
    /// - Returns: width = widest line without hanging whitespace (W4), height = lines × `font.lineHeight`
    ///   (L6, F6), both rounded up to the pixel grid of `scale`; zero for empty text.
    /// - Throws: `MeasureError.invalidWidth` (NaN or negative width, whatever `numberOfLines`),
    ///   `.invalidNumberOfLines` (< 0), `.invalidScale`.
    /// - Complexity: integer arithmetic over the prepared text; the text is shaped once per text and font.
    public func sizeThatFits(_ size: CGSize) throws -> CGSize {
        try validate(numberOfLines: numberOfLines)
        if isEmpty {
            _ = try CGFloat.wrapWidth(size.width)  // an invalid width is refused even with no text
            return .zero
        }
        return try LabelRules.sizeThatFits(
            preparedText, proposedWidth: size.width, numberOfLines: numberOfLines,
            lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy,
            scale: scale)
    }

    /// Resizes the label to `sizeThatFits(bounds.size)`, keeping its origin (rule L3): a multi-line label
    /// wraps at its current width (and may narrow to its widest line); a zero-width one becomes one line.
    ///
    /// ```swift
    /// var label = Label(text: "北京欢迎您！！！", font: try .systemFont(ofSize: 20), scale: 2)
    /// try label.sizeToFit()   // frame.size = single-line size, rounded to the 2x grid
    /// ```
    /// - Throws: as `sizeThatFits(_:)`.
    public mutating func sizeToFit() throws {
        frame.size = try sizeThatFits(bounds.size)
    }

    /// The size Auto Layout would ask for (rule L4): single-line labels the full text; multi-line labels
    /// wrap at `preferredMaxLayoutWidth` when > 0, else (0, the default) at no width (iOS's first
    /// "automatic" pass).
    ///
    /// ```swift
    /// var label = Label(text: longText, font: font, numberOfLines: 0)
    /// label.preferredMaxLayoutWidth = 200
    /// try label.intrinsicContentSize   // wrapped at 200
    /// ```
    /// - Throws: `MeasureError.invalidWidth` for a NaN or negative `preferredMaxLayoutWidth`, and as
    ///   `sizeThatFits(_:)`.
    public var intrinsicContentSize: CGSize {
        get throws { try sizeThatFits(CGSize(width: preferredMaxLayoutWidth, height: 0)) }
    }

    /// The rect the text occupies inside `bounds`, like `UILabel.textRect(forBounds:limitedToNumberOfLines:)`
    /// (rule L5): laid out at `bounds.width` (0 or +infinity = unbounded, B7), limited to `numberOfLines`
    /// lines (0 = no limit) and to the whole lines `bounds.height` holds when it is > 0 (T3), placed at
    /// `bounds.origin`.
    ///
    /// ```swift
    /// let label = Label(text: "The quick brown fox jumps over the lazy dog", font: font, numberOfLines: 0)
    /// try label.textRect(forBounds: CGRect(x: 0, y: 0, width: 120, height: 50), limitedToNumberOfLines: 0)
    /// // two lines (the height holds two), the second truncated with "…"
    /// ```
    /// Unlike `sizeThatFits(_:)` this respects the width for single-line labels: a long single line is
    /// truncated to `bounds.width`, so the rect is never wider than the bounds (except for a lone
    /// unbreakable cluster wider than the bounds).
    /// - Returns: origin `bounds.origin`, size rounded up to the pixel grid; zero size for empty text.
    /// - Throws: `MeasureError.invalidWidth` for a NaN width (a rect's `width` is never negative),
    ///   `.invalidNumberOfLines` for a negative `numberOfLines`, `.invalidScale`.
    public func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) throws -> CGRect {
        try validate(numberOfLines: numberOfLines)
        let width = try CGFloat.wrapWidth(bounds.width)
        if isEmpty { return CGRect(origin: bounds.origin, size: .zero) }
        let limit = try visibleLineLimit(numberOfLines: numberOfLines, height: bounds.height, width: width)
        let size = try LabelRules.blockSize(
            preparedText, width: width, numberOfLines: limit,
            lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy,
            scale: scale)
        return CGRect(origin: bounds.origin, size: size)
    }
}
