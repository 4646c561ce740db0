/// Why the solver refused a request. Each case names the constraint or variable at fault.
public enum ConstraintError: Error, Sendable, CustomStringConvertible {
    /// A required constraint cannot hold together with the required constraints already added. `conflicting`
    /// is a smallest set of those (plus this one) that cannot hold together, like UIKit's "Unable to
    /// simultaneously satisfy constraints" list; the solver is left as it was before the call.
    case unsatisfiable(Constraint, conflicting: [Constraint])
    /// The constraint object was already added.
    case duplicateConstraint(Constraint)
    /// `remove` of a constraint that was never added (or already removed).
    case unknownConstraint(Constraint)
    /// A coefficient or constant is NaN or infinite.
    case nonFinite(Constraint)
    /// `addEditVariable` twice for one variable.
    case duplicateEditVariable(Variable)
    /// `suggestValue`/`removeEditVariable` for a variable that is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must be weaker than required (a required edit could not be moved).
    case requiredEditVariable(Variable)
    /// `suggestValue` with NaN or infinity.
    case nonFiniteSuggestion(Variable, Double)
    /// The simplex stopped making progress (an unbounded objective or cycling); the solver is left as it was.
    case internalFailure(String)

    public var description: String {
        switch self {
        case let .unsatisfiable(constraint, conflicting):
            let list = conflicting.map { "  \($0)" }.joined(separator: "\n")
            return "Unable to simultaneously satisfy constraints: \(constraint) conflicts with\n\(list)\n"
                + "Make one of them non-required (a priority below 1000) or remove it."
        case let .duplicateConstraint(c): return "The constraint \(c) was already added; add each object once."
        case let .unknownConstraint(c): return "The constraint \(c) is not in the solver; nothing to remove."
        case let .nonFinite(c): return "The constraint \(c) has a NaN or infinite number; use finite values."
        case let .duplicateEditVariable(v): return "\(v) is already an edit variable; call suggestValue instead."
        case let .unknownEditVariable(v): return "\(v) is not an edit variable; call addEditVariable first."
        case let .requiredEditVariable(v): return "The edit variable \(v) must be weaker than required."
        case let .nonFiniteSuggestion(v, x): return "The value \(x) suggested for \(v) is not finite."
        case let .internalFailure(why): return "The solver failed: \(why). Please report the constraints."
        }
    }
}
