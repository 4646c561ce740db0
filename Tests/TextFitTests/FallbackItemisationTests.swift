import Foundation
import Testing
@testable import TextFit

/// Which face the characters around a fallback run take (rule F6's itemisation): a character the font
/// covers is set in the font unless it is inside the emoji's cluster; a space waits for what follows it.
/// The expected faces are Pango 1.50's items for the same strings on this machine's fonts
/// (`/usr/bin/python3` with PangoFT2: "I ❤️ you" → [I ][❤️][ you], "選項 42" → [選項][ 42],
/// "Sekretess → Tillgänglighet" → [Sekretess ][→][ Tillgänglighet], "世界 x" → [世界 ][x]).
@Suite struct FallbackItemisationTests {
    /// The face family of the segment holding UTF-16 offset `position`.
    static func family(_ text: PreparedText, at position: Int) throws -> String {
        let segment = try #require(text.segmentIndex(containing: position))
        return text.face(Int(text.segments[segment].face)).familyName
    }

    /// Noto Color Emoji is installed (scripts/install-deps --tests lists fonts-noto-color-emoji).
    static var hasColourEmoji: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    }

    /// After a text-default emoji with VS16, a keycap or ©️ the following space and digits are the font's
    /// (the "I ❤️ you" measured 16.75 pt wider than "I 🎉 you").
    @Test(arguments: ["❤️", "☀️", "✔️", "☺️", "1️⃣", "#️⃣", "©️", "🎉", "👍🏽", "👨‍👩‍👧‍👦", "🇸🇪", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"])
    func textAfterAnEmojiIsTheFonts(emoji: String) throws {
        try #require(Self.hasColourEmoji, "install fonts-noto-color-emoji")
        let font = try Fixtures.font(17)
        let text = "Copy \(emoji) 2024, you"
        let prepared = PreparedText(text, font: font)
        let emojiStart = 5
        let after = emojiStart + emoji.utf16.count
        #expect(try Self.family(prepared, at: emojiStart) == "Noto Color Emoji", "\(text)")
        for position in after..<text.utf16.count {
            #expect(try Self.family(prepared, at: position) == "Noto Sans", "\(text): unit \(position)")
        }
        #expect(try Self.family(prepared, at: emojiStart - 1) == "Noto Sans")
    }

    /// Every emoji of Noto Color Emoji advances by the same amount, so "I ❤️ you" and "I 🎉 you" are
    /// equally wide, and as wide as "I " + the emoji + " you" each shaped by HarfBuzz in its face.
    @Test func sameWidthWhateverTheEmoji() throws {
        try #require(Self.hasColourEmoji, "install fonts-noto-color-emoji")
        let font = try Fixtures.font(17)
        let heart = PreparedText("I ❤️ you", font: font)
        let party = PreparedText("I 🎉 you", font: font)
        #expect(heart.width(0, heart.utf16Count) == party.width(0, party.utf16Count))
        let emojiFace = heart.face(Int(heart.segments[try #require(heart.segmentIndex(containing: 2))].face))
        func shaped(_ piece: String, _ face: Face) throws -> Int {
            let hb = try #require(face.harfBuzzFont(scale: font.scale))
            return SegmentShaper.shapeUncached(ArraySlice(piece.utf16), script: 0, font: hb).advances.reduce(0) {
                $0 + Int($1)
            }
        }
        let expected = try shaped("I ", font.face) + shaped("❤️", emojiFace) + shaped(" you", font.face)
        #expect(heart.width(0, heart.utf16Count) == expected)
    }

    /// A space between a fallback run and the font's text that continues the script run is the font's;
    /// one inside the fallback's run, or where its script run ends, stays in the fallback (Pango's items).
    @Test func spacesBesideAFallbackRun() throws {
        let font = try Fixtures.font(17)
        let arrow = PreparedText("Sekretess → Tillgänglighet", font: font)
        #expect(try Self.family(arrow, at: 10) != "Noto Sans")  // "→" from a fallback
        #expect(try Self.family(arrow, at: 11) == "Noto Sans")  // the space after it
        let digits = PreparedText("選項 42", font: font)
        #expect(try Self.family(digits, at: 1) == "Droid Sans Fallback")
        #expect(try Self.family(digits, at: 2) == "Noto Sans")
        let latin = PreparedText("世界 x", font: font)
        #expect(try Self.family(latin, at: 2) == "Droid Sans Fallback")  // the Han run's end
        let hebrew = PreparedText("שלום עולם", font: font)
        #expect(try Self.family(hebrew, at: 4) == "Noto Sans Hebrew")  // inside the Hebrew run
        let twoSpaces = PreparedText("選項  (42)", font: font)
        #expect(try Self.family(twoSpaces, at: 2) == "Noto Sans")
        #expect(try Self.family(twoSpaces, at: 3) == "Noto Sans")
    }
}
