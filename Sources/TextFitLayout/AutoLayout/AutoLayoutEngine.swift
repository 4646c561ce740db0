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
    /// The margins and safe areas read while building, to see whether applying the frames changed them.
    private(set) var insetsRead: [(LayoutNode, EdgeInsets, EdgeInsets)] = []

    init(root: LayoutNode, size: RootSize) throws {
        self.root = root
        collect(root)
        for node in nodes {
            let name = node.name
            boxes.append(Box(x: Variable("\(name).minX"), y: Variable("\(name).minY"), width: Variable("\(name).width"),
                             height: Variable("\(name).height")))
        }
        let rootBox = boxes[0]
        try add(Constraint(rootBox.x, .equal, 0, name: "\(root.name) origin x"))
        try add(Constraint(rootBox.y, .equal, 0, name: "\(root.name) origin y"))
        switch size {
        case .frame:
            try add(Constraint(rootBox.width, .equal, Double(root.frame.width), name: "\(root.name).width == \(root.frame.width) (its frame)"))
            try add(Constraint(rootBox.height, .equal, Double(root.frame.height), name: "\(root.name).height == \(root.frame.height) (its frame)"))
        case let .fitting(target, horizontal, vertical):
            guard target.width.isFinite, target.height.isFinite else {
                throw AutoLayoutError.invalidNumber("systemLayoutSizeFitting target \(target)")
            }
            try add(Constraint(rootBox.width, .equal, Double(target.width), strength: Strength(uiKitPriority: horizontal.rawValue),
                               name: "fitting width == \(target.width) @\(horizontal)"))
            try add(Constraint(rootBox.height, .equal, Double(target.height), strength: Strength(uiKitPriority: vertical.rawValue),
                               name: "fitting height == \(target.height) @\(vertical)"))
        case let .editableWidth(width):
            try add(Constraint(rootBox.height, .equal, 0, strength: Strength(uiKitPriority: LayoutPriority.fittingSizeLevel.rawValue),
                               name: "fitting height == 0"))
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
            throw AutoLayoutError.unsatisfiable(breaking: breaking.name, conflicting: conflicting.map(\.name))
        } catch let ConstraintError.nonFinite(c) {
            throw AutoLayoutError.invalidNumber(c.name)
        } catch {
            throw AutoLayoutError.solverFailure("\(error)")
        }
    }

    /// AL6: a node that translates its frame gets its position and size as required constraints.
    private mutating func addAutoresizingConstraints(_ node: LayoutNode, _ index: Int) throws {
        guard node.translatesAutoresizingMaskIntoConstraints, let parent = node.superview,
              let p = indexOf[ObjectIdentifier(parent)] else { return }
        let box = boxes[index], parentBox = boxes[p], frame = node.frame
        let label = "\(node.name) autoresizing mask"
        try add(Constraint(box.x, .equal, parentBox.x + Double(frame.minX), name: "\(label): minX == \(frame.minX)"))
        try add(Constraint(box.y, .equal, parentBox.y + Double(frame.minY), name: "\(label): minY == \(frame.minY)"))
        try add(Constraint(box.width, .equal, Double(frame.width), name: "\(label): width == \(frame.width)"))
        try add(Constraint(box.height, .equal, Double(frame.height), name: "\(label): height == \(frame.height)"))
    }

    /// AL5: an intrinsic size becomes hugging (≤) and compression-resistance (≥) constraints per axis.
    private mutating func addIntrinsicConstraints(_ node: LayoutNode, _ index: Int) throws {
        var size = node.intrinsicContentSize
        var twoPass = false
        if let label = node as? LabelNode {
            let value = label.labelValue
            if value.text?.isEmpty ?? true {
                size = .zero  // an empty label hugs to zero, as UILabel's intrinsic size is (0, 0)
            } else {
                let preferred = label.preferredMaxLayoutWidth
                guard preferred.isFinite, preferred >= 0 else {
                    throw AutoLayoutError.invalidNumber("\(node.name).preferredMaxLayoutWidth = \(preferred)")
                }
                // L4: a multi-line label wraps at preferredMaxLayoutWidth, or (0) at no width in the first pass.
                do { size = try label.sizeThatFits(CGSize(width: value.numberOfLines == 1 ? 0 : preferred, height: 0)) } catch {
                    throw AutoLayoutError.invalidNumber("\(node.name) intrinsicContentSize: \(error)")
                }
                twoPass = value.numberOfLines != 1 && preferred == 0
            }
        }
        let box = boxes[index]
        if size.width != noIntrinsicMetric {
            try addIntrinsic(node, box.width, size.width, .horizontal)
        }
        if size.height != noIntrinsicMetric {
            let made = try addIntrinsic(node, box.height, size.height, .vertical)
            if twoPass, let label = node as? LabelNode {
                labels.append(TwoPassLabel(node: label, index: index, height: size.height, constraints: made))
            }
        }
    }

    @discardableResult
    private mutating func addIntrinsic(_ node: LayoutNode, _ variable: Variable, _ value: CGFloat, _ axis: LayoutAxis) throws
        -> [Constraint] {
        guard value.isFinite, value >= 0 else {
            throw AutoLayoutError.invalidNumber("\(node.name) intrinsicContentSize \(axis) = \(value)")
        }
        let dimension = axis == .horizontal ? "width" : "height"
        let hugging = node.contentHuggingPriority(for: axis), resistance = node.contentCompressionResistancePriority(for: axis)
        let hug = Constraint(variable, .lessThanOrEqual, Double(value), strength: Strength(uiKitPriority: hugging.rawValue),
                             name: "\(node.name).\(dimension) <= \(value) (content hugging @\(hugging))")
        let resist = Constraint(variable, .greaterThanOrEqual, Double(value),
                                strength: Strength(uiKitPriority: resistance.rawValue),
                                name: "\(node.name).\(dimension) >= \(value) (compression resistance @\(resistance))")
        try add(hug)
        try add(resist)
        return [hug, resist]
    }

    // MARK: - Constraints between anchors

    private mutating func add(_ constraint: LayoutConstraint) throws {
        let name = constraint.description
        guard constraint.constant.isFinite, constraint.multiplier.isFinite else { throw AutoLayoutError.invalidNumber(name) }
        let first = constraint.firstAnchor
        guard let i = indexOf[ObjectIdentifier(first.item.node)] else { throw AutoLayoutError.itemsInDifferentTrees(name) }
        let strength = Strength(uiKitPriority: constraint.priority.rawValue)
        guard let second = constraint.secondAnchor else {
            guard first.attribute.isDimension else { throw AutoLayoutError.incompatibleAttributes(name) }
            try add(Constraint(expression(first, i, ancestor: nil), constraint.relation, Double(constraint.constant),
                               strength: strength, name: name))
            return
        }
        guard let j = indexOf[ObjectIdentifier(second.item.node)] else { throw AutoLayoutError.itemsInDifferentTrees(name) }
        // Sizes may relate across axes (an aspect ratio, as NSLayoutDimension allows); positions may not.
        guard first.attribute.isDimension == second.attribute.isDimension,
              first.attribute.isDimension || first.attribute.axis == second.attribute.axis else {
            throw AutoLayoutError.incompatibleAttributes(name)
        }
        // Positions are measured in the nearest common ancestor's bounds (so `right == 0.5 × superview.right`
        // is the superview's middle, as Masonry's fixed-length distribution relies on).
        let ancestor = first.attribute.isDimension ? nil : commonAncestor(nodes[i], nodes[j])
        let rhs = Double(constraint.multiplier) * expression(second, j, ancestor: ancestor) + Double(constraint.constant)
        try add(Constraint(expression(first, i, ancestor: ancestor), constraint.relation, rhs, strength: strength, name: name))
    }

    private func commonAncestor(_ a: LayoutNode, _ b: LayoutNode) -> Int? {
        var node: LayoutNode? = a
        while let candidate = node {
            if b.isDescendant(of: candidate) { return indexOf[ObjectIdentifier(candidate)] }
            node = candidate.superview
        }
        return nil
    }

    /// The anchor as a linear expression of the node's variables (AL4, AL8).
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
        let (originX, originY): (LinearExpression, LinearExpression) = ancestor.map { (LinearExpression(boxes[$0].x), LinearExpression(boxes[$0].y)) }
            ?? (LinearExpression(0), LinearExpression(0))
        let left = box.x - originX + Double(insets.left)
        let right = box.x - originX + box.width - Double(insets.right)
        let top = box.y - originY + Double(insets.top)
        let bottom = box.y - originY + box.height - Double(insets.bottom)
        let rtl = node.layoutDirection == .rightToLeft
        switch attribute {
        case .left: return left
        case .right: return right
        case .top: return top
        case .bottom: return bottom
        // Right-to-left, leading is the right edge measured leftwards: negating it keeps "leading + 8" inward.
        case .leading: return rtl ? -right : left
        case .trailing: return rtl ? -left : right
        case .width: return box.width - Double(insets.left + insets.right)
        case .height: return box.height - Double(insets.top + insets.bottom)
        case .centerX: return 0.5 * (left + right)
        case .centerY: return 0.5 * (top + bottom)
        case .firstBaseline:
            guard let label = node as? LabelNode else { return bottom }
            return top + Double(label.font.ascender)
        case .lastBaseline:
            guard let label = node as? LabelNode else { return bottom }
            return bottom - Double(label.font.lineHeight - label.font.ascender)
        default: return left  // margin attributes were mapped above
        }
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
                for c in label.constraints { try? solver.remove(c) }
                labels[k].constraints = try addIntrinsic(label.node, boxes[label.index].height, height, .vertical)
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
