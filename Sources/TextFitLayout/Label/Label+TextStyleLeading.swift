import Foundation
import TextFit

extension Label {
    /// The paragraph style the label's text is prepared with: `paragraphStyle`, with the lines set at the
    /// text style's leading when `usesTextStyleLeading` is on and the font follows a style (rule DT7).
    ///
    /// Why: the Human Interface Guidelines give each style a leading per category (body 17/22 at large,
    /// 53/62 at AX5), the line spacing SF Pro is set at; TextFit's stand-in, Noto Sans, is taller (23.154
    /// at 17 pt), so a label in it is taller than on a device by the fonts' difference. With the table's
    /// leading as the line height (`minimumLineHeight` = `maximumLineHeight`, as `textfit batch` does for a
    /// `textStyle` case, DT2), row heights follow Apple's published figures whatever the stand-in font. A
    /// paragraph style that sets a minimum or maximum line height itself keeps it.
    ///
    /// ```swift
    /// var label = Label(text: "Body", font: try .preferredFont(forTextStyle: .body), numberOfLines: 0)
    /// label.usesTextStyleLeading = true
    /// try label.sizeThatFits(CGSize(width: 200, height: 0)).height   // 22: body's leading at large
    /// ```
    var effectiveParagraphStyle: ParagraphStyle {
        guard usesTextStyleLeading, let leading = Self.textStyleLeading(of: font),
            paragraphStyle.minimumLineHeight == 0, paragraphStyle.maximumLineHeight == 0
        else { return paragraphStyle }
        var style = paragraphStyle
        style.minimumLineHeight = leading
        style.maximumLineHeight = leading
        return style
    }

    /// The leading of `font`'s text style at the category whose size the font has; for a size no category
    /// gives (a style scaled with a maximum, a size set by hand), the large category's leading scaled as
    /// `FontMetrics.scaledValue` scales (DT3). Nil for a font without a text style.
    static func textStyleLeading(of font: Font) -> CGFloat? {
        guard let style = font.textStyle else { return nil }
        // A font re-sized along its style (DT3) is the table's size up to rounding (13 × 15/13).
        let size = font.pointSize
        if let category = ContentSizeCategory.allCases.first(where: { abs(style.pointSize(for: $0) - size) < 1e-6 }) {
            return style.leading(for: category)
        }
        return style.leading(for: .large) * size / style.pointSize(for: .large)
    }
}
