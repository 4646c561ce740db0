import Testing
import TextFitConstraints

/// `isAmbiguous` reports variables the constraints leave free (rule AL3).
@Suite struct AmbiguityTests {
    @Test func aPinnedVariableIsNotAmbiguous() throws {
        let x = Variable("x"), w = Variable("w")
        var solver = Solver()
        try solver.add(Constraint(x, .equal, 10))
        try solver.add(Constraint(w, .equal, 50, strength: .weak))
        #expect(!solver.isAmbiguous(x))
        #expect(!solver.isAmbiguous(w))
    }

    @Test func anInequalityAloneLeavesItFree() throws {
        let x = Variable("x"), y = Variable("y"), unused = Variable("unused")
        var solver = Solver()
        try solver.add(Constraint(x, .greaterThanOrEqual, 0))
        try solver.add(Constraint(y, .equal, x + 10))
        #expect(solver.isAmbiguous(x))
        #expect(solver.isAmbiguous(y))
        #expect(solver.isAmbiguous(unused))
        #expect(solver.ambiguousVariables([x, y, unused]).count == 3)
        try solver.add(Constraint(x, .equal, 4, strength: .weak))
        #expect(!solver.isAmbiguous(x) && !solver.isAmbiguous(y))
    }

    /// A weighted ≤ and ≥ on one value (UIKit's hugging and compression resistance) pin it, although the
    /// vertex is degenerate: a zero-cost slack stays in its row but cannot move.
    @Test func aHuggingAndResistancePairPins() throws {
        let h = Variable("h")
        var solver = Solver()
        try solver.add(Constraint(h, .lessThanOrEqual, 40, strength: Strength(uiKitPriority: 250)))
        try solver.add(Constraint(h, .greaterThanOrEqual, 40, strength: Strength(uiKitPriority: 750)))
        #expect(solver.value(of: h) == 40)
        #expect(!solver.isAmbiguous(h))
        var loose = Solver()
        try loose.add(Constraint(h, .lessThanOrEqual, 40, strength: Strength(uiKitPriority: 250)))
        #expect(loose.isAmbiguous(h))  // anything below 40 costs nothing
    }
}
