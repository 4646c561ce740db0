import Foundation
import TextFitConstraints

extension LayoutNode {
    /// Solves the constraints of this node's tree and sets every subview's frame, like the constraint part
    /// of `layoutIfNeeded()` (rules AL1–AL9). The node keeps its own frame (it is the root of the system);
    /// its subviews' frames are in their superviews' coordinates, unrounded (UIKit's engine values).
    ///
    /// ```swift
    /// let cell = LayoutNode(frame: CGRect(x: 0, y: 0, width: 375, height: 80), name: "cell")
    /// let title = LabelNode(text: "Hello", font: try .systemFont(ofSize: 17), name: "title")
    /// try cell.addSubview(title)
    /// title.translatesAutoresizingMaskIntoConstraints = false
    /// LayoutConstraint.activate([
    ///     title.leadingAnchor.constraint(equalTo: cell.layoutMarginsGuide.leadingAnchor),
    ///     title.centerYAnchor.constraint(equalTo: cell.centerYAnchor),
    /// ])
    /// try cell.layoutWithConstraints()
    /// title.frame   // x 8 (the default margin), its intrinsic size, centred vertically
    /// ```
    /// Margins and safe areas are read from the frames in place; when the new frames change them (M3–M5), the
    /// system is solved again, at most three times.
    /// - Throws: `AutoLayoutError.unsatisfiable` (naming the constraint that breaks and a smallest conflicting
    ///   required set), `.itemsInDifferentTrees`, `.incompatibleAttributes`, `.invalidNumber`; a label's
    ///   measuring errors wrapped in `.invalidNumber`. Frames are unchanged when it throws.
    public func layoutWithConstraints() throws {
        for _ in 0..<3 {
            var engine = try AutoLayoutEngine(root: self, size: .frame)
            try engine.solveLabels()
            for (index, node) in engine.nodes.enumerated() where index > 0 {
                node.frame = engine.frame(of: index)
            }
            autoLayout.ambiguous = Set(
                engine.nodes.indices.filter { engine.isAmbiguous($0) }
                    .map { ObjectIdentifier(engine.nodes[$0]) })
            for node in engine.nodes { node.autoLayout.lastLayoutRoot = self }
            if engine.insetsAreCurrent { return }
        }
    }

    /// The smallest (or largest) size the node's constraints allow near `targetSize`, like
    /// `UIView.systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)` (rule AL7):
    /// the node's width and height are asked to equal the target's at the two priorities, the system is
    /// solved with the node as its root, and its size is returned. Frames are not changed.
    ///
    /// ```swift
    /// // A self-sizing cell's content view: the table's width required, the height as small as it can be.
    /// let size = try contentView.systemLayoutSizeFitting(CGSize(width: 375, height: 0),
    ///                                                    withHorizontalFittingPriority: .required,
    ///                                                    verticalFittingPriority: .fittingSizeLevel)
    /// ```
    /// The solved system is kept by the tree's shape (rule AL12), as UIKit's engine keeps its tableau: the
    /// next call for this tree, or for another tree of the same shape (a fresh cell of the same class),
    /// re-measures the labels, moves their sizes and the target into it and re-solves from there, with the
    /// answer a new system gives.
    ///
    /// - Parameters:
    ///   - targetSize: the size to approach (UIKit's `layoutFittingCompressedSize` is `.zero`).
    ///   - horizontalFittingPriority: how hard to hold the width (1000 = exactly).
    ///   - verticalFittingPriority: how hard to hold the height (1000 = exactly).
    /// - Throws: as `layoutWithConstraints()`; `.invalidNumber` for a NaN or infinite target.
    public func systemLayoutSizeFitting(
        _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
        verticalFittingPriority: LayoutPriority
    ) throws -> CGSize {
        let size = AutoLayoutEngine.RootSize.fitting(
            targetSize, horizontal: horizontalFittingPriority,
            vertical: verticalFittingPriority)
        let templates = AutoLayoutTemplates.shared
        let (shape, tree) = AutoLayoutShape.read(self, size: size)
        let engine = try AutoLayoutEngine.solved(self, size: size, kept: templates.take(shape), shape: shape, tree: tree)
        templates.put(engine.detached(), for: shape)
        return engine.frame(of: 0).size
    }

    /// `systemLayoutSizeFitting(targetSize, .fittingSizeLevel, .fittingSizeLevel)`, like
    /// `UIView.systemLayoutSizeFitting(_:)`: as small (for `.zero`) as the constraints allow on both axes.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) throws -> CGSize {
        try systemLayoutSizeFitting(
            targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
            verticalFittingPriority: .fittingSizeLevel)
    }

    /// Whether the last `layoutWithConstraints()` of this node's tree left its position or size undetermined,
    /// like `UIView.hasAmbiguousLayout` (rule AL3). False before any constraint layout.
    public var hasAmbiguousLayout: Bool {
        guard let root = autoLayoutState?.lastLayoutRoot else { return false }
        return root.autoLayout.ambiguous.contains(ObjectIdentifier(self))
    }
}

extension LayoutNode {
    /// Not API: the system `systemLayoutSizeFitting` solves for this node at `width`, with the width as an
    /// edit variable (just below required) so a benchmark can re-solve at other widths with
    /// `Solver.suggestValue`; labels keep the heights measured at `width`.
    public func _fittingSolver(width: CGFloat) throws -> (solver: Solver, width: Variable, height: Variable) {
        var engine = try AutoLayoutEngine(root: self, size: .editableWidth(width))
        try engine.solveLabels()
        return (engine.solver, engine.boxes[0].width, engine.boxes[0].height)
    }
}

extension LayoutNode {
    /// Not API: whether `systemLayoutSizeFitting` keeps solved systems by shape (rule AL12; default true).
    /// Turning it off empties the table; the benchmark and tests use it to time or check a fresh build.
    public static var _keepsSolvedSystems: Bool {
        get { AutoLayoutTemplates.shared.isEnabled }
        set { AutoLayoutTemplates.shared.isEnabled = newValue }
    }
}
