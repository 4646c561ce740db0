import Foundation

/// Line count and size of a text at one width, without the lines (see `PreparedText.measure`).
public struct TextMetrics: Sendable, Equatable {
    public let lineCount: Int
    /// Widest line without hanging whitespace × lines × line height, fractional.
    public let size: CGSize
    /// Widest line including hanging whitespace (what `boundingRect` reports, B6).
    public let widthIncludingTrailingWhitespace: CGFloat
    /// Some source text is not shown.
    public let isTruncated: Bool
}
