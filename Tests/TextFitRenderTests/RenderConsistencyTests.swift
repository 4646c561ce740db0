import Foundation
import Testing
import TextFit
@testable import TextFitRender

/// What is drawn is what was measured: glyph advances add up to line widths, ink stays in the line boxes,
/// and each line with visible text makes one band of ink.
@Suite struct RenderConsistencyTests {
    static let scale: CGFloat = 2
    static let padding: CGFloat = 4

    /// Drawn from TextFit's public glyph runs: their advances add up to the measured widths (the
    /// 1/1024-pt check, and the reshaped cuts, are TextFitTests' `GlyphConsistencyTests`).
    @Test func glyphAdvancesAddUpToTheMeasuredWidths() throws {
        var lines = 0
        for renderCase in RenderCase.corpus {
            let (_, layout) = try renderCase.prepare()
            for (index, (line, glyphs)) in zip(layout.lines, layout.lines.glyphs()).enumerated() {
                let advances = glyphs.runs.flatMap(\.glyphs).reduce(CGFloat(0)) { $0 + $1.advance }
                #expect(advances == line.width, "\(renderCase), line \(index + 1) \(line.text.debugDescription)")
                #expect(
                    (glyphs.hangingWhitespace?.upperBound ?? glyphs.width) == line.widthIncludingTrailingWhitespace,
                    "\(renderCase), line \(index + 1)")
                #expect((glyphs.ellipsis != nil) == (line.ellipsis != nil), "\(renderCase), line \(index + 1)")
                lines += 1
            }
        }
        #expect(lines > 400)
    }

    /// The ink of each line lies inside its line box horizontally, within one pixel plus the font's own
    /// overhang (a glyph such as "f" inks past its advance), and the rows of ink group into exactly the
    /// lines that show text: every band of ink rows sits inside one line box, and every line with
    /// visible text has ink.
    @Test func inkStaysInsideEachLineBox() throws {
        let s = Self.scale
        var checkedLines = 0
        for renderCase in RenderCase.corpus {
            let (_, layout) = try renderCase.prepare()
            let picture = try layout.picture(options: RenderOptions(scale: s, padding: Self.padding))
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
                for run in line.glyphs().runs {
                    let perUnit = run.pointsPerUnit * Double(s)
                    for glyph in run.glyphs where !glyph.isMissing {
                        let pen = Double(glyph.position.x) * Double(s)
                        guard
                            let bounds = try sources.source(for: run.face).pixelBounds(
                                of: glyph.id, x: pen, y: 0, pixelsPerUnit: perUnit)
                        else { continue }
                        overhangLeft = max(overhangLeft, pen - Double(bounds.x0) - 1)
                        overhangRight = max(overhangRight, Double(bounds.x1) - 1 - (pen + Double(glyph.advance) * Double(s)))
                    }
                }
                let left = Double(box.minX * s) - 1 - overhangLeft
                let right = Double(box.maxX * s) + 1 + overhangRight
                #expect(
                    Double(ink.x0) >= left,
                    "\(renderCase), line \(index + 1): ink starts at \(ink.x0) px, box at \(box.minX * s)")
                #expect(
                    Double(ink.x1) <= right,
                    "\(renderCase), line \(index + 1): ink ends at \(ink.x1) px, box at \(box.maxX * s)")
                #expect(
                    overhangLeft <= 2 && overhangRight <= 2,
                    "\(renderCase), line \(index + 1): overhang \(overhangLeft), \(overhangRight) px")
                checkedLines += 1
            }
            // Each band of ink rows lies within one line box (a pixel of anti-aliasing either side).
            var linesWithInk: Set<Int> = []
            for band in bitmap.inkRowBands() {
                let line = rowsOfLine.firstIndex {
                    $0.lowerBound - 1 <= band.lowerBound && band.upperBound <= $0.upperBound + 1
                }
                #expect(line != nil, "\(renderCase): ink rows \(band) cross line boxes \(rowsOfLine)")
                if let line { linesWithInk.insert(line) }
            }
            #expect(
                linesWithInk == linesWithText,
                "\(renderCase): ink on lines \(linesWithInk.sorted()), text on \(linesWithText.sorted())")
        }
        #expect(checkedLines > 400)
    }

    @Test func overlaysDoNotMoveTheGlyphs() throws {
        let (_, layout) = try RenderCase(text: Fixtures.samples[0], width: 150, lines: 2, mode: .byTruncatingTail).prepare()
        let plain = try layout.picture(options: RenderOptions(padding: 4))
        let overlaid = try layout.picture(options: RenderOptions(overlays: .all, widthLimit: 150, padding: 4))
        func glyphs(_ picture: TextPicture) -> [String] {
            picture.items.compactMap { item in
                if case let .glyph(face, glyph, origin, _, _) = item {
                    return "\(face.filePath)#\(face.faceIndex):\(glyph)@\(origin.x),\(origin.y)"
                }
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
