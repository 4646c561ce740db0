import Foundation

extension Label {
    /// The label's styled text, like `UILabel.attributedText`: its runs' fonts, sizes, kern, baseline
    /// offsets, colours and attachments, laid out with the label's `paragraphStyle`. Sizing
    /// (`sizeThatFits`, `intrinsicContentSize`, `textRect`) measures exactly what
    /// `PreparedText(styled:paragraphStyle:)` lays out: line boxes from the runs' fonts (S6), the "…" in the
    /// last visible character's font (S7).
    ///
    /// ```swift
    /// var label = Label(font: try .systemFont(ofSize: 15))
    /// var styled = try StyledText("Ada ", attributes: TextAttributes(font: try Font(family: "Noto Sans", size: 15, weight: .bold)),
    ///                             font: try .systemFont(ofSize: 15))
    /// styled.append("wrote the first program.")
    /// label.attributedText = styled
    /// label.numberOfLines = 0
    /// try label.sizeThatFits(CGSize(width: 120, height: 0))
    /// ```
    /// As in UIKit, ranges without their own font take the label's `font` (setting `font` later restyles
    /// them), setting it sets `text` to its string, and setting `text` drops the attributes. Preparation
    /// errors (`StyledTextError`) are thrown where the label is measured.
    public var attributedText: StyledText? {
        get {
            styledText.map { styled in
                var styled = styled
                styled.font = font
                return styled
            }
        }
        set {
            styledText = newValue
            text = newValue?.string
            rebuildBox()
        }
    }
}
