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
            pivot(rowAt: index, entering: entering)
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

extension Solver {
    /// Changes the constant of a constraint already in the solver and re-solves by the dual simplex, without
    /// removing it (Cassowary's change of a constraint's constant, §3.2, which `suggestValue` is a case of):
    /// the constraint's marker symbol is shifted by the change, so only rows holding it move.
    ///
    /// ```swift
    /// let hug = Constraint(width, .lessThanOrEqual, 120, strength: .weak)
    /// try solver.add(hug)
    /// try solver.updateConstant(of: hug, to: 80)   // now width <= 80, as if made so
    /// ```
    /// - Parameters:
    ///   - constraint: a constraint in the solver.
    ///   - newConstant: the constraint becomes `terms relation newConstant`: the expression's constant is
    ///     replaced by `−newConstant` (for `Constraint(width, .lessThanOrEqual, 120)`, the 120).
    /// - Throws: `ConstraintError.unknownConstraint`, `.nonFinite` (NaN or infinity; the solver unchanged),
    ///   `.unsatisfiable` when required constraints cannot hold with the new constant (the solver is left
    ///   with the old constant, rebuilt if the rows had already moved).
    public mutating func updateConstant(of constraint: Constraint, to newConstant: Double) throws {
        guard var tag = constraints[constraint] else { throw ConstraintError.unknownConstraint(constraint) }
        guard newConstant.isFinite else { throw ConstraintError.nonFinite(constraint) }
        // The expression is `terms − newConstant`.
        let newExpressionConstant = -newConstant
        let delta = newExpressionConstant - tag.constant
        if delta == 0 { return }
        let markerCoefficient: Double =
            switch constraint.relation {
            case .lessThanOrEqual: 1
            case .greaterThanOrEqual: -1
            case .equal: constraint.strength.isRequired ? 1 : -1
            }
        // The marker takes up the change: the constraint's original row `… + coefficient·marker + constant`
        // holds again with marker + delta / coefficient, so every row's view of the marker moves by that.
        let shift = delta / markerCoefficient
        /// The required constraints that cannot hold with the new constant.
        func refusal() -> ConstraintError {
            var trial = self
            trial.constraints[constraint]?.constant = newExpressionConstant
            return .unsatisfiable(constraint, conflicting: trial.conflictingSet(adding: constraint))
        }
        if let index = rows.index(of: tag.marker) {
            if tag.marker.kind == .dummy && !nearZero(rows.rows[index].constant - shift) {
                // A required equality that others already imply: a new constant contradicts them.
                throw refusal()
            }
            if rows.rows[index].add(-shift) < 0 && tag.marker.kind != .external { infeasibleRows.append(tag.marker) }
        } else {
            for i in rows.keys.indices {
                let coefficient = rows.rows[i].coefficient(for: tag.marker)
                if coefficient != 0 && rows.rows[i].add(coefficient * shift) < 0 && rows.keys[i].kind != .external {
                    infeasibleRows.append(rows.keys[i])
                }
            }
        }
        do {
            try dualOptimize()
        } catch {
            // No entering symbol: a required constraint cannot hold with the new constant. Discard the
            // changed rows (the tags still hold the old constants) and say which constraints conflict.
            let error = refusal()
            self = try rebuilt()
            throw error
        }
        tag.constant = newExpressionConstant
        constraints[constraint] = tag
    }
}
