import Foundation
import TextFit

/// `textfit check CATALOG... --constraints FILE [--json] [--junit FILE] [--png DIR] [--pseudo]`: every
/// localized string of the catalogs measured against its label (architecture.md, the `check` paragraph).
enum CheckCommand: Command {
    static let name = "check"

    static let options: [OptionSpec] = [
        .option("--constraints", "a constraints file (JSON)"),
        .flag("--json"),
        .option("--junit", "a file to write JUnit XML to"),
        .option("--png", "a folder for the contact sheets"),
        .flag("--pseudo"),
    ]

    struct Request: Equatable {
        var catalogs: [String]
        var constraints: String
        var json = false
        var junit: String?
        var png: String?
        var pseudo = false
    }

    static func makeRequest(_ parsed: ParsedArguments) throws -> Request {
        guard !parsed.positionals.isEmpty else {
            throw UsageError(message: "'check' needs one or more catalogs (.xcstrings, .strings, .stringsdict)")
        }
        guard let constraints = parsed.values["--constraints"] else {
            throw UsageError(
                message: "'check' needs '--constraints FILE': the labels' widths and fonts (see 'textfit help check')")
        }
        return Request(
            catalogs: parsed.positionals, constraints: constraints, json: parsed.flags.contains("--json"),
            junit: parsed.values["--junit"], png: parsed.values["--png"], pseudo: parsed.flags.contains("--pseudo"))
    }

    /// Exit 0 when every checked string fits, 1 when any overflows (or cannot be measured), 2 for a
    /// catalog or constraints file that cannot be read, 3 when no string could be measured for want of
    /// its font.
    static func perform(_ request: Request, console: Console) -> ExitCode {
        let started = Date()
        var outcomes: [CheckOutcome]
        var tables: [StringTable]
        let constraints: CheckConstraints
        do {
            constraints = try CheckConstraints.read(path: request.constraints)
            tables = try CheckRun.readTables(request.catalogs)
            if request.pseudo { tables = tables.map(CheckRun.addingPseudo) }
            outcomes = try CheckRun.outcomes(tables, constraints: constraints)
        } catch let error as CatalogError {
            console.writeError("textfit check: \(error)")
            return .usage
        } catch {
            console.writeError("textfit check: \(error)")
            return .usage
        }
        for warning in CheckReport.unmatchedEntries(constraints, tables: tables) {
            console.writeError("textfit check: warning: \(warning)")
        }
        let total = outcomes.count { $0.measureCase != nil }
        let reportProgress = console.errorIsTerminal && total > CheckRun.progressChunk
        CheckRun.measure(&outcomes) { done in
            guard reportProgress else { return }
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            console.writeError("textfit check: \(done) of \(total) strings measured, \(seconds) s")
        }
        let report = CheckReport(outcomes: outcomes, tables: tables, seconds: Date().timeIntervalSince(started))
        if request.json {
            for line in report.jsonLines() { console.write(line) }
        } else {
            for line in report.table() { console.write(line) }
        }
        for line in report.notes() { console.writeError("textfit check: \(line)") }
        do {
            if let path = request.junit { try report.junit().write(toFile: path, atomically: true, encoding: .utf8) }
            if let folder = request.png {
                for file in try CheckSheets.write(report.outcomes, to: folder) {
                    console.writeError("textfit check: wrote \(file)")
                }
            }
        } catch {
            console.writeError("textfit check: cannot write the report: \(error)")
            return .usage
        }
        if total > 0, report.failures.count == total, report.failures.allSatisfy({ $0.failure?.contains("font") == true }) {
            return .fontMissing
        }
        return report.overflows.isEmpty && report.failures.isEmpty ? .success : .recordsFailed
    }
}
