import Foundation
import TextFitConstraints

/// Turns a node tree's constraints, frames and intrinsic sizes into one Cassowary system and solves it
/// (rules AL1–AL8). Each node has four variables — its left, top, width and height in the root's
/// coordinates — and every anchor is a linear expression of them.
///
/// The system names nodes by their depth-first index only (`nodes` is the tree it is attached to), so a
/// solved system can be detached (`detached()`) and attached to another tree of the same shape, which then
/// only moves the labels' intrinsic sizes and the target in place (`refresh`, rule AL12).
struct AutoLayoutEngine {
    struct Box {
        let x: Variable, y: Variable, width: Variable, height: Variable
    }
    /// How the root's size is set: as laid out (its frame's size, required) or fitted (AL7).
    enum RootSize {
        case frame
        case fitting(CGSize, horizontal: LayoutPriority, vertical: LayoutPriority)
        /// The width an edit variable (just below required), the height compressed: for re-solving at
        /// new widths with `Solver.suggestValue`.
        case editableWidth(CGFloat)
    }
    /// A multi-line label sized in two passes (AL9): its intrinsic height constraints, redone at its width.
    struct TwoPassLabel {
        /// The label's node.
        let index: Int
        /// Its vertical entry in `labelIntrinsics`, whose constraints and value the second pass moves.
        let entry: Int
    }

    /// The tree the system is attached to, in depth-first order (empty when detached).
    private(set) var nodes: [LayoutNode] = []
    /// Each node's parent index (−1 for the root).
    private var parents: [Int] = []
    private var tree = AutoLayoutShape.Tree()
    private(set) var boxes: [Box] = []
    /// The root's fitting constraints (`.fitting`), whose constants `refresh` moves to a new target.
    private var fittingWidth: Constraint?, fittingHeight: Constraint?
    private(set) var solver = Solver()
    private var labels: [TwoPassLabel] = []
    /// Whether a constraint relates a width to a height (an aspect ratio): only then can a label's height
    /// move another node's width, which `refresh` must not assume away.
    private var crossAxis = false
    /// Every label's hugging and compression-resistance pair per axis, for `refresh(width:)`.
    struct LabelIntrinsic {
        let index: Int
        let axis: LayoutAxis
        let constraints: [Constraint]
        /// The size the constraints hold now (a refresh skips a label whose size did not change).
        var value: CGFloat
        /// Whether the hugging or the resistance is required (then its constant can never be left stale).
        var isRequired: Bool { constraints.contains { $0.strength.isRequired } }
    }
    private var labelIntrinsics: [LabelIntrinsic] = []
    /// The margins and safe areas read while building, to see whether applying the frames changed them.
    private(set) var insetsRead: [(node: Int, margins: EdgeInsets, safeArea: EdgeInsets)] = []
    /// What each solver constraint stands for, by its tag: its name is made only for an error message.
    private var descriptors: [Descriptor] = []

    /// What a solver constraint stands for; nodes by index, so the text names the attached tree's nodes.
    enum Descriptor {
        case rootOrigin(x: Bool)
        case rootFrame(width: Bool)
        case fitting(width: Bool, CGFloat, LayoutPriority)
        case autoresizing(Int, String, CGFloat)
        case intrinsic(Int, LayoutAxis, CGFloat, hugging: Bool, LayoutPriority)
        /// The `index`th constraint of `nodes[node]`.
        case user(node: Int, index: Int)

        func text(_ nodes: [LayoutNode]) -> String {
            switch self {
            case let .rootOrigin(x): "\(nodes[0].name) origin \(x ? "x" : "y")"
            case let .rootFrame(width):
                width
                    ? "\(nodes[0].name).width == \(nodes[0].frame.width) (its frame)"
                    : "\(nodes[0].name).height == \(nodes[0].frame.height) (its frame)"
            case let .fitting(width, value, priority): "fitting \(width ? "width" : "height") == \(value) @\(priority)"
            case let .autoresizing(node, field, value): "\(nodes[node].name) autoresizing mask: \(field) == \(value)"
            case let .intrinsic(node, axis, value, hugging, priority):
                "\(nodes[node].name).\(axis == .horizontal ? "width" : "height") \(hugging ? "<=" : ">=") \(value) "
                    + "(\(hugging ? "content hugging" : "compression resistance") @\(priority))"
            case let .user(node, index): nodes[node].constraints[index].description
            }
        }
    }

    private mutating func describe(_ descriptor: Descriptor) -> Int {
        descriptors.append(descriptor)
        return descriptors.count - 1
    }

    private func name(of constraint: Constraint) -> String {
        constraint.tag < descriptors.count ? descriptors[constraint.tag].text(nodes) : constraint.description
    }

    /// Builds and solves the system of `root`'s tree (read beforehand by `AutoLayoutShape.read`, or now).
    init(root: LayoutNode, size: RootSize, tree: AutoLayoutShape.Tree? = nil) throws {
        self.tree = tree ?? AutoLayoutShape.read(root, size: size).1
        nodes = self.tree.nodes
        parents = self.tree.parents
        // Unnamed variables: errors name constraints, and names would cost a string per variable per solve.
        boxes = nodes.map { _ in Box(x: Variable(), y: Variable(), width: Variable(), height: Variable()) }
        let rootBox = boxes[0]
        try add(Constraint(rootBox.x, .equal, 0, tag: describe(.rootOrigin(x: true))))
        try add(Constraint(rootBox.y, .equal, 0, tag: describe(.rootOrigin(x: false))))
        switch size {
        case .frame:
            try add(Constraint(rootBox.width, .equal, Double(root.frame.width), tag: describe(.rootFrame(width: true))))
            try add(Constraint(rootBox.height, .equal, Double(root.frame.height), tag: describe(.rootFrame(width: false))))
        case let .fitting(target, horizontal, vertical):
            guard target.width.isFinite, target.height.isFinite else {
                throw AutoLayoutError.invalidNumber("systemLayoutSizeFitting target \(target)")
            }
            let width = Constraint(
                rootBox.width, .equal, Double(target.width), strength: Strength(uiKitPriority: horizontal.rawValue),
                tag: describe(.fitting(width: true, target.width, horizontal)))
            let height = Constraint(
                rootBox.height, .equal, Double(target.height), strength: Strength(uiKitPriority: vertical.rawValue),
                tag: describe(.fitting(width: false, target.height, vertical)))
            try add(width)
            try add(height)
            (fittingWidth, fittingHeight) = (width, height)
        case let .editableWidth(width):
            try add(
                Constraint(
                    rootBox.height, .equal, 0, strength: Strength(uiKitPriority: LayoutPriority.fittingSizeLevel.rawValue),
                    tag: describe(.fitting(width: false, 0, .fittingSizeLevel))))
            do {
                try solver.addEditVariable(rootBox.width, strength: Strength(uiKitPriority: 999))
                try solver.suggestValue(Double(width), for: rootBox.width)
            } catch { throw AutoLayoutError.solverFailure("\(error)") }
        }
        for (index, node) in nodes.enumerated() where index > 0 {
            try addAutoresizingConstraints(node, index)
            try addIntrinsicConstraints(node, index)
        }
        for (index, node) in nodes.enumerated() {
            for (k, constraint) in node.constraints.enumerated() {
                try add(constraint, tag: describe(.user(node: index, index: k)))
            }
        }
    }

    /// The system without its tree, to keep for another tree of the same shape (it holds no node alive).
    func detached() -> AutoLayoutEngine {
        var copy = self
        copy.nodes = []
        copy.tree = AutoLayoutShape.Tree()
        return copy
    }

    /// Attaches a detached system to a tree of the shape it was built for.
    mutating func attach(_ tree: AutoLayoutShape.Tree) {
        self.tree = tree
        nodes = tree.nodes
    }

    private mutating func add(_ constraint: Constraint) throws {
        do {
            try solver.add(constraint)
        } catch let ConstraintError.unsatisfiable(breaking, conflicting) {
            throw AutoLayoutError.unsatisfiable(breaking: name(of: breaking), conflicting: conflicting.map(name(of:)))
        } catch let ConstraintError.nonFinite(c) {
            throw AutoLayoutError.invalidNumber(name(of: c))
        } catch {
            throw AutoLayoutError.solverFailure("\(error)")
        }
    }

    /// AL6: a node that translates its frame gets its position and size as required constraints.
    private mutating func addAutoresizingConstraints(_ node: LayoutNode, _ index: Int) throws {
        let p = parents[index]
        guard node.translatesAutoresizingMaskIntoConstraints, p >= 0 else { return }
        let box = boxes[index], parentBox = boxes[p], frame = node.frame
        try add(
            Constraint(
                box.x, .equal, parentBox.x + Double(frame.minX), tag: describe(.autoresizing(index, "minX", frame.minX))))
        try add(
            Constraint(
                box.y, .equal, parentBox.y + Double(frame.minY), tag: describe(.autoresizing(index, "minY", frame.minY))))
        try add(
            Constraint(box.width, .equal, Double(frame.width), tag: describe(.autoresizing(index, "width", frame.width))))
        try add(
            Constraint(box.height, .equal, Double(frame.height), tag: describe(.autoresizing(index, "height", frame.height)))
        )
    }

    /// AL5: an intrinsic size becomes hugging (≤) and compression-resistance (≥) constraints per axis.
    private mutating func addIntrinsicConstraints(_ node: LayoutNode, _ index: Int) throws {
        let (size, twoPass) = try Self.intrinsicSize(of: node)
        let box = boxes[index]
        if size.width != noIntrinsicMetric {
            let made = try addIntrinsic(index, box.width, size.width, .horizontal)
            if node is LabelNode {
                labelIntrinsics.append(LabelIntrinsic(index: index, axis: .horizontal, constraints: made, value: size.width))
            }
        }
        if size.height != noIntrinsicMetric {
            let made = try addIntrinsic(index, box.height, size.height, .vertical)
            if node is LabelNode {
                labelIntrinsics.append(LabelIntrinsic(index: index, axis: .vertical, constraints: made, value: size.height))
                if twoPass { labels.append(TwoPassLabel(index: index, entry: labelIntrinsics.count - 1)) }
            }
        }
    }

    /// The intrinsic size the first pass uses (AL5, L4), and whether the label needs the second pass (AL9).
    /// Static: called from mutating methods, a method on `self` would copy the whole engine per call.
    private static func intrinsicSize(of node: LayoutNode) throws -> (CGSize, twoPass: Bool) {
        guard let label = node as? LabelNode else { return (node.intrinsicContentSize, false) }
        let value = label.labelValue
        if value.text?.isEmpty ?? true { return (.zero, false) }  // UILabel's intrinsic size with no text is (0, 0)
        let preferred = label.preferredMaxLayoutWidth
        guard preferred.isFinite, preferred >= 0 else {
            throw AutoLayoutError.invalidNumber("\(node.name).preferredMaxLayoutWidth = \(preferred)")
        }
        // L4: a multi-line label wraps at preferredMaxLayoutWidth, or (0) at no width in the first pass.
        do {
            let size = try label.sizeThatFits(CGSize(width: value.numberOfLines == 1 ? 0 : preferred, height: 0))
            return (size, value.numberOfLines != 1 && preferred == 0)
        } catch {
            throw AutoLayoutError.invalidNumber("\(node.name) intrinsicContentSize: \(error)")
        }
    }

    /// Whether a label is sized in AL9's two passes (a non-empty multi-line label without
    /// `preferredMaxLayoutWidth`), read without measuring it; as `intrinsicSize(of:)` decides.
    private static func isTwoPass(_ label: LabelNode) -> Bool {
        let value = label.labelValue
        return !(value.text?.isEmpty ?? true) && value.numberOfLines != 1 && label.preferredMaxLayoutWidth == 0
    }

    /// For a system attached to a tree of its shape (AL12): every label's first-pass size goes into its
    /// hugging and compression-resistance constraints in place (`Solver.updateConstant`; labels whose size
    /// did not change are left alone), then the target moves: the fitting constraints' constants (`.fitting`)
    /// or the width's edit variable (`.editableWidth`). The caller checks the shape is unchanged.
    mutating func refresh(size: RootSize) throws {
        labels.removeAll(keepingCapacity: true)
        let edit: Variable? = if case .editableWidth = size { boxes[0].width } else { nil }
        for k in labelIntrinsics.indices {
            let entry = labelIntrinsics[k]
            let node = nodes[entry.index]
            if entry.axis == .vertical && !crossAxis, let label = node as? LabelNode, Self.isTwoPass(label) {
                // AL9's second pass measures this label at its solved width. With no width tied to a
                // height, no height moves any width, so that width is the one a fresh system's first pass
                // gives, and the second pass lands on the same height from the height held now as from the
                // first pass's one line: skip the two moves there and back.
                labels.append(TwoPassLabel(index: entry.index, entry: k))
                continue
            }
            if entry.axis == .horizontal && !entry.isRequired
                && solver.isFixedByRequiredEqualities(boxes[entry.index].width, edit: edit)
            {
                // AL13: required equalities (and the held target width) fix this label's width, so its
                // weighted intrinsic width moves nothing: the unbounded measuring is skipped and the
                // constant left as it is (a title between two pinned edges, a body as wide as it).
                continue
            }
            let (size, twoPass) = try Self.intrinsicSize(of: node)
            let value = entry.axis == .horizontal ? size.width : size.height
            if value != entry.value {
                try update(entry.constraints, to: value)
                labelIntrinsics[k].value = value
            }
            if entry.axis == .vertical && twoPass {
                labels.append(TwoPassLabel(index: entry.index, entry: k))
            }
        }
        switch size {
        case .frame: break  // the root's frame is part of the shape
        case let .fitting(target, _, _):
            guard target.width.isFinite, target.height.isFinite else {
                throw AutoLayoutError.invalidNumber("systemLayoutSizeFitting target \(target)")
            }
            if let fittingWidth { try updateFitting(fittingWidth, to: target.width) }
            if let fittingHeight { try updateFitting(fittingHeight, to: target.height) }
        case let .editableWidth(width):
            do { try solver.suggestValue(Double(width), for: boxes[0].width) } catch {
                throw AutoLayoutError.solverFailure("\(error)")
            }
        }
    }

    /// Moves one fitting constraint to a new target, keeping its descriptor's value in step for messages.
    private mutating func updateFitting(_ constraint: Constraint, to value: CGFloat) throws {
        if case let .fitting(width, _, priority) = descriptors[constraint.tag] {
            descriptors[constraint.tag] = .fitting(width: width, value, priority)
        }
        do { try solver.updateConstant(of: constraint, to: Double(value)) } catch let ConstraintError.unsatisfiable(
            c, conflicting)
        {
            throw AutoLayoutError.unsatisfiable(breaking: name(of: c), conflicting: conflicting.map(name(of:)))
        } catch { throw AutoLayoutError.solverFailure("\(error)") }
    }

    private mutating func update(_ constraints: [Constraint], to value: CGFloat) throws {
        guard value.isFinite, value >= 0 else { throw AutoLayoutError.invalidNumber("intrinsic size \(value)") }
        for constraint in constraints {
            // A message names the size being set (the second pass's height), not the first pass's.
            if case let .intrinsic(node, axis, _, hugging, priority) = descriptors[constraint.tag] {
                descriptors[constraint.tag] = .intrinsic(node, axis, value, hugging: hugging, priority)
            }
            do { try solver.updateConstant(of: constraint, to: Double(value)) } catch let ConstraintError.unsatisfiable(
                c, conflicting)
            {
                throw AutoLayoutError.unsatisfiable(breaking: name(of: c), conflicting: conflicting.map(name(of:)))
            } catch { throw AutoLayoutError.solverFailure("\(error)") }
        }
    }

    @discardableResult
    private mutating func addIntrinsic(
        _ index: Int, _ variable: Variable, _ value: CGFloat, _ axis: LayoutAxis
    ) throws
        -> [Constraint]
    {
        let node = nodes[index]
        guard value.isFinite, value >= 0 else {
            throw AutoLayoutError.invalidNumber("\(node.name) intrinsicContentSize \(axis) = \(value)")
        }
        let hugging = node.contentHuggingPriority(for: axis),
            resistance = node.contentCompressionResistancePriority(for: axis)
        var expression = LinearExpression()
        expression.add(variable, 1)
        expression.constant = -Double(value)
        let hug = Constraint(
            expression: expression, .lessThanOrEqual, strength: Strength(uiKitPriority: hugging.rawValue),
            tag: describe(.intrinsic(index, axis, value, hugging: true, hugging)))
        let resist = Constraint(
            expression: expression, .greaterThanOrEqual, strength: Strength(uiKitPriority: resistance.rawValue),
            tag: describe(.intrinsic(index, axis, value, hugging: false, resistance)))
        try add(hug)
        try add(resist)
        return [hug, resist]
    }

    // MARK: - Constraints between anchors

    private mutating func add(_ constraint: LayoutConstraint, tag: Int) throws {
        guard constraint.constant.isFinite, constraint.multiplier.isFinite else {
            throw AutoLayoutError.invalidNumber(constraint.description)
        }
        let first = constraint.firstKey
        guard let firstNode = constraint.firstNode, let i = tree.index(of: firstNode) else {
            throw AutoLayoutError.itemsInDifferentTrees(constraint.description)
        }
        let strength = Strength(uiKitPriority: constraint.priority.rawValue)
        guard let second = constraint.secondKey else {
            guard first.attribute.isDimension else { throw AutoLayoutError.incompatibleAttributes(constraint.description) }
            var expression = expression(first, i, ancestor: nil)
            expression.constant -= Double(constraint.constant)
            try add(Constraint(expression: expression, constraint.relation, strength: strength, tag: tag))
            return
        }
        guard let secondNode = constraint.secondNode, let j = tree.index(of: secondNode) else {
            throw AutoLayoutError.itemsInDifferentTrees(constraint.description)
        }
        // Sizes may relate across axes (an aspect ratio, as NSLayoutDimension allows); positions may not.
        guard first.attribute.isDimension == second.attribute.isDimension,
            first.attribute.isDimension || first.attribute.axis == second.attribute.axis
        else {
            throw AutoLayoutError.incompatibleAttributes(constraint.description)
        }
        if first.attribute.axis != second.attribute.axis { crossAxis = true }
        // Positions are measured in the nearest common ancestor's bounds (so `right == 0.5 × superview.right`
        // is the superview's middle, as Masonry's fixed-length distribution relies on).
        let ancestor = first.attribute.isDimension ? nil : commonAncestor(nodes[i], nodes[j])
        // first − (multiplier × second + constant), built in place (no intermediate expressions).
        var expression = expression(first, i, ancestor: ancestor)
        let other = self.expression(second, j, ancestor: ancestor)
        let m = Double(constraint.multiplier)
        for term in other.terms { expression.add(term.variable, -m * term.coefficient) }
        expression.constant -= m * other.constant + Double(constraint.constant)
        try add(Constraint(expression: expression, constraint.relation, strength: strength, tag: tag))
    }

    private func commonAncestor(_ a: LayoutNode, _ b: LayoutNode) -> Int? {
        var node: LayoutNode? = a
        while let candidate = node {
            if b.isDescendant(of: candidate) { return tree.index(of: candidate) }
            node = candidate.superview
        }
        return nil
    }

    /// The anchor as a linear expression of the node's variables (AL4, AL8):
    /// `a·origin + b·size + c − a·ancestor origin`.
    private mutating func expression(_ anchor: AnchorKey, _ index: Int, ancestor: Int?) -> LinearExpression {
        let node = nodes[index], box = boxes[index]
        var attribute = anchor.attribute
        var insets = EdgeInsets.zero
        switch anchor.kind {
        case .node:
            if let plain = Self.plainAttribute[attribute] {
                attribute = plain
                insets = margins(of: index)
            }
        case .marginsGuide: insets = margins(of: index)
        case .safeAreaGuide: insets = safeArea(of: index)
        }
        let rtl = node.layoutDirection == .rightToLeft
        let horizontal = attribute.axis == .horizontal
        let left = Double(insets.left), right = Double(insets.right), top = Double(insets.top),
            bottom = Double(insets.bottom)
        let (a, b, c): (Double, Double, Double)
        switch attribute {
        case .left: (a, b, c) = (1, 0, left)
        case .right: (a, b, c) = (1, 1, -right)
        case .top: (a, b, c) = (1, 0, top)
        case .bottom: (a, b, c) = (1, 1, -bottom)
        // Right-to-left, leading is the right edge measured leftwards: negating it keeps "leading + 8" inward.
        case .leading: (a, b, c) = rtl ? (-1, -1, right) : (1, 0, left)
        case .trailing: (a, b, c) = rtl ? (-1, 0, -left) : (1, 1, -right)
        case .width: (a, b, c) = (0, 1, -(left + right))
        case .height: (a, b, c) = (0, 1, -(top + bottom))
        case .centerX: (a, b, c) = (1, 0.5, (left - right) / 2)
        case .centerY: (a, b, c) = (1, 0.5, (top - bottom) / 2)
        case .firstBaseline:
            if let label = node as? LabelNode {
                (a, b, c) = (1, 0, Double(label.font.ascender))
            } else {
                (a, b, c) = (1, 1, 0)
            }
        case .lastBaseline:
            if let label = node as? LabelNode {
                (a, b, c) = (1, 1, -Double(label.font.lineHeight - label.font.ascender))
            } else {
                (a, b, c) = (1, 1, 0)
            }
        default: (a, b, c) = (1, 0, 0)  // margin attributes were mapped above
        }
        var expression = LinearExpression()
        if a != 0 { expression.add(horizontal ? box.x : box.y, a) }
        if b != 0 { expression.add(horizontal ? box.width : box.height, b) }
        if a != 0, let ancestor { expression.add(horizontal ? boxes[ancestor].x : boxes[ancestor].y, -a) }
        expression.constant = c
        return expression
    }

    private static let plainAttribute: [LayoutAttribute: LayoutAttribute] = [
        .leftMargin: .left, .rightMargin: .right, .topMargin: .top, .bottomMargin: .bottom,
        .leadingMargin: .leading, .trailingMargin: .trailing, .centerXWithinMargins: .centerX,
        .centerYWithinMargins: .centerY,
    ]

    private mutating func margins(of index: Int) -> EdgeInsets {
        let node = nodes[index], value = node.layoutMargins
        insetsRead.append((index, value, node.safeAreaInsets))
        return value
    }

    private mutating func safeArea(of index: Int) -> EdgeInsets {
        let node = nodes[index], value = node.safeAreaInsets
        insetsRead.append((index, node.layoutMargins, value))
        return value
    }

    /// Whether the margins and safe areas the system read are still the tree's.
    var insetsAreCurrent: Bool {
        insetsRead.allSatisfy { nodes[$0.node].layoutMargins == $0.margins && nodes[$0.node].safeAreaInsets == $0.safeArea }
    }

    // MARK: - Solving

    /// AL9: multi-line labels without `preferredMaxLayoutWidth` get their height at the width the first
    /// solve gave them, then the system is solved again (up to three rounds, as widths settle).
    mutating func solveLabels() throws {
        for _ in 0..<3 {
            var changed = false
            for label in labels {
                let node = nodes[label.index], entry = labelIntrinsics[label.entry]
                let width = max(CGFloat(solver.value(of: boxes[label.index].width)), 1)
                let height: CGFloat
                do { height = try node.sizeThatFits(CGSize(width: width, height: 0)).height } catch {
                    throw AutoLayoutError.invalidNumber("\(node.name) sizeThatFits: \(error)")
                }
                if abs(height - entry.value) < 1e-9 { continue }
                try update(entry.constraints, to: height)  // in place: no constraint is removed or added
                labelIntrinsics[label.entry].value = height
                changed = true
            }
            if !changed { return }
        }
    }

    func frame(of index: Int) -> CGRect {
        let box = boxes[index]
        var x = solver.value(of: box.x), y = solver.value(of: box.y)
        if index > 0, case let p = parents[index], p >= 0 {
            x -= solver.value(of: boxes[p].x)
            y -= solver.value(of: boxes[p].y)
        }
        // + 0 turns the solver's −0 (a negated zero row) into 0, so frames print and compare plainly.
        return CGRect(x: x + 0, y: y + 0, width: solver.value(of: box.width) + 0, height: solver.value(of: box.height) + 0)
    }

    func isAmbiguous(_ index: Int) -> Bool {
        let box = boxes[index]
        return [box.x, box.y, box.width, box.height].contains { solver.isAmbiguous($0) }
    }
}
