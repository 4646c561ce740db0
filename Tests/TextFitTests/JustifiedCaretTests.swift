import Foundation
import Testing
@testable import TextFit

/// Visual runs and caret positions on justified lines (rule P8 with D4): a justified line's spaces take its
/// stretch when drawn, so its visual runs must tile the stretched width and a caret must sit where the
/// glyphs are, not where the unstretched advances would put them.
@Suite struct JustifiedCaretTests {
    let font: Font
    init() throws { font = try Fixtures.font() }

    static let english = "The quick brown fox jumps over the lazy dog while the cat sleeps in the warm sun all day long."
    static let hebrew = "שלום עולם זהו משפט ארוך בעברית כדי שהשורות ייפרדו ויתיישרו לשני הצדדים של הפסקה הזאת."

    func lines(_ string: String) throws -> [TextLine] {
        var style = ParagraphStyle()
        style.alignment = .justified
        return Array(try PreparedText(string, font: font, paragraphStyle: style).layout(width: 200).lines)
    }

    /// Every line's visual runs add up to what is drawn, and every line but the last is stretched to 200 pt.
    @Test(arguments: [english, hebrew]) func visualRunsTileTheDrawnLine(_ string: String) throws {
        let lines = try lines(string)
        #expect(lines.count >= 3)
        for (index, line) in lines.enumerated() {
            #expect(Tabbed.tiledUnits(line) == Tabbed.drawnUnits(line))
            if index < lines.count - 1 { #expect(abs(line.width - 200) <= 1.0 / 1024) }
        }
    }

    /// Left to right, the caret before each character is that character's glyph's left edge.
    @Test func caretsSitAtTheStretchedGlyphs() throws {
        var checked = 0
        for line in try lines(Self.english).dropLast() {
            for offset in line.visible where Tabbed.x(of: offset, in: line) != nil {
                let glyphX = Tabbed.x(of: offset, in: line)! - line.x
                #expect(abs(line.x(forOffset: offset) - glyphX) <= 1.0 / 1024, "offset \(offset)")
                #expect(line.offset(atX: glyphX + 0.01) == offset, "offset \(offset)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    /// Right to left, the caret before the first character is the stretched line's right edge, and the
    /// visual runs start at 0 and end there.
    @Test func rightToLeftCaretStartsAtTheStretchedEdge() throws {
        for line in try lines(Self.hebrew).dropLast() {
            #expect(line.baseWritingDirection == .rightToLeft)
            #expect(abs(line.x(forOffset: line.visible.lowerBound) - line.width) <= 1.0 / 1024)
            let runs = line.visualRuns
            #expect(abs((runs.map { $0.x + $0.width }.max() ?? 0) - line.width) <= 1.0 / 1024)
            #expect(runs.map(\.x).min() == 0)
        }
    }
}
