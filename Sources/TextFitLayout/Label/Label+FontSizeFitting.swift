import Foundation

extension Label {
    /// The font size the label draws at in its `bounds`: `font.pointSize`, or with
    /// `adjustsFontSizeToFitWidth` the largest size down to `font.pointSize × minimumScaleFactor` at which
    /// the text fits the bounds untruncated (rule Q4) — what UILabel draws at and never reports.
    ///
    /// ```swift
    /// var label = Label(text: "Quarterly results", font: try .systemFont(ofSize: 24))
    /// label.adjustsFontSizeToFitWidth = true
    /// label.minimumScaleFactor = 0.5
    /// label.frame = CGRect(x: 0, y: 0, width: 150, height: 30)
    /// try label.fittedFontSize        // ≈ 19.009 (Noto Sans); try label.drawing() draws at it
    /// ```
    /// With `attributedText` every run's font shrinks by the same factor, `fittedFontSize / font.pointSize`;
    /// kern, baseline offsets and attachment boxes keep their points (docs/queries.md, Q4).
    /// - Throws: `MeasureError.invalidMinimumScaleFactor`, and as `drawing(in:)`.
    public var fittedFontSize: CGFloat {
        get throws { try fittedFontSize(in: bounds) }
    }

    /// The size the label draws at in `bounds` (see `fittedFontSize`).
    /// - Throws: `MeasureError.invalidMinimumScaleFactor`, and as `drawing(in:)`.
    public func fittedFontSize(in bounds: CGRect) throws -> CGFloat {
        guard adjustsFontSizeToFitWidth, !isEmpty else { return font.pointSize }
        return try fittedFont(for: fontSizeFit(in: bounds)).pointSize
    }

    /// The label in its fitted font, for drawing.
    func fittedLabel(in bounds: CGRect) throws -> Label {
        let fit = try fontSizeFit(in: bounds)
        var label = settingFont(try fittedFont(for: fit), preparedText: fit.preparedText)
        label.adjustsFontSizeToFitWidth = false
        return label
    }

    /// The label's `font` at the fit's scale. With `attributedText` the fit scales every run's font by one
    /// factor (Q4, "Styled text"), the factor its first run's font shrank by; ranges in the label's font
    /// shrink by it too. Plain text is prepared in the label's font, so the fit's font is the answer.
    private func fittedFont(for fit: FontSizeFit) throws -> Font {
        let shaped = preparedText.font
        guard attributedText != nil, shaped != font else { return fit.font }
        return try font.withSize(font.pointSize * (fit.pointSize / shaped.pointSize))
    }

    /// The fit in `bounds`: the width it wraps at (0 or unbounded: any), at most `numberOfLines` lines and
    /// the whole lines the bounds height holds at the label's own size (a smaller size's lines are
    /// shorter, so this never lets the text outgrow the height), in the label's mode and strategy.
    private func fontSizeFit(in bounds: CGRect) throws -> FontSizeFit {
        try LabelRules.validate(numberOfLines: numberOfLines, scale: scale)
        let width = try CGFloat.wrapWidth(bounds.width)
        // Line boxes of styled or paragraph-styled text (S6, P1–P6); plain text counts line heights.
        let limit = try visibleLineLimit(numberOfLines: numberOfLines, height: bounds.height, width: width)
        return try preparedText.fittingFontSize(
            width: width, numberOfLines: limit,
            minimumScaleFactor: minimumScaleFactor,
            lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy)
    }
}
