import Foundation
import Testing

@testable import TextFit

/// `BidiLevels.scanDirection` (ICU's one-direction shortcut taken without opening a `UBiDi`) and
/// `implicitLevels` (UAX #9's implicit rules for a paragraph with nothing explicit in it): wherever they
/// answer, ICU's `ubidi` (called directly) gives the same paragraph level and levels, on every text of
/// Unicode 15's BidiTest.txt and BidiCharacterTest.txt and on the corpora's texts.
@Suite struct BidiUniformLevelTests {
    /// ICU's answer for one paragraph: its level and a level per unit.
    static func icu(_ units: [UInt16], _ direction: WritingDirection) -> (UInt8, [UInt8])? {
        var levels = [UInt8](repeating: 0, count: units.count)
        let level = units.withUnsafeBufferPointer { text in
            levels.withUnsafeMutableBufferPointer { ICUBidi.levels(text, direction: direction, into: $0) }
        }
        return level.map { ($0, levels) }
    }

    /// Checks every paragraph of `units`: the scan's paragraph level is ICU's, a one-direction answer
    /// gives every unit ICU's level, and so does the implicit resolution wherever it answers. Returns how
    /// many paragraphs each took and the first disagreement.
    static func check(
        _ units: [UInt16], _ direction: WritingDirection
    ) -> (uniform: Int, implicit: Int, paragraphs: Int, failure: String?) {
        var uniform = 0
        var implicit = 0
        var count = 0
        for paragraph in units.withUnsafeBufferPointer({ Paragraphs.split($0) }) {
            count += 1
            let slice = Array(units[paragraph.start..<(paragraph.end + paragraph.separatorLength)])
            guard let scan = slice.withUnsafeBufferPointer({ BidiLevels.scanDirection($0, direction: direction) })
            else { continue }
            guard let (level, levels) = icu(slice, direction) else { return (uniform, implicit, count, "ICU failed") }
            let name = "\(slice.map { String($0, radix: 16) }) \(direction)"
            if scan.isUniform {
                uniform += 1
                if level != scan.level || levels.contains(where: { $0 != scan.level }) {
                    return (uniform, implicit, count, "\(name): uniform \(scan.level) vs ICU \(level) \(levels)")
                }
                continue
            }
            var out = [UInt8](repeating: 0xFF, count: slice.count)
            let answered = slice.withUnsafeBufferPointer { text in
                out.withUnsafeMutableBufferPointer { BidiLevels.implicitLevels(text, level: scan.level, into: $0) }
            }
            guard answered else { continue }
            implicit += 1
            if level != scan.level || out != levels {
                return (uniform, implicit, count, "\(name): \(scan.level) \(out) vs ICU \(level) \(levels)")
            }
        }
        return (uniform, implicit, count, nil)
    }

    /// The paragraphs checked so far: how many each path took, and every disagreement.
    struct Tally {
        var paragraphs = 0
        var uniform = 0
        var implicit = 0
        var failures: [String] = []

        mutating func check(_ units: [UInt16], _ direction: WritingDirection, context: String? = nil) {
            let result = BidiUniformLevelTests.check(units, direction)
            paragraphs += result.paragraphs
            uniform += result.uniform
            implicit += result.implicit
            if let failure = result.failure { failures.append(context.map { "\($0): \(failure)" } ?? failure) }
        }
    }

    static func units(_ scalars: [UInt32]) -> [UInt16] {
        scalars.flatMap { Unicode.Scalar($0).map { Array(String($0).utf16) } ?? [UInt16(truncatingIfNeeded: $0)] }
    }

    @Test func agreesWithICUOnBidiTestFile() throws {
        guard let text = BidiConformanceTests.contents("BidiTest.txt") else { return }
        var tally = Tally()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("@") {
            let fields = line.split(separator: ";")
            guard fields.count == 2, let bits = Int(fields[1].trimmingCharacters(in: .whitespaces)) else { continue }
            let units = Self.units(
                fields[0].split(separator: " ").compactMap { BidiConformanceTests.representatives[String($0)] })
            for (bit, direction) in [(1, WritingDirection.natural), (2, .leftToRight), (4, .rightToLeft)]
            where bits & bit != 0 {
                tally.check(units, direction, context: String(line))
            }
        }
        print(
            "BidiTest.txt: of \(tally.paragraphs) paragraphs \(tally.uniform) one-direction, \(tally.implicit) implicit, the rest ICU's"
        )
        #expect(tally.failures.isEmpty, "\(tally.failures.count): \(tally.failures.prefix(5))")
        #expect(tally.uniform > 10_000)
        #expect(tally.implicit > 10_000)
    }

    @Test func agreesWithICUOnBidiCharacterTestFile() throws {
        guard let text = BidiConformanceTests.contents("BidiCharacterTest.txt") else { return }
        var tally = Tally()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let units = Self.units(fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) })
            let direction: WritingDirection = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .natural
            tally.check(units, direction)
        }
        print(
            "BidiCharacterTest.txt: of \(tally.paragraphs) paragraphs \(tally.uniform) one-direction, \(tally.implicit) implicit, the rest ICU's"
        )
        #expect(tally.failures.isEmpty, "\(tally.failures.count): \(tally.failures.prefix(5))")
        #expect(tally.uniform > 1_000)
        #expect(tally.implicit > 0)  // the file is mostly brackets and explicit controls, which ICU resolves
    }

    /// The benchmark corpus's texts (Arabic, Hebrew and mixed sets among them) and the UI strings, each
    /// direction, and every one alone and after a Hebrew and an Arabic word. `TEXTFIT_BIDI_TEXTS` may name
    /// another `textfit batch` case file (the catalog set) to check the same way.
    @Test func agreesWithICUOnCorpusTexts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        var files = [
            root.appendingPathComponent("../../Benchmarks/Corpus/cases.jsonl").path,
            root.appendingPathComponent("Data/ui-strings.txt").path,
        ]
        if let extra = ProcessInfo.processInfo.environment["TEXTFIT_BIDI_TEXTS"] { files.append(extra) }
        var texts: [String] = []
        for path in files {
            let contents = try String(contentsOfFile: path, encoding: .utf8)
            for line in contents.split(separator: "\n") {
                if path.hasSuffix(".jsonl") {
                    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    if let text = object?["text"] as? String { texts.append(text) }
                } else {
                    texts.append(String(line))
                }
            }
        }
        #expect(texts.count > 5_000)
        var tally = Tally()
        for text in texts {
            for variant in [text, "שלום " + text, "مرحبا " + text + " ١٢"] {
                for direction in [WritingDirection.natural, .leftToRight, .rightToLeft] {
                    tally.check(Array(variant.utf16), direction)
                }
            }
        }
        print("corpus texts: \(tally.uniform) paragraphs one-direction, \(tally.implicit) implicit")
        #expect(tally.failures.isEmpty, "\(tally.failures.count): \(tally.failures.prefix(5))")
        #expect(tally.implicit > 100)
    }

    /// The scan's in-line classes (Hebrew and Arabic letters, space, ASCII letters) are ICU's.
    @Test func inlineClassesAreICUs() {
        for value in UInt32(0)...0x7FF where (0x05D0...0x05EA).contains(value) {
            #expect(ICUBidi.bidiClass(value) == .rightToLeft, "U+\(String(value, radix: 16))")
        }
        for value in Array(UInt32(0x0620)...0x064A) + Array(UInt32(0x0671)...0x06D3) {
            #expect(ICUBidi.bidiClass(value) == .arabicLetter, "U+\(String(value, radix: 16))")
        }
        #expect(ICUBidi.bidiClass(0x20) == .whitespace)
        for value in UInt32(0x30)...0x39 { #expect(ICUBidi.bidiClass(value) == .europeanNumber) }
        for value in UInt32(0)..<0x80 {
            let bracket = [0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D].contains(value)
            #expect(BidiLevels.isPairedBracket(value) == bracket && ICUBidi.isPairedBracket(value) == bracket, "\(value)")
        }
        #expect(ICUBidi.isPairedBracket(0x2329) && ICUBidi.isPairedBracket(0xFF09) && !ICUBidi.isPairedBracket(0x3C))
        for value in UInt32(0)..<0x80 where (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) {
            #expect(ICUBidi.bidiClass(value) == .leftToRight)
        }
        // What the ASCII test `(unit | 0x20) - 0x61 < 26` takes is exactly the letters.
        for unit in UInt16(0)..<0x80 {
            let taken = (unit | 0x20) &- 0x61 < 26
            #expect(taken == ((0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)), "\(unit)")
        }
    }

    /// What it saves: a right-to-left label resolves without `ubidi`, and its levels are the paragraph's.
    @Test func rightToLeftLabelTakesTheShortcut() {
        for text in ["מהירות סמן העכבר", "لا توجد تطبيقات مستبعدة.", "הגדל בצביטה (הפוך)", "مُسرّع", "שלום 👋"] {
            let units = Array(text.utf16)
            let level = units.withUnsafeBufferPointer {
                BidiLevels.scanDirection($0, direction: .natural).flatMap { $0.isUniform ? $0.level : nil }
            }
            #expect(level == 1, "\(text)")
            #expect(BidiLevels(text).levels == [UInt8](repeating: 1, count: units.count))
        }
        for text in ["JSON לא תקין: Safari", "12 שורה", "עמוד ١٢", "\u{202B}abc\u{202C}"] {
            let level = Array(text.utf16).withUnsafeBufferPointer {
                BidiLevels.scanDirection($0, direction: .natural).flatMap { $0.isUniform ? $0.level : nil }
            }
            #expect(level == nil, "\(text)")
        }
    }
}
