import Foundation
import Testing
@testable import TextFit

/// One grapheme cluster of tens of thousands of combining marks (Zalgo text, a stuck key, a scraped page)
/// is measured in time linear in its length, stays one unbreakable cluster, and draws as wide as it
/// measures.
///
/// HarfBuzz attaches each mark by looking back over the marks before it, so one `hb_shape` call is
/// quadratic in a run of marks (50,000 on one "e" took 7.3 s). TextFit hands HarfBuzz at most
/// `HarfBuzzFont.markRunLimit` (30, UAX #15's Stream-Safe limit) marks in a row per call; the bounds
/// below are operation counts (`OperationCounts`), never seconds.
@Suite(.serialized) struct HugeClusterTests {
    /// "e" followed by `count` copies of `mark`.
    static func cluster(_ count: Int, mark: Character = "\u{0301}", base: String = "e") -> String {
        base + String(repeating: mark, count: count)
    }

    /// Prepares, lays out (wrapped at 1 pt and unbounded) and draws `text`, checking that every HarfBuzz
    /// call saw at most 30 marks in a row and that the work is linear in the text's UTF-16 length n.
    func checkLinear(_ text: String, font: Font, _ name: String) throws -> TextLayout {
        let (prepared, preparing) = OperationCounts.counting { PreparedText(text, font: font) }
        let n = prepared.utf16Count
        let (layouts, laying) = try OperationCounts.counting {
            (try prepared.layout(width: nil), try prepared.layout(width: 1, lineBreakMode: .byCharWrapping))
        }
        let (glyphs, drawing) = OperationCounts.counting { layouts.0.lines.glyphs() }
        print(
            "\(name): \(n) units; preparing: \(preparing.harfBuzzCalls) hb_shape calls over \(preparing.shapedUnits) "
                + "units, at most \(preparing.longestMarkRun) marks in a row; layout: \(laying.widths) width calls; "
                + "drawing: \(drawing.harfBuzzCalls) hb_shape calls, at most \(drawing.longestMarkRun) marks in a row")
        // One grapheme cluster: one line even at 1 pt (W2, never split inside a cluster), and the glyphs
        // drawn add up to the width measured.
        #expect(layouts.0.lineCount == 1 && layouts.1.lineCount == 1, "\(name)")
        #expect(glyphs.count == 1 && glyphs[0].width == layouts.0.size.width, "\(name)")
        #expect(layouts.0.size.width > 0 && layouts.0.size.width == layouts.1.size.width, "\(name)")
        guard OperationCounts.isEnabled else { return layouts.0 }
        for (counts, what) in [(preparing, "preparing"), (drawing, "drawing")] {
            #expect(counts.longestMarkRun <= HarfBuzzFont.markRunLimit, "\(name) \(what)")
            // Drawing shapes twice when HarfBuzz makes more glyphs than the buffer it first offers holds.
            #expect(counts.harfBuzzCalls <= 2 * (n / HarfBuzzFont.markRunLimit + 2), "\(name) \(what)")
        }
        #expect(preparing.shapedUnits <= 4 * n, "\(name)")
        #expect(laying.widths <= 16 * n && laying.shapedUnits <= 4 * n, "\(name)")
        return layouts.0
    }

    @Test(arguments: [10_000, 50_000, 150_000])
    func acuteAccentsOnOneLetterShapeInLinearTime(count: Int) throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let layout = try checkLinear(Self.cluster(count), font: font, "e + \(count) × U+0301")
        // The marks take no room (the font's GDEF classes them as marks): the cluster is as wide as "é".
        let single = try PreparedText("e\u{0301}", font: font).layout(width: nil)
        #expect(layout.size.width == single.size.width)
    }

    /// Class-0 marks cost HarfBuzz the same quadratic time (Thai SARA I, Devanagari vowel sign U), so the
    /// run counts every mark (general category M), not only UAX #15's non-starters.
    @Test func classZeroMarksShapeInLinearTime() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        _ = try checkLinear(Self.cluster(50_000, mark: "\u{0E34}", base: "\u{0E01}"), font: font, "ก + 50,000 × U+0E34")
        _ = try checkLinear(Self.cluster(50_000, mark: "\u{0941}", base: "\u{0915}"), font: font, "क + 50,000 × U+0941")
    }

    /// Runs of up to 30 marks are shaped in one call, as before: the shaping of real text does not change.
    @Test func thirtyMarksAreShapedInOneCall() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        for count in [29, 30, 31] {
            let text = "x " + Self.cluster(count, mark: "\u{0323}") + " y"
            let (_, counts) = OperationCounts.counting { PreparedText(text, font: font) }
            guard OperationCounts.isEnabled else { continue }
            #expect(counts.harfBuzzCalls == counts.shapingCalls + (count > 30 ? 1 : 0), "\(count) marks")
        }
    }

    /// Right to left: the chunks are put back in visual order, so drawing matches measuring.
    @Test func hebrewPointsOnOneLetterDrawAsMeasured() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        _ = try checkLinear(Self.cluster(1_000, mark: "\u{05B4}", base: "\u{05D0}"), font: font, "א + 1,000 × U+05B4")
    }

    /// The shortcut that lets counting a run of marks skip ideographs, kana, Hangul, Greek and Cyrillic
    /// letters never skips a mark: no BMP scalar it calls a sure starter is a combining mark by Swift's
    /// Unicode data (general category M, or a non-zero canonical combining class).
    @Test func sureStartersAreNeverMarks() {
        var wrong: [UInt16] = []
        for unit in UInt16(0)...UInt16.max where HarfBuzzFont.isSurelyStarter(unit) {
            guard let scalar = Unicode.Scalar(unit) else { wrong.append(unit); continue }
            let properties = scalar.properties
            let isMark =
                [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
                || properties.canonicalCombiningClass.rawValue != 0
            if isMark { wrong.append(unit) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
    }
}
