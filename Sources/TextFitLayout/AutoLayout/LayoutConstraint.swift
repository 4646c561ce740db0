import Foundation
import TextFitConstraints

/// A constraint between two anchors, like `NSLayoutConstraint`:
/// `first relation multiplier × second + constant` at a priority (rules AL2, AL4).
///
/// ```swift
/// let trailing = label.trailingAnchor.constraint(lessThanOrEqualTo: cell.trailingAnchor, constant: -16)
/// trailing.priority = .defaultHigh
/// trailing.isActive = true                  // takes part in the node tree's next layout
/// trailing.constant = -20                   // read at the next layout
/// ```
/// Active constraints are kept by their first item's node (UIKit keeps them on the nearest common
/// ancestor); the layout of a tree uses every active constraint of its nodes. A constraint whose other
/// item is in another tree is refused at layout (`AutoLayoutError.itemsInDifferentTrees`), where UIKit
/// raises an exception.
public final class LayoutConstraint: CustomStringConvertible {
    public let firstAnchor: LayoutAnchor
    public let relation: Relation
    /// `nil` for a constant dimension (`widthAnchor.constraint(equalToConstant:)`).
    public let secondAnchor: LayoutAnchor?
    public let multiplier: CGFloat
    @exclusivity(unchecked) public var constant: CGFloat
    /// 1000 = required (default); lower = a weight (AL2). UIKit forbids changing required ↔ optional on an
    /// active constraint; here any change is read at the next layout.
    @exclusivity(unchecked) public var priority: LayoutPriority = .required
    /// A name shown in errors, like `NSLayoutConstraint.identifier`.
    public var identifier: String?

    // The anchors' nodes (weak, AL14) and what else layout reads of them, stored apart so the layout pass
    // loads each node in place: copying an anchor copies its weak reference, which made a fit of the
    // 10-view cell 69 % more instructions (callgrind).
    weak var firstNode: LayoutNode?
    weak var secondNode: LayoutNode?
    let firstKey: AnchorKey
    let secondKey: AnchorKey?

    /// Whether the constraint takes part in layout. Setting true keeps it on its first item's node.
    public var isActive: Bool {
        get { firstNode?.autoLayoutState?.constraints.contains { $0 === self } ?? false }
        set {
            // A constraint whose first node is gone has nowhere to be kept (AL14): it stays inactive.
            guard let state = firstNode?.autoLayout else { return }
            let index = state.constraints.firstIndex { $0 === self }
            if newValue, index == nil { state.constraints.append(self) }
            if !newValue, let index { state.constraints.remove(at: index) }
        }
    }

    init(_ first: LayoutAnchor, _ relation: Relation, _ second: LayoutAnchor?, multiplier: CGFloat, constant: CGFloat) {
        self.firstAnchor = first
        self.relation = relation
        self.secondAnchor = second
        self.firstNode = first.item.node
        self.secondNode = second?.item.node
        self.firstKey = AnchorKey(kind: first.item.kind, attribute: first.attribute)
        self.secondKey = second.map { AnchorKey(kind: $0.item.kind, attribute: $0.attribute) }
        self.multiplier = multiplier
        self.constant = constant
    }

    /// Makes `first relation multiplier × second + constant`, like
    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    public convenience init(
        item: LayoutNode, attribute: LayoutAttribute, relatedBy relation: Relation,
        toItem: LayoutNode?, attribute second: LayoutAttribute, multiplier: CGFloat = 1,
        constant: CGFloat = 0
    ) {
        self.init(
            item.anchor(for: attribute), relation, toItem.map { $0.anchor(for: second) },
            multiplier: multiplier, constant: constant)
    }

    /// Activates each constraint, like `NSLayoutConstraint.activate(_:)`.
    public static func activate(_ constraints: [LayoutConstraint]) { for c in constraints { c.isActive = true } }
    /// Deactivates each constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) { for c in constraints { c.isActive = false } }

    public var description: String {
        func name(_ anchor: LayoutAnchor) -> String {
            let owner: String
            switch anchor.item {
            case let .node(r): owner = r.node?.name ?? "(released node)"
            case let .marginsGuide(r): owner = "\(r.node?.name ?? "(released node)").layoutMarginsGuide"
            case let .safeAreaGuide(r): owner = "\(r.node?.name ?? "(released node)").safeAreaLayoutGuide"
            }
            return "\(owner).\(anchor.attribute)"
        }
        var text = name(firstAnchor) + " \(relation) "
        if let secondAnchor {
            text += (multiplier == 1 ? "" : "\(multiplier) × ") + name(secondAnchor)
            if constant != 0 { text += constant > 0 ? " + \(constant)" : " - \(-constant)" }
        } else {
            text += "\(constant)"
        }
        if priority != .required { text += " @\(priority)" }
        return identifier.map { "\($0): \(text)" } ?? text
    }
}
