import Foundation
import Testing

/// One case of a Unicode segmentation test file (LineBreakTest.txt, GraphemeBreakTest.txt): a sequence of
/// code points with `÷` (break) or `×` (no break) at every position between them, both ends included.
struct UnicodeBreakTestCase: Sendable {
    /// 1-based line number in the test file.
    var line: Int
    /// The case as written in the file, before the `#` comment, trimmed (e.g. `× 0023 ÷ 0020 ÷`).
    var sequence: String
    /// The file's comment, after `#`, trimmed (names the classes and the rules applied).
    var comment: String
    var text: String
    /// Expected break positions as UTF-16 offsets, ascending, position 0 excluded, the text end included.
    var breaks: [Int]
}

/// Reads the Unicode Character Database test files that Debian's `unicode-data` package installs.
enum UnicodeBreakTestData {
    static let defaultDirectory = "/usr/share/unicode/auxiliary"

    /// `TEXTFIT_UNICODE_DATA_DIR` (a directory holding the test files directly) or Debian's location.
    static var directory: String {
        if let overridden = ProcessInfo.processInfo.environment["TEXTFIT_UNICODE_DATA_DIR"], !overridden.isEmpty {
            return overridden
        }
        return defaultDirectory
    }

    /// The parsed cases of `fileName`, or `nil` after recording an issue that says how to install the data.
    /// A missing file fails the test on purpose: the CI script installs `unicode-data`.
    static func load(_ fileName: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UnicodeBreakTestCase]? {
        let path = (directory as NSString).appendingPathComponent(fileName)
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record(
                """
                Unicode test data not found at \(path). Install it with `apt-get install unicode-data` \
                (the CI script does), or set TEXTFIT_UNICODE_DATA_DIR to a directory holding \(fileName).
                """,
                sourceLocation: sourceLocation)
            return nil
        }
        var cases: [UnicodeBreakTestCase] = []
        for (index, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let parts = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let data = parts[0].trimmingCharacters(in: .whitespaces)
            if data.isEmpty { continue }
            let comment = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            guard let parsed = parse(data) else {
                Issue.record("\(fileName):\(lineNumber): cannot parse \(data)", sourceLocation: sourceLocation)
                continue
            }
            cases.append(
                UnicodeBreakTestCase(
                    line: lineNumber, sequence: data, comment: comment, text: parsed.text, breaks: parsed.breaks))
        }
        if cases.isEmpty {
            Issue.record("\(path) holds no test cases", sourceLocation: sourceLocation)
            return nil
        }
        return cases
    }

    /// Tokens alternate `÷`/`×` and hexadecimal code points, starting and ending with a marker.
    private static func parse(_ data: String) -> (text: String, breaks: [Int])? {
        var scalars = String.UnicodeScalarView()
        var breaks: [Int] = []
        var offset = 0  // UTF-16 offset of the position the next marker describes
        var expectMarker = true
        for token in data.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if expectMarker {
                switch token {
                case "÷": if offset > 0 { breaks.append(offset) }
                case "×": break
                default: return nil
                }
            } else {
                guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
                offset += scalar.utf16.count
            }
            expectMarker.toggle()
        }
        // A well-formed case ends on a marker; so the next token expected is a code point.
        guard !expectMarker, !scalars.isEmpty else { return nil }
        return (String(scalars), breaks)
    }

    /// Reads a known-deviations file of the test bundle: lines `<line>\t<sequence>\t# reason`; blank lines and
    /// lines starting with `#` are ignored. Keyed by line number; the value is the sequence.
    static func knownDeviations(named name: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Int: String]? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Data"),
            let contents = try? String(contentsOf: url, encoding: .utf8)
        else {
            Issue.record("Data/\(name).txt is missing from the test bundle", sourceLocation: sourceLocation)
            return nil
        }
        var known: [Int: String] = [:]
        for (index, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = rawLine.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2, let line = Int(fields[0]) else {
                Issue.record("\(name).txt:\(index + 1): malformed entry \(rawLine)", sourceLocation: sourceLocation)
                continue
            }
            known[line] = fields[1].trimmingCharacters(in: .whitespaces)
        }
        return known
    }

    /// Checks that the cases that fail are exactly the known deviations, recording one issue per difference.
    static func compare(
        fileName: String, deviationsName: String, cases: [UnicodeBreakTestCase],
        failures: [(testCase: UnicodeBreakTestCase, actual: [Int])], known: [Int: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let byLine = Dictionary(uniqueKeysWithValues: cases.map { ($0.line, $0) })
        for (line, sequence) in known.sorted(by: { $0.key < $1.key }) {
            if byLine[line]?.sequence != sequence {
                Issue.record(
                    """
                    \(deviationsName).txt lists line \(line) (\(sequence)), which is not that case in \(fileName); \
                    the data file changed version: regenerate the list
                    """,
                    sourceLocation: sourceLocation)
            }
        }
        let failing = Set(failures.map(\.testCase.line))
        for (testCase, actual) in failures where known[testCase.line] == nil {
            Issue.record(
                """
                \(fileName):\(testCase.line): unexpected mismatch
                  case:     \(testCase.sequence)
                  expected: \(testCase.breaks)
                  actual:   \(actual)
                  comment:  \(testCase.comment)
                  (if intended, add to \(deviationsName).txt: \(testCase.line)\t\(testCase.sequence)\t# reason)
                """,
                sourceLocation: sourceLocation)
        }
        for line in known.keys.sorted() where !failing.contains(line) && byLine[line]?.sequence == known[line] {
            Issue.record(
                "\(fileName):\(line): known deviation now passes; remove it from \(deviationsName).txt",
                sourceLocation: sourceLocation)
        }
    }
}
