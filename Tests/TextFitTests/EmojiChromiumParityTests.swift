import Foundation
import Testing
@testable import TextFit

/// Emoji beside text against headless Chromium on the same font files (rule F6): Data/chromium/emoji.jsonl,
/// canvas `measureText` in Chromium 156 at 17 px, the bundled Noto Sans with Noto Color Emoji after it,
/// both loaded with @font-face (scripts/chromium-emoji-reference.py regenerates it; CI needs no Chromium).
///
/// The one difference, explained: Chromium takes a colour emoji's advance from Noto Color Emoji's bitmap
/// strike (FreeType's metrics of its only CBDT strike: 136 px at 109 ppem, 1.24771 em), TextFit and
/// Pango from its hmtx table through HarfBuzz (2550 / 2048 = 1.24512 em): 0.0440 pt per emoji at 17 pt.
/// With that taken out every string agrees to 0.005 pt, so the itemisation (which face each character
/// around the emoji takes) and the text's shaping are Chromium's.
@Suite struct EmojiChromiumParityTests {
    struct Case: Decodable { let text: String; let size: Double; let width: Double }

    static func cases() throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Data/chromium/emoji.jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { try JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }

    @Test func widthsEqualChromiumsButForTheBitmapAdvance() throws {
        try #require(
            FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
            "install fonts-noto-color-emoji")
        let cases = try Self.cases()
        #expect(cases.count >= 100)
        var rawWithin = 0
        var worstRaw = 0.0
        for item in cases {
            let font = try Fixtures.font(CGFloat(item.size))
            let prepared = PreparedText(item.text, font: font)
            let ours = Double(prepared.width(0, prepared.utf16Count)) / 1024
            // The emoji clusters: the characters of the segments set in the colour emoji face.
            let units = Array(item.text.utf16)
            var emoji = 0
            for segment in prepared.segments where prepared.face(Int(segment.face)).familyName == "Noto Color Emoji" {
                emoji += String(decoding: units[Int(segment.start)..<Int(segment.end)], as: UTF16.self).count
            }
            let perEmoji = (136.0 / 109.0 - 2550.0 / 2048.0) * item.size
            #expect(
                abs(ours - (item.width - Double(emoji) * perEmoji)) <= 0.005,
                "\(item.text): \(ours) vs Chromium \(item.width), \(emoji) emoji")
            let raw = abs(ours - item.width)
            worstRaw = max(worstRaw, raw)
            if raw <= 0.05 { rawWithin += 1 }
        }
        print(
            "emoji vs Chromium: \(rawWithin) of \(cases.count) within 0.05 pt as measured, worst \(worstRaw) pt (two emoji)")
        #expect(rawWithin >= 200)
    }
}
