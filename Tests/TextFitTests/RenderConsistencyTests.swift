import Foundation
import Testing
@testable import TextFit

/// What is drawn is what was measured: glyph advances add up to line widths, ink stays in the line boxes,
/// and each line with visible text makes one band of ink.
@Suite struct RenderConsistencyTests {
    static let scale: CGFloat = 2
    static let padding: CGFloat = 4

    @Test func glyphAdvancesAddUpToTheMeasuredWidths() throws {
        var lines = 0
        for renderCase in RenderCase.corpus {
            let (text, layout) = try renderCase.prepare()
            for (index, line) in layout.lines.enumerated() {
                let run = text.glyphRun(for: line)
                let measured = Int((line.width * CGFloat(Units.perPoint)).rounded())
                #expect(run.width == measured, "\(renderCase), line \(index + 1) \(line.text.debugDescription)")
                let withWhitespace = Int((line.widthIncludingTrailingWhitespace * CGFloat(Units.perPoint)).rounded())
                #expect((run.hangingWhitespace?.upperBound ?? run.width) == withWhitespace, "\(renderCase), line \(index + 1)")
                if line.ellipsis != nil {
                    #expect(run.ellipsis?.count == text.ellipsisWidth, "\(renderCase), line \(index + 1)")
                }
                lines += 1
            }
        }
        #expect(lines > 400)
    }

    /// Lines cut inside words at unsafe-to-break clusters are reshaped for measuring; drawing must
    /// reshape the same piece. Random char-wrap widths hit many such cuts.
    @Test func reshapedCutsDrawAsMeasured() throws {
        var generator = Fixtures.Generator(state: 0x5EED_0006)
        let font = try Fixtures.font()
        var reshaped = 0
        for _ in 0..<150 {
            let text = PreparedText(Fixtures.randomText(&generator), font: font)
            let width = CGFloat(Int.random(in: 20...300, using: &generator))
            for mode in [LineBreakMode.byCharWrapping, .byTruncatingMiddle] {
                let layout = try text.layout(width: width, numberOfLines: mode == .byCharWrapping ? 0 : 1, lineBreakMode: mode)
                for line in layout.lines {
                    let run = text.glyphRun(for: line)
                    #expect(run.width == Int((line.width * CGFloat(Units.perPoint)).rounded()), "\(line.text.debugDescription)")
                    for range in line.visibleRanges where range.upperBound > range.lowerBound {
                        reshaped += text.drawingPieces(range.lowerBound, range.upperBound)
                            .filter { $0.reshapedSegment != nil }.count
                    }
                }
            }
        }
        #expect(reshaped > 20, "the corpus should exercise reshaped pieces")
    }

    /// The ink of each line lies inside its line box horizontally, within one pixel plus the font's own
    /// overhang (a glyph such as "f" inks past its advance), and the rows of ink group into exactly the
    /// lines that show text: every band of ink rows sits inside one line box, and every line with
    /// visible text has ink.
    @Test func inkStaysInsideEachLineBox() throws {
        let s = Self.scale
        var checkedLines = 0
        for renderCase in RenderCase.corpus {
            let (text, layout) = try renderCase.prepare()
            let picture = try layout.picture(of: text, options: RenderOptions(scale: s, padding: Self.padding))
            let bitmap = Bitmap(try PNGRenderer.rasterize(picture, scale: s))
            let sources = GlyphSources()
            var rowsOfLine: [Range<Int>] = []
            var linesWithText: Set<Int> = []
            for (index, line) in layout.lines.enumerated() {
                let box = line.rect.offsetBy(dx: Self.padding, dy: Self.padding)
                let rows = Int((box.minY * s).rounded(.down))..<Int((box.maxY * s).rounded(.up))
                rowsOfLine.append(rows)
                let hasVisibleText = line.text.contains { !$0.isWhitespace }
                if hasVisibleText { linesWithText.insert(index) }
                guard let ink = bitmap.inkBox(rows: rows) else {
                    #expect(!hasVisibleText, "\(renderCase), line \(index + 1) \(line.text.debugDescription) drew nothing")
                    continue
                }
                // How far the line's glyphs ink past their own advance boxes (font design, not placement).
                var overhangLeft = 0.0, overhangRight = 0.0
                for glyph in text.glyphRun(for: line).glyphs where !glyph.isMissing {
                    let pen = Double(glyph.x) / 1024 * Double(s)
                    let perUnit = Double(text.font.scale) / 1024 / Double(glyph.face.unitsPerEm) * Double(s)
                    guard let bounds = try sources.source(for: glyph.face).pixelBounds(
                        of: glyph.glyph, x: pen, y: 0, pixelsPerUnit: perUnit) else { continue }
                    overhangLeft = max(overhangLeft, pen - Double(bounds.x0) - 1)
                    overhangRight = max(overhangRight, Double(bounds.x1) - 1 - (pen + Double(glyph.advance) / 1024 * Double(s)))
                }
                let left = Double(box.minX * s) - 1 - overhangLeft
                let right = Double(box.maxX * s) + 1 + overhangRight
                #expect(Double(ink.x0) >= left, "\(renderCase), line \(index + 1): ink starts at \(ink.x0) px, box at \(box.minX * s)")
                #expect(Double(ink.x1) <= right, "\(renderCase), line \(index + 1): ink ends at \(ink.x1) px, box at \(box.maxX * s)")
                #expect(overhangLeft <= 2 && overhangRight <= 2, "\(renderCase), line \(index + 1): overhang \(overhangLeft), \(overhangRight) px")
                checkedLines += 1
            }
            // Each band of ink rows lies within one line box (a pixel of anti-aliasing either side).
            var linesWithInk: Set<Int> = []
            for band in bitmap.inkRowBands() {
                let line = rowsOfLine.firstIndex { $0.lowerBound - 1 <= band.lowerBound && band.upperBound <= $0.upperBound + 1 }
                #expect(line != nil, "\(renderCase): ink rows \(band) cross line boxes \(rowsOfLine)")
                if let line { linesWithInk.insert(line) }
            }
            #expect(linesWithInk == linesWithText, "\(renderCase): ink on lines \(linesWithInk.sorted()), text on \(linesWithText.sorted())")
        }
        #expect(checkedLines > 400)
    }

    @Test func overlaysDoNotMoveTheGlyphs() throws {
        let (text, layout) = try RenderCase(text: Fixtures.samples[0], width: 150, lines: 2, mode: .byTruncatingTail).prepare()
        let plain = try layout.picture(of: text, options: RenderOptions(padding: 4))
        let overlaid = try layout.picture(of: text, options: RenderOptions(overlays: .all, widthLimit: 150, padding: 4))
        func glyphs(_ picture: TextPicture) -> [String] {
            picture.items.compactMap { item in
                if case let .glyph(face, glyph, origin, _, _) = item { return "\(face.id):\(glyph)@\(origin.x),\(origin.y)" }
                return nil
            }
        }
        #expect(glyphs(plain) == glyphs(overlaid))
        // Noto Sans forms no ligature here: one glyph per character shown (inner spaces and "…" included,
        // hanging spaces not).
        let shown = layout.lines.map { line in String(line.text.reversed().drop { $0.isWhitespace }).count }
        #expect(glyphs(plain).count == shown.reduce(0, +))
    }
}
