import Testing
import TextFitConstraints

/// The solver's basic behaviour on hand-checked systems (rule AL1).
@Suite struct SolverTests {
    @Test func pinsAndStretchesBetweenEdges() throws {
        let left = Variable("left"), width = Variable("width"), container = Variable("container")
        var solver = Solver()
        try solver.add(Constraint(left, .equal, 16))
        try solver.add(Constraint(left + width, .equal, container - 16))
        try solver.addEditVariable(container, strength: .strong)
        try solver.suggestValue(375, for: container)
        #expect(solver.value(of: width) == 343)
        try solver.suggestValue(320, for: container)
        #expect(solver.value(of: width) == 288)
    }

    @Test func strongerWeightWins() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add(Constraint(x, .equal, 10, strength: .weak))
        try solver.add(Constraint(x, .equal, 20, strength: .medium))
        #expect(solver.value(of: x) == 20)
        try solver.add(Constraint(x, .lessThanOrEqual, 15))
        #expect(solver.value(of: x) == 15)
    }

    @Test func removalRestoresTheEarlierAnswer() throws {
        let x = Variable("x")
        var solver = Solver()
        try solver.add(Constraint(x, .equal, 10, strength: .weak))
        let cap = Constraint(x, .lessThanOrEqual, 5)
        try solver.add(cap)
        #expect(solver.value(of: x) == 5)
        try solver.remove(cap)
        #expect(solver.value(of: x) == 10)
        #expect(!solver.contains(cap))
    }

    @Test func uiKitPrioritiesMapToIncreasingWeights() {
        #expect(Strength(uiKitPriority: 1000).isRequired)
        #expect(!Strength(uiKitPriority: 999).isRequired)
        #expect(Strength(uiKitPriority: 251) > Strength(uiKitPriority: 250))
        #expect(abs(Strength(uiKitPriority: 750).value / Strength(uiKitPriority: 639).value - 10) < 1e-9)
        #expect(Strength(uiKitPriority: .nan) == Strength(uiKitPriority: 1))
        #expect(Strength(uiKitPriority: 5000).isRequired)
    }

    @Test func oneConstraintOutweighsTenFarBelowIt() throws {
        // Rule AL2: 111 steps are a factor 10, so priority 500 beats nine at 389 but not eleven.
        for (count, wins) in [(9, true), (11, false)] {
            let x = Variable("x")
            var solver = Solver()
            try solver.add(Constraint(x, .equal, 100, strength: Strength(uiKitPriority: 500)))
            for _ in 0..<count { try solver.add(Constraint(x, .equal, 0, strength: Strength(uiKitPriority: 389))) }
            #expect((solver.value(of: x) == 100) == wins)
        }
    }
}
