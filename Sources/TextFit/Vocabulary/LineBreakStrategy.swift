/// How lines are chosen beyond the break opportunities, as `NSParagraphStyle.LineBreakStrategy` (rule W6).
///
/// String measurement uses none (`[]`, like `NSParagraphStyle.default`); UILabel uses `.standard`.
///
/// ```swift
/// let text = PreparedText("The quick brown fox jumps over the dog.", font: font)
/// try text.layout(width: w).lines.last?.text                            // "dog."
/// try text.layout(width: w, lineBreakStrategy: .standard).lines.last?.text  // "the dog."
/// ```
public struct LineBreakStrategy: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Avoid a single orphan word on a paragraph's last line: the line before it breaks one word earlier
    /// when that word and the orphan fit together.
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
    /// No breaks between Hangul syllables: Korean breaks at spaces, like words.
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
    /// UILabel's default (rule W6: raw value 0xFFFF on devices, i.e. push-out and Hangul word priority).
    public static let standard: LineBreakStrategy = [.pushOut, .hangulWordPriority]
}
