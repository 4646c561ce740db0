import Foundation

/// The attributes that shape how a string is measured: its font and paragraph line-break mode
/// (the parts of `NSAttributedString` attributes TextFit honours).
///
/// ```swift
/// let style = TextStyle(font: try Font(family: "Noto Sans", size: 15))
/// let rect = try "Hello".boundingRect(with: CGSize(width: 200, height: 0),
///                                     options: .usesLineFragmentOrigin, attributes: style)
/// ```
public struct TextStyle: Sendable, Hashable {
    public var font: Font
    /// The paragraph style's line-break mode; `.byWordWrapping` like `NSParagraphStyle.default` (B2).
    public var lineBreakMode: LineBreakMode

    public init(font: Font, lineBreakMode: LineBreakMode = .byWordWrapping) {
        self.font = font
        self.lineBreakMode = lineBreakMode
    }
}
