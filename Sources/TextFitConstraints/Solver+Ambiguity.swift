extension Solver {
    /// Whether the solution leaves `variable` undetermined, like UIKit's `hasAmbiguousLayout` (rule AL3): it
    /// could move without making any constraint less satisfied. That is the case when no constraint has made
    /// it basic (it stays a free parameter, reported as 0), or when its row holds a parametric slack or error
    /// symbol, or a free variable, whose objective coefficient is zero (moving it costs nothing).
    ///
    /// ```swift
    /// var solver = Solver()
    /// try solver.add(Constraint(left, .greaterThanOrEqual, 0))
    /// solver.isAmbiguous(left)   // true: any left ≥ 0 satisfies it
    /// ```
    /// A variable no constraint mentions is ambiguous. Degenerate ties can report ambiguity for a value that
    /// is in fact pinned by two constraints at once (a strict test would need a second LP).
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = variables[variable], let row = rows.row(for: symbol) else { return true }
        for cell in row.cells where cell.symbol.kind != .dummy {
            if nearZero(objective.coefficient(for: cell.symbol)) { return true }
        }
        return false
    }

    /// The variables among `variables` that `isAmbiguous(_:)`.
    public func ambiguousVariables(_ variables: [Variable]) -> [Variable] { variables.filter(isAmbiguous) }
}
