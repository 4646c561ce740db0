import Foundation

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
