import Foundation

/// The attributes of a range of a `StyledText`: UIKit's `.font`, `.kern`, `.tracking`, `.baselineOffset`,
/// `.foregroundColor` and `.attachment`. A field left nil keeps the styled text's own value (its font, no
/// kern, no offset, no colour), as a `runs` entry of `textfit batch` keeps the case's.
///
/// ```swift
/// let bold = TextAttributes(font: try Font(family: "Noto Sans", size: 17, weight: .bold))
/// let spaced = TextAttributes(kern: 1.5)                    // points after each character (rule S3)
/// let tracked = TextAttributes(tracking: 2)                 // the same, but trimmed at line ends (O7)
/// let raised = TextAttributes(baselineOffset: 4)            // points upwards (rule S4)
/// ```
public struct TextAttributes: Sendable, Hashable {
    /// The font (face and size); nil: the styled text's font.
    public var font: Font?
    /// Points added after each grapheme cluster, the last of a line included (UIKit's `.kern`, S3).
    public var kern: CGFloat?
    /// Points added after each grapheme cluster, but hanging at a line's end like trailing whitespace
    /// (UIKit's `.tracking`, iOS 14; rules O7, O9, O10): a line's width leaves out its last cluster's
    /// tracking. A nonzero tracking turns the font's optional ligatures (`liga`, `clig`, `dlig`, `hlig`)
    /// off unless the font's features set them, and a `kern` beside it is ignored, as in CoreText.
    public var tracking: CGFloat?
    /// Points the glyphs are raised above the baseline (UIKit's `.baselineOffset`, S4); negative lowers.
    public var baselineOffset: CGFloat?
    /// The colour the range is drawn in; measuring ignores it.
    public var foregroundColor: TextColor?
    /// The range's BCP 47 language (UIKit's `.languageIdentifier`): which hyphenation dictionary its
    /// words take when the paragraph style hyphenates (H3, H6); nil: the styled text's `language`.
    public var language: String?

    public init(
        font: Font? = nil, kern: CGFloat? = nil, baselineOffset: CGFloat? = nil,
        foregroundColor: TextColor? = nil, language: String? = nil, tracking: CGFloat? = nil
    ) {
        self.font = font
        self.kern = kern
        self.tracking = tracking
        self.baselineOffset = baselineOffset
        self.foregroundColor = foregroundColor
        self.language = language
    }
}

/// An sRGB colour with alpha, each component from 0 to 1: what a styled range is drawn in.
///
/// ```swift
/// let grey = TextColor(red: 0.5, green: 0.5, blue: 0.5)
/// ```
public struct TextColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    public static let black = TextColor(red: 0, green: 0, blue: 0)
}

/// An inline box in the text, as `NSTextAttachment` with `bounds` set: it takes one U+FFFC (object
/// replacement character), advances by its width, breaks like an ideograph (U+FFFC is line-break class
/// CB: an opportunity on both sides) and counts in its line's height (rule S5).
///
/// ```swift
/// var styled = StyledText("Tap ", font: font)
/// try styled.append(TextAttachment(width: 16, height: 16, baselineOffset: -3))
/// ```
public struct TextAttachment: Sendable, Hashable {
    /// The box's advance, points (`bounds.width`).
    public var width: CGFloat
    /// The box's height, points (`bounds.height`).
    public var height: CGFloat
    /// Where the box's bottom lies above the baseline, points (`bounds.origin.y`; negative hangs below).
    public var baselineOffset: CGFloat

    public init(width: CGFloat, height: CGFloat, baselineOffset: CGFloat = 0) {
        (self.width, self.height, self.baselineOffset) = (width, height, baselineOffset)
    }

    /// `NSTextAttachment.bounds`: origin.y is the baseline offset, origin.x is ignored.
    public init(bounds: CGRect) {
        self.init(width: bounds.width, height: bounds.height, baselineOffset: bounds.origin.y)
    }

    /// The character an attachment stands for in the text.
    public static let character: Character = "\u{FFFC}"
}
