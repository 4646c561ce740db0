import Foundation

extension LayoutNode {
    /// Sets `items`' frames along `axis` to equal lengths with `fixedSpacing` between them, inside this
    /// node's bounds (Masonry's `mas_distributeViewsAlongAxis:withFixedSpacing:leadSpacing:tailSpacing:`,
    /// see `Distribution`). The other axis of each frame is left as it was, as Masonry adds no
    /// constraint there.
    ///
    /// ```swift
    /// try bar.distribute(buttons, along: .horizontal, fixedSpacing: 10, leadSpacing: 15, tailSpacing: 15)
    /// ```
    /// - Throws: `DistributionError.notASubview` for an item that is not this node's subview, and as
    ///   `Distribution.fixedSpacing`.
    public func distribute(
        _ items: [LayoutNode], along axis: Axis, fixedSpacing: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat, scale: CGFloat? = nil
    ) throws {
        try checkSubviews(items)
        let spans = try Distribution.fixedSpacing(
            fixedSpacing, count: items.count, length: length(along: axis),
            leadSpacing: leadSpacing, tailSpacing: tailSpacing, scale: scale)
        place(items, spans, along: axis)
    }

    /// Sets `items`' frames along `axis` to `fixedItemLength` with equal gaps, inside this node's bounds
    /// (Masonry's `…withFixedItemLength:leadSpacing:tailSpacing:`, see `Distribution`).
    ///
    /// ```swift
    /// try bar.distribute(icons, along: .horizontal, fixedItemLength: 44, leadSpacing: 16, tailSpacing: 16)
    /// ```
    /// - Throws: `DistributionError.notASubview`, and as `Distribution.fixedItemLength`.
    public func distribute(
        _ items: [LayoutNode], along axis: Axis, fixedItemLength: CGFloat, leadSpacing: CGFloat,
        tailSpacing: CGFloat, scale: CGFloat? = nil
    ) throws {
        try checkSubviews(items)
        let spans = try Distribution.fixedItemLength(
            fixedItemLength, count: items.count, length: length(along: axis),
            leadSpacing: leadSpacing, tailSpacing: tailSpacing, scale: scale)
        place(items, spans, along: axis)
    }

    private func checkSubviews(_ items: [LayoutNode]) throws {
        for item in items where item.superview !== self {
            throw DistributionError.notASubview(item: item.name, container: name)
        }
        try validateGeometry()
    }

    private func length(along axis: Axis) -> CGFloat {
        axis == .horizontal ? bounds.width : bounds.height
    }

    /// Spans are measured from the bounds' leading edge, so a scrolled container places them in view.
    private func place(_ items: [LayoutNode], _ spans: [Distribution.Span], along axis: Axis) {
        for (item, span) in zip(items, spans) {
            switch axis {
            case .horizontal:
                item.frame.origin.x = bounds.minX + span.origin
                item.frame.size.width = span.length
            case .vertical:
                item.frame.origin.y = bounds.minY + span.origin
                item.frame.size.height = span.length
            }
        }
    }
}

extension Array where Element == LayoutNode {
    /// Masonry's form on an array of views: distributes the views inside their common superview.
    ///
    /// ```swift
    /// try [a, b, c].distribute(along: .vertical, fixedSpacing: 8, leadSpacing: 0, tailSpacing: 0)
    /// ```
    /// - Throws: `DistributionError.tooFewItems` (fewer than 2), `.notASubview` when the views do not
    ///   share one superview, and as `Distribution.fixedSpacing`.
    public func distribute(
        along axis: Axis, fixedSpacing: CGFloat, leadSpacing: CGFloat, tailSpacing: CGFloat,
        scale: CGFloat? = nil
    ) throws {
        try commonSuperview().distribute(
            self, along: axis, fixedSpacing: fixedSpacing, leadSpacing: leadSpacing,
            tailSpacing: tailSpacing, scale: scale)
    }

    /// Masonry's fixed-item-length form on an array of views (see `LayoutNode.distribute`).
    /// - Throws: as `distribute(along:fixedSpacing:leadSpacing:tailSpacing:scale:)`.
    public func distribute(
        along axis: Axis, fixedItemLength: CGFloat, leadSpacing: CGFloat, tailSpacing: CGFloat,
        scale: CGFloat? = nil
    ) throws {
        try commonSuperview().distribute(
            self, along: axis, fixedItemLength: fixedItemLength, leadSpacing: leadSpacing,
            tailSpacing: tailSpacing, scale: scale)
    }

    private func commonSuperview() throws -> LayoutNode {
        guard count >= 2 else { throw DistributionError.tooFewItems(count: count) }
        guard let container = self[0].superview else {
            throw DistributionError.notASubview(item: self[0].name, container: "(none)")
        }
        return container
    }
}
