import Foundation
import TextFitConstraints

/// What `equalTo` and its relatives accept (Masonry's `mas_equalTo` argument): a node (the same attribute of
/// it), an anchor (`other.mas.bottom`), a number (a size, or an offset from the superview's same attribute),
/// or a `CGSize` for `size`.
public protocol ConstraintTarget {}
extension LayoutNode: ConstraintTarget {}
extension LayoutAnchor: ConstraintTarget {}
extension CGFloat: ConstraintTarget {}
extension Double: ConstraintTarget {}
extension Int: ConstraintTarget {}
extension CGSize: ConstraintTarget {}

/// Collects a node's constraints in Masonry's and SnapKit's style (rule AL10); see `LayoutNode.makeConstraints`.
public final class ConstraintMaker {
    let node: LayoutNode
    var items: [ConstraintMakerItem] = []
    init(node: LayoutNode) { self.node = node }

    private func item(_ attributes: [LayoutAttribute]) -> ConstraintMakerItem {
        let item = ConstraintMakerItem(maker: self, attributes: attributes)
        items.append(item)
        return item
    }
    public var left: ConstraintMakerItem { item([.left]) }
    public var right: ConstraintMakerItem { item([.right]) }
    public var top: ConstraintMakerItem { item([.top]) }
    public var bottom: ConstraintMakerItem { item([.bottom]) }
    public var leading: ConstraintMakerItem { item([.leading]) }
    public var trailing: ConstraintMakerItem { item([.trailing]) }
    public var width: ConstraintMakerItem { item([.width]) }
    public var height: ConstraintMakerItem { item([.height]) }
    public var centerX: ConstraintMakerItem { item([.centerX]) }
    public var centerY: ConstraintMakerItem { item([.centerY]) }
    public var firstBaseline: ConstraintMakerItem { item([.firstBaseline]) }
    public var lastBaseline: ConstraintMakerItem { item([.lastBaseline]) }
    public var leftMargin: ConstraintMakerItem { item([.leftMargin]) }
    public var rightMargin: ConstraintMakerItem { item([.rightMargin]) }
    public var topMargin: ConstraintMakerItem { item([.topMargin]) }
    public var bottomMargin: ConstraintMakerItem { item([.bottomMargin]) }
    public var leadingMargin: ConstraintMakerItem { item([.leadingMargin]) }
    public var trailingMargin: ConstraintMakerItem { item([.trailingMargin]) }
    /// top, left, bottom, right.
    public var edges: ConstraintMakerItem { item([.top, .left, .bottom, .right]) }
    /// width, height.
    public var size: ConstraintMakerItem { item([.width, .height]) }
    /// centerX, centerY.
    public var center: ConstraintMakerItem { item([.centerX, .centerY]) }
}

/// One `make.…` line: attributes, a relation to a target, an offset or inset, a multiplier and a priority.
public final class ConstraintMakerItem {
    unowned let maker: ConstraintMaker
    var attributes: [LayoutAttribute]
    var relation: Relation = .equal
    var target: ConstraintTarget?
    var offset: CGFloat = 0
    var inset: CGFloat = 0
    var multiplier: CGFloat = 1
    var priority: LayoutPriority = .required

    init(maker: ConstraintMaker, attributes: [LayoutAttribute]) {
        self.maker = maker
        self.attributes = attributes
    }

    private func adding(_ attribute: LayoutAttribute) -> ConstraintMakerItem { attributes.append(attribute); return self }
    /// Chains another attribute, as in `make.top.bottom.equalTo(superview)`.
    public var left: ConstraintMakerItem { adding(.left) }
    public var right: ConstraintMakerItem { adding(.right) }
    public var top: ConstraintMakerItem { adding(.top) }
    public var bottom: ConstraintMakerItem { adding(.bottom) }
    public var leading: ConstraintMakerItem { adding(.leading) }
    public var trailing: ConstraintMakerItem { adding(.trailing) }
    public var width: ConstraintMakerItem { adding(.width) }
    public var height: ConstraintMakerItem { adding(.height) }
    public var centerX: ConstraintMakerItem { adding(.centerX) }
    public var centerY: ConstraintMakerItem { adding(.centerY) }
    /// Masonry's readability words: `make.left.equalTo(view).with.offset(8)`.
    public var with: ConstraintMakerItem { self }
    public var and: ConstraintMakerItem { self }

    @discardableResult public func equalTo(_ target: ConstraintTarget) -> ConstraintMakerItem {
        relation = .equal; self.target = target; return self
    }
    @discardableResult public func lessThanOrEqualTo(_ target: ConstraintTarget) -> ConstraintMakerItem {
        relation = .lessThanOrEqual; self.target = target; return self
    }
    @discardableResult public func greaterThanOrEqualTo(_ target: ConstraintTarget) -> ConstraintMakerItem {
        relation = .greaterThanOrEqual; self.target = target; return self
    }
    /// The constant, the same for every attribute of the line.
    @discardableResult public func offset(_ amount: CGFloat) -> ConstraintMakerItem { offset = amount; return self }
    /// Inward: + for left, leading, top; − for right, trailing, bottom (Masonry's `inset`).
    @discardableResult public func inset(_ amount: CGFloat) -> ConstraintMakerItem { inset = amount; return self }
    @discardableResult public func multipliedBy(_ factor: CGFloat) -> ConstraintMakerItem {
        multiplier = factor; return self
    }
    @discardableResult public func dividedBy(_ divisor: CGFloat) -> ConstraintMakerItem {
        multiplier = 1 / divisor; return self
    }
    @discardableResult public func priority(_ value: LayoutPriority) -> ConstraintMakerItem { priority = value; return self }
    /// Masonry's named priorities: low 250, medium 500, high 750.
    @discardableResult public func priorityLow() -> ConstraintMakerItem { priority(.defaultLow) }
    @discardableResult public func priorityMedium() -> ConstraintMakerItem { priority(500) }
    @discardableResult public func priorityHigh() -> ConstraintMakerItem { priority(.defaultHigh) }

    /// The line's constraints, one per attribute.
    func constraints() throws -> [LayoutConstraint] {
        let node = maker.node
        guard let target else {
            throw AutoLayoutError.misuse(
                "make.\(attributes) on \(node.name) has no equalTo/lessThanOrEqualTo/greaterThanOrEqualTo")
        }
        return try attributes.map { attribute in
            var second: LayoutAnchor?
            var constant = offset + insetSign(attribute) * inset
            switch target {
            case let other as LayoutNode: second = other.anchor(for: attribute)
            case let anchor as LayoutAnchor: second = anchor
            case let size as CGSize:
                guard attribute.isDimension else {
                    throw AutoLayoutError.misuse("a CGSize for \(attribute) of \(node.name)")
                }
                constant += attribute == .width ? size.width : size.height
            default:
                let number: CGFloat =
                    switch target {
                    case let x as CGFloat: x
                    case let x as Double: CGFloat(x)
                    case let x as Int: CGFloat(x)
                    default: 0
                    }
                constant += number
                if !attribute.isDimension {
                    // Masonry: a number for a position is an offset from the superview's same attribute.
                    guard let superview = node.superview else {
                        throw AutoLayoutError.misuse("a number for \(attribute) of \(node.name), which has no superview")
                    }
                    second = superview.anchor(for: attribute)
                }
            }
            let constraint = LayoutConstraint(
                node.anchor(for: attribute), relation, second,
                multiplier: second == nil ? 1 : multiplier, constant: constant)
            constraint.priority = priority
            return constraint
        }
    }

    private func insetSign(_ attribute: LayoutAttribute) -> CGFloat {
        switch attribute {
        case .left, .leading, .top, .leftMargin, .leadingMargin, .topMargin: 1
        case .right, .trailing, .bottom, .rightMargin, .trailingMargin, .bottomMargin: -1
        default: 0
        }
    }
}
