import Foundation
import Testing
import _TextFitTestSupport
@testable import TextFit

/// What is drawn is what was measured: the glyphs a line draws (`TextLine.glyphs()`, and the 1/1024-pt
/// placement behind it) have advances that add up to the line's measured widths, unit for unit.
@Suite struct GlyphConsistencyTests {
    @Test func glyphAdvancesAddUpToTheMeasuredWidths() throws {
        var lines = 0
        for glyphCase in GlyphCase.corpus {
            let (text, layout) = try glyphCase.prepare()
            for (index, line) in layout.lines.enumerated() {
                let run = text.placedGlyphs(for: line)
                let measured = Int((line.width * CGFloat(Units.perPoint)).rounded())
                #expect(run.width == measured, "\(glyphCase), line \(index + 1) \(line.text.debugDescription)")
                let withWhitespace = Int((line.widthIncludingTrailingWhitespace * CGFloat(Units.perPoint)).rounded())
                #expect(
                    (run.hangingWhitespace?.upperBound ?? run.width) == withWhitespace, "\(glyphCase), line \(index + 1)")
                if line.ellipsis != nil {
                    #expect(run.ellipsis?.count == text.ellipsisWidth, "\(glyphCase), line \(index + 1)")
                }
                lines += 1
            }
        }
        #expect(lines > 400)
    }

    /// The public glyph runs are the placement in points, grouped by face: same glyphs in the same order,
    /// advances summing to exactly the line's width, extents ending where the measured widths do.
    @Test func publicGlyphRunsAreThePlacementInPoints() throws {
        var lines = 0
        for glyphCase in GlyphCase.corpus {
            let (text, layout) = try glyphCase.prepare()
            let all = layout.lines.glyphs()
            #expect(all.count == layout.lineCount)
            for (index, (line, glyphs)) in zip(layout.lines, all).enumerated() {
                let placed = text.placedGlyphs(for: line)
                #expect(glyphs == line.glyphs(), "\(glyphCase), line \(index + 1): one line alone draws as in a batch")
                #expect(glyphs.width == line.width, "\(glyphCase), line \(index + 1)")
                let advances = glyphs.runs.flatMap(\.glyphs).reduce(CGFloat(0)) { $0 + $1.advance }
                #expect(advances == line.width, "\(glyphCase), line \(index + 1) \(line.text.debugDescription)")
                #expect((glyphs.hangingWhitespace?.upperBound ?? glyphs.width) == line.widthIncludingTrailingWhitespace)
                #expect(
                    glyphs.ellipsis.map { ($0.upperBound - $0.lowerBound) * 1024 }
                        == placed.ellipsis.map { CGFloat($0.count) })
                #expect((glyphs.ellipsis != nil) == (line.ellipsis != nil))
                let flat = glyphs.runs.flatMap { run in run.glyphs.map { (run.face.filePath, run.face.faceIndex, $0) } }
                #expect(flat.count == placed.glyphs.count)
                for (public_, inner) in zip(flat, placed.glyphs) {
                    #expect(public_.0 == inner.face.path && public_.1 == inner.face.faceIndex)
                    #expect(public_.2.id == inner.glyph && public_.2.stringIndex == inner.cluster)
                    #expect(public_.2.position == CGPoint(x: CGFloat(inner.x) / 1024, y: CGFloat(inner.y) / 1024))
                    #expect(public_.2.isMissing == inner.isMissing)
                }
                // A new run starts exactly where the face changes.
                for (a, b) in zip(glyphs.runs, glyphs.runs.dropFirst()) { #expect(a.face != b.face) }
                for run in glyphs.runs {
                    #expect(run.pointSize == text.font.pointSize, "17 pt is on the 1/1024-pt grid")
                    #expect(run.pointsPerUnit == Double(text.font.scale) / 1024 / Double(run.face.unitsPerEm))
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
                let layout = try text.layout(
                    width: width, numberOfLines: mode == .byCharWrapping ? 0 : 1, lineBreakMode: mode)
                for line in layout.lines {
                    let run = text.placedGlyphs(for: line)
                    #expect(
                        run.width == Int((line.width * CGFloat(Units.perPoint)).rounded()), "\(line.text.debugDescription)")
                    for range in line.visibleRanges where range.upperBound > range.lowerBound {
                        reshaped +=
                            text.drawingPieces(range.lowerBound, range.upperBound)
                            .filter { $0.reshapedSegment != nil }.count
                    }
                }
            }
        }
        #expect(reshaped > 20, "the corpus should exercise reshaped pieces")
    }

    /// Measuring and drawing shape the ellipsis in one face (rule T1).
    @Test func theEllipsisIsDrawnInTheFaceItWasMeasuredIn() throws {
        let text = PreparedText("The quick brown fox jumps over the lazy dog", font: try Fixtures.font())
        let line = try text.layout(width: 100, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0]
        let ellipsis = try #require(text.placedGlyphs(for: line).glyphs.last { $0.cluster == nil })
        #expect(ellipsis.face == PreparedText.ellipsisFace(for: text.font))
    }
}

/// Layout cases for the glyph tests: text, width, line limit and mode.
typealias GlyphCase = LayoutCase
