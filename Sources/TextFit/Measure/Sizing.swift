import Foundation

extension PreparedText {
    /// The size that fits the text wrapped at `size.width`, rounded up to the pixel grid (rules L2, B5).
    ///
    /// ```swift
    /// let prepared = PreparedText("Lorem ipsum dolor sit amet", font: try Font(family: "Noto Sans", size: 17))
    /// try prepared.sizeThatFits(CGSize(width: 100, height: 0), numberOfLines: 0, scale: 2)
    /// ```
    /// - Parameters:
    ///   - size: `width` 0, +infinity or ≥ 1e15 means unbounded (`CGFloat.isUnboundedTextDimension`, B7);
    ///     the height does not cap the result (L2).
    ///   - numberOfLines: at most this many lines (0 = unlimited).
    ///   - lineBreakMode: as in `layout(width:numberOfLines:lineBreakMode:lastLineMaxWidth:)`.
    ///   - scale: the screen scale whose pixel grid the result is rounded up to (1, 2 or 3).
    /// - Returns: width = widest line without hanging whitespace, height = lines × line height; (0, 0)
    ///   for empty text.
    /// - Throws: `MeasureError.invalidWidth` for a NaN or negative width, `.invalidNumberOfLines` for < 0,
    ///   `.invalidScale` for a scale that is not a finite number > 0.
    public func sizeThatFits(
        _ size: CGSize, numberOfLines: Int = 0, lineBreakMode: LineBreakMode = .byWordWrapping,
        scale: CGFloat = 1
    ) throws -> CGSize {
        guard scale.isFinite, scale > 0 else { throw MeasureError.invalidScale(Double(scale)) }
        let layout = try self.layout(width: size.width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
        return layout.size.ceiledToPixels(scale: scale)
    }

    /// How many lines the text takes at `width` with no line limit (word wrapping).
    ///
    /// ```swift
    /// let lines = try prepared.numberOfLines(forWidth: 120)
    /// try prepared.numberOfLines(forWidth: 0)            // one per paragraph: 0 is unbounded (B7)
    /// ```
    /// - Throws: `MeasureError.invalidWidth` for NaN or negative widths.
    public func numberOfLines(forWidth width: CGFloat, lineBreakMode: LineBreakMode = .byWordWrapping) throws -> Int {
        try layout(width: width, lineBreakMode: lineBreakMode == .byCharWrapping ? .byCharWrapping : .byWordWrapping)
            .lineCount
    }
}

/// Library information.
public enum TextFitInfo {
    /// TextFit's version: the last release's, or the next one's with `-dev` between releases (CHANGELOG.md).
    public static let version = "0.3.0-dev"
    /// The C libraries linked at run time: "harfbuzz X; freetype X; fontconfig X; icu X".
    public static var libraryVersions: String { LibraryVersions.description }
}
