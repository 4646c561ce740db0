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

/// Options of `boundingRect(with:options:attributes:)`, as `NSStringDrawingOptions` (rules B1–B4).
public struct StringDrawingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Wrap at the width and measure from the top of the first line (B2); without it, one line from the
    /// baseline (B1).
    public static let usesLineFragmentOrigin = StringDrawingOptions(rawValue: 1 << 0)
    /// Line height includes the font's leading (B3); without it a line is ascender − descender.
    public static let usesFontLeading = StringDrawingOptions(rawValue: 1 << 1)
    /// Limit the lines to those fitting the height and end the last with "…" (B4). Needs
    /// `usesLineFragmentOrigin` and a word- or char-wrapping mode.
    public static let truncatesLastVisibleLine = StringDrawingOptions(rawValue: 1 << 5)
}
