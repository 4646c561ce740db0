import Foundation

/// What an anchor belongs to: a node, or one of its layout guides (rule AL4).
public enum LayoutItem: Sendable {
    case node(LayoutNodeReference)
    case marginsGuide(LayoutNodeReference)
    case safeAreaGuide(LayoutNodeReference)

    var node: LayoutNode? {
        switch self {
        case let .node(r), let .marginsGuide(r), let .safeAreaGuide(r): r.node
        }
    }

    var kind: LayoutItemKind {
        switch self {
        case .node: .node
        case .marginsGuide: .marginsGuide
        case .safeAreaGuide: .safeAreaGuide
        }
    }
}

/// A `LayoutItem`'s case without its node: what the layout pass reads of an anchor, with the attribute.
struct AnchorKey {
    let kind: LayoutItemKind
    let attribute: LayoutAttribute
}

enum LayoutItemKind: UInt8 {
    case node, marginsGuide, safeAreaGuide
}

/// A weak reference to a node that may cross isolation boundaries in a constraint description (nodes are
/// confined to one thread, like UIKit views; this only lets the value types that name them be `Sendable`).
///
/// Weak because a node keeps its active constraints and each constraint names its node (rule AL14): held
/// strongly, every constrained node would keep itself alive, as a cycle, after its tree is dropped. UIKit's
/// constraints and anchors also refer to their views weakly.
public struct LayoutNodeReference: @unchecked Sendable {
    /// The node, or `nil` once nothing else keeps it alive.
    public private(set) weak var node: LayoutNode?

    init(node: LayoutNode) { self.node = node }
}

/// An attribute of a node or guide, like `NSLayoutAnchor`: makes constraints with the same method names.
///
/// ```swift
/// let constraints = [
///     label.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
///     label.topAnchor.constraint(equalTo: cell.topAnchor, constant: 12),
///     label.trailingAnchor.constraint(lessThanOrEqualTo: cell.layoutMarginsGuide.trailingAnchor),
///     avatar.widthAnchor.constraint(equalToConstant: 40),
///     avatar.heightAnchor.constraint(equalTo: avatar.widthAnchor),
/// ]
/// LayoutConstraint.activate(constraints)
/// ```
/// Positions of different axes, or a position and a size, may be related in code (UIKit's anchor types
/// forbid it); layout then refuses the constraint with `AutoLayoutError.incompatibleAttributes`. A width
/// and a height may be related (an aspect ratio).
public struct LayoutAnchor: Sendable {
    public let item: LayoutItem
    public let attribute: LayoutAttribute

    public func constraint(equalTo other: LayoutAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(self, .equal, other, multiplier: 1, constant: constant)
    }
    public func constraint(lessThanOrEqualTo other: LayoutAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(self, .lessThanOrEqual, other, multiplier: 1, constant: constant)
    }
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(self, .greaterThanOrEqual, other, multiplier: 1, constant: constant)
    }
    /// A dimension relative to another: `self = multiplier × other + constant`.
    public func constraint(equalTo other: LayoutAnchor, multiplier: CGFloat, constant: CGFloat = 0) -> LayoutConstraint {
        LayoutConstraint(self, .equal, other, multiplier: multiplier, constant: constant)
    }
    public func constraint(
        lessThanOrEqualTo other: LayoutAnchor, multiplier: CGFloat, constant: CGFloat = 0
    )
        -> LayoutConstraint
    {
        LayoutConstraint(self, .lessThanOrEqual, other, multiplier: multiplier, constant: constant)
    }
    public func constraint(
        greaterThanOrEqualTo other: LayoutAnchor, multiplier: CGFloat, constant: CGFloat = 0
    )
        -> LayoutConstraint
    {
        LayoutConstraint(self, .greaterThanOrEqual, other, multiplier: multiplier, constant: constant)
    }
    /// A dimension equal to a constant (`widthAnchor`, `heightAnchor`; a position anchor is refused at
    /// layout with `AutoLayoutError.incompatibleAttributes`, as UIKit's API does not offer it).
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(self, .equal, nil, multiplier: 1, constant: constant)
    }
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(self, .lessThanOrEqual, nil, multiplier: 1, constant: constant)
    }
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        LayoutConstraint(self, .greaterThanOrEqual, nil, multiplier: 1, constant: constant)
    }
}

/// A node's layout guide (`layoutMarginsGuide`, `safeAreaLayoutGuide`): its frame inset by the margins in
/// effect (M1–M5) or by the safe area (rule AL8), read when the layout is solved.
public struct LayoutGuide: Sendable {
    public let item: LayoutItem
    private func anchor(_ attribute: LayoutAttribute) -> LayoutAnchor { LayoutAnchor(item: item, attribute: attribute) }
    public var leadingAnchor: LayoutAnchor { anchor(.leading) }
    public var trailingAnchor: LayoutAnchor { anchor(.trailing) }
    public var leftAnchor: LayoutAnchor { anchor(.left) }
    public var rightAnchor: LayoutAnchor { anchor(.right) }
    public var topAnchor: LayoutAnchor { anchor(.top) }
    public var bottomAnchor: LayoutAnchor { anchor(.bottom) }
    public var widthAnchor: LayoutAnchor { anchor(.width) }
    public var heightAnchor: LayoutAnchor { anchor(.height) }
    public var centerXAnchor: LayoutAnchor { anchor(.centerX) }
    public var centerYAnchor: LayoutAnchor { anchor(.centerY) }
}

extension LayoutNode {
    private func anchor(_ attribute: LayoutAttribute) -> LayoutAnchor {
        LayoutAnchor(item: .node(LayoutNodeReference(node: self)), attribute: attribute)
    }
    /// The anchor of any attribute, margins included (`.leadingMargin` is `layoutMarginsGuide.leadingAnchor`).
    public func anchor(for attribute: LayoutAttribute) -> LayoutAnchor { anchor(attribute) }
    public var leadingAnchor: LayoutAnchor { anchor(.leading) }
    public var trailingAnchor: LayoutAnchor { anchor(.trailing) }
    public var leftAnchor: LayoutAnchor { anchor(.left) }
    public var rightAnchor: LayoutAnchor { anchor(.right) }
    public var topAnchor: LayoutAnchor { anchor(.top) }
    public var bottomAnchor: LayoutAnchor { anchor(.bottom) }
    public var widthAnchor: LayoutAnchor { anchor(.width) }
    public var heightAnchor: LayoutAnchor { anchor(.height) }
    public var centerXAnchor: LayoutAnchor { anchor(.centerX) }
    public var centerYAnchor: LayoutAnchor { anchor(.centerY) }
    /// The first line's baseline for a `LabelNode`; the bottom edge for other nodes (rule AL4).
    public var firstBaselineAnchor: LayoutAnchor { anchor(.firstBaseline) }
    /// The last line's baseline for a `LabelNode`; the bottom edge for other nodes (rule AL4).
    public var lastBaselineAnchor: LayoutAnchor { anchor(.lastBaseline) }
    /// The frame inset by `layoutMargins` in effect (M1–M5), like `UIView.layoutMarginsGuide`.
    public var layoutMarginsGuide: LayoutGuide { LayoutGuide(item: .marginsGuide(LayoutNodeReference(node: self))) }
    /// The frame inset by `safeAreaInsets`, like `UIView.safeAreaLayoutGuide`.
    public var safeAreaLayoutGuide: LayoutGuide { LayoutGuide(item: .safeAreaGuide(LayoutNodeReference(node: self))) }
}
