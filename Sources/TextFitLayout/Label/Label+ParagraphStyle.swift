import Foundation

extension Label {
    /// The label's checks before measuring: the line count and scale (L1), and the paragraph style.
    func validate(numberOfLines: Int) throws {
        try LabelRules.validate(numberOfLines: numberOfLines, scale: scale)
        try paragraphStyle.validate()
        try checkPreparation()
    }

    /// T3 with the paragraph style's line boxes: the lines whose boxes end within `height` (at least
    /// one), combined with `numberOfLines`; plain text counts whole line heights (`VisibleLines`).
    func visibleLineLimit(numberOfLines: Int, height: CGFloat, width: CGFloat?) throws -> Int {
        let prepared = preparedText
        guard prepared.paragraphStyle != .default || attributedText != nil, height > 0, !height.isUnboundedTextDimension
        else {
            return LabelRules.visibleLineLimit(numberOfLines: numberOfLines, height: height, lineHeight: font.lineHeight)
        }
        let lines = try prepared.layout(
            width: width, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
            lineBreakStrategy: lineBreakStrategy
        ).lines
        let fitting = max(1, lines.prefix { $0.y + $0.height <= height + 1e-9 }.count)
        return numberOfLines == 0 ? fitting : min(numberOfLines, fitting)
    }
}
