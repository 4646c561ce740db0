import Foundation
import Testing
@testable import TextFit

/// A text of 65,536 units or more hands its builder scratch back to the system while the scratch is copied
/// into the text's storage (`ScratchPages`, `Storage.init`), instead of keeping all of
/// it (about 15 bytes per unit) beside the new storage until the copy ends: issue 43's peak memory per
/// input byte, prose 39.5 → 31.4 (Benchmarks/README.md). The storage must be the one the plain copy makes,
/// and the copied scratch must really be gone (its pages read as zeros).
/// Serialized: each case turns the releasing copy off and on again around its plain copy, which a case
/// running beside it would undo.
@Suite(.serialized) struct ScratchReleaseTests {
    /// Long texts: prose with paragraphs and a line separator (mandatory breaks, several paragraphs),
    /// ideographs (an opportunity per unit), mixed scripts with fallback, one unbroken word.
    static let texts: [(String, String)] = [
        (
            String(
                repeating: "The quick brown fox jumps over the lazy dog, twice.\nA second paragraph\u{2028}with a line "
                    + "separator and a soft\u{00AD}hyphen. ", count: 700), "prose with paragraphs"
        ),
        (String(repeating: "漢字かな交じり文、日本語の文章。", count: 4_200), "ideographs"),
        (String(repeating: "Mixed العربية עברית हिन्दी 中文 text. ", count: 2_200), "mixed scripts"),
        (String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 2_600), "one word"),
    ]

    @Test(arguments: 0..<texts.count)
    func theReleasingCopyIsThePlainCopy(index: Int) throws {
        let (text, what) = Self.texts[index]
        let font = try Font(family: "Noto Sans", size: 17)
        let output = PreparedText.Builder.build(text, font: font)
        // Retained for `PreparedText.init(built:)`, which is not made here.
        defer { output.bidi?.release() }
        let pass = output.pass
        let count = pass.units.count
        #expect(count >= ScratchPages.minimumUnits, "\(what)")
        // The plain copy first (the releasing one leaves the sources zeroed). Another test preparing a long
        // text meanwhile only copies it plainly too.
        ScratchPages.isEnabled = false
        let plain = pass.makeStorage()
        ScratchPages.isEnabled = true
        defer { plain.release() }
        let released = pass.makeStorage()
        defer { released.release() }
        // The sources' pages were handed back: the advances (4 bytes a unit, so whole pages) now read as zeros
        // where the text has width.
        let middle = count / 2
        let zeroed = (middle..<(middle + 4_096)).allSatisfy { pass.advances[$0] == 0 }
        let hadWidth = plain.prefixBuffer[middle + 4_096] > plain.prefixBuffer[middle]
        pass.finish()
        #expect(hadWidth && zeroed, "\(what): the scratch's advances were not handed back")

        #expect(Array(released.prefixBuffer) == Array(plain.prefixBuffer), "\(what)")
        #expect(Array(released.breakVisiblePrefixBuffer) == Array(plain.breakVisiblePrefixBuffer), "\(what)")
        #expect(Array(released.breakPrefixBuffer) == Array(plain.breakPrefixBuffer), "\(what)")
        #expect(Array(released.paragraphsBuffer) == Array(plain.paragraphsBuffer), "\(what)")
        #expect(Array(released.segmentsBuffer) == Array(plain.segmentsBuffer), "\(what)")
        #expect(Array(released.breaksBuffer) == Array(plain.breaksBuffer), "\(what)")
        #expect(Array(released.breakEndsBuffer) == Array(plain.breakEndsBuffer), "\(what)")
        #expect(released.graphemeCount == plain.graphemeCount, "\(what)")
        #expect((released.graphemes.base == nil) == (plain.graphemes.base == nil), "\(what)")
        #expect((0..<plain.graphemeCount).allSatisfy { released.graphemes[$0] == plain.graphemes[$0] }, "\(what)")
        #expect(Array(released.paragraphBreaksEndBuffer) == Array(plain.paragraphBreaksEndBuffer), "\(what)")
        #expect(Array(released.unitsBuffer) == Array(plain.unitsBuffer), "\(what)")
        #expect(Array(released.flagsBuffer) == Array(plain.flagsBuffer), "\(what)")
        #expect(Array(released.mandatoryBreaksBuffer) == Array(plain.mandatoryBreaksBuffer), "\(what)")
        #expect(released.hasBreaksBetweenHangul == plain.hasBreaksBetweenHangul, "\(what)")
        #expect(released.breakVisiblePrefixIsMonotone == plain.breakVisiblePrefixIsMonotone, "\(what)")
        #expect(released.allowsFastBreaking == plain.allowsFastBreaking, "\(what)")
        #expect(plain.unitsBuffer.count == text.utf16.count && plain.paragraphsBuffer.count >= 1, "\(what)")
    }

    /// Through the public API: a long text's lines at several widths are those of the same text with its
    /// paragraphs prepared one by one below the threshold (the plain copy), line for line.
    @Test func aLongTextLaysOutAsItsParagraphs() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let paragraph = String(repeating: "The quick brown fox jumps over the lazy dog, twice. ", count: 160)
        let text = Array(repeating: paragraph, count: 9).joined(separator: "\n")
        #expect(text.utf16.count >= ScratchPages.minimumUnits)
        let whole = PreparedText(text, font: font)
        let one = PreparedText(paragraph, font: font)
        for width in [120.0, 300, 517.5] {
            let lines = try whole.layout(width: width).lines
            let expected = try one.layout(width: width).lines
            #expect(lines.count == 9 * expected.count, "\(width)")
            #expect(lines.indices.allSatisfy { lines[$0].width == expected[$0 % expected.count].width }, "\(width)")
        }
    }
}
