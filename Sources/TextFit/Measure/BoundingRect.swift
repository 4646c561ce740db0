import Foundation

extension String {
    /// The rectangle the string occupies when drawn, like `NSString.boundingRect(with:options:attributes:context:)`.
    ///
    /// ```swift
    /// let style = TextStyle(font: try Font(family: "Noto Sans", size: 17))
    /// let rect = try "The quick brown fox".boundingRect(
    ///     with: CGSize(width: 100, height: CGFloat.greatestFiniteMagnitude),
    ///     options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: style)
    /// let height = rect.height.rounded(.up)   // Apple's advice: ceil before sizing views (B5)
    /// ```
    /// - Parameters:
    ///   - size: the width to wrap at (0, +infinity or ≥ 1e15 = unbounded: `CGFloat.isUnboundedTextDimension`,
    ///     B7); the height only limits lines with `.truncatesLastVisibleLine` (B2, B4; unbounded the same way).
    ///   - options: see `StringDrawingOptions`.
    ///   - attributes: font and line-break mode.
    /// - Returns: a fractional rect (B5). With `.usesLineFragmentOrigin`: origin (0, 0), width = widest line
    ///   including hanging spaces (B6), height = lines × line height. Without it (B1): hard line breaks
    ///   only, origin.y = the font's descender (the rect is relative to the baseline). Truncating and
    ///   clipping modes do not wrap: each paragraph is one line, cut at the width.
    /// - Throws: `MeasureError.invalidWidth` / `.invalidHeight` for NaN or negative values.
    public func boundingRect(
        with size: CGSize, options: StringDrawingOptions = [],
        attributes: TextStyle
    ) throws -> CGRect {
        try TextMeasurement.boundingRect(
            PreparedText(self, font: attributes.font, paragraphStyle: attributes.paragraphStyle),
            size: size, options: options, lineBreakMode: attributes.lineBreakMode)
    }
}

extension PreparedText {
    /// `boundingRect(with:options:attributes:)` for text already prepared (no reshaping per call).
    public func boundingRect(
        with size: CGSize, options: StringDrawingOptions = [],
        lineBreakMode: LineBreakMode = .byWordWrapping
    ) throws -> CGRect {
        try TextMeasurement.boundingRect(self, size: size, options: options, lineBreakMode: lineBreakMode)
    }
}

enum TextMeasurement {
    static func boundingRect(
        _ text: PreparedText, size: CGSize, options: StringDrawingOptions,
        lineBreakMode: LineBreakMode
    ) throws -> CGRect {
        let width = try CGFloat.wrapWidth(size.width)  // nil = unbounded (B7)
        if size.height.isNaN || size.height < 0 { throw MeasureError.invalidHeight(Double(size.height)) }
        if text.paragraphSettings != nil {
            return try styledBoundingRect(
                text, width: width, height: size.height, options: options, lineBreakMode: lineBreakMode)
        }
        let font = text.font
        // B3: without .usesFontLeading a line is ascender − descender.
        let lineHeight = options.contains(.usesFontLeading) ? font.lineHeight : font.ascender - font.descender
        guard !text.units.isEmpty else { return .zero }  // B7
        guard options.contains(.usesLineFragmentOrigin) else {
            // B1: one line per hard break, no wrapping, origin relative to the baseline.
            let layout = try text.layout(width: nil)
            let widest = layout.sizeIncludingTrailingWhitespace.width
            return CGRect(x: 0, y: font.descender, width: widest, height: CGFloat(layout.lineCount) * lineHeight)
        }
        var numberOfLines = 0
        var mode = lineBreakMode
        if lineBreakMode.cutsLastLine {
            // TextKit does not wrap truncating or clipping paragraphs: one line per paragraph.
            let layout = try text.layout(width: nil)
            let limit = width ?? .infinity
            let widest =
                layout.lines.map {
                    lineBreakMode == .byClipping
                        ? $0.widthIncludingTrailingWhitespace
                        : min($0.widthIncludingTrailingWhitespace, limit)
                }.max() ?? 0
            return CGRect(x: 0, y: 0, width: widest, height: CGFloat(layout.lineCount) * lineHeight)
        }
        if options.contains(.truncatesLastVisibleLine),
            let fitting = VisibleLines.count(fitting: size.height, lineHeight: lineHeight)
        {
            // B4/T3: as many whole lines as fit the height (at least one), the last one truncated.
            numberOfLines = fitting
            mode = .byTruncatingTail
        }
        let layout = try text.layout(width: width, numberOfLines: numberOfLines, lineBreakMode: mode)
        let measured = layout.sizeIncludingTrailingWhitespace
        return CGRect(x: 0, y: 0, width: measured.width, height: CGFloat(layout.lineCount) * lineHeight)
    }
}
