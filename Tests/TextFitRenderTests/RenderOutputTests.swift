import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TextFit
@testable import TextFitRender

/// The PNG and SVG encodings: well-formed, the stated sizes, one path per drawn glyph; colour emoji,
/// missing glyphs, errors and concurrency.
@Suite struct RenderOutputTests {
    /// Counts elements by name and reports XML errors.
    final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        var rootAttributes: [String: String]?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if rootAttributes == nil { rootAttributes = attributes }
            counts[name, default: 0] += 1
        }
    }

    static func parseSVG(_ svg: String) -> (ok: Bool, counter: ElementCounter) {
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        return (parser.parse(), counter)
    }

    @Test(arguments: [0, 3, 6, 7])
    func svgIsWellFormedWithOnePathPerDrawnGlyph(sample: Int) throws {
        let (_, layout) = try RenderCase(
            text: Fixtures.samples[sample], width: 150, lines: 3,
            mode: .byTruncatingTail
        ).prepare()
        let picture = try layout.picture(options: RenderOptions(overlays: .all, widthLimit: 150))
        let output = try SVGRenderer.render(picture, scale: 2)
        let (ok, counter) = Self.parseSVG(output.document)
        #expect(ok)
        #expect(counter.counts["svg"] == 1)
        #expect(counter.counts["path", default: 0] == output.pathGlyphs)
        // Independently: every placed glyph with an outline (or the .notdef box) is one path.
        let sources = GlyphSources()
        var drawn = 0
        for line in layout.lines {
            for run in line.glyphs().runs {
                for glyph in run.glyphs {
                    let kind = try sources.source(for: run.face).kind(of: glyph.id)
                    if glyph.isMissing || kind == .outline { drawn += 1 }
                }
            }
        }
        #expect(output.pathGlyphs == drawn)
        #expect(drawn > 0)
        let size = try picture.pixelSize(scale: 2)
        #expect(counter.rootAttributes?["width"] == "\(size.width)")
        #expect(counter.rootAttributes?["height"] == "\(size.height)")
    }

    @Test func latinPathsAreOnePerVisibleCharacter() throws {
        let (_, layout) = try RenderCase(text: "Sphinx of black quartz, judge my vow", width: 120).prepare()
        let svg = try layout.renderSVG()
        let (ok, counter) = Self.parseSVG(svg)
        #expect(ok)
        #expect(counter.counts["path"] == "Sphinx of black quartz, judge my vow".filter { $0 != " " }.count)
        #expect(counter.counts["line", default: 0] == 0)  // no overlays asked for
    }

    @Test(arguments: [CGFloat(1), 2, 3, 1.5])
    func pngDecodesWithTheStatedSize(scale: CGFloat) throws {
        let (_, layout) = try RenderCase(text: Fixtures.samples[1], width: 200, lines: 3, mode: .byTruncatingTail).prepare()
        let options = RenderOptions(scale: scale, overlays: .all, widthLimit: 200)
        let png = try layout.renderPNG(options: options)
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let bitmap = try Bitmap(png: png)
        let stated = try layout.picture(options: options).pixelSize(scale: scale)
        #expect(bitmap.width == stated.width)
        #expect(bitmap.height == stated.height)
        // Points × scale, rounded up: the width limit or the widest line with its hanging spaces, whichever is
        // wider, plus 2 × 4 pt padding.
        let width = max(200, layout.sizeIncludingTrailingWhitespace.width) + 8
        #expect(bitmap.width == Int((width * scale - 1e-9).rounded(.up)))
        #expect(bitmap.height == Int(((layout.size.height + 8) * scale - 1e-9).rounded(.up)))
    }

    @Test func transparentBackgroundKeepsAlpha() throws {
        let (_, layout) = try RenderCase(text: "Hello", width: nil).prepare()
        let png = try layout.renderPNG(options: RenderOptions(background: nil))
        // IHDR colour type at byte 25: 6 = RGBA, 2 = RGB.
        #expect(png[25] == 6)
        let bitmap = try Bitmap(png: png)
        #expect(bitmap.rgba[3] == 0)  // the corner is transparent
        #expect(stride(from: 3, to: bitmap.rgba.count, by: 4).contains { bitmap.rgba[$0] == 255 })  // the glyphs are not
        #expect(try layout.renderPNG()[25] == 2)
    }

    @Test func aCharacterNoFontHasDrawsAVisibleBox() throws {
        // U+0378 is unassigned: no font maps it, so it is measured as the font's .notdef.
        let (text, layout) = try RenderCase(text: "a\u{378}b", width: nil).prepare()
        #expect(text.hasMissingGlyphs)
        let glyphs = layout.lines[0].glyphs().runs.flatMap(\.glyphs)
        #expect(glyphs.map(\.isMissing) == [false, true, false])
        let missing = glyphs[1]
        let picture = try layout.picture(options: RenderOptions(scale: 2, padding: 0))
        let bitmap = Bitmap(try PNGRenderer.rasterize(picture, scale: 2))
        // Ink inside the missing glyph's advance, on both of the box's vertical sides.
        let x0 = Int((missing.position.x * 2).rounded(.up)),
            x1 = Int(((missing.position.x + missing.advance) * 2).rounded(.down))
        let baseline = Int((layout.lines[0].baseline * 2).rounded())
        let row = baseline - 6
        let inked = (x0..<x1).filter { bitmap.isInk($0, row) }
        #expect(inked.count >= 2)
        #expect((inked.last ?? 0) - (inked.first ?? 0) > 4, "two sides of a box, not one stroke")
        let svg = try SVGRenderer.render(picture, scale: 2)
        #expect(svg.pathGlyphs == 3)
        #expect(svg.document.contains("fill-rule=\"evenodd\""))
    }

    @Test func fallbackGlyphsComeFromTheFallbackFace() throws {
        let (_, layout) = try RenderCase(text: "Hi 世界", width: nil).prepare()
        let faces = layout.lines[0].glyphs().runs.flatMap { run in run.glyphs.map { _ in run.face.familyName } }
        #expect(faces.first == "Noto Sans")
        #expect(faces.last == "Droid Sans Fallback")
        let bitmap = try Bitmap(png: layout.renderPNG(options: RenderOptions(scale: 2)))
        #expect(bitmap.inkBox() != nil)
    }

    /// Colour emoji need a colour font (Debian's fonts-noto-color-emoji, not bundled; `scripts/install-deps
    /// --tests` installs it, or TEXTFIT_COLOR_EMOJI_FONT names another): without one the test fails, saying so.
    static let colorEmojiFont: String? = {
        let candidates = [
            ProcessInfo.processInfo.environment["TEXTFIT_COLOR_EMOJI_FONT"],
            "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }()

    @Test func colourEmojiDrawInColourInPNGAndSVG() throws {
        let path = try #require(
            Self.colorEmojiFont, "no colour emoji font: run scripts/install-deps --tests (fonts-noto-color-emoji)")
        let font = try Font(file: path, size: 20)
        let text = PreparedText("👍🏽🇫🇷", font: font)
        let layout = try text.layout()
        let glyphs = layout.lines[0].glyphs().runs.flatMap(\.glyphs)
        #expect(glyphs.count == 2)  // the skin-tone and flag sequences are one glyph each
        let bitmap = try Bitmap(png: layout.renderPNG(options: RenderOptions(scale: 2)))
        #expect(bitmap.colouredPixelCount > 200)
        // The bitmaps are scaled to the font size: the ink spans about the two advances.
        let ink = try #require(bitmap.inkBox())
        #expect(abs(CGFloat(ink.x1 - ink.x0) - layout.lines[0].width * 2) < 8)
        let svg = try SVGRenderer.render(try layout.picture(), scale: 2)
        #expect(svg.imageGlyphs == 2)
        #expect(svg.pathGlyphs == 0)
        #expect(Self.parseSVG(svg.document).ok)
    }

    /// ZWJ sequences, skin tones, flags and keycaps in a text font are one cluster each, drawn from the
    /// colour emoji font (UTS #51 sequences; one glyph each in Noto Color Emoji) at its advance.
    @Test func emojiSequencesAreOneColourClusterEach() throws {
        _ = try #require(
            Self.colorEmojiFont, "no colour emoji font: run scripts/install-deps --tests (fonts-noto-color-emoji)")
        let font = try Font.systemFont(ofSize: 17)
        let single = try PreparedText("😀", font: font).layout().lines[0].width
        for sequence in ["👩\u{200D}💻", "👍🏽", "🇫🇷", "1\u{FE0F}\u{20E3}", "👨\u{200D}👩\u{200D}👧\u{200D}👦"] {
            let layout = try PreparedText(sequence, font: font).layout()
            let runs = layout.lines[0].glyphs().runs
            #expect(runs.flatMap(\.glyphs).count == 1, "\(sequence)")
            #expect(runs.allSatisfy { $0.face.familyName == "Noto Color Emoji" }, "\(sequence)")
            #expect(layout.lines[0].width == single, "\(sequence)")
        }
    }

    /// The Drawing article's rendering example (moved from the README), run.
    @Test func readmeExample() throws {
        let text = PreparedText("The quick brown fox jumps over the lazy dog", font: try Font(family: "Noto Sans", size: 17))
        let layout = try text.layout(width: 150, numberOfLines: 2, lineBreakMode: .byTruncatingTail)
        let png = try layout.renderPNG(options: RenderOptions(overlays: .all, widthLimit: 150))
        let bitmap = try Bitmap(png: png)
        #expect(bitmap.width == 316)  // (150 + 2 × 4 pt padding) × 2
        #expect(bitmap.colouredPixelCount > 100)  // the overlays
        #expect(Self.parseSVG(try layout.renderSVG()).ok)
    }

    @Test func errorsSayWhatToFix() throws {
        let (text, layout) = try RenderCase(text: "Hello world", width: 60).prepare()
        // A layout draws the text it was laid out from: an equal string prepared again is another text.
        let other = PreparedText("Hello world", font: try Fixtures.font())
        #expect(layout.preparedText === text && layout.preparedText !== other)
        #expect(throws: RenderError.invalidScale(0)) { try layout.renderPNG(options: RenderOptions(scale: 0)) }
        #expect(throws: RenderError.invalidScale(.infinity)) {
            try layout.renderSVG(options: RenderOptions(scale: .infinity))
        }
        #expect(throws: RenderError.invalidGeometry("padding -1.0")) {
            try layout.renderPNG(options: RenderOptions(padding: -1))
        }
        #expect(throws: RenderError.self) { try layout.renderPNG(options: RenderOptions(scale: 1000)) }
        #expect(throws: RenderError.self) { try TextPicture(size: CGSize(width: -1, height: 10)) }
        #expect(RenderError.pictureTooLarge(width: 20000, height: 10).description.contains("at most 16384"))
    }

    @Test func picturesEncodeTheSameOnManyThreads() async throws {
        let (_, layout) = try RenderCase(text: Fixtures.samples[4], width: 180).prepare()
        let picture = try layout.picture(options: RenderOptions(overlays: .all, widthLimit: 180))
        let reference = try picture.pngData(scale: 2)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 { group.addTask { try picture.pngData(scale: 2) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == reference })
    }
}
