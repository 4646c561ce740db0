import Testing
import TextFitConstraints

/// `updateConstant` equals building the system again with the new constant (rule AL1), on seeded random
/// systems whose optimum is unique (a weak stay on every variable at its own weight).
@Suite struct UpdateConstantTests {
    /// A small seeded generator (SplitMix64), so every run makes the same systems.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(next() >> 11) / Double(1 << 53)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    }

    struct Spec {
        var terms: [LinearExpression.Term]
        var relation: Relation
        var strength: Strength
        var rhs: Double
        func make() -> Constraint { Constraint(LinearExpression(terms), relation, rhs, strength: strength) }
    }

    @Test func equalsAFreshSolveOnRandomSystems() throws {
        var random = Random(state: 42)
        var compared = 0, refused = 0
        for _ in 0..<300 {
            let variables = (0..<random.int(2...6)).map { Variable("v\($0)") }
            var specs: [Spec] = variables.map { v in
                Spec(
                    terms: [.init(v)], relation: .equal, strength: Strength(random.uniform(0.01, 0.5)),
                    rhs: random.uniform(-100, 300))
            }
            for _ in 0..<random.int(2...10) {
                let chosen = (0..<random.int(1...3)).map { _ in variables[random.int(0...(variables.count - 1))] }
                let terms = chosen.map { LinearExpression.Term($0, [1, -1, 2, 0.5][random.int(0...3)]) }
                let relation: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.int(0...2)]
                let strength: Strength = random.uniform(0, 1) < 0.35 ? .required : Strength(random.uniform(1, 1e6))
                specs.append(Spec(terms: terms, relation: relation, strength: strength, rhs: random.uniform(-200, 200)))
            }
            var solver = Solver()
            var added: [(Int, Constraint)] = []
            for (index, spec) in specs.enumerated() {
                let constraint = spec.make()
                do { try solver.add(constraint); added.append((index, constraint)) } catch ConstraintError.unsatisfiable {}
            }
            for _ in 0..<10 {
                let (index, constraint) = added[random.int(0...(added.count - 1))]
                let newRhs = specs[index].rhs + random.uniform(-80, 80)
                var fresh = Solver()
                var freshRefused = false
                for (i, _) in added {
                    var spec = specs[i]
                    if i == index { spec.rhs = newRhs }
                    do { try fresh.add(spec.make()) } catch ConstraintError.unsatisfiable { freshRefused = true }
                }
                do {
                    try solver.updateConstant(of: constraint, to: newRhs)
                    specs[index].rhs = newRhs
                    #expect(!freshRefused)
                    for v in variables { #expect(abs(solver.value(of: v) - fresh.value(of: v)) < 1e-6) }
                    compared += 1
                } catch ConstraintError.unsatisfiable {
                    #expect(freshRefused)
                    refused += 1
                    // Refused: the solver still answers for the old constants.
                    var old = Solver()
                    for (i, _) in added { try? old.add(specs[i].make()) }
                    for v in variables { #expect(abs(solver.value(of: v) - old.value(of: v)) < 1e-6) }
                }
            }
        }
        #expect(compared > 2500 && refused >= 5, "\(compared) compared, \(refused) refused")
    }
}
