import Foundation
import Testing
@testable import TextFit

/// Worked examples of range rects, carets and hit testing (rules R1–R9 in docs/uikit-semantics.md).
@Suite struct SelectionGeometryTests {
    /// R1, R2: a left-to-right line's range covers the x span from its start's caret to its end's.
    @Test func plainRangeRect() throws {
        let font = try Fixtures.font()
        let prepared = PreparedText("Hello world", font: font)
        let layout = try prepared.layout(width: 500)
        let rects = try layout.rects(for: 2..<7)
        #expect(rects.count == 1)
        let width = Units.points(prepared.width(2, 7))
        #expect(abs(rects[0].rect.minX - Units.points(prepared.width(0, 2))) < 0.001)
        #expect(abs(rects[0].rect.width - width) < 0.001)
        #expect(rects[0].rect.height == layout.lineHeight)
        #expect(rects[0].containsStart && rects[0].containsEnd)
    }

    /// R1: a range over two wrapped lines gives one rect per line; the first holds the hanging space (R2).
    @Test func wrappedRangeRects() throws {
        let font = try Fixtures.font()
        let prepared = PreparedText("Hello world", font: font)
        let layout = try prepared.layout(width: 60)
        #expect(layout.lineCount == 2)
        let rects = try layout.rects(for: 3..<8)
        #expect(rects.map(\.lineIndex) == [0, 1])
        #expect(rects[0].range == 3..<6)
        // The space hangs past the line's width: the rect reaches the width with whitespace.
        #expect(abs(rects[0].rect.maxX - layout.lines[0].widthIncludingTrailingWhitespace) < 0.001)
        #expect(rects[1].rect.minX == 0 && rects[1].rect.minY == layout.lineHeight)
    }

    /// R1: bidi splits a logical range into visual pieces ("lo " left, the Hebrew's first letters right).
    @Test func bidiRangeSplits() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("Hello שלום world", font: font).layout(width: 400)
        let rects = try layout.rects(for: 3..<8)
        #expect(rects.count == 2)
        let runs = layout.lines[0].visualRuns
        // The Hebrew run is drawn right to left: its first two letters sit at its right end.
        #expect(abs(rects[1].rect.maxX - (runs[1].x + runs[1].width)) < 0.001)
        #expect(rects[1].writingDirection == .rightToLeft)
        #expect(rects[0].rect.maxX <= rects[1].rect.minX)
    }

    /// R3: hit testing clamps above, below, left and right, and marks a wrapped line's end upstream.
    @Test func hitTestingClamps() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("Hello world", font: font).layout(width: 60)
        #expect(layout.offset(at: CGPoint(x: -10, y: -10)) == 0)
        #expect(layout.offset(at: CGPoint(x: 1000, y: 1000)) == 11)
        let end = layout.closestPosition(to: CGPoint(x: 1000, y: 5))
        #expect(end == TextPosition(offset: 6, affinity: .upstream))
        #expect(layout.closestPosition(to: CGPoint(x: 0, y: layout.lineHeight + 1)) == TextPosition(offset: 6))
        #expect(layout.lineIndex(at: .nan) == 0)
        #expect(try layout.lineIndex(forOffset: 6) == 1)
        #expect(try layout.lineIndex(forOffset: 6, affinity: .upstream) == 0)
        #expect(try layout.caretRect(for: 6, affinity: .upstream).minY == 0)
        #expect(try layout.caretRect(for: 6).minY == layout.lineHeight)
    }

    /// R2: a right-to-left line's caret at offset 0 is at its right edge (the line sits at the right of
    /// the layout's width, D2).
    @Test func rightToLeftCaret() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("שלום עולם", font: font).layout(width: 400)
        let line = layout.lines[0]
        #expect(abs(try layout.caretRect(for: 0).minX - line.rect.maxX) < 0.001)
        #expect(abs(try layout.caretRect(for: 9).minX - line.rect.minX) < 0.001)
        #expect(layout.offset(at: CGPoint(x: line.rect.maxX + 20, y: 5)) == 0)
        #expect(layout.offset(at: CGPoint(x: line.rect.minX - 20, y: 5)) == 9)
    }

    /// R4: without a caret in the font (Noto Sans Arabic has none for lam-alef), a ligature's width is split
    /// evenly between its graphemes.
    @Test func ligatureCaretsSplitEvenly() throws {
        let font = try Fixtures.font()
        let prepared = PreparedText("\u{644}\u{627}", font: font)  // لا
        let layout = try prepared.layout(width: 400)
        let box = layout.lines[0].rect
        let middle = try layout.caretRect(for: 1).minX
        #expect(abs(middle - box.midX) < 0.01)
        #expect(abs(try layout.caretRect(for: 0).minX - box.maxX) < 0.001)
    }

    /// R4: where the font's GDEF ligature caret list has a caret (Noto Sans Arabic's lam-yeh), the caret
    /// inside the ligature stands there, not halfway: "إلى" at 17 pt, the lam-yeh glyph 16.93 pt wide, the
    /// caret between lam and yeh 4.42 pt from its right edge, as Pango 1.50 places it
    /// (`pango_layout_line_get_x_ranges`, geometry-parity.md; an even split would give 8.47).
    @Test func ligatureCaretsFromTheFont() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let layout = try PreparedText("\u{625}\u{644}\u{649}", font: font).layout(width: 400)
        let right = try layout.caretRect(for: 1).minX  // the ligature's right edge (lam starts it)
        let left = try layout.caretRect(for: 3).minX
        #expect(abs(right - left - 16.93) < 0.01)
        #expect(abs(right - (try layout.caretRect(for: 2).minX) - 4.42) < 0.01)
        // The caret's round trip and the rects on either side of it agree with it.
        let caret = try layout.caretRect(for: 2)
        #expect(layout.offset(at: CGPoint(x: caret.minX, y: caret.midY)) == 2)
        #expect(abs((try layout.rects(for: 1..<2)[0].rect.width) - 4.42) < 0.01)
    }

    /// R6: an offset inside a surrogate pair or a combining sequence has its caret at the cluster's start;
    /// a range grows to whole clusters.
    @Test func offsetsInsideClusters() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("a😀e\u{301}b", font: font).layout(width: 400)
        #expect(try layout.caretRect(for: 2) == layout.caretRect(for: 1))
        #expect(try layout.caretRect(for: 4) == layout.caretRect(for: 3))
        #expect(try layout.rects(for: 2..<4).first?.range == 1..<5)
    }

    /// R5: on a tail-truncated line, hidden text selects the ellipsis and a tap on it lands where the
    /// visible text stops.
    @Test func truncatedLine() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("Hello wonderful world of text", font: font)
            .layout(width: 80, numberOfLines: 1, lineBreakMode: .byTruncatingTail)
        let line = layout.lines[0]
        #expect(line.ellipsis == .tail)
        #expect(layout.offset(at: CGPoint(x: line.width - 1, y: 5)) == line.visibleRanges[0].upperBound)
        let rects = try layout.rects(for: 20..<25)
        #expect(rects.count == 1 && abs(rects[0].rect.maxX - line.width) < 0.001)
    }

    /// R9: ICU word segments; a caret right after a word selects it.
    @Test func wordRanges() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("Hello, world", font: font).layout(width: 200)
        #expect(try layout.wordRange(at: 8) == 7..<12)
        #expect(try layout.wordRange(at: 5) == 0..<5)
        #expect(try layout.wordRange(at: 0) == 0..<5)
        #expect(try layout.wordRange(at: 12) == 7..<12)
        let empty = try PreparedText("", font: font).layout(width: 100)
        #expect(try empty.wordRange(at: 0) == 0..<0)
    }

    /// R8: a plain line's metrics are its font's; the used rect holds the hanging whitespace.
    @Test func lineMetrics() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("Hello world", font: font).layout(width: 60)
        let metrics = try layout.lineMetrics(at: 1)
        #expect(metrics.ascent == font.ascender && metrics.descent == -font.descender && metrics.leading == font.leading)
        #expect(metrics.baseline == layout.lineHeight + font.ascender)
        #expect(abs(try layout.lineMetrics(at: 0).usedRect.width - layout.lines[0].widthIncludingTrailingWhitespace) < 0.001)
        #expect(throws: TextRangeError.lineIndexOutOfBounds(index: 2, lineCount: 2)) { try layout.lineMetrics(at: 2) }
    }

    /// R10: a wrapped right-to-left line's hanging space lies left of the line's box, with its advance,
    /// at x < 0 when the line starts at the layout's left edge; its two carets stay apart, so a tap on
    /// either caret gives it back (R3).
    @Test func rightToLeftHangingSpaceLiesLeftOfTheLine() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let prepared = PreparedText("שלום עולם ומה שלומך היום", font: font)
        let layout = try prepared.layout(width: 60)
        // The wrapped line starting nearest the layout's left edge (narrower ones are right-aligned).
        let line = try #require(
            layout.lines.dropLast().filter { prepared.units[$0.range.upperBound - 1] == 0x20 }.min {
                $0.rect.minX < $1.rect.minX
            })
        let drawnEnd = line.range.upperBound - 1  // the space the line wraps after
        let rects = try layout.rects(for: drawnEnd..<line.range.upperBound)
        let space = Units.points(prepared.width(drawnEnd, line.range.upperBound))
        #expect(rects.count == 1 && space > 0)
        #expect(abs(rects[0].rect.maxX - line.rect.minX) < 0.001)
        #expect(abs(rects[0].rect.width - space) < 0.001)
        #expect(rects[0].rect.minX < 0 || line.rect.minX >= space)
        for offset in [drawnEnd, line.range.upperBound] {
            let caret = try layout.caretRect(for: offset, affinity: .upstream)
            #expect(layout.offset(at: CGPoint(x: caret.minX, y: caret.midY)) == offset)
        }
    }
}
