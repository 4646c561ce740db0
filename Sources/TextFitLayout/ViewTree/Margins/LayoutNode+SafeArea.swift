import Foundation

extension LayoutNode {
    /// The insets of this node's bounds that lie outside the safe area, like `UIView.safeAreaInsets`.
    ///
    /// A root's safe area is its `additionalSafeAreaInsets` (a status bar, say). Below it, a node's inset
    /// on each edge is the part of its superview's unsafe strip on that edge that the node overlaps: never
    /// negative, never more than the superview's own inset on that edge (a node pushed past its
    /// superview's edge does not grow it), never more than the node's own width or height; then the node's
    /// `additionalSafeAreaInsets` add on.
    ///
    /// ```swift
    /// let root = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// root.additionalSafeAreaInsets = EdgeInsets(top: 20)
    /// let bar = LayoutNode(frame: CGRect(x: 0, y: 10, width: 375, height: 44))
    /// try root.addSubview(bar)
    /// bar.safeAreaInsets.top    // 10: the 10 pt of the status bar it still covers
    /// ```
    public var safeAreaInsets: EdgeInsets {
        var insets = inheritedSafeAreaInsets
        insets.top += additionalSafeAreaInsets.top
        insets.left += additionalSafeAreaInsets.left
        insets.bottom += additionalSafeAreaInsets.bottom
        insets.right += additionalSafeAreaInsets.right
        return insets
    }

    /// The superview's unsafe strips that this node overlaps, in this node's edges.
    private var inheritedSafeAreaInsets: EdgeInsets {
        guard let parent = superview else { return .zero }
        let unsafe = parent.safeAreaInsets
        let space = parent.bounds
        func overlap(_ amount: CGFloat, cap: CGFloat, length: CGFloat) -> CGFloat {
            min(max(amount, 0), cap, max(length, 0))
        }
        return EdgeInsets(
            top: overlap(space.minY + unsafe.top - frame.minY, cap: unsafe.top, length: frame.height),
            left: overlap(space.minX + unsafe.left - frame.minX, cap: unsafe.left, length: frame.width),
            bottom: overlap(frame.maxY - (space.maxY - unsafe.bottom), cap: unsafe.bottom, length: frame.height),
            right: overlap(frame.maxX - (space.maxX - unsafe.right), cap: unsafe.right, length: frame.width))
    }

    /// The safe area in the node's bounds coordinates, like `safeAreaLayoutGuide.layoutFrame`.
    /// - Throws: `LayoutNodeError.invalidGeometry` for a NaN, infinite or negative-sized frame of this node
    ///   or an ancestor, `.invalidInsets` for NaN, infinite or negative `additionalSafeAreaInsets`,
    ///   `.insetsExceedBounds` when the insets add up to more than the node's size.
    public func safeAreaFrame() throws -> CGRect {
        try validateChain()
        return try inset(bounds, by: safeAreaInsets, field: "safeAreaInsets")
    }

    /// Validates this node's and its ancestors' frames and insets, the inputs of the safe area and margins.
    func validateChain() throws {
        var node: LayoutNode? = self
        while let current = node {
            try current.validateGeometry()
            guard current.additionalSafeAreaInsets.isValid else {
                throw LayoutNodeError.invalidInsets(
                    node: current.name, field: "additionalSafeAreaInsets",
                    value: current.additionalSafeAreaInsets)
            }
            let own = current.ownMargins.edgeInsets(for: current.layoutDirection)
            guard own.isValid else {
                throw LayoutNodeError.invalidInsets(node: current.name, field: "layoutMargins", value: own)
            }
            node = current.superview
        }
    }

    /// `rect` inset by `insets`, refusing insets larger than the rect.
    func inset(_ rect: CGRect, by insets: EdgeInsets, field: String) throws -> CGRect {
        guard insets.horizontal <= rect.width, insets.vertical <= rect.height else {
            throw LayoutNodeError.insetsExceedBounds(node: name, field: field, insets: insets, size: rect.size)
        }
        return CGRect(
            x: rect.minX + insets.left, y: rect.minY + insets.top,
            width: rect.width - insets.horizontal, height: rect.height - insets.vertical)
    }
}
