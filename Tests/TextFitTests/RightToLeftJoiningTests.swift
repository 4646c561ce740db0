import Foundation
import Testing
@testable import TextFit

/// Right-to-left words are shaped together too (`tf_shape_joined` in the script's direction, its clusters
/// read back from the buffer's end): what a cold preparation caches for each Arabic, Persian or Hebrew
/// word must be bit for bit what shaping the word alone caches, or a warm and a cold preparation, and the
/// drawing (which shapes each segment alone), could measure differently. Serialized with the other cache
/// tests (`SegmentCacheTests`).
extension SegmentCacheTests {
    /// Words meeting the fonts' joining forms (initial, medial, final), the lam-alef ligature, marks
    /// (harakat, Hebrew points), punctuation and digits inside the script, a ZWNJ (Persian), besides words
    /// of other scripts and spaces of other kinds, which take other segments.
    static let rightToLeftWords = [
        "مرحبا", "بالعالم", "لا", "الله", "كتاب،", "مُحَمَّد", "سلام.", "(نعم)", "؟", "في", "على", "لأن", "إلى", "ما",
        "هذا", "الإعدادات", "تم", "حفظ", "الملف", "می‌خواهم", "کتاب‌ها", "٣", "١٢٣", "ـ", "و", "ب", "ع",
        "שלום", "עולם", "בְּרֵאשִׁית", "ספר.", "(כן)", "״ציטוט״", "הגדרות", "קובץ", "נשמר", "ל", "ו", "ב-2024",
        "12", "Wi-Fi", "OK", "👍",
    ]

    static func rightToLeftText(_ generator: inout Fixtures.Generator) -> String {
        let separators = [" ", " ", " ", "  ", " \n", "\u{A0}", " - ", "، "]
        var text = ""
        for i in 0..<Int.random(in: 1...30, using: &generator) {
            if i > 0 { text += separators.randomElement(using: &generator)! }
            text += rightToLeftWords.randomElement(using: &generator)!
        }
        return text
    }

    /// Every segment of many random right-to-left texts, prepared cold, finds in the cache exactly what
    /// shaping it alone gives, and most were cached through a joined call.
    @Test func rightToLeftSegmentsShapedTogetherCacheWhatEachShapedAloneWould() throws {
        var generator = Fixtures.Generator(state: 43)
        for family in ["Noto Sans Arabic", "Noto Sans Hebrew"] {
            var compared = 0
            var joined = 0
            for i in 0..<300 {
                let font = try Font(family: family, size: 9 + CGFloat(i) / 16 + 117.0 / 1024)
                let text = Self.rightToLeftText(&generator)
                let (prepared, counts) = OperationCounts.counting { PreparedText(text, font: font) }
                joined += counts.joinedSegments
                let units = Array(text.utf16)
                for segment in prepared.segments {
                    let piece = Array(units[Int(segment.start)..<Int(segment.end)])
                    guard SegmentShaper.isCacheable(piece.count) else { continue }
                    let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
                    let face = prepared.face(Int(segment.face))
                    let hbFont = try #require(face.harfBuzzFont(scale: font.scale))
                    let described = String(decoding: piece, as: UTF16.self).debugDescription
                    guard let cached = SegmentCache.lookup(face: face.id, scale: font.scale, script: script, text: piece)
                    else {
                        Issue.record("\(family): \(text.debugDescription): segment \(described) not cached")
                        continue
                    }
                    var substituted = piece[...]
                    ShapingText.substituteControls(&substituted)
                    let alone = SegmentShaper.shapeUncached(substituted, script: script, font: hbFont)
                    #expect(cached == alone, "\(family): \(described) in \(text.debugDescription)")
                    compared += 1
                }
            }
            print("\(family): \(compared) segments compared, \(joined) cached through joined shaping")
            if OperationCounts.isEnabled { #expect(joined > compared / 3, "\(family): \(joined) of \(compared) joined") }
        }
    }

    /// An Arabic sentence of five new words is one HarfBuzz call cold (it was five), and it measures as
    /// the same sentence prepared warm, word by word from the cache.
    @Test func aRightToLeftSentenceIsOneHarfBuzzCall() throws {
        let font = try Font(family: "Noto Sans Arabic", size: 15 + 333.0 / 1024)
        let text = "تم حفظ الملف في الإعدادات"
        let (cold, counts) = OperationCounts.counting { PreparedText(text, font: font) }
        let warm = PreparedText(text, font: font)
        #expect(Array(cold.prefix) == Array(warm.prefix) && Array(cold.flags) == Array(warm.flags))
        #expect(try cold.measure(width: 1000).size == warm.measure(width: 1000).size)
        if OperationCounts.isEnabled {
            #expect(counts.harfBuzzCalls == 1)
            #expect(counts.joinedSegments == 5)
        }
    }
}
