import Foundation
import TextFitConstraints

extension _FuzzEntries {
    /// `FuzzConstraints`: a random system run through the Cassowary `Solver`, one operation at a time;
    /// returns the broken invariants (docs/fuzzing.md, "FuzzConstraints"): only `ConstraintError`, never
    /// `.internalFailure`; a constraint with a NaN or infinite number is refused as `.nonFinite`, one added
    /// twice as `.duplicateConstraint`, a required edit as `.requiredEditVariable`; after every operation
    /// each required constraint in the solver holds at the solution (to 1e-6 relative); a refused
    /// constraint leaves the solver's constraints and values as they were, and its conflicting set is
    /// required constraints of the solver plus it; a fresh solver accepts the final constraints again.
    ///
    /// Byte layout (missing bytes read as 0): 0 the number of variables (1–6); then up to 32 operations,
    /// each an operation byte (add, add again, remove, edit, suggest, remove an edit) and its bytes: for an
    /// add, a term count (1–3) and per term a variable and a coefficient (signed / 4; −128 NaN, 127
    /// infinity), a constant (signed × 2), a relation and a strength (required, strong, medium, weak, a
    /// UIKit priority).
    public static func constraints(_ bytes: [UInt8]) -> [String] {
        var reader = ByteReader(bytes: bytes)
        let variables = (0..<(1 + Int(reader.next() % 6))).map { Variable("v\($0)") }
        var solver = Solver()
        var made: [Constraint] = []
        var problems: [String] = []
        func strength(_ byte: UInt8) -> Strength {
            switch byte % 5 {
            case 0: return .required
            case 1: return .strong
            case 2: return .medium
            case 3: return .weak
            default: return Strength(uiKitPriority: Float(byte))
            }
        }
        var operations = 0
        while reader.index < bytes.count, operations < 32 {
            operations += 1
            let operation = reader.next()
            let before = (solver.allConstraints, variables.map { solver.value(of: $0) })
            do {
                switch operation % 6 {
                case 0, 1:
                    var expression = LinearExpression(Double(Int8(bitPattern: reader.next())) * 2)
                    for _ in 0..<(1 + Int(reader.next() % 3)) {
                        let variable = variables[Int(reader.next()) % variables.count]
                        let byte = Int8(bitPattern: reader.next())
                        expression.add(variable, byte == -128 ? .nan : byte == 127 ? .infinity : Double(byte) / 4)
                    }
                    let relation: [Relation] = [.lessThanOrEqual, .equal, .greaterThanOrEqual]
                    let kind = reader.next()
                    let constraint = Constraint(
                        expression: expression, relation[Int(kind % 3)], strength: strength(kind / 3))
                    made.append(constraint)
                    do {
                        try solver.add(constraint)
                        if !expression.isFinite { problems.append("\(constraint) with a non-finite number was added") }
                    } catch ConstraintError.nonFinite where !expression.isFinite {
                    } catch ConstraintError.unsatisfiable(let refused, let conflicting) {
                        if refused !== constraint || !constraint.strength.isRequired {
                            problems.append("\(constraint) refused as unsatisfiable naming \(refused)")
                        }
                        if !conflicting.allSatisfy({ $0 === constraint || (before.0.contains($0) && $0.strength.isRequired) }
                        ) {
                            problems.append("the conflicting set \(conflicting) is not of the solver's required constraints")
                        }
                        if solver.allConstraints != before.0 || variables.map({ solver.value(of: $0) }) != before.1 {
                            problems.append("refusing \(constraint) changed the solver")
                        }
                    }
                case 2:
                    // Add one made before: refused exactly when it is in the solver.
                    guard !made.isEmpty else { break }
                    let constraint = made[Int(reader.next()) % made.count]
                    let present = solver.contains(constraint)
                    do {
                        try solver.add(constraint)
                        if present { problems.append("\(constraint) was added twice") }
                    } catch ConstraintError.duplicateConstraint where present {
                    } catch ConstraintError.nonFinite where !constraint.expression.isFinite {
                    } catch ConstraintError.unsatisfiable where constraint.strength.isRequired {
                    }
                case 3:
                    guard !made.isEmpty else { break }
                    let constraint = made[Int(reader.next()) % made.count]
                    let present = solver.contains(constraint)
                    do {
                        try solver.remove(constraint)
                        if !present { problems.append("removing \(constraint), not in the solver, succeeded") }
                    } catch ConstraintError.unknownConstraint where !present {
                    }
                case 4:
                    let variable = variables[Int(reader.next()) % variables.count]
                    let editStrength = strength(reader.next())
                    let present = solver.hasEditVariable(variable)
                    do {
                        try solver.addEditVariable(variable, strength: editStrength)
                        if present || editStrength.isRequired {
                            problems.append("edit \(variable) \(editStrength) accepted")
                        }
                    } catch ConstraintError.duplicateEditVariable where present {
                    } catch ConstraintError.requiredEditVariable where editStrength.isRequired {
                    }
                default:
                    let variable = variables[Int(reader.next()) % variables.count]
                    let byte = Int8(bitPattern: reader.next())
                    let value = byte == -128 ? Double.nan : byte == 127 ? -.infinity : Double(byte) * 4
                    let present = solver.hasEditVariable(variable)
                    do {
                        if operation & 128 != 0 {
                            try solver.removeEditVariable(variable)
                        } else {
                            try solver.suggestValue(value, for: variable)
                            if !value.isFinite { problems.append("suggestion \(value) accepted") }
                        }
                        if !present { problems.append("\(variable) is not an edit variable, yet accepted") }
                    } catch ConstraintError.unknownEditVariable where !present {
                    } catch ConstraintError.nonFiniteSuggestion where !value.isFinite {
                    }
                }
            } catch {
                problems.append("operation \(operations) (\(operation % 6)) threw \(error)")
                return problems
            }
            problems += unsatisfiedRequired(solver, variables)
            if !problems.isEmpty { return problems }
        }
        // The constraints the solver holds hold together: a fresh solver takes them all again.
        var fresh = Solver()
        for constraint in solver.allConstraints {
            do { try fresh.add(constraint) } catch { problems.append("a fresh solver refuses \(constraint): \(error)") }
        }
        return problems + unsatisfiedRequired(fresh, variables)
    }

    /// The required constraints of `solver` that its solution breaks.
    private static func unsatisfiedRequired(_ solver: Solver, _ variables: [Variable]) -> [String] {
        solver.allConstraints.filter(\.strength.isRequired).compactMap { constraint in
            let expression = constraint.expression
            var value = expression.constant
            var scale = abs(expression.constant)
            for term in expression.terms {
                let product = term.coefficient * solver.value(of: term.variable)
                value += product
                scale += abs(product)
            }
            let tolerance = 1e-6 * (1 + scale)
            let holds: Bool
            switch constraint.relation {
            case .equal: holds = abs(value) <= tolerance
            case .lessThanOrEqual: holds = value <= tolerance
            case .greaterThanOrEqual: holds = value >= -tolerance
            }
            return holds && value.isFinite
                ? nil
                : "\(constraint) is \(value) at \(variables.map { "\($0)=\(solver.value(of: $0))" })"
        }
    }
}
