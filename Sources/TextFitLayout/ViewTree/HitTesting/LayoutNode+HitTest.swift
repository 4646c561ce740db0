import Foundation

extension LayoutNode {
    /// Whether `point` (in the node's bounds coordinates) is inside the node, like
    /// `UIView.point(inside:with:)`: `pointInsideHandler`'s answer when set, else whether the bounds
    /// contain it (the left and top edges are inside, the right and bottom ones are not).
    public func point(inside point: CGPoint) -> Bool {
        if let pointInsideHandler { return pointInsideHandler(self, point) }
        return point.x >= bounds.minX && point.x < bounds.maxX && point.y >= bounds.minY && point.y < bounds.maxY
    }

    /// The deepest node that takes a touch at `point` (in this node's bounds coordinates), like
    /// `UIView.hitTest(_:with:)`.
    ///
    /// A hidden node, one with `alpha` below 0.01 or with `isUserInteractionEnabled` false takes no
    /// touch, nor does anything below it. A point outside a node (`point(inside:)` false) never reaches
    /// its subviews, even ones drawn outside it: a button hanging past a cell's edge gets no touch there,
    /// the touch goes to whatever lies below the cell. Subviews are asked last-added first, so the topmost
    /// wins where they overlap; when none takes the point, the node itself does.
    ///
    /// ```swift
    /// let cell = LayoutNode(frame: CGRect(x: 0, y: 0, width: 320, height: 44), name: "cell")
    /// let badge = LayoutNode(frame: CGRect(x: 290, y: 30, width: 24, height: 24), name: "badge")
    /// try cell.addSubview(badge)
    /// cell.hitTest(CGPoint(x: 300, y: 40))?.name    // "badge"
    /// cell.hitTest(CGPoint(x: 300, y: 50))          // nil: below the cell, though the badge is drawn there
    /// ```
    /// - Returns: the node, or `nil` when this node takes no touch at `point`. A NaN point is inside nothing.
    public func hitTest(_ point: CGPoint) -> LayoutNode? {
        guard !isHidden, alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        for child in subviews.reversed() {
            let local = CGPoint(
                x: point.x - child.frame.minX + child.boundsOrigin.x,
                y: point.y - child.frame.minY + child.boundsOrigin.y)
            if let hit = child.hitTest(local) { return hit }
        }
        return self
    }
}
