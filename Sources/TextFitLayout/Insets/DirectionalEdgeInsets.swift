import Foundation

/// Which way leading and trailing point (M2): leading is left in left-to-right layouts, right in
/// right-to-left ones.
public enum LayoutDirection: Sendable, Hashable {
    /// Leading is the left edge (English, Chinese…); the default.
    case leftToRight
    /// Leading is the right edge (Arabic, Hebrew…).
    case rightToLeft
}

/// Insets whose horizontal edges follow the layout direction, like `NSDirectionalEdgeInsets` (M2).
///
/// ```swift
/// let margins = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 8)
/// margins.edgeInsets(for: .leftToRight)   // left 20, right 8
/// margins.edgeInsets(for: .rightToLeft)   // left 8, right 20
/// ```
public struct DirectionalEdgeInsets: Sendable, Hashable, CustomStringConvertible {
    /// The inset from the top edge, in points.
    public var top: CGFloat
    /// The inset from the leading edge (left in a left-to-right layout), in points.
    public var leading: CGFloat
    /// The inset from the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset from the trailing edge (right in a left-to-right layout), in points.
    public var trailing: CGFloat

    /// Directional insets, zero where not given.
    public init(top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every side.
    public init(all inset: CGFloat) {
        self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
    }

    /// Directional insets equal to `insets` read in `direction`.
    public init(_ insets: EdgeInsets, direction: LayoutDirection) {
        switch direction {
        case .leftToRight: self.init(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
        case .rightToLeft: self.init(top: insets.top, leading: insets.right, bottom: insets.bottom, trailing: insets.left)
        }
    }

    /// No inset on any side.
    public static let zero = DirectionalEdgeInsets()

    /// The left/right insets these are in `direction` (M2).
    public func edgeInsets(for direction: LayoutDirection) -> EdgeInsets {
        switch direction {
        case .leftToRight: return EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
        case .rightToLeft: return EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
        }
    }

    /// "(top t, leading l, bottom b, trailing r)", for messages.
    public var description: String { "(top \(top), leading \(leading), bottom \(bottom), trailing \(trailing))" }
}
