import Foundation

/// Insets of content inside a row or view, like `UIEdgeInsets`.
public struct EdgeInsets: Sendable, Hashable, CustomStringConvertible {
    /// The inset from the top edge, in points.
    public var top: CGFloat
    /// The inset from the left edge, in points.
    public var left: CGFloat
    /// The inset from the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset from the right edge, in points.
    public var right: CGFloat

    /// Insets, zero where not given.
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

    /// No inset on any side.
    public static let zero = EdgeInsets()

    /// left + right.
    public var horizontal: CGFloat { left + right }
    /// top + bottom.
    public var vertical: CGFloat { top + bottom }

    var isValid: Bool {
        // The sums too: two finite insets near `greatestFiniteMagnitude` add up to +infinity.
        [top, left, bottom, right].allSatisfy { $0.isFinite && $0 >= 0 } && vertical.isFinite && horizontal.isFinite
    }

    /// "(top t, left l, bottom b, right r)", for messages.
    public var description: String { "(top \(top), left \(left), bottom \(bottom), right \(right))" }
}
