import Foundation

/// The outputs of `textfit check`: the table for people, JSON Lines for tools, JUnit XML for CI.
struct CheckReport {
    var outcomes: [CheckOutcome]
    var tables: [StringTable]
    var seconds: Double

    var overflows: [CheckOutcome] { outcomes.filter { $0.fit?.fits == false } }
    var failures: [CheckOutcome] { outcomes.filter { $0.failure != nil } }
    var unchecked: [CheckOutcome] { outcomes.filter { $0.measureCase == nil } }

    /// The longest text the table shows of what a label shows.
    static let shownLimit = 60

    /// One row per string that overflows (or failed), then a summary line.
    func table() -> [String] {
        let rows = outcomes.filter { $0.fit?.fits == false || $0.failure != nil }.map { outcome -> [String] in
            let string = outcome.string
            guard let fit = outcome.fit, let measureCase = outcome.measureCase else {
                return [string.key, string.language, string.variation ?? "-", "-", "-", "error: \(outcome.failure ?? "")"]
            }
            let lines = "\(fit.lineCount)/\(measureCase.maxLines == 0 ? "∞" : String(measureCase.maxLines))"
            let shown = TextTable.quoted(TextTable.prefix(fit.shownLines.joined(separator: "⏎"), Self.shownLimit))
            return [
                TextTable.prefix(string.key.replacingOccurrences(of: "\n", with: "⏎"), 40), string.language,
                string.variation ?? "-", lines,
                TextTable.number(fit.overflow, decimals: 1) + " pt", shown,
            ]
        }
        var lines: [String] = []
        if !rows.isEmpty {
            lines = Self.columns(
                ["KEY", "LANGUAGE", "VARIATION", "LINES", "OVERFLOW", "SHOWN"], rows, rightAligned: [3, 4])
            lines.append("")
        }
        return lines + [summary()]
    }

    /// Rows padded into columns, text left-aligned, the `rightAligned` columns (numbers) right-aligned.
    static func columns(_ header: [String], _ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                guard column < row.count - 1 else { return cell }
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? pad + cell : cell + pad
            }.joined(separator: "  ")
        }
    }

    /// "3 of 1,200 strings overflow (4 keys, 22 languages); 12 unchecked (no width)".
    func summary() -> String {
        let checked = outcomes.count { $0.fit != nil }
        let languages = Set(outcomes.map(\.string.language)).count
        let keys = Set(overflows.map(\.string.key)).count
        var text =
            "\(overflows.count) of \(checked) strings overflow (\(Self.counted(keys, "key")); \(Self.counted(languages, "language")))"
        if !failures.isEmpty { text += "; \(failures.count) could not be measured" }
        if !unchecked.isEmpty { text += "; \(unchecked.count) unchecked (no width)" }
        return text + "; " + String(format: "%.2f", seconds) + " s"
    }

    /// "1 key", "3 keys": the summary reads as a sentence whatever the count.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// What goes to stderr after the results: the unchecked keys and the untranslated ones, named (the
    /// first 20 of each).
    func notes() -> [String] {
        var notes: [String] = []
        var uncheckedKeys: [String] = []
        var seen = Set<String>()
        for outcome in unchecked where seen.insert(outcome.string.key).inserted { uncheckedKeys.append(outcome.string.key) }
        if !uncheckedKeys.isEmpty { notes.append("unchecked, no width in the constraints: " + Self.list(uncheckedKeys)) }
        for table in tables {
            let missing = table.missingTranslations()
            guard !missing.isEmpty else { continue }
            notes.append(
                "\(table.file): \(Self.counted(missing.count, "key")) untranslated in some language (--pseudo checks them): "
                    + Self.list(missing.map { "\($0.key) [\($0.languages.joined(separator: " "))]" }))
        }
        return notes
    }

    private static func list(_ items: [String], limit: Int = 20) -> String {
        let shown = items.prefix(limit).map { TextTable.quoted($0) }.joined(separator: ", ")
        return items.count > limit ? shown + ", … (\(items.count - limit) more)" : shown
    }

    /// One JSON object per string (key × language × variation), in the contract's key order; an unchecked
    /// string has `fits` and the measures null, one that could not be measured adds `error`.
    func jsonLines() -> [String] {
        outcomes.map { outcome in
            let string = outcome.string
            var members: [JSONMember] = [
                JSONMember("key", .string(string.key)), JSONMember("language", .string(string.language)),
                JSONMember("variation", string.variation.map(JSONValue.string) ?? .null),
                JSONMember("text", .string(outcome.text)),
            ]
            if let fit = outcome.fit {
                members += [
                    JSONMember("fits", .bool(fit.fits)), JSONMember("lineCount", .int(fit.lineCount)),
                    JSONMember("width", .double(fit.width)), JSONMember("overflow", .double(fit.overflow)),
                    JSONMember("truncated", .bool(fit.truncated)),
                ]
            } else {
                members += ["fits", "lineCount", "width", "overflow", "truncated"].map { JSONMember($0, .null) }
                if let failure = outcome.failure { members.append(JSONMember("error", .string(failure))) }
            }
            return JSONWriter.string(.object(members))
        }
    }

    /// JUnit XML: a test suite per language, a test case per key and variation; an overflow is a
    /// failure, an unchecked string skipped, a string that could not be measured an error.
    func junit() -> String {
        var languages: [String: [CheckOutcome]] = [:]
        for outcome in outcomes { languages[outcome.string.language, default: []].append(outcome) }
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml +=
            #"<testsuites name="textfit check" tests="\#(outcomes.count)" failures="\#(overflows.count)" errors="\#(failures.count)" skipped="\#(unchecked.count)" time="\#(String(format: "%.3f", seconds))">"#
            + "\n"
        for language in languages.keys.sorted() {
            let cases = languages[language] ?? []
            let failed = cases.count { $0.fit?.fits == false }
            let errors = cases.count { $0.failure != nil }
            let skipped = cases.count { $0.measureCase == nil }
            xml +=
                "  <testsuite name=\"\(Self.escape(language))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"\(errors)\" skipped=\"\(skipped)\">\n"
            for outcome in cases {
                let name = outcome.string.key + (outcome.string.variation.map { " [\($0)]" } ?? "")
                xml += "    <testcase classname=\"\(Self.escape(outcome.file))\" name=\"\(Self.escape(name))\""
                if let fit = outcome.fit, !fit.fits, let measureCase = outcome.measureCase {
                    let message =
                        "overflows by \(TextTable.number(fit.overflow, decimals: 1)) pt: needs \(fit.lineCount) lines"
                        + (measureCase.maxLines > 0 ? " of \(measureCase.maxLines)" : "")
                        + " at width \(TextTable.number(measureCase.width ?? 0))"
                    xml += ">\n      <failure type=\"overflow\" message=\"\(Self.escape(message))\">"
                    xml += Self.escape("text: \(outcome.text)\nshown: \(fit.shownLines.joined(separator: "\n       "))")
                    xml += "</failure>\n    </testcase>\n"
                } else if let failure = outcome.failure {
                    xml += ">\n      <error message=\"\(Self.escape(failure))\"/>\n    </testcase>\n"
                } else if outcome.measureCase == nil {
                    xml += ">\n      <skipped message=\"no width in the constraints\"/>\n    </testcase>\n"
                } else {
                    xml += "/>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text for an XML attribute or element: the five entities escaped, characters XML 1.0 forbids
    /// (C0 controls but tab, CR, LF; lone surrogates cannot occur in a Swift string) replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result += "&#\(scalar.value);"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// A warning per constraints entry whose glob matches no key of any catalog (a renamed key's stale
    /// constraint, or a typo).
    static func unmatchedEntries(_ constraints: CheckConstraints, tables: [StringTable]) -> [String] {
        let keys = Set(tables.flatMap(\.keys))
        return constraints.entries.enumerated().compactMap { index, entry in
            keys.contains(where: entry.glob.matches)
                ? nil
                : "\(constraints.file): keys[\(index)]: match \(TextTable.quoted(entry.match)) matches no key of the catalogs"
        }
    }
}
