import Foundation
import Testing
@testable import TextFit

/// A font file with damaged bytes, or a path that is not a regular font file, is either refused with a
/// `FontError` naming the file, or measures with every layout invariant holding: never a crash, a hang or
/// a silent wrong answer such as a negative width.
@Suite struct DamagedFontTests {
    static let texts = [
        "Hello world, this is a test of a damaged font",
        "Съешь же ещё этих мягких французских булок",
        "Wafer AVA Tj f) ffi fl «quoted» 12,345.67",
        "e\u{301}le\u{300}ve — 👍🏽 ok 中文字",
    ]

    /// Checks the invariants of every layout TextFit answers: non-negative finite widths, lines that tile
    /// the text, every line within the width unless it is one cluster, a size covering the lines.
    static func checkInvariants(_ prepared: PreparedText, width: CGFloat?, mode: LineBreakMode, _ context: String) throws {
        let layout = try prepared.layout(width: width, lineBreakMode: mode)
        #expect(layout.lineHeight.isFinite && layout.lineHeight > 0, "\(context): line height \(layout.lineHeight)")
        var position = 0
        for line in layout.lines {
            #expect(line.width.isFinite && line.width >= 0, "\(context): width \(line.width)")
            #expect(line.widthIncludingTrailingWhitespace >= line.width, "\(context)")
            #expect(line.range.lowerBound == position, "\(context): lines tile the text")
            position = line.range.upperBound
            #expect(layout.size.width >= line.width, "\(context): the size covers the lines")
            if let width, line.width > width {
                let visible =
                    line.range.lowerBound..<prepared.trimmedEnd(line.range.upperBound, notBefore: line.range.lowerBound)
                let clusters = prepared.graphemes.filter { visible.contains(Int($0)) }.count
                #expect(clusters == 1, "\(context): line \(line.text.debugDescription) is \(line.width) > \(width)")
            }
        }
        #expect(position == prepared.utf16Count, "\(context): lines tile the text")
        #expect(layout.size.height == CGFloat(layout.lineCount) * layout.lineHeight, "\(context)")
    }

    /// 200 copies of Noto Sans, each with 1–8 random bytes replaced (seeded): each loads and measures
    /// sanely or is refused with a `FontError` naming its file.
    @Test func damagedCopiesAreRefusedOrMeasureSanely() throws {
        let scratch = try RobustnessTests.Scratch()
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Fixtures.font().filePath)))
        var generator = Fixtures.Generator(state: 15)
        var loaded = 0
        var refused = 0
        for copy in 0..<200 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                // Half the copies are damaged in the first 4 KB (table directory, head, hhea, OS/2, cmap
                // header), where one byte changes what every glyph measures; the rest anywhere.
                let end = copy.isMultiple(of: 2) ? min(4096, bytes.count) : bytes.count
                bytes[Int.random(in: 0..<end, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
            let path = try scratch.file("damaged-\(copy).ttf", Data(bytes))
            let font: Font
            do {
                font = try Font(file: path, size: 15)
            } catch let error as FontError {
                refused += 1
                #expect(error.description.contains(path), "\(copy): \(error)")
                continue
            }
            loaded += 1
            #expect(font.lineHeight.isFinite && font.lineHeight > 0, "\(copy)")
            for text in Self.texts {
                let prepared = PreparedText(text, font: font)
                for width in [nil, 50, 180] as [CGFloat?] {
                    for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                        try Self.checkInvariants(
                            prepared, width: width, mode: mode,
                            "copy \(copy) \(text.prefix(12)) at \(width.map { "\($0)" } ?? "nil")")
                    }
                }
            }
        }
        #expect(loaded + refused == 200)
        #expect(loaded > 0 && refused > 0, "loaded \(loaded), refused \(refused)")
    }

    /// Metrics outside the sane bounds are refused with the field and the limit.
    @Test func insaneMetricsNameTheFieldAndTheLimit() {
        let sane = FaceMetrics(unitsPerEm: 1000, ascender: 1069, descender: -293, lineGap: 0, capHeight: 714, xHeight: 536)
        #expect(sane.problem == nil)
        var metrics = sane
        metrics.unitsPerEm = 8
        #expect(metrics.problem == "unitsPerEm 8 is outside 16...16384")
        metrics.unitsPerEm = 20000
        #expect(metrics.problem == "unitsPerEm 20000 is outside 16...16384")
        metrics = sane
        metrics.ascender = 9000
        #expect(metrics.problem == "ascender 9000 units is outside 0...8000 (8 em at 1000 units per em)")
        metrics = sane
        metrics.ascender = -5
        #expect(metrics.problem == "ascender -5 units is outside 0...8000 (8 em at 1000 units per em)")
        metrics = sane
        metrics.descender = -8001
        #expect(metrics.problem == "descender -8001 units is outside -8000...0 (8 em at 1000 units per em)")
        metrics = sane
        metrics.capHeight = -1
        #expect(metrics.problem == "cap height -1 units is outside 0...8000 (8 em at 1000 units per em)")
        metrics = sane
        metrics.lineGap = -1362
        #expect(metrics.problem == "line height 0 units (ascender − descender + line gap) is not positive")
    }

    /// A font's own negative or huge glyph advances never reach a measurement: every advance shaping hands
    /// over lies in [0, 16 em].
    @Test func shapedAdvancesStayWithinBounds() throws {
        let font = try Fixtures.font(17)
        let hbFont = try #require(font.face.harfBuzzFont(scale: font.scale))
        let text = Array("AVAVA Tj.,;: ffi".utf16)
        let glyphs = hbFont.glyphs(text[...], script: 0)
        #expect(!glyphs.isEmpty)
        #expect(glyphs.allSatisfy { $0.xAdvance >= 0 && $0.xAdvance <= 16 * font.scale })
    }
}
