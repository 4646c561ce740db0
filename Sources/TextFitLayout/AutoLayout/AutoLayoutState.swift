import Foundation
import TextFitConstraints

/// A node's Auto Layout settings and its active constraints (held by `LayoutNode.autoLayoutState`).
///
/// The fields `AutoLayoutShape` reads for every node on every fit skip the run-time exclusivity check (a
/// node, like a UIKit view, is used from one thread at a time, and no access here spans a call that could
/// reach the same field): the checks were a fifth of reading a cell's shape.
final class AutoLayoutState {
    @exclusivity(unchecked) var constraints: [LayoutConstraint] = []
    /// Constraints made by `makeConstraints` (Masonry's installed constraints), for remake and update.
    var madeConstraints: [LayoutConstraint] = []
    @exclusivity(unchecked) var translatesAutoresizingMask = true
    @exclusivity(unchecked) var hugging = AxisPriorities()
    @exclusivity(unchecked) var compressionResistance = AxisPriorities()
    @exclusivity(unchecked) var intrinsicSize = CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric)
    /// Set on the root of the last solved tree: which nodes came out ambiguous.
    var ambiguous: Set<ObjectIdentifier> = []
    weak var lastLayoutRoot: LayoutNode?
    @exclusivity(unchecked) var preferredMaxLayoutWidth: CGFloat = 0
}

/// A priority per axis, nil where none was set: two stored fields, where a dictionary's two look-ups per
/// node were a fifth of reading a cell's shape (AL12).
struct AxisPriorities {
    var horizontal: LayoutPriority?
    var vertical: LayoutPriority?

    subscript(axis: LayoutAxis) -> LayoutPriority? {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}

extension LayoutNode {
    var autoLayout: AutoLayoutState {
        if let state = autoLayoutState { return state }
        let state = AutoLayoutState()
        autoLayoutState = state
        return state
    }

    /// The active constraints this node keeps (those whose first item it is), like `UIView.constraints`.
    public var constraints: [LayoutConstraint] { autoLayoutState?.constraints ?? [] }

    /// Whether the node's frame is turned into required constraints (rule AL6), like UIKit's property of
    /// the same name: true by default, as for views made in code; `makeConstraints` sets it false, as
    /// Masonry does. Frames and constraints on one node conflict: the layout then throws `.unsatisfiable`
    /// naming the autoresizing constraint (UIKit logs and breaks one; the seed's "do not mix" warning).
    public var translatesAutoresizingMaskIntoConstraints: Bool {
        get { autoLayoutState?.translatesAutoresizingMask ?? true }
        set { autoLayout.translatesAutoresizingMask = newValue }
    }

    /// The natural size of the node's content, like `UIView.intrinsicContentSize`: `noIntrinsicMetric`
    /// (−1) on an axis without one (the default). A `LabelNode` reports its label's (rule L4) and ignores
    /// this value.
    public var intrinsicContentSize: CGSize {
        get { autoLayoutState?.intrinsicSize ?? CGSize(width: noIntrinsicMetric, height: noIntrinsicMetric) }
        set { autoLayout.intrinsicSize = newValue }
    }

    /// How much the node resists growing past its intrinsic size on `axis` (default 250, rule AL5).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        autoLayoutState?.hugging[axis] ?? .defaultLow
    }
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        autoLayout.hugging[axis] = priority
    }
    /// How much the node resists shrinking below its intrinsic size on `axis` (default 750, rule AL5).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        autoLayoutState?.compressionResistance[axis] ?? .defaultHigh
    }
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        autoLayout.compressionResistance[axis] = priority
    }
}

extension LabelNode {
    /// The width a multi-line label wraps at for its intrinsic size, like `UILabel.preferredMaxLayoutWidth`
    /// (rule L4, AL9): 0 (default) = automatic, the layout measures the label again at the width it solved;
    /// > 0 = this width, in one pass.
    public var preferredMaxLayoutWidth: CGFloat {
        get { autoLayoutState?.preferredMaxLayoutWidth ?? 0 }
        set { autoLayout.preferredMaxLayoutWidth = newValue }
    }
}
