import Foundation

/// How the two sides of a constraint compare.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// How hard the solver tries to satisfy a constraint: kiwisolver's strengths, `required` or a weight
/// (rule AL2 maps UIKit's priorities 1–1000 onto them).
///
/// ```swift
/// Strength.required          // must hold, or `Solver.add` throws
/// Strength.strong            // 1,000,000: a weight in the objective
/// Strength(uiKitPriority: 250)   // content hugging's default
/// ```
public struct Strength: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The weight, clipped to `0...Strength.required.value`.
    public let value: Double

    /// A weight, clipped to `0...required` like kiwisolver's `strength::clip` (NaN becomes 0).
    public init(_ value: Double) {
        self.value = value.isNaN ? 0 : min(max(value, 0), 1_001_001_000)
    }

    /// kiwisolver's `strength::create(a, b, c, w)`: each of `a`, `b`, `c` times `w`, clipped to 0...1000,
    /// weighted by 10⁶, 10³ and 1.
    public static func create(_ a: Double, _ b: Double, _ c: Double, weight: Double = 1) -> Strength {
        func clip(_ x: Double) -> Double { min(max(x * weight, 0), 1000) }
        return Strength(clip(a) * 1_000_000 + clip(b) * 1000 + clip(c))
    }

    public static let required = Strength.create(1000, 1000, 1000)
    public static let strong = Strength.create(1, 0, 0)
    public static let medium = Strength.create(0, 1, 0)
    public static let weak = Strength.create(0, 0, 1)

    /// UIKit's layout priority (rule AL2): 1000 is required; 1–999 map to `10^(p / 111)`, a weight that grows
    /// tenfold every 111 steps, so one constraint outweighs ten of 111 steps lower, two of 31 steps lower, and
    /// a one-step difference (hugging 251 against 250) still decides a direct conflict. The top, 999, gives
    /// 10⁹, below `required`. Values outside 1…1000 are clamped to them.
    public init(uiKitPriority priority: Float) {
        let p = priority.isNaN ? 1 : Double(min(max(priority, 1), 1000))
        if p >= 1000 { self = .required } else { self.init(pow(10, p / 111)) }
    }

    public var isRequired: Bool { value >= Strength.required.value }
    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.value < rhs.value }
    public var description: String { isRequired ? "required" : "\(value)" }
}

/// A linear constraint `lhs relation rhs` at a strength (kiwisolver's `Constraint`), held by identity:
/// adding the same constraint twice is refused, and `Solver.remove` takes the object that was added.
///
/// ```swift
/// let left = Variable("left"), width = Variable("width")
/// let pinned = Constraint(left, .equal, 16)
/// let fits = Constraint(left + width, .lessThanOrEqual, 375)
/// let wide = Constraint(width, .equal, 500, strength: .strong)   // broken in favour of `fits`
/// ```
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// `lhs − rhs`, compared with 0 by `relation`.
    public let expression: LinearExpression
    public let relation: Relation
    public let strength: Strength
    /// A name for messages, such as UIKit's description of the constraint this one was made from.
    public let name: String
    /// A number for the caller's bookkeeping (which of its objects this constraint stands for), so names
    /// need only be made when a message needs them; the solver never reads it.
    public let tag: Int

    /// Makes `lhs relation rhs`.
    ///
    /// A NaN or infinite coefficient is accepted here and refused by `Solver.add` (`ConstraintError.nonFinite`).
    /// - Parameters:
    ///   - lhs: the left side (a variable, a number, an expression).
    ///   - relation: `<=`, `==` or `>=`.
    ///   - rhs: the right side.
    ///   - strength: `.required` (default) or a weight.
    ///   - name: shown in errors; defaults to the constraint's own text.
    ///   - tag: the caller's bookkeeping number (see `tag`); default 0.
    public init(
        _ lhs: LinearExpressionConvertible, _ relation: Relation, _ rhs: LinearExpressionConvertible,
        strength: Strength = .required, name: String = "", tag: Int = 0
    ) {
        self.expression = lhs.linearExpression - rhs
        self.relation = relation
        self.strength = strength
        self.name = name
        self.tag = tag
    }

    /// Makes `expression relation 0` (the form the solver keeps), without building a second expression.
    public init(
        expression: LinearExpression, _ relation: Relation, strength: Strength = .required, name: String = "",
        tag: Int = 0
    ) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
        self.name = name
        self.tag = tag
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String {
        name.isEmpty ? "\(expression) \(relation) 0 (\(strength))" : name
    }
}
