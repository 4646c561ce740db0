import Foundation
import TextFitCLI

/// `FuzzCheck`: catalogs and constraints files through `textfit check --json`, in process (issue 33).
/// The bytes up to the first NUL are the catalog, the rest the constraints file (when there is no NUL, a
/// fixed one: 120 pt, one line, per-key entries with placeholders). A first byte of 0x01 makes the catalog
/// a `.strings` file in `de.lproj` (its rest read as UTF-8 or UTF-16), else an `.xcstrings` file.
///
/// Invariants: exit 0, 1 or 2 (3 cannot happen: the fonts are the bundled ones unless the constraints
/// name another, then 3 is allowed); on 2 nothing on stdout and one `textfit check:` message on stderr;
/// otherwise every stdout line a JSON object with the contract's nine keys, `fits` null exactly when
/// the measures are, `overflow` ≥ 0 and finite, 0 when it fits, `lineCount` ≥ 0, and exit 1 exactly when
/// some string does not fit.
extension _FuzzEntries {
    static let checkConstraints = #"""
        {"defaults": {"width": 120, "maxLines": 1},
         "keys": [{"match": "*.title", "maxLines": 2, "placeholders": {"%@": "Jo"}}, {"match": "x*", "width": null}],
         "placeholders": {"%lld": "42"}}
        """#

    static let checkKeys = ["key", "language", "variation", "text", "fits", "lineCount", "width", "overflow", "truncated"]

    /// Runs one `FuzzCheck` input; returns the broken invariants.
    public static func check(_ bytes: [UInt8]) -> [String] {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("textfit-fuzzcheck-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let split = bytes.firstIndex(of: 0) ?? bytes.count
        let isStrings = bytes.first == 0x01
        let catalogBytes = Data(bytes[(isStrings ? 1 : 0)..<max(split, isStrings ? 1 : 0)])
        let constraintsBytes = split < bytes.count ? Data(bytes[(split + 1)...]) : Data(checkConstraints.utf8)
        let catalog = folder.appendingPathComponent(isStrings ? "de.lproj/Localizable.strings" : "Localizable.xcstrings")
        let constraints = folder.appendingPathComponent("constraints.json")
        do {
            try FileManager.default.createDirectory(
                at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
            try catalogBytes.write(to: catalog)
            try constraintsBytes.write(to: constraints)
        } catch {
            return []  // the sandbox could not be written: nothing to check
        }
        var output: [String] = []
        var errors: [String] = []
        let code = runTextFit(
            arguments: ["check", catalog.path, "--constraints", constraints.path, "--json"],
            input: { nil }, output: { output.append($0) }, error: { errors.append($0) })
        var problems: [String] = []
        guard code != 2 else {
            if !output.isEmpty { problems.append("exit 2 with output: \(output.prefix(2))") }
            if errors.count != 1 || errors.first?.hasPrefix("textfit check: ") != true {
                problems.append("exit 2 with stderr \(errors)")
            }
            return problems
        }
        guard code == 0 || code == 1 || code == 3 else { return ["exit code \(code)"] }
        var overflowing = false
        var failed = false
        for line in output {
            guard let value = try? JSONReader.parse(line), case .object(let members) = value else {
                problems.append("not a JSON object: \(line)")
                continue
            }
            if Array(members.map(\.key).filter { $0 != "error" }.sorted()) != checkKeys.sorted() {
                problems.append("keys \(members.map(\.key)): \(line)")
            }
            let positions = checkKeys.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
            if positions != positions.sorted() { problems.append("not in the contract's key order: \(line)") }
            if value["error"] != nil { failed = true }
            switch (value["fits"], value["overflow"], value["lineCount"]) {
            case (.bool(let fits)?, .double(let overflow)?, .int(let lines)?):
                if !overflow.isFinite || overflow < 0 || (fits && overflow != 0) {
                    problems.append("overflow \(overflow), fits \(fits): \(line)")
                }
                if lines < 0 { problems.append("lineCount \(lines)") }
                if !fits { overflowing = true }
            case (.null?, .null?, .null?): break
            default: problems.append("fits and measures inconsistent: \(line)")
            }
        }
        if code == 0, overflowing || failed { problems.append("exit 0 with an overflow or a failure") }
        if code == 1, !overflowing, !failed { problems.append("exit 1 with nothing overflowing") }
        return problems
    }
}
