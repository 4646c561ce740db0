import Foundation
import Testing
@testable import TextFit

/// A cold preparation shapes a text's missed segments of one face and script in one HarfBuzz call and
/// slices the result where HarfBuzz flags the joins safe to break (`tf_shape_joined`). What it caches must
/// be bit for bit what shaping each segment alone caches (advances, cluster starts, unsafe and missing-
/// glyph flags), or a warm and a cold preparation of the same text could measure differently. An extension
/// of `SegmentCacheTests` so it runs serialized with the tests that shrink or empty the cache.
extension SegmentCacheTests {
    /// The fonts of the benchmark's sets where per-call cost is large (Inter, Noto Serif, Liberation Sans)
    /// and the bundled ones (Noto Sans, Droid Sans Fallback), plus Noto Sans CJK; a font file this machine
    /// lacks is left out (the bundled ones are always there).
    static func joiningFonts(size: CGFloat) throws -> [(name: String, font: Font)] {
        var fonts: [(String, Font)] = [
            ("Noto Sans", try Fixtures.font(size)),
            ("Droid Sans Fallback", try Font(family: "Droid Sans Fallback", size: size)),
        ]
        let files = [
            ("Inter", "/usr/share/fonts/opentype/inter/Inter-Regular.otf", 0),
            ("Noto Serif", "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf", 0),
            ("Liberation Sans", "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf", 0),
            ("Noto Sans CJK JP", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 0),
        ]
        for (name, path, index) in files where FileManager.default.fileExists(atPath: path) {
            fonts.append((name, try Font(file: path, faceIndex: index, size: size)))
        }
        return fonts
    }

    /// Words chosen to meet the fonts' kerning, ligatures and contextual alternates at and across the joins
    /// ("AV", "To", "Y." kern; "fi", "ffl" ligate; Inter's `calt` turns "->" and "1:30" around), besides
    /// plain words, Cyrillic, Greek, CJK, kana, emoji, marks and controls (a tab is substituted, so that
    /// segment is shaped alone).
    static let joiningWords = [
        "AV", "AVATAR", "To", "Type", "Yes", "Y.", "W,", "T", "A", "V", "L'", "\"Quoted\"", "(Y)", "office", "ffl", "fjord",
        "fi", "1/2", "1:30", "12:45", "->", "-->", "=>", "<=", "--", "...", "x", "i", "the", "quick", "brown", "fox",
        "jumps", "over", "lazy", "dog.", "Über", "naïve", "cafe\u{301}", "e\u{301}\u{302}", "Ямщик", "съешь", "Γειά", "σου",
        "κόσμε", "中文", "汉字测试", "「木漏れ日」", "日本語の", "テキスト。", "ひらがな", "한국어", "👍", "👩‍👩‍👧", "a\tb",
        "https://example.com/a/b", "mid-century", "brick-and-mortar", "2024", "3.14", "50¢", "€12", "Zürich",
        "Tj", "Pa", "Vo", "Wa", "ty", "r.", "F.", "P,",
    ]

    static func joiningText(_ generator: inout Fixtures.Generator) -> String {
        let separators = [" ", " ", " ", " ", "  ", " \n", "\u{A0}", " — ", ", "]
        var text = ""
        for i in 0..<Int.random(in: 1...40, using: &generator) {
            if i > 0 { text += separators.randomElement(using: &generator)! }
            text += joiningWords.randomElement(using: &generator)!
        }
        return text
    }

    /// Every segment of many random texts, prepared cold (the joined path), finds in the cache exactly
    /// what shaping that segment alone gives; and most of them were cached through the joined path, so the
    /// comparison is of that path. Each text at a size no other test uses, so each is a cold preparation.
    @Test func segmentsShapedTogetherCacheWhatEachShapedAloneWould() throws {
        var generator = Fixtures.Generator(state: 19)
        var joinedInAll = 0
        for (name, base) in try Self.joiningFonts(size: 14) {
            var compared = 0
            var joined = 0
            var calls = 0
            for i in 0..<300 {
                let font = try base.withSize(9 + CGFloat(i) / 16 + 113.0 / 1024)
                let text = Self.joiningText(&generator)
                let (prepared, counts) = OperationCounts.counting { PreparedText(text, font: font) }
                joined += counts.joinedSegments
                calls += counts.shapingCalls
                let units = Array(text.utf16)
                for segment in prepared.segments {
                    let piece = Array(units[Int(segment.start)..<Int(segment.end)])
                    guard SegmentShaper.isCacheable(piece.count) else { continue }
                    let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
                    let face = prepared.face(Int(segment.face))
                    let hbFont = try #require(face.harfBuzzFont(scale: font.scale))
                    guard let cached = SegmentCache.lookup(face: face.id, scale: font.scale, script: script, text: piece)
                    else {
                        Issue.record(
                            "\(name): \(text.debugDescription): segment \(String(decoding: piece, as: UTF16.self).debugDescription) not cached"
                        )
                        continue
                    }
                    var substituted = piece[...]
                    ShapingText.substituteControls(&substituted)
                    let alone = SegmentShaper.shapeUncached(substituted, script: script, font: hbFont)
                    #expect(
                        cached == alone,
                        "\(name): \(String(decoding: piece, as: UTF16.self).debugDescription) in \(text.debugDescription)")
                    compared += 1
                }
            }
            print("\(name): \(compared) segments compared, \(joined) cached through joined shaping, \(calls) HarfBuzz calls")
            if OperationCounts.isEnabled {
                // The joined path did a good part of the work (segments in another face or script than their
                // neighbours', repeats, common-script and substituted ones are shaped alone).
                #expect(joined > compared / 3, "\(name): \(joined) of \(compared) joined")
            }
            joinedInAll += joined
        }
        if OperationCounts.isEnabled { #expect(joinedInAll > 10_000) }
    }

    /// A text that repeats a word it is the first to use finds it cached the second time, though it waits
    /// to be shaped with the text's other misses: "zebra " and "quokka " are shaped in one call when the
    /// second "zebra " is looked up, which then hits; "quokka" (no space, another key) is shaped alone.
    @Test func aRepeatedNewWordIsShapedOnce() throws {
        let font = try Fixtures.font(13.0 + 501.0 / 1024)
        let (prepared, counts) = OperationCounts.counting { PreparedText("zebra quokka zebra quokka", font: font) }
        let warm = PreparedText("zebra quokka zebra quokka", font: font)
        #expect(Array(prepared.prefix) == Array(warm.prefix) && Array(prepared.flags) == Array(warm.flags))
        if OperationCounts.isEnabled {
            #expect(counts.shapingCalls == 2)
            #expect(counts.joinedSegments == 2)
            #expect(counts.cacheLookups == 4)
        }
    }
}

extension SegmentCacheTests {
    /// Japanese alternates Han, Hiragana and Katakana segments inside a word; in a face that shapes kana
    /// as Han (`HarfBuzzFace.kanaShapesAsHan`) their misses are shaped in one call, each cached as shaped
    /// alone in its own script (the random texts of `segmentsShapedTogetherCacheWhatEachShapedAloneWould`
    /// meet such joins in Noto Sans CJK and Droid Sans Fallback; here one sentence, counted).
    @Test func japaneseHanAndKanaSegmentsShareACall() throws {
        let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let font = try Font(file: path, faceIndex: 0, size: 14 + 271.0 / 1024)
        let text = "ファイルを保存しました。「設定」を開きますか？"
        let (prepared, counts) = OperationCounts.counting { PreparedText(text, font: font) }
        #expect(prepared.face(0).harfBuzz.kanaShapesAsHan)
        let scripts = Set(prepared.segments.map(\.script))
        #expect(scripts.count == 3, "Han, Hiragana and Katakana segments")
        let units = Array(text.utf16)
        for segment in prepared.segments {
            let piece = Array(units[Int(segment.start)..<Int(segment.end)])
            let face = prepared.face(Int(segment.face))
            let hbFont = try #require(face.harfBuzzFont(scale: font.scale))
            let cached = SegmentCache.lookup(face: face.id, scale: font.scale, script: segment.script, text: piece)
            #expect(cached == SegmentShaper.shapeUncached(piece[...], script: segment.script, font: hbFont))
        }
        if OperationCounts.isEnabled {
            print(
                "Japanese sentence: \(prepared.segments.count) segments, \(counts.harfBuzzCalls) HarfBuzz calls, \(counts.joinedSegments) joined, \(counts.plainSegments) plain"
            )
            // Five segments need HarfBuzz (three are plain): three of them share one call.
            #expect(counts.harfBuzzCalls < prepared.segments.count - counts.plainSegments)
            #expect(counts.joinedSegments >= 3)
        }
    }
}
