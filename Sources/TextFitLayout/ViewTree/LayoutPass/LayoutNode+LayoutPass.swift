import Foundation

extension LayoutNode {
    /// Marks the node as needing layout, like `UIView.setNeedsLayout()`: nothing moves now; the frames
    /// change at the next `layoutIfNeeded()` on this node, a subview or an ancestor (UIKit's next display
    /// cycle lays out from the window, which is `layoutIfNeeded()` on the root).
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Runs the pending layout now, like `UIView.layoutIfNeeded()`.
    ///
    /// The pass starts at the topmost ancestor (or this node) that needs layout and goes down: each node
    /// that needs layout runs its `layoutSubviews` once, and so do subviews whose size that changed (a
    /// new size marks a node) or that were marked themselves. Nodes nobody marked are not laid out again,
    /// and with no mark at all nothing happens.
    ///
    /// ```swift
    /// var width: CGFloat = 100
    /// root.layoutSubviews = { node in node.subviews[0].frame.size.width = width }
    /// try root.layoutIfNeeded()         // first pass: width 100
    /// width = 300
    /// try root.layoutIfNeeded()         // no mark: still 100
    /// root.setNeedsLayout()             // still 100 until the pass runs
    /// try root.layoutIfNeeded()         // 300
    /// ```
    /// - Throws: what a `layoutSubviews` throws, and `LayoutNodeError.invalidGeometry` when a node it lays
    ///   out has, or is given, a frame with NaN, infinity or a negative size. Nodes already laid out keep
    ///   their frames; the failing node stays marked.
    public func layoutIfNeeded() throws {
        var start: LayoutNode?
        var node: LayoutNode? = self
        while let current = node {
            if current.needsLayout { start = current }
            node = current.superview
        }
        try (start ?? self).layoutMarkedNodes()
    }

    /// The pass below `layoutIfNeeded`'s starting node.
    private func layoutMarkedNodes() throws {
        if needsLayout {
            try validateGeometry()
            try layoutSubviews?(self)
            for child in subviews { try child.validateGeometry() }
            needsLayout = false
            layoutPassCount += 1
        }
        for child in subviews { try child.layoutMarkedNodes() }
    }

    /// Runs `changes` and reports which frames in this node's subtree differ at its end, which are the
    /// frames an animation block (`UIView.animate(withDuration:animations:)`) would animate: only changes
    /// made inside the block animate. A `setNeedsLayout()` inside the block moves nothing, so nothing
    /// animates and the frames jump at the next pass; a `layoutIfNeeded()` inside the block after the mark
    /// moves them inside it.
    ///
    /// ```swift
    /// let moved = root.animate { width = 300; root.setNeedsLayout(); try? root.layoutIfNeeded() }
    /// moved.map(\.to)      // the new frames, animated from `from`
    /// ```
    /// - Returns: the changes in depth-first order (a node before its subviews, subviews in order).
    public func animate(_ changes: () throws -> Void) rethrows -> [FrameChange] {
        var before: [(LayoutNode, CGRect)] = []
        forEachNode { before.append(($0, $0.frame)) }
        try changes()
        return before.compactMap { node, frame in
            node.frame == frame ? nil : FrameChange(node: node, from: frame, to: node.frame)
        }
    }

    /// Calls `body` for this node and every node below it, depth first, subviews in order.
    public func forEachNode(_ body: (LayoutNode) throws -> Void) rethrows {
        try body(self)
        for child in subviews { try child.forEachNode(body) }
    }
}

/// One frame an animation block changed (see `LayoutNode.animate(_:)`).
public struct FrameChange {
    /// The node whose frame changed.
    public let node: LayoutNode
    /// Its frame before the block (where the animation starts).
    public let from: CGRect
    /// Its frame at the block's end (where the animation ends).
    public let to: CGRect
}
