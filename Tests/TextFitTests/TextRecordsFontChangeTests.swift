import Foundation
import Testing
@testable import TextFit

/// Whole-text records when fonts change between preparations (F6: fallback follows the fonts the
/// catalog has). A record holds the faces it used, so none dangles; a font file the catalog finds
/// rewritten retires its face, which may change a fallback answer, so every thread's records go; a font
/// loaded from a file (`Font(file:)`, TextFit's way of adding one) between passes leaves every answer
/// as a fresh preparation gives it.
@Suite(.serialized) struct TextRecordsFontChangeTests {
    static let texts = ["Settings 设置", "Done 👍", "שלום עולם", "مرحبا", "OK"]

    /// A scratch copy of a system font file, in a folder of its own.
    static func scratchFont(_ source: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rec43-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("Added.ttf")
        try FileManager.default.copyItem(atPath: source, toPath: url.path)
        return url
    }

    /// Loading a font from a file between recordings changes no recorded answer: each later preparation
    /// (from a record) equals a fresh one, in the original font and in the added one.
    @Test func fontLoadedBetweenPreparationsGivesFreshAnswers() throws {
        let font = try Fixtures.font(15)
        for text in Self.texts { _ = try #require(TextRecordsTests.recorded(text, font)) }
        let url = try Self.scratchFont("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let added = try Font(file: url.path, size: 15)
        for text in Self.texts {
            for font in [font, added] {
                for _ in 0..<3 {
                    try TextRecordsTests.expectSame(
                        PreparedText(text, font: font), PreparedText(text, font: font, extendsRuns: true),
                        "\(text) in \(font.familyName)")
                }
            }
        }
    }

    /// A font file rewritten in place (same inode, other bytes) retires its face when it is loaded again:
    /// a fallback face's file could change the same way, so every record goes, and what is prepared next
    /// equals a fresh preparation.
    @Test func rewrittenFontFileEmptiesTheRecords() throws {
        let url = try Self.scratchFont("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let first = try Font(file: url.path, size: 15)
        let other = try Fixtures.font(15)
        for text in Self.texts {
            _ = try #require(TextRecordsTests.recorded(text, first))
            _ = try #require(TextRecordsTests.recorded(text, other))
        }
        // Rewritten in place: the file keeps its inode, so the catalog finds its face's file changed.
        let replacement = try Data(
            contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: replacement)
        try handle.close()
        let second = try Font(file: url.path, size: 15)
        #expect(second.face.id != first.face.id && first.face.isRetired)
        #expect(TextRecords.statistics.records == 0)
        for text in Self.texts {
            #expect(TextRecords.find(text, font: other).payload == nil)
            let copy = try #require(TextRecordsTests.recorded(text, second))
            try TextRecordsTests.expectSame(copy, PreparedText(text, font: second, extendsRuns: true), "\(text)")
        }
    }
}
