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
    /// Whether a constraint reads margins or a safe area (which follow frames up the tree): such a shape
    /// has no `Check` and is read in full each time.
    private(set) var readsInsets = false

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
            add(state.hugging.horizontal ?? .defaultLow); add(state.hugging.vertical ?? .defaultLow)
            add(state.compressionResistance.horizontal ?? .defaultHigh)
            add(state.compressionResistance.vertical ?? .defaultHigh)
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
            anchor(constraint.firstNode, constraint.firstKey, tree)
            if let second = constraint.secondKey { anchor(constraint.secondNode, second, tree) } else { append(UInt64.max) }
            append(constraint.relation == .equal ? 0 : constraint.relation == .lessThanOrEqual ? 1 : 2)
            add(constraint.multiplier); add(constraint.constant); add(constraint.priority)
        }
    }

    /// An anchor's node (by index; `UInt64.max − 1` outside the tree, which the engine refuses), item kind
    /// and attribute, and the insets its guide reads.
    private mutating func anchor(_ node: LayoutNode?, _ key: AnchorKey, _ tree: Tree) {
        append(node.flatMap { tree.index(of: $0) }.map { UInt64($0) } ?? UInt64.max - 1)
        append(UInt64(key.kind.rawValue) << 8 | UInt64(key.attribute.ordinal))
        guard let node else { return }  // a released node (AL14): the engine refuses the constraint
        switch key.kind {
        case .node: if key.attribute.isMargin { add(node.layoutMargins); readsInsets = true }
        case .marginsGuide: add(node.layoutMargins); readsInsets = true
        case .safeAreaGuide: add(node.safeAreaInsets); readsInsets = true
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

extension AutoLayoutShape {
    /// What can still change in a tree after its shape was read, kept to tell cheaply that the shape did not
    /// (rule AL12; `ConstraintRowHeights` asks before every row, where reading the whole shape cost more than
    /// half of what sizing the row with the kept system costs).
    ///
    /// The parts of a shape that cannot change without replacing an array are checked by the arrays' identity:
    /// the check holds a copy of every node's `subviews` and `constraints`, so any change to them (a subview
    /// added, a constraint activated or deactivated, Masonry's remake) writes a new buffer. A constraint's
    /// anchors, relation and multiplier are constants; its `constant` and `priority`, and every node's flags,
    /// translated frame, direction, priorities, intrinsic size and label settings, are read again and compared.
    /// A tree whose constraints read margins or safe areas (which follow frames anywhere up the tree, M3–M5)
    /// gets no check: its shape is read in full every time.
    struct Check {
        /// The tree the shape was read from (the check holds its nodes, as the kept system does).
        let tree: Tree
        private var subviews: [[LayoutNode]] = []
        private var constraints: [[LayoutConstraint]] = []
        private var states: [ObjectIdentifier?] = []
        private var numbers: [UInt64] = []

        /// The check for `tree`, read just after its shape; nil when the shape holds insets.
        init?(_ tree: Tree, shape: AutoLayoutShape) {
            guard !shape.readsInsets else { return nil }
            self.tree = tree
            subviews.reserveCapacity(tree.nodes.count)
            constraints.reserveCapacity(tree.nodes.count)
            states.reserveCapacity(tree.nodes.count)
            numbers.reserveCapacity(16 * tree.nodes.count)
            for (index, node) in tree.nodes.enumerated() {
                let state = node.autoLayoutState
                subviews.append(node.subviews)
                constraints.append(state?.constraints ?? [])
                states.append(state.map(ObjectIdentifier.init))
                Self.scalars(node, index, state) { numbers.append($0) }
            }
        }

        /// Whether `root`'s tree still has the shape read with this check.
        func holds(for root: LayoutNode) -> Bool {
            guard let first = tree.nodes.first, first === root else { return false }
            var at = 0, same = true
            for (index, node) in tree.nodes.enumerated() {
                let state = node.autoLayoutState
                guard state.map(ObjectIdentifier.init) == states[index],
                    Self.identical(node.subviews, subviews[index]),
                    Self.identical(state?.constraints ?? [], constraints[index])
                else { return false }
                Self.scalars(node, index, state) { number in
                    if same { same = at < numbers.count && numbers[at] == number }
                    at += 1
                }
                if !same { return false }
            }
            return at == numbers.count
        }

        /// The same buffer: a copy kept here makes every change to the node's array write a new one.
        private static func identical<T>(_ a: [T], _ b: [T]) -> Bool {
            a.count == b.count
                && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        }

        /// The node's numbers that can change without a new array, in the order `visit` reads them.
        private static func scalars(
            _ node: LayoutNode, _ index: Int, _ state: AutoLayoutState?, _ emit: (UInt64) -> Void
        ) {
            let translates = state?.translatesAutoresizingMask ?? true
            emit(translates ? 1 : 0)
            if translates && index > 0 {
                let frame = node.frame
                emit(Double(frame.minX).bitPattern)
                emit(Double(frame.minY).bitPattern)
                emit(Double(frame.width).bitPattern)
                emit(Double(frame.height).bitPattern)
            }
            emit(node.layoutDirection == .rightToLeft ? 1 : 0)
            if let state {
                emit(UInt64(state.hugging.horizontal?.rawValue.bitPattern ?? 1 << 40))
                emit(UInt64(state.hugging.vertical?.rawValue.bitPattern ?? 1 << 40))
                emit(UInt64(state.compressionResistance.horizontal?.rawValue.bitPattern ?? 1 << 40))
                emit(UInt64(state.compressionResistance.vertical?.rawValue.bitPattern ?? 1 << 40))
                emit(Double(state.preferredMaxLayoutWidth).bitPattern)
                emit(Double(state.intrinsicSize.width).bitPattern)
                emit(Double(state.intrinsicSize.height).bitPattern)
                for constraint in state.constraints {
                    emit(Double(constraint.constant).bitPattern)
                    emit(UInt64(constraint.priority.rawValue.bitPattern))
                }
            }
            if let label = node as? LabelNode {
                let font = label.font
                emit(UInt64(bitPattern: Int64(label.numberOfLines)))
                emit(Double(font.ascender).bitPattern)
                emit(Double(font.lineHeight).bitPattern)
            }
        }
    }
}
