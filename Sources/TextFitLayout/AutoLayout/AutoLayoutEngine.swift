import Foundation
import TextFitConstraints

/// Turns a node tree's constraints, frames and intrinsic sizes into one Cassowary system and solves it
/// (rules AL1–AL8). Each node has four variables — its left, top, width and height in the root's
/// coordinates — and every anchor is a linear expression of them.
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
        let node: LabelNode
        let index: Int
        var height: CGFloat
        var constraints: [Constraint]
    }

    let root: LayoutNode
    private(set) var nodes: [LayoutNode] = []
    private var indexOf: [ObjectIdentifier: Int] = [:]
    private(set) var boxes: [Box] = []
    private(set) var solver = Solver()
    private var labels: [TwoPassLabel] = []
    /// Every label's hugging and compression-resistance pair per axis, for `refresh(width:)`.
    struct LabelIntrinsic {
        let index: Int
        let axis: LayoutAxis
        let constraints: [Constraint]
    }
    private var labelIntrinsics: [LabelIntrinsic] = []
    /// The margins and safe areas read while building, to see whether applying the frames changed them.
    private(set) var insetsRead: [(LayoutNode, EdgeInsets, EdgeInsets)] = []
    /// What each solver constraint stands for, by its tag: its name is made only for an error message.
    private var descriptors: [Descriptor] = []

    enum Descriptor {
        case text(String)
        case rootFrame(LayoutNode, width: Bool)
        case fitting(width: Bool, CGFloat, LayoutPriority)
        case autoresizing(LayoutNode, String, CGFloat)
        case intrinsic(LayoutNode, LayoutAxis, CGFloat, hugging: Bool, LayoutPriority)
        case user(LayoutConstraint)

        var text: String {
            switch self {
            case let .text(text): text
            case let .rootFrame(node, width):
                width ? "\(node.name).width == \(node.frame.width) (its frame)" : "\(node.name).height == \(node.frame.height) (its frame)"
            case let .fitting(width, value, priority): "fitting \(width ? "width" : "height") == \(value) @\(priority)"
            case let .autoresizing(node, field, value): "\(node.name) autoresizing mask: \(field) == \(value)"
            case let .intrinsic(node, axis, value, hugging, priority):
                "\(node.name).\(axis == .horizontal ? "width" : "height") \(hugging ? "<=" : ">=") \(value) "
                    + "(\(hugging ? "content hugging" : "compression resistance") @\(priority))"
            case let .user(constraint): constraint.description
            }
        }
    }

    private mutating func describe(_ descriptor: Descriptor) -> Int {
        descriptors.append(descriptor)
        return descriptors.count - 1
    }

    private func name(of constraint: Constraint) -> String {
        constraint.tag < descriptors.count ? descriptors[constraint.tag].text : constraint.description
    }

    init(root: LayoutNode, size: RootSize) throws {
        self.root = root
        collect(root)
        // Unnamed variables: errors name constraints, and names would cost a string per variable per solve.
        boxes = nodes.map { _ in Box(x: Variable(), y: Variable(), width: Variable(), height: Variable()) }
        let rootBox = boxes[0]
        try add(Constraint(rootBox.x, .equal, 0, tag: describe(.text("\(root.name) origin x"))))
        try add(Constraint(rootBox.y, .equal, 0, tag: describe(.text("\(root.name) origin y"))))
        switch size {
        case .frame:
            try add(Constraint(rootBox.width, .equal, Double(root.frame.width), tag: describe(.rootFrame(root, width: true))))
            try add(Constraint(rootBox.height, .equal, Double(root.frame.height), tag: describe(.rootFrame(root, width: false))))
        case let .fitting(target, horizontal, vertical):
            guard target.width.isFinite, target.height.isFinite else {
                throw AutoLayoutError.invalidNumber("systemLayoutSizeFitting target \(target)")
            }
            try add(Constraint(rootBox.width, .equal, Double(target.width), strength: Strength(uiKitPriority: horizontal.rawValue),
                               tag: describe(.fitting(width: true, target.width, horizontal))))
            try add(Constraint(rootBox.height, .equal, Double(target.height), strength: Strength(uiKitPriority: vertical.rawValue),
                               tag: describe(.fitting(width: false, target.height, vertical))))
        case let .editableWidth(width):
            try add(Constraint(rootBox.height, .equal, 0, strength: Strength(uiKitPriority: LayoutPriority.fittingSizeLevel.rawValue),
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
        for node in nodes {
            for constraint in node.constraints { try add(constraint) }
        }
    }

    private mutating func collect(_ node: LayoutNode) {
        indexOf[ObjectIdentifier(node)] = nodes.count
        nodes.append(node)
        for child in node.subviews { collect(child) }
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
        guard node.translatesAutoresizingMaskIntoConstraints, let parent = node.superview,
              let p = indexOf[ObjectIdentifier(parent)] else { return }
        let box = boxes[index], parentBox = boxes[p], frame = node.frame
        try add(Constraint(box.x, .equal, parentBox.x + Double(frame.minX), tag: describe(.autoresizing(node, "minX", frame.minX))))
        try add(Constraint(box.y, .equal, parentBox.y + Double(frame.minY), tag: describe(.autoresizing(node, "minY", frame.minY))))
        try add(Constraint(box.width, .equal, Double(frame.width), tag: describe(.autoresizing(node, "width", frame.width))))
        try add(Constraint(box.height, .equal, Double(frame.height), tag: describe(.autoresizing(node, "height", frame.height))))
    }

    /// AL5: an intrinsic size becomes hugging (≤) and compression-resistance (≥) constraints per axis.
    private mutating func addIntrinsicConstraints(_ node: LayoutNode, _ index: Int) throws {
        let (size, twoPass) = try intrinsicSize(of: node)
        let box = boxes[index]
        if size.width != noIntrinsicMetric {
            let made = try addIntrinsic(node, box.width, size.width, .horizontal)
            if node is LabelNode { labelIntrinsics.append(LabelIntrinsic(index: index, axis: .horizontal, constraints: made)) }
        }
        if size.height != noIntrinsicMetric {
            let made = try addIntrinsic(node, box.height, size.height, .vertical)
            if let label = node as? LabelNode {
                labelIntrinsics.append(LabelIntrinsic(index: index, axis: .vertical, constraints: made))
                if twoPass { labels.append(TwoPassLabel(node: label, index: index, height: size.height, constraints: made)) }
            }
        }
    }

    /// The intrinsic size the first pass uses (AL5, L4), and whether the label needs the second pass (AL9).
    private func intrinsicSize(of node: LayoutNode) throws -> (CGSize, twoPass: Bool) {
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

    /// For a template cell configured with new texts: every label's first-pass size goes into its hugging and
    /// compression-resistance constraints in place (`Solver.updateConstant`), and the width is suggested.
    /// The caller checks the structure is unchanged (`AutoLayoutStructure`).
    mutating func refresh(width: CGFloat) throws {
        labels.removeAll(keepingCapacity: true)
        for entry in labelIntrinsics {
            guard let label = nodes[entry.index] as? LabelNode else { continue }
            let (size, twoPass) = try intrinsicSize(of: label)
            let value = entry.axis == .horizontal ? size.width : size.height
            try update(entry.constraints, to: value)
            if entry.axis == .vertical && twoPass {
                labels.append(TwoPassLabel(node: label, index: entry.index, height: value, constraints: entry.constraints))
            }
        }
        do { try solver.suggestValue(Double(width), for: boxes[0].width) } catch {
            throw AutoLayoutError.solverFailure("\(error)")
        }
    }

    private mutating func update(_ constraints: [Constraint], to value: CGFloat) throws {
        guard value.isFinite, value >= 0 else { throw AutoLayoutError.invalidNumber("intrinsic size \(value)") }
        for constraint in constraints {
            do { try solver.updateConstant(of: constraint, to: Double(value)) } catch let ConstraintError.unsatisfiable(c, conflicting) {
                throw AutoLayoutError.unsatisfiable(breaking: name(of: c), conflicting: conflicting.map(name(of:)))
            } catch { throw AutoLayoutError.solverFailure("\(error)") }
        }
    }

    @discardableResult
    private mutating func addIntrinsic(_ node: LayoutNode, _ variable: Variable, _ value: CGFloat, _ axis: LayoutAxis) throws
        -> [Constraint] {
        guard value.isFinite, value >= 0 else {
            throw AutoLayoutError.invalidNumber("\(node.name) intrinsicContentSize \(axis) = \(value)")
        }
        let hugging = node.contentHuggingPriority(for: axis), resistance = node.contentCompressionResistancePriority(for: axis)
        var expression = LinearExpression()
        expression.add(variable, 1)
        expression.constant = -Double(value)
        let hug = Constraint(expression: expression, .lessThanOrEqual, strength: Strength(uiKitPriority: hugging.rawValue),
                             tag: describe(.intrinsic(node, axis, value, hugging: true, hugging)))
        let resist = Constraint(expression: expression, .greaterThanOrEqual, strength: Strength(uiKitPriority: resistance.rawValue),
                                tag: describe(.intrinsic(node, axis, value, hugging: false, resistance)))
        try add(hug)
        try add(resist)
        return [hug, resist]
    }

    // MARK: - Constraints between anchors

    private mutating func add(_ constraint: LayoutConstraint) throws {
        guard constraint.constant.isFinite, constraint.multiplier.isFinite else {
            throw AutoLayoutError.invalidNumber(constraint.description)
        }
        let first = constraint.firstAnchor
        guard let i = indexOf[ObjectIdentifier(first.item.node)] else {
            throw AutoLayoutError.itemsInDifferentTrees(constraint.description)
        }
        let strength = Strength(uiKitPriority: constraint.priority.rawValue)
        let tag = describe(.user(constraint))
        guard let second = constraint.secondAnchor else {
            guard first.attribute.isDimension else { throw AutoLayoutError.incompatibleAttributes(constraint.description) }
            var expression = expression(first, i, ancestor: nil)
            expression.constant -= Double(constraint.constant)
            try add(Constraint(expression: expression, constraint.relation, strength: strength, tag: tag))
            return
        }
        guard let j = indexOf[ObjectIdentifier(second.item.node)] else {
            throw AutoLayoutError.itemsInDifferentTrees(constraint.description)
        }
        // Sizes may relate across axes (an aspect ratio, as NSLayoutDimension allows); positions may not.
        guard first.attribute.isDimension == second.attribute.isDimension,
              first.attribute.isDimension || first.attribute.axis == second.attribute.axis else {
            throw AutoLayoutError.incompatibleAttributes(constraint.description)
        }
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
            if b.isDescendant(of: candidate) { return indexOf[ObjectIdentifier(candidate)] }
            node = candidate.superview
        }
        return nil
    }

    /// The anchor as a linear expression of the node's variables (AL4, AL8):
    /// `a·origin + b·size + c − a·ancestor origin`.
    private mutating func expression(_ anchor: LayoutAnchor, _ index: Int, ancestor: Int?) -> LinearExpression {
        let node = nodes[index], box = boxes[index]
        var attribute = anchor.attribute
        var insets = EdgeInsets.zero
        switch anchor.item {
        case .node:
            if let plain = Self.plainAttribute[attribute] {
                attribute = plain
                insets = margins(of: node)
            }
        case .marginsGuide: insets = margins(of: node)
        case .safeAreaGuide: insets = safeArea(of: node)
        }
        let rtl = node.layoutDirection == .rightToLeft
        let horizontal = attribute.axis == .horizontal
        let left = Double(insets.left), right = Double(insets.right), top = Double(insets.top), bottom = Double(insets.bottom)
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
            if let label = node as? LabelNode { (a, b, c) = (1, 0, Double(label.font.ascender)) } else { (a, b, c) = (1, 1, 0) }
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

    private mutating func margins(of node: LayoutNode) -> EdgeInsets {
        let value = node.layoutMargins
        insetsRead.append((node, value, node.safeAreaInsets))
        return value
    }

    private mutating func safeArea(of node: LayoutNode) -> EdgeInsets {
        let value = node.safeAreaInsets
        insetsRead.append((node, node.layoutMargins, value))
        return value
    }

    // MARK: - Solving

    /// AL9: multi-line labels without `preferredMaxLayoutWidth` get their height at the width the first
    /// solve gave them, then the system is solved again (up to three rounds, as widths settle).
    mutating func solveLabels() throws {
        for _ in 0..<3 {
            var changed = false
            for k in labels.indices {
                let label = labels[k]
                let width = max(CGFloat(solver.value(of: boxes[label.index].width)), 1)
                let height: CGFloat
                do { height = try label.node.sizeThatFits(CGSize(width: width, height: 0)).height } catch {
                    throw AutoLayoutError.invalidNumber("\(label.node.name) sizeThatFits: \(error)")
                }
                if abs(height - label.height) < 1e-9 { continue }
                try update(label.constraints, to: height)  // in place: no constraint is removed or added
                labels[k].height = height
                changed = true
            }
            if !changed { return }
        }
    }

    func frame(of index: Int) -> CGRect {
        let box = boxes[index]
        var x = solver.value(of: box.x), y = solver.value(of: box.y)
        if let parent = nodes[index].superview, let p = indexOf[ObjectIdentifier(parent)], index > 0 {
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
