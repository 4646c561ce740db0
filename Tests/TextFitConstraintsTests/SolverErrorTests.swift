import Testing
@testable import TextFitConstraints

/// Bad input gets typed errors that name what is wrong, and leaves the solver usable (rule AL1).
@Suite struct SolverErrorTests {
    @Test func unsatisfiableNamesTheConflictingRequiredConstraints() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        var solver = Solver()
        let unrelated = Constraint(c, .equal, 3, name: "c == 3")
        let first = Constraint(a, .greaterThanOrEqual, b + 10, name: "a >= b + 10")
        let soft = Constraint(a, .equal, 0, strength: .strong, name: "a == 0 (strong)")
        try solver.add([unrelated, first, soft])
        let before = (solver.value(of: a), solver.value(of: b))
        let breaking = Constraint(a, .lessThanOrEqual, b, name: "a <= b")
        #expect {
            try solver.add(breaking)
        } throws: { error in
            guard case let ConstraintError.unsatisfiable(constraint, conflicting) = error else { return false }
            return constraint === breaking && conflicting.map(\.name) == ["a >= b + 10", "a <= b"]
        }
        #expect(!solver.contains(breaking))
        #expect((solver.value(of: a), solver.value(of: b)) == before)
        try solver.add(Constraint(b, .equal, 5))  // still usable
        #expect(solver.value(of: a) == 15)
    }

    @Test func cycleOfRequiredEqualitiesIsRefused() throws {
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        var solver = Solver()
        try solver.add(Constraint(a, .equal, b + 1))
        try solver.add(Constraint(b, .equal, c + 1))
        #expect(throws: ConstraintError.self) { try solver.add(Constraint(c, .equal, a + 1)) }
        // A consistent cycle is redundant, not an error.
        try solver.add(Constraint(c, .equal, a - 2))
        try solver.add(Constraint(a, .equal, 7))
        #expect(solver.value(of: c) == 5)
    }

    @Test func nonFiniteNumbersAreRefused() throws {
        let x = Variable("x")
        var solver = Solver()
        for bad in [
            Constraint(x, .equal, Double.nan), Constraint(Double.infinity * x, .equal, 1),
            Constraint(x, .lessThanOrEqual, -Double.infinity),
        ] {
            #expect {
                try solver.add(bad)
            } throws: { error in
                if case let ConstraintError.nonFinite(c) = error { return c === bad }
                return false
            }
        }
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: ConstraintError.self) { try solver.suggestValue(.nan, for: x) }
    }

    @Test func duplicatesAndUnknownsAreRefused() throws {
        let x = Variable("x"), y = Variable("y")
        var solver = Solver()
        let c = Constraint(x, .equal, 1)
        try solver.add(c)
        #expect(throws: ConstraintError.self) { try solver.add(c) }
        #expect(throws: ConstraintError.self) { try solver.remove(Constraint(x, .equal, 1)) }
        #expect(throws: ConstraintError.self) { try solver.suggestValue(1, for: y) }
        #expect(throws: ConstraintError.self) { try solver.removeEditVariable(y) }
        #expect(throws: ConstraintError.self) { try solver.addEditVariable(y, strength: .required) }
        try solver.addEditVariable(y, strength: .strong)
        #expect(throws: ConstraintError.self) { try solver.addEditVariable(y, strength: .strong) }
        try solver.removeEditVariable(y)
        #expect(!solver.hasEditVariable(y))
    }

    @Test func errorsSayWhatToDo() {
        let x = Variable("x")
        let c = Constraint(x, .equal, 1, name: "x == 1")
        let text = ConstraintError.unsatisfiable(c, conflicting: [c]).description
        #expect(text.contains("Unable to simultaneously satisfy constraints"))
        #expect(text.contains("x == 1"))
        #expect(ConstraintError.unknownEditVariable(x).description.contains("addEditVariable"))
    }
}
