import Testing
import TextFitConstraints

/// A required equality added twice is redundant: the second copy's row holds only dummy markers. Removing
/// the first copy must leave the second one in force (FuzzConstraints' reproducers in
/// FuzzTesting/Crashers/FuzzConstraints replay the systems it found).
@Suite struct RedundantConstraintTests {
    @Test func removingOneOfTwoEqualConstraintsKeepsTheOther() throws {
        let v = Variable("v"), u = Variable("u")
        var solver = Solver()
        let first = Constraint(60.5 * v + 242, .equal, 0)
        let second = Constraint(60.5 * v + 242, .equal, 0)
        try solver.add(first)
        try solver.add(second)
        try solver.add(Constraint(60.5 * v + 242, .lessThanOrEqual, 0, strength: .weak))
        try solver.add(Constraint(expression: LinearExpression([.init(u, 0)]), .lessThanOrEqual))
        #expect(solver.value(of: v) == -4)
        try solver.remove(first)
        #expect(abs(solver.value(of: v) + 4) < 1e-9)
        // The second copy still holds v at −4: v = 0 contradicts it.
        #expect(throws: ConstraintError.self) { try solver.add(Constraint(60.5 * v, .equal, 0)) }
        #expect(abs(solver.value(of: v) + 4) < 1e-9)
        // After that refusal, v = −8 contradicts it too.
        #expect(throws: ConstraintError.self) {
            try solver.add(Constraint(expression: LinearExpression([.init(v, 30.25), .init(u, 0)], constant: 242), .equal))
        }
        #expect(abs(solver.value(of: v) + 4) < 1e-9)
    }

    @Test func aRedundantCopyAloneKeepsTheVariable() throws {
        let v = Variable("v")
        var solver = Solver()
        let first = Constraint(2 * v, .equal, 8)
        let second = Constraint(2 * v, .equal, 8)
        try solver.add(first)
        try solver.add(second)
        try solver.remove(first)
        #expect(abs(solver.value(of: v) - 4) < 1e-9)
        try solver.add(Constraint(v, .greaterThanOrEqual, 10, strength: .strong))
        #expect(abs(solver.value(of: v) - 4) < 1e-9)
    }
}
