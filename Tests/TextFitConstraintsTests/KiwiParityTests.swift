import Foundation
import Testing
@testable import TextFitConstraints

/// Parity with kiwisolver, the reference C++ Cassowary (rule AL1): `Data/kiwi-parity.jsonl` holds 1,200
/// random systems and kiwisolver 1.4.4's answers, made by `scripts/kiwi-parity.py` (committed, so this test
/// does not need Python). Each system's adds, removals, edit variables and suggested values are replayed;
/// every `check` compares all values to 1e-6 and every add must be refused exactly when kiwisolver refused it.
@Suite struct KiwiParityTests {
    struct Replay {
        var systems = 0, checks = 0, refusals = 0, suggestions = 0, removals = 0
        var problems: [String] = []
    }

    static func committedData() throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "kiwi-parity", withExtension: "jsonl", subdirectory: "Data"))
        return try Data(contentsOf: url)
    }

    static func replay(_ data: Data) throws -> Replay {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        var result = Replay()
        for (lineIndex, line) in lines.enumerated().dropFirst() {
            let system = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let count = try #require(system["variables"] as? Int)
            let variables = (0..<count).map { Variable("v\($0)") }
            var constraints: [Int: Constraint] = [:]
            var solver = Solver()
            result.systems += 1
            func problem(_ text: String) { result.problems.append("line \(lineIndex + 1): \(text)") }
            for op in try #require(system["ops"] as? [[String: Any]]) {
                switch op["op"] as? String {
                case "add":
                    let terms = (op["terms"] as? [[Double]] ?? []).map {
                        LinearExpression.Term(variables[Int($0[0])], $0[1])
                    }
                    let relation: Relation =
                        switch op["relation"] as? String {
                        case "<=": .lessThanOrEqual
                        case ">=": .greaterThanOrEqual
                        default: .equal
                        }
                    let constraint = Constraint(
                        LinearExpression(terms, constant: op["constant"] as? Double ?? 0), relation, 0,
                        strength: Strength(op["strength"] as? Double ?? 0))
                    let refused = op["refused"] as? Bool ?? false
                    do {
                        try solver.add(constraint)
                        constraints[op["id"] as? Int ?? -1] = constraint
                        if refused { problem("kiwisolver refused \(constraint), TextFit accepted it") }
                    } catch ConstraintError.unsatisfiable {
                        result.refusals += 1
                        if !refused { problem("TextFit refused \(constraint), kiwisolver accepted it") }
                    }
                case "remove":
                    try solver.remove(try #require(constraints[op["id"] as? Int ?? -1]))
                    result.removals += 1
                case "edit":
                    try solver.addEditVariable(
                        variables[op["var"] as? Int ?? 0], strength: Strength(op["strength"] as? Double ?? 0))
                case "remove_edit":
                    try solver.removeEditVariable(variables[op["var"] as? Int ?? 0])
                case "suggest":
                    try solver.suggestValue(op["value"] as? Double ?? 0, for: variables[op["var"] as? Int ?? 0])
                    result.suggestions += 1
                case "check":
                    let expected = op["values"] as? [Double] ?? []
                    result.checks += 1
                    for (index, value) in expected.enumerated() {
                        let actual = solver.value(of: variables[index])
                        if abs(actual - value) > 1e-6 { problem("v\(index) = \(actual), kiwisolver \(value)") }
                    }
                default:
                    problem("unknown op \(op)")
                }
            }
        }
        return result
    }

    @Test func equalsKiwisolverOnTheCommittedSystems() throws {
        let replay = try Self.replay(try Self.committedData())
        #expect(replay.systems == 1200)
        #expect(replay.checks >= 10_000)
        #expect(replay.refusals >= 100)  // both refuse: 169 refused adds in the file
        #expect(replay.suggestions >= 300)
        #expect(replay.removals >= 1000)
        #expect(replay.problems.isEmpty, "\(replay.problems.count) differences, first: \(replay.problems.prefix(10))")
    }

    /// The committed data is what the script makes today: run it live where kiwisolver is installed
    /// (`scripts/install-deps --tests` installs Debian's python3-kiwisolver for /usr/bin/python3).
    static let kiwisolverAvailable: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", "import kiwisolver"]
        probe.standardError = FileHandle.nullDevice
        do { try probe.run() } catch { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }()

    /// Live: the script run now (kiwisolver's last digits can move with the process's memory layout, which
    /// orders its expressions' terms, so the output is replayed rather than compared byte for byte).
    @Test(.enabled(if: kiwisolverAvailable, "needs /usr/bin/python3 with kiwisolver"))
    func equalsKiwisolverRunNow() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [checkout.appendingPathComponent("scripts/kiwi-parity.py").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let replay = try Self.replay(output)
        #expect(replay.systems == 1200)
        #expect(replay.problems.isEmpty, "\(replay.problems.count) differences, first: \(replay.problems.prefix(10))")
    }
}
