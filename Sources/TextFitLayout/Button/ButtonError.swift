import Foundation

/// Why a button layout request was refused. Each message names the field at fault and the limit.
///
/// ```swift
/// var button = ButtonLayout(title: "Save", font: font)
/// button.contentEdgeInsets = EdgeInsets(left: 60, right: 60)
/// try button.contentRect(forBounds: CGRect(x: 0, y: 0, width: 100, height: 44))
/// // throws .insetsExceedBounds(field: "contentEdgeInsets", axis: .horizontal, insets: 120, limit: 100)
/// ```
public enum ButtonError: TextFitError, Equatable, Sendable {
    /// Which way two opposite insets are added.
    public enum Axis: String, Sendable, Hashable {
        /// Left + right.
        case horizontal
        /// Top + bottom.
        case vertical
    }

    /// A size (image, background image, bounds) must be finite and ≥ 0 on both axes.
    case invalidSize(field: String, CGSize)
    /// A rect (bounds, a content rect) must have a finite origin and a finite size ≥ 0.
    case invalidRect(field: String, CGRect)
    /// An inset must be a finite number (negative values are allowed: they outset that edge).
    case invalidInsets(field: String, EdgeInsets)
    /// A gap (image padding, title padding, image reservation) must be finite and ≥ 0.
    case invalidPadding(field: String, Double)
    /// Two opposite content insets add up to more than the bounds on that axis, so the content rect
    /// would be inverted.
    case insetsExceedBounds(field: String, axis: Axis, insets: Double, limit: Double)

    public var description: String {
        switch self {
        case .invalidSize(let field, let size):
            return "invalid \(field) \(size.width) x \(size.height): use finite numbers >= 0"
        case .invalidRect(let field, let rect):
            return "invalid \(field) (x \(rect.minX), y \(rect.minY), width \(rect.width), height \(rect.height)): "
                + "use a finite origin and a finite size >= 0"
        case .invalidInsets(let field, let insets):
            return "invalid \(field) \(insets): use finite numbers (negative values outset an edge)"
        case .invalidPadding(let field, let value):
            return "invalid \(field) \(value): use a finite number >= 0"
        case .insetsExceedBounds(let field, let axis, let insets, let limit):
            let sides = axis == .horizontal ? "left + right" : "top + bottom"
            return "\(field) \(sides) = \(insets) exceeds the bounds' \(axis == .horizontal ? "width" : "height") "
                + "\(limit): use insets that add up to at most \(limit)"
        }
    }
}

/// Checks shared by both button models.
enum ButtonChecks {
    static func size(_ size: CGSize, _ field: String) throws {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw ButtonError.invalidSize(field: field, size)
        }
    }

    /// A rect as given (`CGRect.width` may report a standardised width, so the raw size is checked).
    static func rect(_ rect: CGRect, _ field: String) throws {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.size.width.isFinite, rect.size.height.isFinite,
            rect.size.width >= 0, rect.size.height >= 0
        else {
            throw ButtonError.invalidRect(field: field, rect)
        }
    }

    /// A computed size that overflowed (parts adding up past the largest finite number).
    static func finite(_ size: CGSize) throws -> CGSize {
        guard size.width.isFinite, size.height.isFinite else {
            throw ButtonError.invalidSize(field: "intrinsic size (image, title and insets added up)", size)
        }
        return size
    }

    static func insets(_ insets: EdgeInsets, _ field: String) throws {
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
            throw ButtonError.invalidInsets(field: field, insets)
        }
    }

    static func padding(_ value: CGFloat, _ field: String) throws {
        guard value.isFinite, value >= 0 else { throw ButtonError.invalidPadding(field: field, Double(value)) }
    }

    static func scale(_ scale: CGFloat) throws {
        guard scale.isFinite, scale > 0 else { throw MeasureError.invalidScale(Double(scale)) }
    }

    /// The bounds inset by content insets, refused when the insets invert it on an axis.
    static func contentRect(_ bounds: CGRect, insets: EdgeInsets, field: String) throws -> CGRect {
        try rect(bounds, "bounds")
        try self.insets(insets, field)
        let width = bounds.size.width, height = bounds.size.height
        // A tolerance of a millionth of a point lets insets that add up to the bounds exactly (after
        // floating-point arithmetic) through.
        guard insets.horizontal <= width + 1e-6 else {
            throw ButtonError.insetsExceedBounds(
                field: field, axis: .horizontal, insets: Double(insets.horizontal),
                limit: Double(width))
        }
        guard insets.vertical <= height + 1e-6 else {
            throw ButtonError.insetsExceedBounds(
                field: field, axis: .vertical, insets: Double(insets.vertical),
                limit: Double(height))
        }
        return CGRect(
            x: bounds.origin.x + insets.left, y: bounds.origin.y + insets.top,
            width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }
}
