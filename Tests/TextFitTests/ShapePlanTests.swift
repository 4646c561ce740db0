import Foundation
import Testing
@testable import TextFit

/// Bundled faces shape through plans they keep (`tf_face_keep_shape_plans`, `shape_buffer` in tf_harfbuzz.c):
/// `hb_shape_plan_execute` with a plan made once per script and direction, instead of `hb_shape`'s own
/// look-up per call. The same file loaded without kept plans goes through `hb_shape`, so every answer is
/// compared with HarfBuzz's ordinary path: advances and flags per unit, alone and joined, in scripts the
/// bundled fonts cover and in more scripts than a face keeps plans for (the rest take `hb_shape`).
struct ShapePlanTests {
    /// The bundled file's face twice: keeping plans and not, at one scale.
    static func fonts(_ file: String, scale: Int32 = 17 * 1024) throws -> (kept: HarfBuzzFont, plain: HarfBuzzFont) {
        let path = try #require(BundledFonts.directory?.appendingPathComponent(file).path)
        let kept = try #require(HarfBuzzFace(file: FontFileBytes(path: path), faceIndex: 0, keepsShapePlans: true))
        let plain = try #require(HarfBuzzFace(file: FontFileBytes(path: path), faceIndex: 0))
        return (try #require(HarfBuzzFont(face: kept, scale: scale)), try #require(HarfBuzzFont(face: plain, scale: scale)))
    }

    static func shaped(_ font: HarfBuzzFont, _ text: String, script: UInt32) -> (advances: [Int32], flags: [UInt8]) {
        let units = Array(text.utf16)
        var advances = [Int32](repeating: -1, count: units.count)
        var flags = [UInt8](repeating: 0xFF, count: units.count)
        units.withUnsafeBufferPointer { u in
            advances.withUnsafeMutableBufferPointer { a in
                flags.withUnsafeMutableBufferPointer { f in _ = font.shape(u, script: script, advances: a, flags: f) }
            }
        }
        return (advances, flags)
    }

    static func tag(_ s: String) -> UInt32 { s.unicodeScalars.reduce(0) { $0 << 8 | $1.value } }

    static let texts: [(String, String)] = [
        ("Latn", "office waffle AVATAR Type, fjord"), ("Latn", "Ünïcödé ﬁ Tỉếng Việt"),
        ("Cyrl", "Съешь же ещё этих мягких"), ("Grek", "Ἐν ἀρχῇ ἦν ὁ λόγος"), ("Zyyy", "12:30 — …"),
        ("Latn", "e\u{301}\u{302}\u{303}a\u{308}"), ("Latn", "🚢 ship"),
    ]

    @Test func keptPlansShapeAsHbShapeDoes() throws {
        let (kept, plain) = try Self.fonts("NotoSans-Regular.ttf")
        // Twice: the first call makes each plan, the second reads it.
        for _ in 0..<2 {
            for (script, text) in Self.texts {
                let a = Self.shaped(kept, text, script: Self.tag(script))
                let b = Self.shaped(plain, text, script: Self.tag(script))
                #expect(a.advances == b.advances, "\(text)")
                #expect(a.flags == b.flags, "\(text)")
                // Script 0: HarfBuzz guesses it (and the direction) from the text.
                #expect(Self.shaped(kept, text, script: 0).advances == Self.shaped(plain, text, script: 0).advances)
            }
        }
    }

    @Test(arguments: [
        ("DroidSansFallbackFull.ttf", "Hani", "中文字體測試，標點。"), ("DroidSansFallbackFull.ttf", "Hira", "ひらがなとカタカナ"),
        ("DroidSansFallbackFull.ttf", "Hang", "한국어 문장"), ("NotoSansArabic-Regular.ttf", "Arab", "مرحبا بالعالم، لا"),
        ("NotoSansDevanagari-Regular.ttf", "Deva", "नमस्ते दुनिया क्षत्रिय"),
    ])
    func otherBundledFontsShapeAsHbShapeDoes(file: String, script: String, text: String) throws {
        let (kept, plain) = try Self.fonts(file, scale: 13 * 1024)
        for _ in 0..<2 {
            let a = Self.shaped(kept, text, script: Self.tag(script))
            let b = Self.shaped(plain, text, script: Self.tag(script))
            #expect(a.advances == b.advances && a.flags == b.flags, "\(text)")
        }
    }

    @Test func moreScriptsThanSlotsTakeHbShape() throws {
        let (kept, plain) = try Self.fonts("NotoSans-Regular.ttf")
        // 24 scripts (right-to-left ones among them) against 16 slots: the last ones find no slot free.
        let scripts = [
            "Latn", "Cyrl", "Grek", "Arab", "Hebr", "Deva", "Thai", "Hani", "Hira", "Kana", "Hang", "Armn",
            "Geor", "Ethi", "Beng", "Taml", "Telu", "Knda", "Mlym", "Gujr", "Guru", "Orya", "Sinh", "Khmr",
        ]
        for _ in 0..<2 {
            for script in scripts {
                let a = Self.shaped(kept, "Type AVA 123", script: Self.tag(script))
                let b = Self.shaped(plain, "Type AVA 123", script: Self.tag(script))
                #expect(a.advances == b.advances && a.flags == b.flags, "\(script)")
            }
        }
    }

    @Test func threadsMakingPlansAtOnceAgree() async throws {
        let (kept, plain) = try Self.fonts("NotoSans-Regular.ttf")
        let expected = Self.texts.map { Self.shaped(plain, $0.1, script: Self.tag($0.0)).advances }
        // A fresh face: the threads race to fill the same slots (one compare-and-swap wins, the rest read it).
        let results = await withTaskGroup(of: [[Int32]].self) { group in
            for _ in 0..<8 {
                group.addTask { Self.texts.map { Self.shaped(kept, $0.1, script: Self.tag($0.0)).advances } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    }
}
