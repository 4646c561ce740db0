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

extension Solver {
    /// Whether the required equalities alone (and the suggested value of `edit`, when given) fix
    /// `variable`'s value, so that no constraint outside them — a label's weighted intrinsic width, say —
    /// can move it, whatever its constant.
    ///
    /// Every tableau row is a linear combination of the constraints' rows, and each constraint's marker
    /// symbols appear in its own row only: a row `variable = c + Σ aᵢ·sᵢ` whose symbols are all dummies
    /// (required equalities' markers, always 0) or `edit`'s two error symbols is an identity that uses no
    /// other constraint, so its constant depends on those constraints' constants only. With `edit`, the
    /// identity holds the value fixed only while the edit variable is held at its suggestion (both errors
    /// 0): the caller checks that after solving. Basis dependent (a variable fixed this way may be reported
    /// free in another basis), never wrong the other way. For `AutoLayoutEngine.refresh`, not API.
    package func isFixedByRequiredEqualities(_ variable: Variable, edit: Variable? = nil) -> Bool {
        guard let symbol = variables[variable], let index = rows.index(of: symbol) else { return false }
        let tag = edit.flatMap { edits[$0]?.tag }
        for cell in rows.rows[index].cells where cell.symbol.kind != .dummy {
            guard let tag, cell.symbol == tag.marker || cell.symbol == tag.other else { return false }
        }
        return true
    }
}
