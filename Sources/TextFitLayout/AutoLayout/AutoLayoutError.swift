import TextFitConstraints

/// Why a constraint layout was refused. Each case names the constraint(s) at fault.
public enum AutoLayoutError: Error, Sendable, CustomStringConvertible {
    /// Required constraints contradict each other, like UIKit's "Unable to simultaneously satisfy
    /// constraints" (rule AL1): `breaking` is the one that could not be added, `conflicting` a smallest set of
    /// required constraints that cannot hold together (autoresizing-mask ones are named as such, AL6).
    case unsatisfiable(breaking: String, conflicting: [String])
    /// A constraint relates a node to one outside the tree being laid out (UIKit raises an exception).
    case itemsInDifferentTrees(String)
    /// A constraint relates attributes of different axes, a position to a size, or a position to a constant.
    case incompatibleAttributes(String)
    /// A constant or multiplier is NaN or infinite, or a multiplier is 0 with no second item.
    case invalidNumber(String)
    /// The constraint DSL was asked for something it cannot make: a number for a position with no superview,
    /// distributing fewer than two views, views without a common superview.
    case misuse(String)
    /// The simplex failed (never for a correct tableau); the message says where.
    case solverFailure(String)

    public var description: String {
        switch self {
        case let .unsatisfiable(breaking, conflicting):
            "Unable to simultaneously satisfy constraints. Breaking \(breaking); the conflicting set is:\n"
                + conflicting.map { "  \($0)" }.joined(separator: "\n")
                + "\nLower one priority below 1000, remove one, or set translatesAutoresizingMaskIntoConstraints = false."
        case let .itemsInDifferentTrees(c):
            "The constraint \(c) relates nodes with no common ancestor; add both to one tree first."
        case let .incompatibleAttributes(c):
            "The constraint \(c) relates incompatible attributes (different axes, or a position to a size or a constant)."
        case let .invalidNumber(c): "The constraint \(c) has a NaN or infinite constant or multiplier; use finite values."
        case let .misuse(why): "Cannot make the constraints: \(why)"
        case let .solverFailure(why): "The constraint solver failed: \(why)"
        }
    }
}
