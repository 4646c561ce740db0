import Foundation

extension LayoutNode {
    /// The node's layout margins, like `UIView.layoutMargins`: setting stores the node's own margins
    /// (8 pt on every side by default, M1); reading returns the margins in effect (M3–M5):
    ///
    /// 1. own margins, plus the safe-area insets when `insetsLayoutMarginsFromSafeArea` is true (M3);
    /// 2. then, when `preservesSuperviewLayoutMargins` is true, each edge grows to at least the
    ///    superview's margin in effect minus the distance between the two edges (M4).
    ///
    /// The safe area is added before the maximum (M5): the superview's margin already holds the
    /// superview's safe area, so adding the node's safe area after the maximum would count it twice.
    ///
    /// ```swift
    /// let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// root.additionalSafeAreaInsets = EdgeInsets(top: 20)     // status bar
    /// root.layoutMargins = EdgeInsets(all: 50)
    /// root.layoutMargins                                       // (top 70, left 50, bottom 50, right 50)
    /// root.insetsLayoutMarginsFromSafeArea = false
    /// root.layoutMargins                                       // (50, 50, 50, 50)
    /// ```
    public var layoutMargins: EdgeInsets {
        get { resolvedLayoutMargins }
        set { ownMargins = DirectionalEdgeInsets(newValue, direction: layoutDirection) }
    }

    /// The same margins with leading and trailing in the node's `layoutDirection` (M2), like
    /// `UIView.directionalLayoutMargins`: one value with `layoutMargins`, read and written the same way.
    ///
    /// ```swift
    /// node.directionalLayoutMargins = DirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 8)
    /// node.layoutMargins.left    // 20 in left-to-right (plus any safe area)
    /// ```
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get { DirectionalEdgeInsets(resolvedLayoutMargins, direction: layoutDirection) }
        set { ownMargins = newValue }
    }

    /// The rectangle inside the margins in the node's bounds coordinates, like
    /// `layoutMarginsGuide.layoutFrame`: where content pinned to the margins goes.
    /// - Throws: `LayoutNodeError.invalidGeometry` (a NaN, infinite or negative-sized frame here or above),
    ///   `.invalidInsets` (NaN, infinite or negative margins or safe-area insets), `.insetsExceedBounds`
    ///   (margins adding up to more than the node's width or height).
    public func layoutMarginsFrame() throws -> CGRect {
        try validateChain()
        return try inset(bounds, by: resolvedLayoutMargins, field: "layoutMargins")
    }

    /// M3, M4 and M5 in that order.
    private var resolvedLayoutMargins: EdgeInsets {
        var margins = ownMargins.edgeInsets(for: layoutDirection)
        if insetsLayoutMarginsFromSafeArea {  // M3: additive
            let safe = safeAreaInsets
            margins.top += safe.top
            margins.left += safe.left
            margins.bottom += safe.bottom
            margins.right += safe.right
        }
        if preservesSuperviewLayoutMargins, let parent = superview {  // M4, after M3 (M5)
            let inherited = parent.layoutMargins
            let space = parent.bounds
            margins.top = max(margins.top, inherited.top - (frame.minY - space.minY))
            margins.left = max(margins.left, inherited.left - (frame.minX - space.minX))
            margins.bottom = max(margins.bottom, inherited.bottom - (space.maxY - frame.maxY))
            margins.right = max(margins.right, inherited.right - (space.maxX - frame.maxX))
        }
        return margins
    }
}
