import Foundation

/// Everything a built constraint system depends on apart from label texts and the width: the nodes, their
/// flags, frames that translate into constraints, intrinsic sizes of non-labels, priorities, label settings
/// and fonts (baselines), and every active constraint's constant and priority. Margins and safe areas are
/// checked apart, only for the nodes whose guides the system read (`AutoLayoutEngine.insetsRead`).
/// When two are equal, a template cell's system can be kept and only re-measured (`AutoLayoutEngine.refresh`).
struct AutoLayoutStructure: Equatable {
    private var identities: [ObjectIdentifier] = []
    private var numbers: [UInt64] = []

    init(root: LayoutNode) { visit(root) }

    private mutating func add(_ value: CGFloat) { numbers.append(Double(value).bitPattern) }

    private mutating func visit(_ node: LayoutNode) {
        identities.append(ObjectIdentifier(node))
        let translates = node.translatesAutoresizingMaskIntoConstraints
        numbers.append(translates ? 1 : 0)
        if translates {
            add(node.frame.minX); add(node.frame.minY); add(node.frame.width); add(node.frame.height)
        }
        numbers.append(node.layoutDirection == .rightToLeft ? 1 : 0)
        for axis in [LayoutAxis.horizontal, .vertical] {
            numbers.append(UInt64(node.contentHuggingPriority(for: axis).rawValue.bitPattern))
            numbers.append(UInt64(node.contentCompressionResistancePriority(for: axis).rawValue.bitPattern))
        }
        if let label = node as? LabelNode {
            numbers.append(UInt64(bitPattern: Int64(label.numberOfLines)))
            add(label.preferredMaxLayoutWidth)
            add(label.font.ascender); add(label.font.lineHeight)
        } else {
            add(node.intrinsicContentSize.width); add(node.intrinsicContentSize.height)
        }
        for constraint in node.constraints {
            identities.append(ObjectIdentifier(constraint))
            add(constraint.constant)
            numbers.append(UInt64(constraint.priority.rawValue.bitPattern))
        }
        numbers.append(UInt64(node.subviews.count))
        for child in node.subviews { visit(child) }
    }
}
