import Foundation
import TextFitConstraints

/// A constraint attribute, like `NSLayoutConstraint.Attribute` (rule AL4): an edge, a size, a centre,
/// a baseline, or an edge or centre inside the layout margins.
public enum LayoutAttribute: Sendable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins

    /// Whether this is a size (`width`, `height`) rather than a position.
    public var isDimension: Bool { self == .width || self == .height }

    /// The axis the attribute lies on.
    public var axis: LayoutAxis {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
            .trailingMargin, .centerXWithinMargins:
            .horizontal
        default: .vertical
        }
    }
}

/// A layout axis, like `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Sendable, Hashable {
    case horizontal, vertical
}

/// A layout priority, like `UILayoutPriority`: 1000 is required, lower values are weights (rule AL2).
///
/// ```swift
/// let constraint = title.trailingAnchor.constraint(lessThanOrEqualTo: date.leadingAnchor, constant: -8)
/// constraint.priority = .defaultHigh          // 750
/// constraint.priority = LayoutPriority(999)
/// ```
public struct LayoutPriority: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    public var rawValue: Float
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    public static let required: LayoutPriority = 1000
    /// Compression resistance's default (rule AL5).
    public static let defaultHigh: LayoutPriority = 750
    /// Content hugging's default (rule AL5).
    public static let defaultLow: LayoutPriority = 250
    /// The priority `systemLayoutSizeFitting` gives a dimension that should be as small as it can (AL7).
    public static let fittingSizeLevel: LayoutPriority = 50

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority { LayoutPriority(lhs.rawValue - rhs) }
    public var description: String { "\(rawValue)" }
}

/// The value UIKit uses for "no intrinsic size on this axis" (`UIView.noIntrinsicMetric`).
public let noIntrinsicMetric: CGFloat = -1

/// How a constraint's two sides compare (`NSLayoutConstraint.Relation`): the solver's `Relation`.
public typealias LayoutRelation = TextFitConstraints.Relation
