import Foundation

/// Why a view-tree request was refused. Each message names the node, the field and what a valid value is.
public enum LayoutNodeError: TextFitError, Equatable, Sendable {
    /// Adding `node` under `superview` would make the tree loop (`node` is `superview` or its ancestor).
    case cycle(node: String, superview: String)
    /// A frame, bounds origin or proposed size holds NaN or infinity, or a negative width or height.
    case invalidGeometry(node: String, field: String, value: CGRect)
    /// Insets (margins, safe-area insets) hold NaN, infinity or a negative value.
    case invalidInsets(node: String, field: String, value: EdgeInsets)
    /// Insets that add up to more than the node's width or height leave no rectangle inside.
    case insetsExceedBounds(node: String, field: String, insets: EdgeInsets, size: CGSize)

    public var description: String {
        switch self {
        case .cycle(let node, let superview):
            return "cannot add '\(node)' to '\(superview)': '\(node)' is '\(superview)' or one of its ancestors"
        case .invalidGeometry(let node, let field, let value):
            return "invalid \(field) \(value) of '\(node)': use finite numbers and a width and height >= 0"
        case .invalidInsets(let node, let field, let value):
            return "invalid \(field) \(value) of '\(node)': use finite numbers >= 0"
        case .insetsExceedBounds(let node, let field, let insets, let size):
            return "\(field) \(insets) of '\(node)' exceed its size \(size.width) x \(size.height): left + right must "
                + "be <= the width and top + bottom <= the height"
        }
    }
}

extension CGRect {
    /// Finite origin and a finite, non-negative size.
    var isValidFrame: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
            && size.width >= 0 && size.height >= 0
    }
}

extension LayoutNode {
    /// Throws unless the frame and bounds origin are finite with a non-negative size.
    func validateGeometry() throws {
        guard frame.isValidFrame else { throw LayoutNodeError.invalidGeometry(node: name, field: "frame", value: frame) }
        guard boundsOrigin.x.isFinite, boundsOrigin.y.isFinite else {
            throw LayoutNodeError.invalidGeometry(node: name, field: "bounds", value: bounds)
        }
    }
}
