extension Solver {
    /// Makes `variable` an edit variable: a weighted `variable == value` constraint whose value
    /// `suggestValue(_:for:)` moves without rebuilding the tableau (the incremental re-solve of §3.2).
    ///
    /// ```swift
    /// try solver.addEditVariable(containerWidth, strength: .strong)
    /// try solver.suggestValue(320, for: containerWidth)
    /// ```
    /// - Throws: `ConstraintError.duplicateEditVariable`, `.requiredEditVariable` (the strength must be below
    ///   required).
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws {
        guard edits[variable] == nil else { throw ConstraintError.duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw ConstraintError.requiredEditVariable(variable) }
        let constraint = Constraint(variable, .equal, 0, strength: strength, name: "edit(\(variable))")
        try add(constraint)
        edits[variable] = EditInfo(tag: constraints[constraint]!, constraint: constraint, constant: 0)
    }

    /// Stops editing `variable` (its edit constraint is removed).
    /// - Throws: `ConstraintError.unknownEditVariable`.
    public mutating func removeEditVariable(_ variable: Variable) throws {
        guard let info = edits[variable] else { throw ConstraintError.unknownEditVariable(variable) }
        try remove(info.constraint)
        edits[variable] = nil
    }

    /// Suggests a value for an edit variable and re-solves by the dual simplex (only the rows the change made
    /// infeasible are pivoted).
    /// - Throws: `ConstraintError.unknownEditVariable`, `.nonFiniteSuggestion` (the solver unchanged);
    ///   `.internalFailure` if the dual simplex fails (never for a correct tableau; call `reset()`).
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws {
        guard var info = edits[variable] else { throw ConstraintError.unknownEditVariable(variable) }
        guard value.isFinite else { throw ConstraintError.nonFiniteSuggestion(variable, value) }
        let delta = value - info.constant
        info.constant = value
        edits[variable] = info
        if let index = rows.index(of: info.tag.marker) {
            if rows.rows[index].add(-delta) < 0 { infeasibleRows.append(info.tag.marker) }
        } else if let index = rows.index(of: info.tag.other) {
            if rows.rows[index].add(delta) < 0 { infeasibleRows.append(info.tag.other) }
        } else {
            for i in rows.keys.indices {
                let coefficient = rows.rows[i].coefficient(for: info.tag.marker)
                if coefficient != 0 && rows.rows[i].add(delta * coefficient) < 0 && rows.keys[i].kind != .external {
                    infeasibleRows.append(rows.keys[i])
                }
            }
        }
        try dualOptimize()
    }

    /// Restores feasibility after a suggested value (the dual simplex of §3.2).
    mutating func dualOptimize() throws {
        var budget = 1000 + 100 * rows.count
        while let leaving = infeasibleRows.popLast() {
            guard let index = rows.index(of: leaving) else { continue }
            let row = rows.rows[index]
            guard !nearZero(row.constant), row.constant < 0 else { continue }
            guard let entering = dualEnteringSymbol(row) else {
                throw ConstraintError.internalFailure("the dual simplex found no entering symbol")
            }
            var (_, pivot) = rows.remove(at: index)
            pivot.solve(for: leaving, entering)
            substitute(entering, pivot)
            rows.set(pivot, for: entering)
            budget -= 1
            if budget == 0 { throw ConstraintError.internalFailure("the dual simplex did not converge") }
        }
    }

    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var entering: Symbol?
        var ratio = Double.greatestFiniteMagnitude
        for cell in row.cells where cell.coefficient > 0 && cell.symbol.kind != .dummy {
            let candidate = objective.coefficient(for: cell.symbol) / cell.coefficient
            if candidate < ratio { ratio = candidate; entering = cell.symbol }
        }
        return entering
    }
}
