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
    /// - Throws: `MeasureError.invalidMinimumScaleFactor`, and as `drawing(in:)`.
    public var fittedFontSize: CGFloat {
        get throws { try fittedFontSize(in: bounds) }
    }

    /// The size the label draws at in `bounds` (see `fittedFontSize`).
    /// - Throws: `MeasureError.invalidMinimumScaleFactor`, and as `drawing(in:)`.
    public func fittedFontSize(in bounds: CGRect) throws -> CGFloat {
        guard adjustsFontSizeToFitWidth, !isEmpty else { return font.pointSize }
        return try fontSizeFit(in: bounds).pointSize
    }

    /// The label in its fitted font, for drawing.
    func fittedLabel(in bounds: CGRect) throws -> Label {
        var label = settingFont(of: try fontSizeFit(in: bounds).preparedText)
        label.adjustsFontSizeToFitWidth = false
        return label
    }

    /// The fit in `bounds`: the width it wraps at (0 or unbounded: any), at most `numberOfLines` lines and
    /// the whole lines the bounds height holds at the label's own size (a smaller size's lines are
    /// shorter, so this never lets the text outgrow the height), in the label's mode and strategy.
    private func fontSizeFit(in bounds: CGRect) throws -> FontSizeFit {
        try LabelRules.validate(numberOfLines: numberOfLines, scale: scale)
        let width = try CGFloat.wrapWidth(bounds.width)
        let limit = LabelRules.visibleLineLimit(numberOfLines: numberOfLines, height: bounds.height,
                                                lineHeight: font.lineHeight)
        return try preparedText.fittingFontSize(width: width, numberOfLines: limit,
                                                minimumScaleFactor: minimumScaleFactor,
                                                lineBreakMode: lineBreakMode, lineBreakStrategy: lineBreakStrategy)
    }
}
