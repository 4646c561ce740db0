import Foundation

/// The reader's preferred text size, as UIKit's `UIContentSizeCategory` (rule DT1): seven standard
/// sizes and five accessibility sizes, smallest first; `.large` is the default.
///
/// ```swift
/// let category = try ContentSizeCategory(name: "AX3")   // .accessibilityExtraLarge
/// category.isAccessibilityCategory                       // true
/// ```
public enum ContentSizeCategory: Int, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge,
        accessibilityExtraExtraExtraLarge

    /// UIKit's constant name (`extraSmall` … `accessibilityExtraExtraExtraLarge`).
    public var name: String {
        [
            "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
            "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
            "accessibilityExtraExtraExtraLarge",
        ][rawValue]
    }

    /// The short name the Human Interface Guidelines and SwiftUI's `DynamicTypeSize` use (`xSmall` …
    /// `xxxLarge`, `AX1` … `AX5`).
    public var shortName: String {
        ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"][rawValue]
    }

    /// Whether it is one of the five accessibility sizes (UIKit's `isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The category named by UIKit's constant name, the guidelines' short name, or SwiftUI's
    /// `DynamicTypeSize` name (`accessibility1` … `accessibility5`); case-insensitive.
    /// - Throws: `DynamicTypeError.unknownContentSizeCategory` listing the names.
    public init(name: String) throws {
        guard let category = Self.byName[name.lowercased()] else { throw DynamicTypeError.unknownContentSizeCategory(name) }
        self = category
    }

    private static let byName: [String: ContentSizeCategory] = {
        var names: [String: ContentSizeCategory] = [:]
        for category in allCases {
            names[category.name.lowercased()] = category
            names[category.shortName.lowercased()] = category
            if category.isAccessibilityCategory { names["accessibility\(category.rawValue - 6)"] = category }
        }
        return names
    }()

    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { name }
}

/// A text style or content size category that does not exist (rules DT1, DT2).
public enum DynamicTypeError: TextFitError, Equatable, Sendable {
    case unknownTextStyle(String)
    case unknownContentSizeCategory(String)

    public var description: String {
        switch self {
        case .unknownTextStyle(let name):
            return "unknown text style '\(name)': use one of " + Font.TextStyle.allCases.map(\.name).joined(separator: ", ")
        case .unknownContentSizeCategory(let name):
            return "unknown content size category '\(name)': use one of "
                + ContentSizeCategory.allCases.map(\.shortName).joined(separator: ", ")
                + " (or UIKit's names, extraSmall … accessibilityExtraExtraExtraLarge)"
        }
    }
}
