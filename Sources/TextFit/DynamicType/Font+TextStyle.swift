import Foundation

extension Font {
    /// UIKit's text styles (`UIFont.TextStyle`, rule DT2), each with a size and leading for every
    /// content size category from Apple's Human Interface Guidelines ("Typography", Dynamic Type sizes
    /// for iOS and iPadOS; the table is reproduced in Tests/TextFitTests/Data/dynamic-type/).
    ///
    /// ```swift
    /// Font.TextStyle.body.pointSize(for: .large)                    // 17
    /// Font.TextStyle.body.leading(for: .accessibilityExtraLarge)    // 48
    /// let body = try Font.preferredFont(forTextStyle: .body, compatibleWith: .extraExtraLarge)  // Noto Sans 21 pt
    /// ```
    public enum TextStyle: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

        /// UIKit's name (`body`, `caption1`…).
        public var name: String {
            [
                "largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote",
                "caption1", "caption2",
            ][rawValue]
        }

        /// The style named `name` (UIKit's spelling, case-insensitive; `title` and `caption` as SwiftUI's
        /// names for title1 and caption1, `subhead` as the guidelines').
        /// - Throws: `DynamicTypeError.unknownTextStyle` listing the styles.
        public init(name: String) throws {
            let folded = name.lowercased()
            let aliases = ["title": TextStyle.title1, "caption": .caption1, "subhead": .subheadline]
            if let style = TextStyle.allCases.first(where: { $0.name.lowercased() == folded }) ?? aliases[folded] {
                self = style
            } else {
                throw DynamicTypeError.unknownTextStyle(name)
            }
        }

        /// The style's weight: semibold for `headline`, regular for the others.
        public var weight: Weight { self == .headline ? .semibold : .regular }

        /// The style's point size at `category`.
        public func pointSize(for category: ContentSizeCategory) -> CGFloat {
            CGFloat(Self.table[rawValue][category.rawValue].size)
        }

        /// The style's leading (baseline to baseline, points) at `category`.
        public func leading(for category: ContentSizeCategory) -> CGFloat {
            CGFloat(Self.table[rawValue][category.rawValue].leading)
        }

        public var description: String { name }

        /// Size and leading per style (rows, in `TextStyle` order) and category (columns, xSmall … AX5), from
        /// the Human Interface Guidelines' Dynamic Type sizes for iOS and iPadOS.
        static let table: [[(size: Int, leading: Int)]] = [
            [
                (31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66),
                (60, 70),
            ],
            [
                (25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62),
                (58, 68),
            ],
            [
                (19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59),
                (56, 66),
            ],
            [
                (17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58),
                (55, 65),
            ],
            [
                (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56),
                (53, 62),
            ],
            [
                (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56),
                (53, 62),
            ],
            [
                (13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52),
                (51, 60),
            ],
            [
                (12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50),
                (49, 58),
            ],
            [
                (12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46),
                (44, 52),
            ],
            [
                (11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44),
                (43, 51),
            ],
            [
                (11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41),
                (40, 48),
            ],
        ]
    }

    /// The system font (bundled Noto Sans) for a text style at a content size category, as UIKit's
    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)` (rule DT2): the style's size and weight from
    /// the Dynamic Type table.
    ///
    /// ```swift
    /// let headline = try Font.preferredFont(forTextStyle: .headline, compatibleWith: .accessibilityMedium) // 28 pt semibold
    /// ```
    /// - Throws: `FontError` when the bundled fonts cannot be found.
    public static func preferredFont(
        forTextStyle style: TextStyle, compatibleWith category: ContentSizeCategory = .large
    ) throws -> Font {
        try Font(family: BundledFonts.defaultFamily, size: style.pointSize(for: category), weight: style.weight)
            .taggedForDynamicType(style, category)
    }

    /// The text style this font follows across content size categories, when it was made by
    /// `preferredFont(forTextStyle:compatibleWith:)` or `FontMetrics.scaledFont(for:compatibleWith:)`
    /// (rule DT4); nil for a font made at a fixed size.
    public var textStyle: TextStyle? { dynamicTypeStyle >= 0 ? TextStyle(rawValue: Int(dynamicTypeStyle)) : nil }

    /// The content size category this font is sized for, with `textStyle`.
    public var contentSizeCategory: ContentSizeCategory? {
        dynamicTypeCategory >= 0 ? ContentSizeCategory(rawValue: Int(dynamicTypeCategory)) : nil
    }

    /// This font re-sized for `category` along its text style's curve, as a label with
    /// `adjustsFontForContentSizeCategory` does when the category changes (rule DT4); the font itself
    /// when it follows no text style.
    ///
    /// ```swift
    /// let body = try Font.preferredFont(forTextStyle: .body)            // 17 pt
    /// try body.adjusted(for: .accessibilityExtraLarge).pointSize        // 40
    /// ```
    /// - Throws: `FontError.invalidSize` when the size leaves the accepted range.
    public func adjusted(for category: ContentSizeCategory) throws -> Font {
        guard let style = textStyle, let current = contentSizeCategory else { return self }
        if current == category { return self }
        let metrics = FontMetrics(forTextStyle: style)
        let sizeAtLarge = pointSize / metrics.scale(for: current)
        return try withSize(sizeAtLarge * metrics.scale(for: category)).taggedForDynamicType(style, category)
    }

    func taggedForDynamicType(_ style: TextStyle, _ category: ContentSizeCategory) -> Font {
        var font = self
        font.dynamicTypeStyle = Int8(style.rawValue)
        font.dynamicTypeCategory = Int8(category.rawValue)
        return font
    }
}
