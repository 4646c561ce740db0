import Foundation
import Testing
@testable import TextFit

/// Issue 5, big inputs: a 10 MB single paragraph, 1,000,000 short lines and a 100,000-character word are
/// prepared and laid out in linear time and bounded memory.
///
/// Time is stated in operations, not seconds (the machine is shared): `OperationCounts` counts the
/// breaker's width calls (each O(1) arithmetic plus any reshaping), the calls into HarfBuzz with the
/// UTF-16 units they shaped, and the segment-cache look-ups, and every bound is `k · n` for the text's
/// UTF-16 length n with a generous constant. Memory: the bytes a `PreparedText` stores per UTF-16 unit are
/// a constant (every array it holds, summed by reflection, so arrays added later count too).
///
/// The counters exist in debug builds only (where `swift test` runs); in a release test run the operation
/// bounds are skipped and the memory bounds still hold.
@Suite(.serialized) struct LinearTimeTests {
    /// Operation budgets per UTF-16 unit, about 4× what was measured (debug build, this machine):
    /// preparing shapes each unit at most once (0.004 units per unit for texts whose words repeat) and
    /// looks up at most 0.13 segments per unit; a layout makes at most 4 width calls per unit (a
    /// 100,000-character word broken at 1 pt: one cluster per line, each found by a short gallop),
    /// sends almost nothing to HarfBuzz and looks up at most 3.8 reshaped pieces per unit in the segment
    /// cache (Arabic broken at 1 pt: both ends of every line are unsafe to break; each look-up hashes at
    /// most `SegmentCache.maximumCachedLength` units, longer pieces go to HarfBuzz and count there).
    static let widthCallsPerUnit = 16
    static let shapedUnitsPerUnit = 4
    static let lookupsPerUnit = 16
    /// Every array and string a `PreparedText` holds, per UTF-16 unit (measured: 16 to 23 bytes).
    static let storedBytesPerUnit = 64

    /// Bytes held by the arrays and strings of `value`'s stored properties (capacity × element size).
    static func storedBytes(of value: Any) -> Int {
        Mirror(reflecting: value).children.reduce(0) { total, child in
            if let array = child.value as? any ByteCountedArray { return total + array.storedBytes }
            if let string = child.value as? String { return total + string.utf8.count }
            return total
        }
    }

    /// A vocabulary of 5,000 seeded words of 2–12 letters, some capitalised, some with punctuation.
    static let vocabulary: [String] = {
        var generator = Fixtures.Generator(state: 42)
        let letters = Array("abcdefghijklmnopqrstuvwxyzAVTWYfflo")
        return (0..<5_000).map { index in
            var word = String(
                (0..<Int.random(in: 2...12, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            if index % 7 == 0 { word += [",", ".", ";", ":", "!", "?", ")"][index % 7] }
            return word
        }
    }()

    /// Words from the vocabulary joined by `separator` until the text holds `units` UTF-16 units.
    static func text(units: Int, separator: String = " ", seed: UInt64 = 1) -> String {
        var generator = Fixtures.Generator(state: seed)
        var text = ""
        text.reserveCapacity(units + 16)
        while text.utf16.count < units {
            text += vocabulary.randomElement(using: &generator)!
            text += separator
        }
        return text
    }

    struct Work {
        var prepared: PreparedText
        var counts: OperationCounts.Counter
    }

    func prepare(_ text: String, size: CGFloat = 15) throws -> Work {
        let font = try Fixtures.font(size)
        let (prepared, counts) = OperationCounts.counting { PreparedText(text, font: font) }
        return Work(prepared: prepared, counts: counts)
    }

    /// Checks preparation's counts and the stored bytes for a text of n units.
    func checkPreparation(_ work: Work, _ name: String) {
        let n = work.prepared.utf16Count
        let bytes = Self.storedBytes(of: work.prepared)
        #expect(bytes <= Self.storedBytesPerUnit * n, "\(name): \(bytes) bytes stored for \(n) units")
        print(
            "\(name): \(n) units, \(bytes) bytes stored (\(String(format: "%.1f", Double(bytes) / Double(n))) per unit)"
                + (OperationCounts.isEnabled
                    ? ", prepared with \(work.counts.shapingCalls) HarfBuzz calls over "
                        + "\(work.counts.shapedUnits) units and \(work.counts.cacheLookups) cache look-ups" : ""))
        guard OperationCounts.isEnabled else { return }
        #expect(work.counts.shapedUnits <= Self.shapedUnitsPerUnit * n, "\(name)")
        #expect(work.counts.shapingCalls <= n, "\(name)")
        #expect(work.counts.cacheLookups <= Self.lookupsPerUnit * n, "\(name)")
    }

    /// Lays `prepared` out at `width` in every mode (wrapping, and each cutting mode at 3 lines) with
    /// `measure`, and checks each run's operation counts against k · n.
    func checkLayouts(_ prepared: PreparedText, width: CGFloat, _ name: String) throws {
        let n = prepared.utf16Count
        for mode in LineBreakMode.allCases {
            let maxLines = mode.cutsLastLine ? 3 : 0
            let (metrics, counts) = try OperationCounts.counting {
                try prepared.measure(width: width, numberOfLines: maxLines, lineBreakMode: mode)
            }
            #expect(metrics.lineCount > 0 && metrics.size.width.isFinite, "\(name) \(mode)")
            print(
                "  \(name) \(mode.rawValue) at \(width) pt: \(metrics.lineCount) lines"
                    + (OperationCounts.isEnabled
                        ? ", \(counts.widths) width calls, \(counts.cacheLookups) cache look-ups, "
                            + "\(counts.shapedUnits) units reshaped by HarfBuzz" : ""))
            guard OperationCounts.isEnabled else { continue }
            #expect(
                counts.widths <= Self.widthCallsPerUnit * n, "\(name) \(mode): \(counts.widths) width calls for \(n) units")
            #expect(
                counts.shapedUnits <= Self.shapedUnitsPerUnit * n, "\(name) \(mode): \(counts.shapedUnits) units reshaped")
            #expect(counts.cacheLookups <= Self.lookupsPerUnit * n, "\(name) \(mode): \(counts.cacheLookups) look-ups")
        }
    }

    @Test func aTenMegabyteParagraph() throws {
        let text = Self.text(units: 10_000_000)
        let work = try prepare(text)
        #expect(work.prepared.paragraphs.count == 1)
        checkPreparation(work, "10 MB paragraph")
        try checkLayouts(work.prepared, width: 320, "10 MB paragraph")
    }

    @Test func aMillionShortLines() throws {
        let text = (0..<1_000_000).map { Self.vocabulary[$0 % Self.vocabulary.count] }.joined(separator: "\n")
        let work = try prepare(text)
        #expect(work.prepared.paragraphs.count == 1_000_000)
        checkPreparation(work, "1,000,000 lines")
        try checkLayouts(work.prepared, width: 60, "1,000,000 lines")
    }

    /// A word of 100,000 characters in three flavours: plain Latin, kerned capitals (HarfBuzz marks
    /// clusters unsafe to break, so emergency breaks reshape) and Arabic (joined letters, unsafe to break
    /// wherever the font's joining forms differ). Reshaped pieces of up to `SegmentCache.maximumCachedLength`
    /// units come from the segment cache after the first time, so the look-ups bound that work.
    @Test(arguments: [("latin", "abcdefghij"), ("kerned", "AVATARWAVY"), ("arabic", "بسملةعربي")])
    func aHundredThousandCharacterWord(name: String, pattern: String) throws {
        let word = String(repeating: pattern, count: 100_000 / pattern.count)
        let font = try Fixtures.font(15)  // Arabic comes from a Fontconfig fallback face
        let (prepared, counts) = OperationCounts.counting { PreparedText(word, font: font) }
        checkPreparation(Work(prepared: prepared, counts: counts), "100,000-character \(name) word")
        for width in [1, 50, 400] as [CGFloat] {
            try checkLayouts(prepared, width: width, "100,000-character \(name) word")
        }
    }

    /// The bounds scale: doubling the text at most doubles the work (plus a little), so the constant is
    /// not hiding a quadratic term in the sizes tested above.
    @Test func workGrowsLinearly() throws {
        guard OperationCounts.isEnabled else { return }
        var perUnit: [Double] = []
        for units in [50_000, 100_000, 200_000, 400_000] {
            let work = try prepare(Self.text(units: units, seed: 9))
            let (_, counts) = try OperationCounts.counting {
                try work.prepared.measure(width: 90, lineBreakMode: .byCharWrapping)
            }
            perUnit.append(Double(counts.widths + counts.shapedUnits + work.counts.shapedUnits) / Double(units))
        }
        print("Work per unit at 50k, 100k, 200k, 400k units: \(perUnit.map { String(format: "%.2f", $0) })")
        for (small, large) in zip(perUnit, perUnit.dropFirst()) { #expect(large <= small * 1.25 + 0.5) }
    }
}

/// Arrays report the bytes their buffers hold, for `LinearTimeTests.storedBytes(of:)`.
protocol ByteCountedArray {
    var storedBytes: Int { get }
}

extension Array: ByteCountedArray {
    var storedBytes: Int { capacity * MemoryLayout<Element>.stride }
}
