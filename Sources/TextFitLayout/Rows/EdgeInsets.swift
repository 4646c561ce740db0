import Foundation

/// Insets of content inside a row or view, like `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    public init(all inset: CGFloat) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    public static let zero = EdgeInsets()

    /// left + right.
    public var horizontal: CGFloat { left + right }
    /// top + bottom.
    public var vertical: CGFloat { top + bottom }

    var isValid: Bool {
        // The sums too: two finite insets near `greatestFiniteMagnitude` add up to +infinity.
        [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 } && vertical.isFinite && horizontal.isFinite
    }

    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}
