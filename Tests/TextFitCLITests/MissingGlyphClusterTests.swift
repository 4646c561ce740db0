import Foundation
import Testing

/// Every cluster with a .notdef glyph is a missing glyph (`PreparedText.hasMissingGlyphs`, batch
/// `missingGlyphs`, `measure`'s warning), not only a cluster that is all .notdef: without a colour emoji
/// font a ZWJ family, a keycap or a skin-tone sequence draws its joiners or modifiers from some font and the
/// rest as boxes.
///
/// The path without a colour emoji font is forced by running `textfit` with `FallbackParityTests`'
/// Fontconfig configuration: only Droid Sans Fallback and DejaVu, so Noto Color Emoji is not there, as on
/// a machine without fonts-noto-color-emoji. Which glyphs are .notdef is HarfBuzz's answer (glyph 0).
@Suite struct MissingGlyphClusterTests {
    static let sequences = [
        "👨\u{200D}👩\u{200D}👧\u{200D}👦", "1\u{FE0F}\u{20E3}", "👍\u{1F3FD}",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "🎉",
    ]

    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: ["text": text]), as: UTF8.self)
    }

    @Test func sequencesWithABoxAreReported() throws {
        let configuration = try FallbackParityTests.configuration()
        defer { try? FileManager.default.removeItem(at: configuration.folder) }
        let input = (Self.sequences.map { "Hi \($0) there" } + ["Hi there"]).map(Self.json).joined(separator: "\n") + "\n"
        let run = try EndToEndTests.run(["batch"], stdin: input, environment: configuration.environment)
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        try #require(lines.count == Self.sequences.count + 1)
        for (sequence, line) in zip(Self.sequences, lines) {
            #expect(
                line.hasSuffix(#","missingGlyphs":true}"#),
                "\(sequence.unicodeScalars.map { String($0.value, radix: 16) }): \(line)")
        }
        #expect(!lines[Self.sequences.count].contains("missingGlyphs"))
        for sequence in Self.sequences {
            let measure = try EndToEndTests.run(
                ["measure", "Hi \(sequence)"], stdin: "", environment: configuration.environment)
            #expect(measure.code == 0)
            #expect(measure.stderr.contains("warning: no installed font has a glyph"), "\(sequence): \(measure.stderr)")
        }
    }
}
