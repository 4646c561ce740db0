extension Solver {
    /// Whether the solution leaves `variable` undetermined, like UIKit's `hasAmbiguousLayout` (rule AL3): it
    /// could move without making any constraint less satisfied. That is the case when no constraint has made
    /// it basic (it stays a free parameter, reported as 0), or when its row holds a parametric slack or error
    /// symbol, or a free variable, whose objective coefficient is zero (moving it costs nothing) and that no
    /// restricted row at zero stops from moving.
    ///
    /// ```swift
    /// var solver = Solver()
    /// try solver.add(Constraint(left, .greaterThanOrEqual, 0))
    /// solver.isAmbiguous(left)   // true: any left ≥ 0 satisfies it
    /// ```
    /// A variable no constraint mentions is ambiguous. The movement test looks one pivot deep: a variable
    /// pinned only through a chain of degenerate rows can still be reported (a strict test would solve a
    /// second LP per variable).
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = variables[variable], let row = rows.row(for: symbol) else { return true }
        for cell in row.cells where cell.symbol.kind != .dummy {
            guard nearZero(objective.coefficient(for: cell.symbol)) else { continue }
            // Free of cost; it still pins the variable when a restricted row at zero stops it moving (a
            // degenerate vertex, as a label's hugging and compression-resistance pair makes).
            if canMove(cell.symbol, upwards: true) { return true }
            if cell.symbol.kind == .external && canMove(cell.symbol, upwards: false) { return true }
        }
        return false
    }

    /// Whether a parametric symbol can move a little in one direction without making a restricted basic
    /// symbol negative.
    func canMove(_ symbol: Symbol, upwards: Bool) -> Bool {
        for index in rows.keys.indices where rows.keys[index].kind != .external {
            let row = rows.rows[index]
            guard nearZero(row.constant) else { continue }
            let coefficient = row.coefficient(for: symbol)
            if upwards ? coefficient < 0 : coefficient > 0 { return false }
        }
        return true
    }

    /// The variables among `variables` that `isAmbiguous(_:)`.
    public func ambiguousVariables(_ variables: [Variable]) -> [Variable] { variables.filter(isAmbiguous) }
}
