import Foundation

/// The largest font size at which a text fits, as `PreparedText.fittingFontSize` finds it (rule Q4).
public struct FontSizeFit: Sendable {
    /// The size to draw at: the font's own size when the text fits at it; else the largest size from
    /// `size × minimumScaleFactor` that fits, a multiple of 1/1024 pt (see `fittingFontSize`); else
    /// (`fits` false) the smallest size allowed, at which the text is drawn truncated.
    public let pointSize: CGFloat
    /// Whether the text fits untruncated at `pointSize`.
    public let fits: Bool
    /// The text prepared at `pointSize`: lay it out to draw (the original when nothing shrank).
    public let preparedText: PreparedText

    /// The font at `pointSize`.
    public var font: Font { preparedText.font }
}

extension PreparedText {
    /// The largest size from `font.pointSize × minimumScaleFactor` to `font.pointSize` at which the text
    /// fits `width` in `numberOfLines` lines with nothing hidden, truncated or overflowing (rule Q4):
    /// what `UILabel.adjustsFontSizeToFitWidth` computes and never reports.
    ///
    /// ```swift
    /// let title = PreparedText("Quarterly results", font: try .systemFont(ofSize: 24))
    /// let fit = try title.fittingFontSize(width: 150, numberOfLines: 1, minimumScaleFactor: 0.5)
    /// fit.pointSize       // ≈ 19.009 (Noto Sans): the largest size whose line is at most 150 pt
    /// fit.fits            // true
    /// try fit.preparedText.layout(width: 150).lineCount   // 1
    /// ```
    /// Advances are HarfBuzz's unhinted ones, rounded per glyph to 1/1024 pt at a scale of
    /// `round(size × 1024)`: every size within the same 1/1024 pt shapes identically, so sizes are
    /// searched on that grid and the answer is exact on it (a size 1/1024 pt larger does not fit). The
    /// search starts from the linear estimate (widths proportional to the size) and confirms it by
    /// preparing the text at the sizes it tries; rounding makes widths only nearly proportional (each
    /// glyph within half a unit), which the confirmation absorbs.
    /// - Parameters:
    ///   - width: the width to fit; unbounded (nil, 0, +infinity, ≥ 1e15, B7) fits any size unless the
    ///     line limit is too small for the paragraphs.
    ///   - numberOfLines: the most lines; 0 = any number (then only a cluster wider than `width` makes
    ///     the text not fit).
    ///   - minimumScaleFactor: from 0 to 1; 0 means no shrinking, as UILabel's default 0 does.
    ///   - lineBreakMode: as in `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
    ///   - lineBreakStrategy: as in `layout(width:numberOfLines:lineBreakMode:lineBreakStrategy:lastLineMaxWidth:)`.
    /// - Throws: `MeasureError.invalidMinimumScaleFactor` (NaN, < 0, > 1), `.invalidWidth`,
    ///   `.invalidNumberOfLines`.
    /// - Complexity: one `tightestWidth` at the font's size, then a preparation (shaping) of the text
    ///   per size tried: usually two or three.
    public func fittingFontSize(
        width: CGFloat?, numberOfLines: Int = 0, minimumScaleFactor: CGFloat,
        lineBreakMode: LineBreakMode = .byWordWrapping,
        lineBreakStrategy: LineBreakStrategy = []
    ) throws -> FontSizeFit {
        let factor = Double(minimumScaleFactor)
        guard factor >= 0, factor <= 1 else { throw MeasureError.invalidMinimumScaleFactor(factor) }
        let options = try QueryOptions(
            numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy)
        let units = try LineRequest.units(forWidth: width)
        let lineCount = numberOfLines == 0 ? Int.max : numberOfLines
        func fits(_ text: PreparedText) throws -> Bool {
            try text.probe(units: units, lineCount: lineCount, options).fits
        }
        if try fits(self) { return FontSizeFit(pointSize: font.pointSize, fits: true, preparedText: self) }
        let size = Double(font.pointSize)
        // The smallest size: a valid font size (a scale of at least one unit per em).
        let smallest = max(factor == 0 ? size : size * factor, 1.0 / Double(Units.perPoint))
        guard smallest < size else { return FontSizeFit(pointSize: font.pointSize, fits: false, preparedText: self) }
        let smallestText = try prepared(atSize: smallest)
        guard try fits(smallestText) else {
            return FontSizeFit(pointSize: CGFloat(smallest), fits: false, preparedText: smallestText)
        }
        // Sizes on the scale grid: k / 1024 pt shapes with scale k. `low` fits, `high` (the font's own
        // scale) does not.
        let perPoint = Double(Units.perPoint)
        let low = Int((smallest * perPoint).rounded())
        let high = Int(font.scale)
        var texts: [Int: PreparedText] = [low: smallestText]
        func fits(scale: Int) throws -> Bool {
            if scale <= low { return true }
            if scale >= high { return false }
            let text = try prepared(atSize: Double(scale) / perPoint)
            texts[scale] = text
            return try fits(text)
        }
        // The linear estimate: the size at which the tightest width for the lines becomes `width`.
        var estimate = low
        if units < Units.unbounded, let tightest = try tightestUnits(lineCount: lineCount, options), tightest > 0 {
            estimate = Int(Double(high) * Double(units) / Double(tightest))
        }
        estimate = min(max(estimate, low), high - 1)
        var fitting = low
        var failing = high
        if try fits(scale: estimate) {
            fitting = estimate
            var step = 1
            while fitting + step < failing {
                if try fits(scale: fitting + step) {
                    fitting += step
                    step *= 2
                } else {
                    failing = fitting + step
                    break
                }
            }
        } else {
            failing = estimate
            var step = 1
            while failing - step > fitting {
                if try fits(scale: failing - step) {
                    fitting = failing - step
                    break
                }
                failing -= step
                step *= 2
            }
        }
        while failing - fitting > 1 {
            let mid = fitting + (failing - fitting) / 2
            if try fits(scale: mid) { fitting = mid } else { failing = mid }
        }
        let pointSize = fitting == low ? smallest : Double(fitting) / perPoint
        return FontSizeFit(pointSize: CGFloat(pointSize), fits: true, preparedText: texts[fitting] ?? smallestText)
    }

    /// The text prepared again at `size` points, every run's font scaled alike (`rescaled(toSize:)`).
    private func prepared(atSize size: Double) throws -> PreparedText {
        try rescaled(toSize: CGFloat(size))
    }
}
