import Foundation

/// Scales a font or a length with a text style across content size categories, as UIKit's
/// `UIFontMetrics` (rule DT3): by the ratio of the style's size at the category to its size at `.large`,
/// unrounded.
///
/// ```swift
/// let metrics = FontMetrics(forTextStyle: .body)
/// let custom = try Font(family: "Noto Sans", size: 20)
/// let scaled = try metrics.scaledFont(for: custom, compatibleWith: .accessibilityExtraLarge) // 20 × 40/17 pt
/// metrics.scaledValue(for: 44, compatibleWith: .extraExtraExtraLarge)                        // 44 × 23/17
/// ```
public struct FontMetrics: Sendable, Hashable {
    /// The style whose curve this follows.
    public let textStyle: Font.TextStyle

    /// Metrics following `textStyle`'s sizes (`UIFontMetrics(forTextStyle:)`).
    public init(forTextStyle textStyle: Font.TextStyle) { self.textStyle = textStyle }

    /// `UIFontMetrics.default`: the body style.
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// The factor from `.large` to `category`.
    public func scale(for category: ContentSizeCategory) -> CGFloat {
        textStyle.pointSize(for: category) / textStyle.pointSize(for: .large)
    }

    /// `font` at its size scaled for `category` (its face, features and variations kept).
    /// - Throws: `FontError.invalidSize` when the scaled size leaves the accepted range.
    /// The font follows the style from then on (`Font.textStyle`, `Font.adjusted(for:)`, rule DT4).
    public func scaledFont(for font: Font, compatibleWith category: ContentSizeCategory = .large) throws -> Font {
        try font.withSize(font.pointSize * scale(for: category)).taggedForDynamicType(textStyle, category)
    }

    /// `font` scaled for `category`, never past `maximumPointSize` (`scaledFont(for:maximumPointSize:)`).
    /// - Throws: `FontError.invalidSize` when the size leaves the accepted range.
    public func scaledFont(
        for font: Font, maximumPointSize: CGFloat, compatibleWith category: ContentSizeCategory = .large
    ) throws -> Font {
        try font.withSize(min(font.pointSize * scale(for: category), maximumPointSize))
    }

    /// A length (a margin, a row height) scaled for `category` (`scaledValue(for:compatibleWith:)`).
    public func scaledValue(for value: CGFloat, compatibleWith category: ContentSizeCategory = .large) -> CGFloat {
        value * scale(for: category)
    }
}
