import Foundation
import Testing
@testable import TextFit

@Suite struct FontTests {
    /// F1–F3 with Noto Sans (unitsPerEm 1000, hhea 1069 / −293 / 0; OS/2 capHeight 714, xHeight 536).
    @Test func metricsComeFromHheaScaledUnhinted() throws {
        let font = try Fixtures.font(17)
        #expect(font.ascender == 1069 * 17 / 1000.0)
        #expect(font.descender == -293 * 17 / 1000.0)
        #expect(font.leading == 0)
        #expect(abs(font.lineHeight - (font.ascender - font.descender + font.leading)) < 1e-12)
        #expect(font.lineHeight == 23.154)  // summed in design units, scaled once: no floating-point noise
        #expect(abs(font.capHeight - 714 * 17 / 1000.0) < 1e-9)
        #expect(abs(font.xHeight - 536 * 17 / 1000.0) < 1e-9)
    }

    @Test func bundledFontsAreFoundWithoutConfiguration() throws {
        let directory = try #require(BundledFonts.directory)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("NotoSans-Regular.ttf").path))
        #expect(try Font(family: "noto sans", size: 12).filePath.hasPrefix(directory.path))
        #expect(try Font(family: "Noto Sans", size: 12, weight: .bold).styleName == "Bold")
        #expect(try Font(family: "Droid Sans Fallback", size: 12).familyName == "Droid Sans Fallback")
    }

    /// F6: a Chinese-only line is drawn by the fallback face but keeps the font's line height; CJK
    /// ideographs advance 1 em.
    @Test func fallbackSuppliesGlyphsNotLineHeight() throws {
        let font = try Fixtures.font(20)
        let prepared = PreparedText("北京欢迎您", font: font)
        #expect(prepared.fallbackFonts.map(\.familyName) == ["Droid Sans Fallback"])
        let layout = try prepared.layout()
        #expect(layout.lineHeight == font.lineHeight)
        #expect(layout.size.width == 100)
    }

    @Test func fallbackNeverSplitsAClusterAndMissingGlyphsAreReported() throws {
        let prepared = PreparedText("e\u{301} 中\u{301}", font: try Fixtures.font())
        // The accent on the ideograph stays with the ideograph's face: one segment per face run.
        for segment in prepared.segments {
            let start = Int(segment.start)
            #expect(prepared.flags[start] & PreparedText.Flag.grapheme != 0)
        }
        #expect(!PreparedText("abc", font: try Fixtures.font()).hasMissingGlyphs)
        // The last private-use code point: Inter, say, maps U+E000, but no font of any package maps U+10FFFD.
        #expect(PreparedText("\u{10FFFD}", font: try Fixtures.font()).hasMissingGlyphs)
    }

    @Test func unknownFamilyIsATypedErrorNamingIt() {
        #expect(throws: FontError.familyNotFound("No Such Family 42")) {
            try Font(family: "No Such Family 42", size: 12)
        }
        let message = FontError.familyNotFound("No Such Family 42").description
        #expect(message.contains("'No Such Family 42' not found"))
        #expect(message.contains("Noto Sans"))
    }

    @Test func missingFileIsATypedError() {
        #expect(throws: FontError.fileNotFound("/nonexistent/font.ttf")) {
            try Font(file: "/nonexistent/font.ttf", size: 12)
        }
        #expect(FontError.fileNotFound("/x.ttf").description == "font file not found: /x.ttf")
    }

    @Test func notAFontAndTruncatedFontsAreUnreadable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-font-tests-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("not-a-font.ttf")
        try Data("hello, I am not a font".utf8).write(to: text)
        #expect {
            try Font(file: text.path, size: 12)
        } throws: { error in
            guard case FontError.unreadableFile(let path, let reason) = error else { return false }
            return path == text.path && reason.contains("not a font")
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: try Fixtures.font().filePath))
        let truncated = directory.appendingPathComponent("truncated.ttf")
        try original.prefix(2000).write(to: truncated)
        #expect {
            try Font(file: truncated.path, size: 12)
        } throws: { error in
            guard case FontError.unreadableFile(let path, _) = error else { return false }
            return path == truncated.path
        }
        #expect(
            FontError.unreadableFile(path: "/f", reason: "broken").description
                == "font file /f is not readable as a font: broken")
        // The process keeps working after bad fonts.
        #expect(try PreparedText("still fine", font: Fixtures.font()).layout().lineCount == 1)
    }

    @Test func faceIndexOutOfRangeIsATypedError() throws {
        let path = try Fixtures.font().filePath
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 3, faceCount: 1)) {
            try Font(file: path, faceIndex: 3, size: 12)
        }
        #expect(
            FontError.faceIndexOutOfRange(path: "/f", index: 3, faceCount: 1).description
                == "font file /f has 1 face; face index 3 is out of range")
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func invalidSizesAreRefused(size: Double) {
        #expect(throws: FontError.self) { try Font(family: "Noto Sans", size: CGFloat(size)) }
        #expect(
            FontError.invalidSize(-1).description
                == "font size -1.0 is invalid: use a finite number of points greater than 0 and below 100000 "
                + "(the largest size whose glyph advances TextFit's 1/1024-pt integers hold)")
    }
}

@Suite struct SpaceFontTests {
    /// A space after fallback text stays in the fallback face (like Pango), but not after an emoji.
    @Test func spaceFollowsTextButNotEmoji() throws {
        let font = try Fixtures.font(17)
        let cjk = PreparedText("世界 x", font: font)
        let cjkSpace = try #require(cjk.segmentIndex(containing: 2))  // "界 " in the fallback face
        #expect(cjk.faces[Int(cjk.segments[cjkSpace].face)].familyName == "Droid Sans Fallback")
        let emoji = PreparedText("👍 x", font: font)
        let spaceSegment = try #require(emoji.segmentIndex(containing: 2))
        #expect(emoji.segments[spaceSegment].face == 0)  // the space is set in the font itself
    }
}
