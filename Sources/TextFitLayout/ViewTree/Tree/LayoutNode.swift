import Foundation

/// A view in a small frame-based view tree, like `UIView`: a frame in its superview, bounds, subviews in
/// drawing order, layout margins and the safe area (rules M1–M5), a layout pass (`setNeedsLayout`,
/// `layoutIfNeeded`, `layoutSubviews`) and hit-testing.
///
/// A class, as UIKit views are: the tree is a graph of references that the layout pass mutates in place.
/// Not thread-safe; use one tree per thread (as UIKit confines views to the main thread). A node keeps
/// its subviews alive and refers to its superview weakly, as UIKit does: keep a reference to the root.
///
/// ```swift
/// let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
/// root.additionalSafeAreaInsets = EdgeInsets(top: 20)          // a status bar
/// let card = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 200))
/// try root.addSubview(card)
/// card.layoutMargins = EdgeInsets(all: 50)
/// card.layoutMargins                                            // (70, 50, 50, 50): M3 adds the safe area
/// card.layoutSubviews = { node in node.subviews.first?.frame = try node.layoutMarginsFrame() }
/// try root.layoutIfNeeded()
/// ```
public class LayoutNode {
    /// A name for messages and debugging (`"cell"`, `"title"`); not used by layout.
    public var name: String

    /// The node's rectangle in its superview's bounds coordinates. A new size marks the node as needing
    /// layout (UIKit lays out a view again when its bounds change size).
    public var frame: CGRect {
        didSet { if frame.size != oldValue.size { setNeedsLayout() } }
    }

    /// The origin of the node's own coordinate system; children's frames are placed relative to it (a
    /// scroll view's content offset). The bounds' size is always the frame's size.
    public var boundsOrigin: CGPoint = .zero

    /// The node's own coordinate space: `boundsOrigin` and the frame's size.
    public var bounds: CGRect { CGRect(origin: boundsOrigin, size: frame.size) }

    /// Subviews in drawing order: the last one is drawn on top and wins hit-tests where children overlap.
    public private(set) var subviews: [LayoutNode] = []
    /// The node this one is a subview of; `nil` for a root.
    public private(set) weak var superview: LayoutNode?

    /// Hidden nodes and their subtrees are skipped by hit-testing (they still lay out, as in UIKit).
    public var isHidden = false
    /// Opacity 0...1; below 0.01 hit-testing skips the node, as UIKit does.
    public var alpha: CGFloat = 1
    /// When false, hit-testing skips the node and its subtree.
    public var isUserInteractionEnabled = true

    // Margins (M1–M5), stored as set; `layoutMargins` reads the resolved value.
    var ownMargins = DirectionalEdgeInsets(all: 8)
    /// The direction leading and trailing map to (M2). Left-to-right unless set.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// M4: whether this node's margins also keep content inside its superview's margins. Default false.
    public var preservesSuperviewLayoutMargins = false
    /// M3: whether the safe area is added to this node's margins. Default true.
    public var insetsLayoutMarginsFromSafeArea = true
    /// Extra unsafe insets declared on this node (a status bar on a root, a toolbar), like a view
    /// controller's `additionalSafeAreaInsets`; they add to what the node inherits and pass down.
    public var additionalSafeAreaInsets = EdgeInsets.zero

    // The layout pass.
    /// Whether a layout pass is pending for this node (`setNeedsLayout()` was called since its last pass).
    public internal(set) var needsLayout = true
    /// Sets the subviews' frames; run by the layout pass for a node that needs layout. `nil` = nothing to
    /// lay out. The node is passed in, so the closure need not capture it.
    public var layoutSubviews: ((LayoutNode) throws -> Void)?
    /// The size the node wants for a proposal, like an overridden `sizeThatFits(_:)`; `nil` = the current
    /// size (UIView's default).
    public var sizeThatFitsHandler: ((LayoutNode, CGSize) throws -> CGSize)?
    /// Decides whether a point (in the node's bounds coordinates) is inside, like an overridden
    /// `point(inside:with:)`; `nil` = inside the bounds.
    public var pointInsideHandler: ((LayoutNode, CGPoint) -> Bool)?
    /// How many times `layoutSubviews` ran for this node (so tests can see which nodes a change re-laid out).
    public internal(set) var layoutPassCount = 0
    /// Auto Layout's per-node state (constraints, priorities; see AutoLayout/), made on first use.
    var autoLayoutState: AutoLayoutState?

    /// A node with a frame.
    /// - Parameters:
    ///   - frame: its rectangle in the superview (default zero).
    ///   - name: a name for messages (default "node").
    public init(frame: CGRect = .zero, name: String = "node") {
        self.frame = frame
        self.name = name
    }

    /// Adds `node` as the topmost subview, taking it from its old superview first. Both are marked as
    /// needing layout.
    /// - Throws: `LayoutNodeError.cycle` when `node` is this node or one of its ancestors (the tree would
    ///   loop).
    public func addSubview(_ node: LayoutNode) throws {
        var ancestor: LayoutNode? = self
        while let current = ancestor {
            if current === node { throw LayoutNodeError.cycle(node: node.name, superview: name) }
            ancestor = current.superview
        }
        node.removeFromSuperview()
        subviews.append(node)
        node.superview = self
        node.setNeedsLayout()
        setNeedsLayout()
    }

    /// Removes the node from its superview (nothing for a root); the superview needs layout.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    /// Whether this node is `node` or lies below it.
    public func isDescendant(of node: LayoutNode) -> Bool {
        var current: LayoutNode? = self
        while let candidate = current {
            if candidate === node { return true }
            current = candidate.superview
        }
        return false
    }

    /// The size the node wants in `size`, like `UIView.sizeThatFits(_:)`: the handler's answer, else the
    /// current size.
    /// - Throws: what the handler throws (a label's measuring errors).
    public func sizeThatFits(_ size: CGSize) throws -> CGSize {
        if let sizeThatFitsHandler { return try sizeThatFitsHandler(self, size) }
        return frame.size
    }

    /// Tells the node its content's natural size changed, like `invalidateIntrinsicContentSize()`: with
    /// frames, that means the superview must place it again, so the superview is marked.
    public func invalidateIntrinsicContentSize() {
        superview?.setNeedsLayout()
    }

    /// Converts a point from this node's bounds coordinates to `node`'s (both in one tree).
    /// - Returns: `nil` when the two nodes share no root.
    public func convert(_ point: CGPoint, to node: LayoutNode) -> CGPoint? {
        guard let mine = originInRoot(), let theirs = node.originInRoot(), mine.root === theirs.root else { return nil }
        return CGPoint(x: point.x + mine.offset.x - theirs.offset.x, y: point.y + mine.offset.y - theirs.offset.y)
    }

    /// The root of the tree and where this node's bounds origin lies in the root's bounds coordinates.
    private func originInRoot() -> (root: LayoutNode, offset: CGPoint)? {
        var offset = CGPoint(x: -boundsOrigin.x, y: -boundsOrigin.y)
        var node = self
        while let parent = node.superview {
            offset.x += node.frame.minX
            offset.y += node.frame.minY
            offset.x -= parent.boundsOrigin.x
            offset.y -= parent.boundsOrigin.y
            node = parent
        }
        offset.x += node.boundsOrigin.x
        offset.y += node.boundsOrigin.y
        return (node, offset)
    }
}
