import Foundation

/// Which way leading and trailing point (M2): leading is left in left-to-right layouts, right in
/// right-to-left ones.
public enum LayoutDirection: Sendable, Hashable {
    case leftToRight
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
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

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

    public static let zero = DirectionalEdgeInsets()

    /// The left/right insets these are in `direction` (M2).
    public func edgeInsets(for direction: LayoutDirection) -> EdgeInsets {
        switch direction {
        case .leftToRight: return EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
        case .rightToLeft: return EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
        }
    }

    public var description: String { "(top \(top), leading \(leading), bottom \(bottom), trailing \(trailing))" }
}
