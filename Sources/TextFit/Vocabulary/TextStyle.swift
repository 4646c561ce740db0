import Foundation

/// The attributes that shape how a string is measured: its font and paragraph style (the parts of
/// `NSAttributedString` attributes TextFit honours).
///
/// ```swift
/// let style = TextStyle(font: try Font(family: "Noto Sans", size: 15))
/// let rect = try "Hello".boundingRect(with: CGSize(width: 200, height: 0),
///                                     options: .usesLineFragmentOrigin, attributes: style)
/// var paragraph = ParagraphStyle()
/// paragraph.lineSpacing = 4
/// let spaced = TextStyle(font: style.font, paragraphStyle: paragraph)
/// ```
public struct TextStyle: Sendable, Hashable {
    public var font: Font
    /// `NSParagraphStyleAttributeName`: spacing, alignment, indents, tabs and the line-break mode.
    public var paragraphStyle: ParagraphStyle
    /// The paragraph style's line-break mode; `.byWordWrapping` like `NSParagraphStyle.default` (B2).
    public var lineBreakMode: LineBreakMode {
        get { paragraphStyle.lineBreakMode }
        set { paragraphStyle.lineBreakMode = newValue }
    }

    public init(font: Font, lineBreakMode: LineBreakMode = .byWordWrapping) {
        self.font = font
        paragraphStyle = ParagraphStyle()
        paragraphStyle.lineBreakMode = lineBreakMode
    }

    public init(font: Font, paragraphStyle: ParagraphStyle) {
        self.font = font
        self.paragraphStyle = paragraphStyle
    }
}
