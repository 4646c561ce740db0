import Foundation
import Testing
@testable import TextFit

/// Ideographs and kana that no lookup of a CJK font touches are given their glyphs' advances without
/// `hb_shape` (`HarfBuzzFace.plainUnits`, `HarfBuzzFont.shapePlain`) when a cold preparation misses them.
/// What that gives must be bit for bit what HarfBuzz gives (advances, cluster starts, unsafe and
/// missing-glyph flags), alone and in runs, or a cold preparation would measure differently from a
/// reshaping. An extension of `SegmentCacheTests` so it runs serialized with the tests that empty the cache.
extension SegmentCacheTests {
    static let plainScripts = [
        HarfBuzzFace.plainScripts.han, HarfBuzzFace.plainScripts.hiragana, HarfBuzzFace.plainScripts.katakana,
    ]

    /// The plain units of `bits`, ascending.
    static func plainUnits(_ bits: UnsafePointer<UInt64>) -> [UInt16] {
        var units: [UInt16] = []
        for u in 0..<0x10000 {
            let bit: UInt64 = 1 << UInt64(u & 63)
            if bits[u >> 6] & bit != 0 { units.append(UInt16(u)) }
        }
        return units
    }

    static func shapedByHarfBuzz(_ text: [UInt16], script: UInt32, font: HarfBuzzFont) -> ([Int32], [UInt8]) {
        var advances = [Int32](repeating: -1, count: text.count)
        var flags = [UInt8](repeating: 0xFF, count: text.count)
        _ = text.withUnsafeBufferPointer { t in
            advances.withUnsafeMutableBufferPointer { a in
                flags.withUnsafeMutableBufferPointer { f in font.shape(t, script: script, advances: a, flags: f) }
            }
        }
        return (advances, flags)
    }

    static func shapedPlainly(_ text: [UInt16], font: HarfBuzzFont) -> ([Int32], [UInt8])? {
        var advances = [Int32](repeating: -1, count: text.count)
        var flags = [UInt8](repeating: 0xFF, count: text.count)
        let shaped = text.withUnsafeBufferPointer { t in
            advances.withUnsafeMutableBufferPointer { a in
                flags.withUnsafeMutableBufferPointer { f in
                    font.shapePlain(t, advances: a.baseAddress!, flags: f.baseAddress!)
                }
            }
        }
        return shaped ? (advances, flags) : nil
    }

    /// Every plain unit of Droid Sans Fallback and Noto Sans CJK (where installed), in each plain script,
    /// shaped alone by HarfBuzz, and seeded random runs of them with the script's own text around: the same
    /// advances and flags as `shapePlain`. Droid Sans Fallback's ideographs and kana are plain (the route
    /// is taken: the test is not vacuous).
    @Test func plainUnitsShapeAsHarfBuzzShapesThem() throws {
        var generator = Fixtures.Generator(state: 43)
        var fonts: [(String, Font)] = [("Droid Sans Fallback", try Font(family: "Droid Sans Fallback", size: 17))]
        let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        if FileManager.default.fileExists(atPath: cjk) {
            fonts.append(("Noto Sans CJK JP", try Font(file: cjk, faceIndex: 0, size: 17)))
        }
        for (name, font) in fonts {
            let hbFont = try #require(font.face.harfBuzzFont(scale: font.scale))
            for script in Self.plainScripts {
                guard let bits = font.face.harfBuzz.plainUnits(script: script) else { continue }
                let units = Self.plainUnits(bits)
                if name == "Droid Sans Fallback" {
                    // Its ideographs and kana (the scripts' own blocks) are plain in every plain script.
                    #expect(units.count > 20_000, "\(name) \(script): \(units.count) plain units")
                    #expect(units.contains(0x4E2D) && units.contains(0x3042) && units.contains(0x30A2))
                }
                var mismatches = 0
                for unit in units {
                    let alone = Self.shapedByHarfBuzz([unit], script: script, font: hbFont)
                    guard let plain = Self.shapedPlainly([unit], font: hbFont), plain == alone else {
                        mismatches += 1
                        if mismatches < 5 { Issue.record("\(name) \(script): U+\(String(unit, radix: 16)) differs") }
                        continue
                    }
                }
                #expect(mismatches == 0, "\(name) \(script): \(mismatches) of \(units.count)")
                for _ in 0..<200 {
                    let text = (0..<Int.random(in: 2...64, using: &generator)).map { _ in
                        units.randomElement(using: &generator)!
                    }
                    let plain = Self.shapedPlainly(text, font: hbFont)
                    let whole = Self.shapedByHarfBuzz(text, script: script, font: hbFont)
                    #expect(plain?.0 == whole.0 && plain?.1 == whole.1, "\(name) \(script): \(text)")
                }
            }
        }
    }

    /// The plain units' advances come from tables (`tf_shape_plain`: the face's candidates by class of
    /// design advance, each font's advance per class), not from HarfBuzz's font functions. At sizes whose
    /// scaling rounds differently (a tiny one, fractional ones, a huge one), in fonts made fresh so their
    /// per-class table is built here, every plain unit of every plain script alone and seeded random
    /// runs of them give what `hb_shape` gives.
    @Test func plainTablesAgreeWithHarfBuzzAtEverySize() throws {
        var generator = Fixtures.Generator(state: 4343)
        var faces: [(String, Font)] = [("Droid Sans Fallback", try Font(family: "Droid Sans Fallback", size: 17))]
        let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        if FileManager.default.fileExists(atPath: cjk) {
            faces.append(("Noto Sans CJK JP", try Font(file: cjk, faceIndex: 0, size: 17)))
        }
        // 1/1024 pt, 9.5 pt + 1/1024, 13 pt + 777/1024, 47 pt + 3/1024, 2,000 pt.
        let scales: [Int32] = [1, 9 * 1024 + 513, 13 * 1024 + 777, 47 * 1024 + 3, 2_000 * 1024]
        for (name, font) in faces {
            var units = Set<UInt16>()
            var byScript: [(UInt32, [UInt16])] = []
            for script in Self.plainScripts {
                guard let bits = font.face.harfBuzz.plainUnits(script: script) else { continue }
                let plain = Self.plainUnits(bits)
                units.formUnion(plain)
                byScript.append((script, plain))
            }
            #expect(!byScript.isEmpty, "\(name) has plain units")
            for scale in scales {
                let hbFont = try #require(HarfBuzzFont(face: font.face.harfBuzz, scale: scale))
                var mismatches = 0
                for (script, plain) in byScript {
                    for unit in plain {
                        let alone = Self.shapedByHarfBuzz([unit], script: script, font: hbFont)
                        if Self.shapedPlainly([unit], font: hbFont).map({ $0 == alone }) != true {
                            mismatches += 1
                            if mismatches < 5 { Issue.record("\(name) \(scale): U+\(String(unit, radix: 16)) differs") }
                        }
                    }
                    for _ in 0..<50 {
                        let text = (0..<Int.random(in: 2...40, using: &generator)).map { _ in
                            plain.randomElement(using: &generator)!
                        }
                        let table = Self.shapedPlainly(text, font: hbFont)
                        let whole = Self.shapedByHarfBuzz(text, script: script, font: hbFont)
                        #expect(table?.0 == whole.0 && table?.1 == whole.1, "\(name) \(scale) \(script): \(text)")
                    }
                }
                #expect(mismatches == 0, "\(name) at \(scale): \(mismatches) of \(units.count) differ")
            }
        }
    }

    /// Noto Sans CJK kerns only pairs that start with kana: its Chinese full stops and commas are kern
    /// pairs' second glyphs only, so they are plain beside ideographs (`tf_face_plain_units`), and a run
    /// of ideographs and those marks, in any order, shapes as HarfBuzz shapes it; a Chinese paragraph in
    /// it is prepared cold without HarfBuzz. Kana, the pairs' first glyphs, are not plain.
    @Test func pairSecondGlyphsArePlainBesideIdeographs() throws {
        let cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        guard FileManager.default.fileExists(atPath: cjk) else { return }
        var generator = Fixtures.Generator(state: 3002)
        let font = try Font(file: cjk, faceIndex: 2, size: 13 + 5.0 / 1024)
        let han = HarfBuzzFace.plainScripts.han
        let bits = try #require(font.face.harfBuzz.plainUnits(script: han))
        let plain = Set(Self.plainUnits(bits))
        let marks: [UInt16] = [0x3001, 0x3002, 0xFF0C, 0xFF0E]
        #expect(marks.allSatisfy(plain.contains) && plain.contains(0x4E2D))
        #expect(!plain.contains(0x3042) && !plain.contains(0x30A2), "kana start kern pairs")
        let hbFont = try #require(font.face.harfBuzzFont(scale: font.scale))
        let ideographs = Array(plain.filter { $0 >= 0x4E00 }).sorted()
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 2...24, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? marks.randomElement(using: &generator)! : ideographs.randomElement(using: &generator)!
            }
            let table = Self.shapedPlainly(text, font: hbFont)
            let whole = Self.shapedByHarfBuzz(text, script: han, font: hbFont)
            #expect(table?.0 == whole.0 && table?.1 == whole.1, "\(text)")
        }
        let paragraph = "长江是中国第一长河，全长约六千三百公里，流经十一个省级行政区。读书破万卷，下笔如有神。"
        let (cold, counts) = OperationCounts.counting { PreparedText(paragraph, font: font) }
        if OperationCounts.isEnabled {
            #expect(counts.plainSegments >= 1 && counts.shapingCalls == 0, "\(counts.shapingCalls) calls")
        }
        let units = Array(paragraph.utf16)
        for segment in cold.segments {
            let piece = Array(units[Int(segment.start)..<Int(segment.end)])
            let (advances, _) = Self.shapedByHarfBuzz(piece, script: han, font: hbFont)
            let measured = (Int(segment.start)..<Int(segment.end)).map { cold.prefix[$0 + 1] - cold.prefix[$0] }
            #expect(measured == advances.map(Int.init))
        }
    }

    /// Threads asking a fresh font's plain advances at once (its per-class table built by whichever comes
    /// first, the others' copies freed) all read the advances HarfBuzz gives.
    @Test func plainTablesAreBuiltOnceUnderContention() async throws {
        let font = try Font(family: "Droid Sans Fallback", size: 17)
        let text: [UInt16] = Array("漢字かなカナ、。中文".utf16)
        let reference = try #require(HarfBuzzFont(face: font.face.harfBuzz, scale: 21 * 1024 + 5))
        let expected = Self.shapedByHarfBuzz(text, script: HarfBuzzFace.plainScripts.han, font: reference)
        for round in 0..<8 {
            let fresh = try #require(HarfBuzzFont(face: font.face.harfBuzz, scale: 21 * 1024 + 5))
            let results = await withTaskGroup(of: [Int32]?.self) { group in
                for _ in 0..<4 { group.addTask { Self.shapedPlainly(text, font: fresh)?.0 } }
                return await group.reduce(into: [[Int32]?]()) { $0.append($1) }
            }
            #expect(results.allSatisfy { $0 == expected.0 }, "round \(round): \(results)")
        }
    }

    /// A Japanese and a Chinese paragraph prepared cold in Droid Sans Fallback take the plain route for
    /// most segments, and every segment's advances are HarfBuzz's for the segment shaped alone; the warm
    /// preparation (every segment from the cache) and the cold one agree.
    @Test func aColdCJKPreparationTakesThePlainRoute() throws {
        let texts = [
            "長江は中国で最も長い川で、全長は約六千三百キロメートルです。ひらがなとカタカナ、そして漢字を使います。",
            "长江是中国第一长河，全长约六千三百公里，流经十一个省级行政区。读书破万卷，下笔如有神。",
        ]
        for (i, text) in texts.enumerated() {
            let font = try Font(family: "Droid Sans Fallback", size: 15 + CGFloat(i) + 357.0 / 1024)
            let (cold, counts) = OperationCounts.counting { PreparedText(text, font: font) }
            let warm = PreparedText(text, font: font)
            #expect(Array(cold.prefix) == Array(warm.prefix) && Array(cold.flags) == Array(warm.flags))
            if OperationCounts.isEnabled {
                // Every ideograph, kana and punctuation mark of both is plain in Droid Sans Fallback.
                #expect(
                    counts.plainSegments >= 1 && counts.shapingCalls == 0,
                    "\(counts.plainSegments) plain, \(counts.shapingCalls) calls")
            }
            let units = Array(text.utf16)
            let hbFont = try #require(font.face.harfBuzzFont(scale: font.scale))
            for segment in cold.segments {
                let piece = Array(units[Int(segment.start)..<Int(segment.end)])
                let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
                let (advances, _) = Self.shapedByHarfBuzz(piece, script: script, font: hbFont)
                let measured = (Int(segment.start)..<Int(segment.end)).map { cold.prefix[$0 + 1] - cold.prefix[$0] }
                #expect(measured == advances.map(Int.init), "\(String(decoding: piece, as: UTF16.self))")
            }
        }
    }
}
