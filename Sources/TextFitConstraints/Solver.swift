/// A Cassowary solver (Badros, Borning & Stuckey, "The Cassowary linear arithmetic constraint solving
/// algorithm", ACM TOCHI 2001) following kiwisolver's implementation step for step: linear equalities and
/// inequalities, required or weighted (rule AL1), incremental add/remove, and edit variables for
/// re-solving when one value (a width) changes.
///
/// ```swift
/// let left = Variable("left"), width = Variable("width"), container = Variable("container")
/// var solver = Solver()
/// try solver.add(Constraint(left, .equal, 16))
/// try solver.add(Constraint(left + width, .equal, container - 16))
/// try solver.addEditVariable(container, strength: .strong)
/// try solver.suggestValue(375, for: container)
/// solver.value(of: width)   // 343
/// try solver.suggestValue(320, for: container)
/// solver.value(of: width)   // 288: re-solved by the dual simplex, not from scratch
/// ```
/// A value type: copying a solver copies its tableau (copy on write), which is how a failed `add` leaves
/// it unchanged. Not thread safe for concurrent mutation (like any Swift value, use one copy per thread).
/// - Complexity: adding a constraint pivots the tableau (roughly rows × row length per pivot); a suggested
///   value touches the rows holding its marker and re-pivots only the rows that became infeasible.
public struct Solver {
    struct Tag {
        var marker = Symbol.invalid
        var other = Symbol.invalid
        /// The expression's constant in effect (`updateConstant` changes it).
        var constant = 0.0
    }
    struct EditInfo {
        var tag: Tag
        var constraint: Constraint
        var constant: Double
    }

    var constraints: [Constraint: Tag] = [:]
    /// Constraints in the order they were added (for the conflict search and `allConstraints`).
    var order: [Constraint] = []
    var rows = RowMap()
    var variables: [Variable: Symbol] = [:]
    var edits: [Variable: EditInfo] = [:]
    var infeasibleRows: [Symbol] = []
    var objective = Row(constant: 0)
    var artificial: Row?
    var idTick = 1

    public init() {}

    /// The constraints currently in the solver, in the order they were added (edit constraints included).
    public var allConstraints: [Constraint] { order }

    /// Whether `constraint` has been added and not removed.
    public func contains(_ constraint: Constraint) -> Bool { constraints[constraint] != nil }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// The variable's value in the current solution (0 for a variable no constraint mentions, or one left
    /// free: see `isAmbiguous(_:)`).
    public func value(of variable: Variable) -> Double {
        guard let symbol = variables[variable], let row = rows.row(for: symbol) else { return 0 }
        return row.constant
    }

    /// Adds a constraint and re-solves.
    /// - Throws: `ConstraintError.duplicateConstraint`, `.nonFinite` (a NaN or infinite number),
    ///   `.unsatisfiable` (a required constraint that contradicts the required ones already added, naming
    ///   a smallest conflicting set); the solver is then left as it was. After `.internalFailure` (a
    ///   simplex that does not converge, which a correct tableau never gives) call `reset()`.
    public mutating func add(_ constraint: Constraint) throws {
        guard constraints[constraint] == nil else { throw ConstraintError.duplicateConstraint(constraint) }
        guard constraint.expression.isFinite else { throw ConstraintError.nonFinite(constraint) }
        do {
            try addUnchecked(constraint)
        } catch ConstraintError.unsatisfiable {
            throw ConstraintError.unsatisfiable(constraint, conflicting: conflictingSet(adding: constraint))
        }
    }

    /// Adds each constraint in turn; on an error, the ones before it stay added.
    public mutating func add(_ constraints: [Constraint]) throws {
        for constraint in constraints { try add(constraint) }
    }

    /// Adds without the duplicate and number checks; `constant` replaces the expression's constant (a
    /// rebuild after `updateConstant`).
    mutating func addUnchecked(_ constraint: Constraint, constant: Double? = nil) throws {
        var (row, tag) = createRow(constraint, constant: constant)
        var subject = chooseSubject(row, tag)
        if subject.kind == .invalid && row.cells.allSatisfy({ $0.symbol.kind == .dummy }) {
            if !nearZero(row.constant) { throw ConstraintError.unsatisfiable(constraint, conflicting: []) }
            subject = tag.marker
        }
        if subject.kind == .invalid {
            // Only this path changes the tableau before it knows the constraint holds: keep a copy (copy on
            // write makes it free until the first change) to restore on refusal.
            let saved = self
            if try !addWithArtificialVariable(row) {
                self = saved
                throw ConstraintError.unsatisfiable(constraint, conflicting: [])
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            rows.set(row, for: subject)
        }
        constraints[constraint] = tag
        order.append(constraint)
        try optimize(objectiveIsArtificial: false)
    }

    /// Removes a constraint and re-solves.
    /// - Throws: `ConstraintError.unknownConstraint` when it is not in the solver.
    public mutating func remove(_ constraint: Constraint) throws {
        guard let tag = constraints.removeValue(forKey: constraint) else {
            throw ConstraintError.unknownConstraint(constraint)
        }
        if let index = order.firstIndex(of: constraint) { order.remove(at: index) }
        // Remove the error weights from the objective before pivoting (kiwisolver's removeConstraintEffects).
        if tag.marker.kind == .error { removeMarkerEffects(tag.marker, constraint.strength.value) }
        if tag.other.kind == .error { removeMarkerEffects(tag.other, constraint.strength.value) }
        if let index = rows.index(of: tag.marker) {
            rows.remove(at: index)
        } else {
            guard let index = markerLeavingRow(tag.marker) else {
                throw ConstraintError.internalFailure("no row to remove \(constraint) from")
            }
            var (leaving, row) = rows.remove(at: index)
            row.solve(for: leaving, tag.marker)
            substitute(tag.marker, row)
        }
        try optimize(objectiveIsArtificial: false)
    }

    /// Removes every constraint and edit variable.
    public mutating func reset() { self = Solver() }

    // MARK: - The tableau (kiwisolver's SolverImpl)

    mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        defer { idTick += 1 }
        return Symbol(id: idTick, kind: kind)
    }

    mutating func symbol(for variable: Variable) -> Symbol {
        if let symbol = variables[variable] { return symbol }
        let symbol = newSymbol(.external)
        variables[variable] = symbol
        return symbol
    }

    /// The constraint as a row in the current basis, with its slack, error or dummy markers.
    mutating func createRow(_ constraint: Constraint, constant: Double? = nil) -> (Row, Tag) {
        let expression = constraint.expression
        let rowConstant = constant ?? expression.constant
        var row = Row(constant: rowConstant)
        for term in expression.terms where !nearZero(term.coefficient) {
            let symbol = symbol(for: term.variable)
            if let basic = rows.row(for: symbol) {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(symbol, term.coefficient)
            }
        }
        var tag = Tag(constant: rowConstant)
        let strength = constraint.strength.value
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            row.insert(slack, coefficient)
            if !required {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -coefficient)
                objective.insert(error, strength)
            }
        case .equal:
            if !required {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, strength)
                objective.insert(minus, strength)
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// An external symbol first; else a slack or error marker with a negative coefficient; else none.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for cell in row.cells where cell.symbol.kind == .external { return cell.symbol }
        // The two markers in turn, without building an array of them on every add.
        if tag.marker.kind == .slack || tag.marker.kind == .error, row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if tag.other.kind == .slack || tag.other.kind == .error, row.coefficient(for: tag.other) < 0 { return tag.other }
        return .invalid
    }

    /// Phase one for a row with no subject: minimise an artificial variable standing for it.
    mutating func addWithArtificialVariable(_ row: Row) throws -> Bool {
        let art = newSymbol(.slack)
        rows.set(row, for: art)
        artificial = row
        try optimize(objectiveIsArtificial: true)
        let success = nearZero(artificial?.constant ?? 0)
        artificial = nil
        if let index = rows.index(of: art) {
            var (_, artRow) = rows.remove(at: index)
            if artRow.cells.isEmpty { return success }
            guard
                let entering = artRow.cells.first(where: { $0.symbol.kind == .slack || $0.symbol.kind == .error })?
                    .symbol
            else { return false }
            artRow.solve(for: art, entering)
            substitute(entering, artRow)
            rows.set(artRow, for: entering)
        }
        for i in rows.rows.indices { rows.rows[i].remove(art) }
        objective.remove(art)
        return success
    }

    /// Replaces `symbol` by `row` everywhere, noting restricted rows that became infeasible.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        for i in rows.rows.indices {
            // Only rows that may hold the symbol are touched (a mutating access to every row costs more
            // than the check); every row is still looked at for infeasibility, as kiwisolver does.
            if rows.rows[i].mayContain(symbol) { rows.rows[i].substitute(symbol, row) }
            if rows.keys[i].kind != .external && rows.rows[i].constant < 0 { infeasibleRows.append(rows.keys[i]) }
        }
        objective.substitute(symbol, row)
        artificial?.substitute(symbol, row)
    }

    /// The primal simplex on the objective (or the artificial one). The iteration cap turns a cycle into
    /// an error instead of a hang.
    mutating func optimize(objectiveIsArtificial: Bool) throws {
        var budget = 1000 + 100 * rows.count
        while true {
            let target = objectiveIsArtificial ? artificial! : objective
            guard let entering = target.cells.first(where: { $0.symbol.kind != .dummy && $0.coefficient < 0 })?.symbol
            else { return }
            guard let index = leavingRow(for: entering) else {
                // Both objectives are non-negative combinations of restricted symbols (the errors' weights;
                // the artificial slack), so raising a symbol that no restricted row bounds cannot lower them:
                // in exact arithmetic its coefficient is ≥ 0, and a negative one is cancellation residue
                // (−1.5e-8 after a pivot through numbers near 1e8; −5e-8 left by removing a strong
                // constraint's weight of 1e6 from an objective of weights near 7), which kiwisolver's absolute
                // 1e-8 `nearZero` keeps and then reports as "The objective is unbounded" (FuzzConstraints).
                // How large a residue gets depends on the numbers met along the way, not on the objective
                // left, so any such coefficient is dropped, as an exact sum would have cancelled it.
                if objectiveIsArtificial { artificial?.remove(entering) } else { objective.remove(entering) }
                continue
            }
            pivot(rowAt: index, entering: entering)
            budget -= 1
            if budget == 0 { throw ConstraintError.internalFailure("the simplex did not converge") }
        }
    }

    /// One simplex pivot, for the primal and the dual optimisation alike: the row at `index` leaves, solved
    /// for `entering`, which becomes basic and is substituted out of every other row and the objective.
    mutating func pivot(rowAt index: Int, entering: Symbol) {
        var (leaving, row) = rows.remove(at: index)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        rows.set(row, for: entering)
    }

    /// The restricted row with the smallest ratio `-constant / coefficient` for a negative coefficient.
    func leavingRow(for entering: Symbol) -> Int? {
        var ratio = Double.greatestFiniteMagnitude
        var found: Int?
        for i in rows.keys.indices where rows.keys[i].kind != .external {
            let coefficient = rows.rows[i].coefficient(for: entering)
            if coefficient < 0 {
                let candidate = -rows.rows[i].constant / coefficient
                if candidate < ratio { ratio = candidate; found = i }
            }
        }
        return found
    }

    /// The row to pivot a removed constraint's marker out of (kiwisolver's getMarkerLeavingRow, but a
    /// dummy-basic row first).
    func markerLeavingRow(_ marker: Symbol) -> Int? {
        // A required equality added while an equal one holds is redundant: its row is its own dummy marker
        // in terms of the first one's (`d2 = d1`), and it stays in force only while those dummies stay
        // non-basic at 0. Pivoting another row here (kiwisolver takes a restricted one first, such as a weak
        // constraint's error on the same expression) would make `d1` basic, and the redundant row then
        // pins nothing: removing the first copy silently dropped the second (FuzzConstraints). Solving the
        // dummy row for the marker instead hands the rows over to the redundant copy's dummy.
        if marker.kind == .dummy {
            for i in rows.keys.indices where rows.keys[i].kind == .dummy && rows.rows[i].coefficient(for: marker) != 0 {
                return i
            }
        }
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first: Int?, second: Int?, third: Int?
        for i in rows.keys.indices {
            let c = rows.rows[i].coefficient(for: marker)
            if c == 0 { continue }
            if rows.keys[i].kind == .external {
                third = i
            } else if c < 0 {
                let r = -rows.rows[i].constant / c
                if r < r1 { r1 = r; first = i }
            } else {
                let r = rows.rows[i].constant / c
                if r < r2 { r2 = r; second = i }
            }
        }
        return first ?? second ?? third
    }

    mutating func removeMarkerEffects(_ marker: Symbol, _ strength: Double) {
        if let row = rows.row(for: marker) { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
    }

    /// A smallest set of required constraints that cannot hold together with `constraint` (deletion
    /// filter: drop each one whose absence keeps the set unsatisfiable). Only runs on the error path.
    func conflictingSet(adding constraint: Constraint) -> [Constraint] {
        var set = order.filter { $0.strength.isRequired && !isEditConstraint($0) } + [constraint]
        func unsatisfiable(_ candidate: [Constraint]) -> Bool {
            var trial = Solver()
            do {
                for c in candidate { try trial.addUnchecked(current(c)) }
                return false
            } catch { return true }
        }
        var i = 0
        while i < set.count - 1 {
            var without = set
            without.remove(at: i)
            if unsatisfiable(without) { set = without } else { i += 1 }
        }
        return set
    }

    /// The same constraints, edit variables and suggested values in a new tableau (after a failed
    /// `updateConstant`, whose changes to the rows it discards).
    func rebuilt() throws -> Solver {
        var fresh = Solver()
        for constraint in order {
            if let (variable, info) = edits.first(where: { $0.value.constraint === constraint }) {
                try fresh.addEditVariable(variable, strength: info.constraint.strength)
            } else {
                try fresh.addUnchecked(constraint, constant: constraints[constraint]?.constant)
            }
        }
        for (variable, info) in edits where info.constant != 0 { try fresh.suggestValue(info.constant, for: variable) }
        // Keep the edit constraints' identities (callers never see them, but `order` holds them).
        return fresh
    }

    /// The constraint with the constant `updateConstant` gave it (itself when unchanged).
    func current(_ constraint: Constraint) -> Constraint {
        guard let tag = constraints[constraint], tag.constant != constraint.expression.constant else { return constraint }
        var expression = constraint.expression
        expression.constant = tag.constant
        return Constraint(
            expression: expression, constraint.relation, strength: constraint.strength, name: constraint.name,
            tag: constraint.tag)
    }

    func isEditConstraint(_ constraint: Constraint) -> Bool { edits.values.contains { $0.constraint === constraint } }
}
