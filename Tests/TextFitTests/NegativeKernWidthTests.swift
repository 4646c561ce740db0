import Foundation
import Testing
@testable import TextFit

/// Rule K1: a kern below minus the characters' advances moves the pen back past the line's start (S3: the
/// kern follows every character); every width TextFit reports is then 0, never negative, while the glyphs,
/// visual runs and carets stay where the kerns put them. Expected pen ends come from the same text laid
/// out without the kern, less one kern a character (S3), not from the kerned layout itself.
@Suite struct NegativeKernWidthTests {
    static let kern: CGFloat = -19

    /// `text` in Noto Sans 17 pt with `kern` on every character, under `style` if given.
    static func kerned(_ text: String, kern: CGFloat = kern, style: ParagraphStyle? = nil) throws -> PreparedText {
        var styled = try StyledText(font: try Fixtures.font(17))
        try styled.append(text, attributes: TextAttributes(kern: kern))
        return try style.map { try PreparedText(styled: styled, paragraphStyle: $0) } ?? PreparedText(styled: styled)
    }

    /// Where the pen ends after `text` kerned by `kern` a character: its width without the kern plus one
    /// kern per grapheme cluster (S3).
    static func penEnd(_ text: String, kern: CGFloat = kern) throws -> CGFloat {
        let plain = try PreparedText(text, font: try Fixtures.font(17)).layout()
        return plain.lines[0].widthIncludingTrailingWhitespace + CGFloat(text.count) * kern
    }

    @Test func aLineThePenLeavesBelowZeroReportsZero() throws {
        let pen = try Self.penEnd("il")
        #expect(pen < -20)  // "il" is about 8.8 pt wide, less 38 pt of kern
        let text = try Self.kerned("il")
        for width: CGFloat? in [nil, 198, 30, 0] {
            let layout = try text.layout(width: width)
            let line = layout.lines[0]
            #expect(line.width == 0 && line.widthIncludingTrailingWhitespace == 0)
            #expect(line.rect == CGRect(x: 0, y: 0, width: 0, height: layout.lineHeight))
            #expect(layout.size.width == 0 && layout.sizeIncludingTrailingWhitespace.width == 0)
            // measure = layout (its one-line answer was −29.2 pt, the layout's size too).
            #expect(try text.measure(width: width).size == layout.size)
            #expect(try text.measure(width: width).widthIncludingTrailingWhitespace == 0)
            // Drawing keeps the pen where the kerns put it.
            #expect(abs(line.glyphs().width - pen) < 1e-9)
            #expect(abs(line.x(forOffset: 2) - pen) < 1e-9)
            #expect(abs((line.visualRuns.first?.width ?? 0) - pen) < 1e-9)
        }
        #expect(try text.sizeThatFits(CGSize(width: 100, height: 0)).width == 0)
        #expect(try text.boundingRect(with: CGSize(width: 100, height: 0), options: .usesLineFragmentOrigin).width == 0)
        #expect(try text.boundingRect(with: CGSize(width: 100, height: 0)).width == 0)
    }

    /// The breakers' path (the line records, `LineMeasurer`): a text that is not one line at any width.
    @Test func wrappedLinesReportZeroToo() throws {
        let text = try Self.kerned("Hello Hello ")
        let layout = try text.layout(width: 198)
        #expect(layout.lines.allSatisfy { $0.width == 0 && $0.widthIncludingTrailingWhitespace == 0 })
        #expect(layout.size.width == 0 && layout.sizeIncludingTrailingWhitespace.width == 0)
        #expect(try text.measure(width: 198).size == layout.size)
        #expect(layout.lineCount == 1)
        #expect(abs(layout.lines[0].glyphs().width - (try Self.penEnd("Hello Hello"))) < 1e-9)
    }

    /// A paragraph style aligns such a line as a 0-wide box: right-aligned at the width's end, centred in
    /// its middle; the layout is as wide as the widest line with its indent (P7).
    @Test func alignmentPlacesAZeroWideBox() throws {
        for (alignment, x) in [(TextAlignment.right, 100.0), (.center, 50.0), (.left, 0.0)] {
            var style = ParagraphStyle()
            style.alignment = alignment
            let layout = try Self.kerned("il", style: style).layout(width: 100)
            #expect(layout.lines[0].rect.minX == CGFloat(x) && layout.lines[0].width == 0, "\(alignment)")
            #expect(layout.size.width == 0)  // P7: the widest line with its indents
        }
        var indented = ParagraphStyle()
        indented.firstLineHeadIndent = 12
        let text = try Self.kerned("il", style: indented)
        #expect(try text.layout().size.width == 12)
        #expect(try text.measure().size.width == 12)
    }

    /// A negative kern that leaves the pen right of the start changes nothing: the width is the pen's end.
    @Test func aNegativeKernAboveZeroIsTheWidth() throws {
        let pen = try Self.penEnd("Wide", kern: -2)
        #expect(pen > 0)
        let layout = try Self.kerned("Wide", kern: -2).layout()
        #expect(abs(layout.lines[0].width - pen) < 1e-9 && abs(layout.size.width - pen) < 1e-9)
    }
}
