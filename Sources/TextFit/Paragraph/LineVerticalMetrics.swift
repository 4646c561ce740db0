import Foundation

/// The vertical extent of one line's content, before the paragraph style's rules (P1): ascent above the
/// baseline, descent below it (positive), the leading after it, and their sum, the natural line height.
///
/// The line-box rules read a line's metrics only through `PreparedText.verticalMetrics(ofLine:includesLeading:)`,
/// so a text whose lines mix fonts changes that one place: each line then reports its tallest ascent and
/// deepest descent.
struct LineVerticalMetrics: Equatable {
    var ascent: CGFloat
    var descent: CGFloat
    var leading: CGFloat
    /// ascent + descent + leading; for one font, the font's `lineHeight` exactly (summed in design units, F3).
    var natural: CGFloat
}

extension LineVerticalMetrics {
    /// A styled line's metrics from its runs' box (`Styling.lineBox`, S6); without `includesLeading` the
    /// leading is 0 and the natural height the ascent plus the descent (B3).
    @inline(__always)
    init(_ box: (metrics: Styling.VerticalMetrics, height: CGFloat), includesLeading: Bool) {
        let (ascent, descent) = (box.metrics.ascent, box.metrics.descent)
        if includesLeading {
            self.init(ascent: ascent, descent: descent, leading: box.metrics.leading, natural: box.height)
        } else {
            self.init(ascent: ascent, descent: descent, leading: 0, natural: ascent + descent)
        }
    }
}

extension PreparedText {
    /// The metrics of the line covering `range`: for text in one font, the font's (F3, F6: fallback fonts
    /// never change them). Without `includesLeading` the leading is 0 (B3: `boundingRect` without
    /// `.usesFontLeading`).
    /// A styled text's line takes its runs' tallest ascent, deepest descent and largest leading (S6).
    func verticalMetrics(ofLine range: Range<Int>, includesLeading: Bool) -> LineVerticalMetrics {
        if let styling, styling.needsLineBoxes {
            return LineVerticalMetrics(styling.lineBox(range.lowerBound, range.upperBound), includesLeading: includesLeading)
        }
        let descent = -font.descender
        guard includesLeading else {
            return LineVerticalMetrics(
                ascent: ascender, descent: descent, leading: 0, natural: font.ascender - font.descender)
        }
        return LineVerticalMetrics(ascent: ascender, descent: descent, leading: font.leading, natural: lineHeight)
    }
}
