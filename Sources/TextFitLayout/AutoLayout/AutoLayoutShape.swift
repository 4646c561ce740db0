import Foundation

/// Everything a constraint system depends on apart from label texts and the fitting target, as numbers:
/// the tree's shape (each node's parent, by depth-first index), flags, frames that translate into
/// constraints, intrinsic sizes of non-labels, priorities, label settings and fonts (baselines), every active
/// constraint (its items by index, attributes, relation, multiplier, constant, priority) and the margins and
/// safe areas its guides read, and how the root's size is set (rule AL12).
///
/// Two trees with equal shapes make the same system up to the labels' intrinsic sizes and the target, so a
/// solved system of one can serve the other after moving those constants (`AutoLayoutEngine.refresh`):
/// this is what lets a fresh cell of a known shape be sized without building its tableau. Nodes are named
/// by index, never by identity, so the key holds no node alive.
struct AutoLayoutShape: Hashable {
    private(set) var numbers: [UInt64] = []
    /// A digest of `numbers`, kept as they are appended: hashing it alone is a few instructions where
    /// hashing every number (a few hundred for a cell) costs more than refreshing the system.
    private var digest: UInt64 = 0xcbf2_9ce4_8422_2325

    static func == (lhs: AutoLayoutShape, rhs: AutoLayoutShape) -> Bool {
        lhs.digest == rhs.digest && lhs.numbers == rhs.numbers
    }
    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    private mutating func append(_ number: UInt64) {
        numbers.append(number)
        digest = (digest ^ number) &* 0x0000_0100_0000_01b3 &+ (digest >> 29)
    }

    /// The tree the shape was read from, in depth-first order, and each node's parent index (−1 for the root).
    struct Tree {
        var nodes: [LayoutNode] = []
        var parents: [Int] = []
        /// The index of `node` in `nodes`, or nil when it is not in the tree.
        func index(of node: LayoutNode) -> Int? {
            // A linear scan beats hashing for a cell's ten or so nodes.
            if nodes.count <= 48 { return nodes.firstIndex { $0 === node } }
            return lookup?[ObjectIdentifier(node)]
        }
        fileprivate var lookup: [ObjectIdentifier: Int]?
    }

    /// Reads the shape of `root`'s tree for a system whose root size is set by `size`.
    static func read(_ root: LayoutNode, size: AutoLayoutEngine.RootSize) -> (AutoLayoutShape, Tree) {
        var tree = Tree()
        tree.nodes.reserveCapacity(16)
        tree.parents.reserveCapacity(16)
        collect(root, parent: -1, into: &tree)
        if tree.nodes.count > 48 {
            tree.lookup = Dictionary(uniqueKeysWithValues: tree.nodes.enumerated().map { (ObjectIdentifier($1), $0) })
        }
        var shape = AutoLayoutShape()
        shape.numbers.reserveCapacity(64 * tree.nodes.count)  // about 12 per node and 12 per constraint
        switch size {
        case .frame:
            shape.append(1)
            shape.add(root.frame.width); shape.add(root.frame.height)
        case let .fitting(_, horizontal, vertical):
            shape.append(2)
            shape.add(horizontal); shape.add(vertical)
        case .editableWidth:
            shape.append(3)
        }
        for (index, node) in tree.nodes.enumerated() { shape.visit(node, index, tree) }
        return (shape, tree)
    }

    private static func collect(_ node: LayoutNode, parent: Int, into tree: inout Tree) {
        let index = tree.nodes.count
        tree.nodes.append(node)
        tree.parents.append(parent)
        for child in node.subviews { collect(child, parent: index, into: &tree) }
    }

    private mutating func add(_ value: CGFloat) { append(Double(value).bitPattern) }
    private mutating func add(_ priority: LayoutPriority) { append(UInt64(priority.rawValue.bitPattern)) }
    private mutating func add(_ insets: EdgeInsets) {
        add(insets.top); add(insets.left); add(insets.bottom); add(insets.right)
    }

    private mutating func visit(_ node: LayoutNode, _ index: Int, _ tree: Tree) {
        append(UInt64(bitPattern: Int64(tree.parents[index])))
        let translates = node.autoLayoutState?.translatesAutoresizingMask ?? true
        append(translates ? 1 : 0)
        if translates && index > 0 {
            add(node.frame.minX); add(node.frame.minY); add(node.frame.width); add(node.frame.height)
        }
        append(node.layoutDirection == .rightToLeft ? 1 : 0)
        // The node's Auto Layout state is read once: each read of a class's property is an access check.
        let state = node.autoLayoutState
        if let state {
            add(state.hugging[.horizontal] ?? .defaultLow); add(state.hugging[.vertical] ?? .defaultLow)
            add(state.compressionResistance[.horizontal] ?? .defaultHigh)
            add(state.compressionResistance[.vertical] ?? .defaultHigh)
        } else {
            add(LayoutPriority.defaultLow); add(LayoutPriority.defaultLow)
            add(LayoutPriority.defaultHigh); add(LayoutPriority.defaultHigh)
        }
        if let label = node as? LabelNode {
            let value = label.labelValue, font = value.font
            append(UInt64(bitPattern: Int64(value.numberOfLines)) &+ 1 << 62)
            add(state?.preferredMaxLayoutWidth ?? 0)
            add(font.ascender); add(font.lineHeight)
        } else {
            let intrinsic = state?.intrinsicSize ?? CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric)
            add(intrinsic.width); add(intrinsic.height)
        }
        let constraints = state?.constraints ?? []
        append(UInt64(constraints.count))
        for constraint in constraints {
            anchor(constraint.firstAnchor, tree)
            if let second = constraint.secondAnchor { anchor(second, tree) } else { append(UInt64.max) }
            append(constraint.relation == .equal ? 0 : constraint.relation == .lessThanOrEqual ? 1 : 2)
            add(constraint.multiplier); add(constraint.constant); add(constraint.priority)
        }
    }

    /// An anchor's node (by index; `UInt64.max − 1` outside the tree, which the engine refuses), item kind
    /// and attribute, and the insets its guide reads.
    private mutating func anchor(_ anchor: LayoutAnchor, _ tree: Tree) {
        let node = anchor.item.node
        append(tree.index(of: node).map { UInt64($0) } ?? UInt64.max - 1)
        let kind: UInt64
        switch anchor.item {
        case .node: kind = 0
        case .marginsGuide: kind = 1
        case .safeAreaGuide: kind = 2
        }
        append(kind << 8 | UInt64(anchor.attribute.ordinal))
        switch anchor.item {
        case .node: if anchor.attribute.isMargin { add(node.layoutMargins) }
        case .marginsGuide: add(node.layoutMargins)
        case .safeAreaGuide: add(node.safeAreaInsets)
        }
    }
}

extension LayoutAttribute {
    /// A number per attribute, for `AutoLayoutShape`.
    var ordinal: Int {
        switch self {
        case .left: 0
        case .right: 1
        case .top: 2
        case .bottom: 3
        case .leading: 4
        case .trailing: 5
        case .width: 6
        case .height: 7
        case .centerX: 8
        case .centerY: 9
        case .firstBaseline: 10
        case .lastBaseline: 11
        case .leftMargin: 12
        case .rightMargin: 13
        case .topMargin: 14
        case .bottomMargin: 15
        case .leadingMargin: 16
        case .trailingMargin: 17
        case .centerXWithinMargins: 18
        case .centerYWithinMargins: 19
        }
    }

    /// Whether the attribute is measured from the node's layout margins (`leftMargin` … `centerYWithinMargins`).
    var isMargin: Bool { ordinal >= 12 }
}
