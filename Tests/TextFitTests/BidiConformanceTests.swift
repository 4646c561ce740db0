import Foundation
import Testing
import TextFit

/// UAX #9 conformance through `BidiLevels` (ICU's ubidi behind it): Unicode 15.0's BidiTest.txt and
/// BidiCharacterTest.txt from Debian's `unicode-data`, each text taken as one line, checking the resolved
/// paragraph level, the levels (x = removed by X9) and the visual order. Deviations from the files are
/// listed in Data/BidiTest-known-deviations.txt and must match exactly.
@Suite struct BidiConformanceTests {
    static let directory: String = {
        if let overridden = ProcessInfo.processInfo.environment["TEXTFIT_UNICODE_DATA_DIR"], !overridden.isEmpty {
            return overridden
        }
        return "/usr/share/unicode"
    }()

    static func contents(_ name: String) -> String? {
        let path = (directory as NSString).appendingPathComponent(name)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("\(path) not found: install Debian's unicode-data (the CI script does)")
            return nil
        }
        return text
    }

    /// A representative character of each Bidi_Class, for BidiTest.txt's class sequences.
    static let representatives: [String: UInt32] = [
        "L": 0x61, "R": 0x5D0, "EN": 0x30, "ES": 0x2B, "ET": 0x25, "AN": 0x660, "CS": 0x2C, "B": 0x2029,
        "S": 0x09, "WS": 0x20, "ON": 0x21, "LRE": 0x202A, "LRO": 0x202D, "AL": 0x627, "RLE": 0x202B,
        "RLO": 0x202E, "PDF": 0x202C, "NSM": 0x300, "BN": 0xAD, "FSI": 0x2068, "LRI": 0x2066, "RLI": 0x2067,
        "PDI": 0x2069,
    ]

    /// What TextFit answers for `scalars` as one line: the paragraph level, a level per scalar (nil when
    /// X9 removes it) and the scalars' indexes in visual order.
    static func resolve(
        _ scalars: [UInt32], _ direction: WritingDirection
    ) -> (paragraph: UInt8, levels: [UInt8?], order: [Int]) {
        var units: [UInt16] = []
        var scalarAt: [Int: Int] = [:]
        for (index, value) in scalars.enumerated() {
            scalarAt[units.count] = index
            units.append(contentsOf: Unicode.Scalar(value).map { Array(String($0).utf16) } ?? [0xFFFD])
        }
        let bidi = BidiLevels(utf16: units, baseWritingDirection: direction)
        let lineLevels = bidi.lineLevels(of: 0..<units.count)
        var levels: [UInt8?] = []
        for offset in 0..<units.count where scalarAt[offset] != nil {
            levels.append(bidi.isRemovedByX9(at: offset) ? nil : lineLevels[offset])
        }
        let order = bidi.visualOrder(of: 0..<units.count).compactMap { scalarAt[$0] }
        return (bidi.paragraphs[0].level, levels, order)
    }

    /// Levels equal, or differ only by ICU's shortcut for unidirectional text (as ICU's own conformance test,
    /// bidiconf.cpp, accepts): when every expected level has one parity and ICU's do too, ICU reports them
    /// all as the paragraph level, which reorders alike.
    static func levelsMatch(_ actual: [UInt8?], _ expected: [UInt8?]) -> Bool {
        if actual == expected { return true }
        guard actual.count == expected.count else { return false }
        func parities(_ levels: [UInt8?]) -> Set<UInt8> { Set(levels.compactMap { $0.map { $0 & 1 } }) }
        let expectedParities = parities(expected)
        return expectedParities.count == 1 && parities(actual) == expectedParities
            && zip(actual, expected).allSatisfy { ($0 == nil) == ($1 == nil) }
    }

    static var dumps: Bool { ProcessInfo.processInfo.environment["TEXTFIT_DUMP_DEVIATIONS"] != nil }

    static func parseLevels(_ field: Substring) -> [UInt8?] {
        field.split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
    }

    static func knownDeviations() -> Set<String> {
        guard
            let url = Bundle.module.url(
                forResource: "BidiTest-known-deviations", withExtension: "txt", subdirectory: "Data"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            Issue.record("Data/BidiTest-known-deviations.txt is missing from the test bundle")
            return []
        }
        return Set(
            text.split(separator: "\n").compactMap { line in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
                return String(line.split(separator: "\t")[0]).trimmingCharacters(in: .whitespaces)
            })
    }

    /// BidiCharacterTest.txt: `code points; direction (0 LTR, 1 RTL, 2 auto); paragraph level; levels; order`.
    @Test func bidiCharacterTestFile() throws {
        guard let text = Self.contents("BidiCharacterTest.txt") else { return }
        let known = Self.knownDeviations()
        var total = 0
        var failures: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            total += 1
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: WritingDirection = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .natural
            let result = Self.resolve(scalars, direction)
            let order = fields[4].split(separator: " ").compactMap { Int($0) }
            let expected = Self.parseLevels(fields[3])
            if result.paragraph != UInt8(fields[2]) || !Self.levelsMatch(result.levels, expected) || result.order != order {
                failures.append("BidiCharacterTest.txt:\(index + 1)")
                if Self.dumps { print("BidiCharacterTest.txt:\(index + 1)\t# \(line) | got \(result)") }
            }
        }
        print("BidiCharacterTest.txt: \(total - failures.count) of \(total) cases pass")
        #expect(total > 90_000)
        let unexpected = Set(failures).symmetricDifference(known.filter { $0.hasPrefix("BidiCharacterTest") })
        #expect(unexpected.isEmpty, "\(unexpected.count) differ from the list: \(unexpected.sorted().prefix(10))")
    }

    /// BidiTest.txt: `@Levels` and `@Reorder` lines, then `classes; paragraph bitset (1 auto, 2 LTR, 4 RTL)`.
    @Test func bidiTestFile() throws {
        guard let text = Self.contents("BidiTest.txt") else { return }
        let known = Self.knownDeviations()
        var levels: [UInt8?] = []
        var order: [Int] = []
        var total = 0
        var failures: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("@Levels:") {
                levels = Self.parseLevels(line.dropFirst("@Levels:".count).drop { $0 == " " || $0 == "\t" })
                continue
            }
            if line.hasPrefix("@Reorder:") {
                order = line.dropFirst("@Reorder:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap {
                    Int($0)
                }
                continue
            }
            let fields = line.split(separator: ";")
            guard fields.count == 2, let bits = Int(fields[1].trimmingCharacters(in: .whitespaces)) else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { Self.representatives[String($0)] }
            for (bit, direction) in [(1, WritingDirection.natural), (2, .leftToRight), (4, .rightToLeft)]
            where bits & bit != 0 {
                total += 1
                let result = Self.resolve(scalars, direction)
                if !Self.levelsMatch(result.levels, levels) || result.order != order {
                    failures.append("BidiTest.txt:\(index + 1):\(direction.rawValue)")
                    if Self.dumps { print("BidiTest.txt:\(index + 1):\(direction.rawValue)\t# \(line) | got \(result)") }
                }
            }
        }
        print("BidiTest.txt: \(total - failures.count) of \(total) cases pass")
        #expect(total > 400_000)
        let unexpected = Set(failures).symmetricDifference(known.filter { $0.hasPrefix("BidiTest.txt") })
        #expect(unexpected.isEmpty, "\(unexpected.count) differ from the list: \(unexpected.sorted().prefix(10))")
    }
}
