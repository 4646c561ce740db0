import Foundation

/// A node's anchors under Masonry's names (`view.mas.bottom` for Objective-C's `view.mas_bottom`), for
/// `equalTo` in `makeConstraints`.
public struct MasonryAnchors {
    let node: LayoutNode
    public var left: LayoutAnchor { node.leftAnchor }
    public var right: LayoutAnchor { node.rightAnchor }
    public var top: LayoutAnchor { node.topAnchor }
    public var bottom: LayoutAnchor { node.bottomAnchor }
    public var leading: LayoutAnchor { node.leadingAnchor }
    public var trailing: LayoutAnchor { node.trailingAnchor }
    public var width: LayoutAnchor { node.widthAnchor }
    public var height: LayoutAnchor { node.heightAnchor }
    public var centerX: LayoutAnchor { node.centerXAnchor }
    public var centerY: LayoutAnchor { node.centerYAnchor }
    public var firstBaseline: LayoutAnchor { node.firstBaselineAnchor }
    public var lastBaseline: LayoutAnchor { node.lastBaselineAnchor }
    public var leftMargin: LayoutAnchor { node.anchor(for: .leftMargin) }
    public var rightMargin: LayoutAnchor { node.anchor(for: .rightMargin) }
    public var topMargin: LayoutAnchor { node.anchor(for: .topMargin) }
    public var bottomMargin: LayoutAnchor { node.anchor(for: .bottomMargin) }
    public var leadingMargin: LayoutAnchor { node.anchor(for: .leadingMargin) }
    public var trailingMargin: LayoutAnchor { node.anchor(for: .trailingMargin) }
}

extension LayoutNode {
    /// Masonry's anchors of this node: `other.mas.bottom` (`other.mas_bottom`).
    public var mas: MasonryAnchors { MasonryAnchors(node: self) }

    /// Makes and activates constraints in Masonry's `mas_makeConstraints` style (rule AL10); turns
    /// `translatesAutoresizingMaskIntoConstraints` off, as Masonry does.
    ///
    /// ```swift
    /// try label.makeConstraints { make in
    ///     make.top.equalTo(contentView).offset(10)
    ///     make.left.right.equalTo(contentView).inset(10)
    ///     make.bottom.equalTo(contentView).offset(-10)
    /// }
    /// try avatar.makeConstraints { $0.size.equalTo(CGSize(width: 40, height: 40)) }
    /// ```
    /// A number for a position is an offset from the superview's same attribute (`make.left.equalTo(10)`);
    /// for `width`/`height` it is a constant.
    /// - Returns: the constraints made, active.
    /// - Throws: `AutoLayoutError.misuse` for a line without a relation, a number for a position of a node
    ///   without a superview, a `CGSize` for a position. Nothing is activated when it throws.
    @discardableResult
    public func makeConstraints(_ block: (ConstraintMaker) throws -> Void) throws -> [LayoutConstraint] {
        let made = try constraints(madeBy: block)
        translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate(made)
        autoLayout.madeConstraints += made
        return made
    }

    /// Removes the constraints `makeConstraints` made on this node, then makes these (`mas_remakeConstraints`).
    @discardableResult
    public func remakeConstraints(_ block: (ConstraintMaker) throws -> Void) throws -> [LayoutConstraint] {
        let made = try constraints(madeBy: block)
        LayoutConstraint.deactivate(autoLayout.madeConstraints)
        autoLayout.madeConstraints = []
        translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate(made)
        autoLayout.madeConstraints = made
        return made
    }

    /// Updates the constant and priority of made constraints that relate the same attributes of the same
    /// items by the same relation and multiplier, and makes the others (`mas_updateConstraints`).
    @discardableResult
    public func updateConstraints(_ block: (ConstraintMaker) throws -> Void) throws -> [LayoutConstraint] {
        let wanted = try constraints(madeBy: block)
        var result: [LayoutConstraint] = []
        translatesAutoresizingMaskIntoConstraints = false
        for constraint in wanted {
            if let existing = autoLayout.madeConstraints.first(where: { $0.isActive && $0.isSimilar(to: constraint) }) {
                existing.constant = constraint.constant
                existing.priority = constraint.priority
                result.append(existing)
            } else {
                constraint.isActive = true
                autoLayout.madeConstraints.append(constraint)
                result.append(constraint)
            }
        }
        return result
    }

    /// The constraints `block` describes on this node, made but not yet activated.
    private func constraints(madeBy block: (ConstraintMaker) throws -> Void) throws -> [LayoutConstraint] {
        let maker = ConstraintMaker(node: self)
        try block(maker)
        return try maker.items.flatMap { try $0.constraints() }
    }
}

extension LayoutConstraint {
    /// Masonry's `layoutConstraintSimilarTo:`: same items, attributes, relation and multiplier.
    func isSimilar(to other: LayoutConstraint) -> Bool {
        func same(_ a: LayoutAnchor?, _ b: LayoutAnchor?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.attribute == b.attribute && a.item.sameItem(as: b.item)
        }
        return same(firstAnchor, other.firstAnchor) && same(secondAnchor, other.secondAnchor)
            && relation == other.relation && multiplier == other.multiplier
    }
}

extension LayoutItem {
    func sameItem(as other: LayoutItem) -> Bool {
        switch (self, other) {
        case let (.node(a), .node(b)), let (.marginsGuide(a), .marginsGuide(b)), let (.safeAreaGuide(a), .safeAreaGuide(b)):
            a.node === b.node
        default: false
        }
    }
}
