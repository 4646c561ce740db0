import Foundation
import Testing
@testable import TextFit

/// Hostile input to range rects, carets and hit testing (rules R6, R7): typed errors or the documented
/// answers, never a crash.
@Suite struct SelectionBadInputTests {
    /// R7: offsets and ranges outside the text are `TextRangeError`s naming the valid span.
    @Test func outsideTheText() throws {
        let layout = try PreparedText("abc", font: Fixtures.font()).layout(width: 100)
        #expect(throws: TextRangeError.offsetOutOfBounds(offset: 4, length: 3)) { try layout.caretRect(for: 4) }
        #expect(throws: TextRangeError.offsetOutOfBounds(offset: -1, length: 3)) { try layout.caretRect(for: -1) }
        #expect(throws: TextRangeError.rangeOutOfBounds(start: 2, end: 9, length: 3)) { try layout.rects(for: 2..<9) }
        #expect(throws: TextRangeError.rangeOutOfBounds(start: -2, end: 1, length: 3)) { try layout.rects(for: -2..<1) }
        #expect(throws: TextRangeError.offsetOutOfBounds(offset: Int.max, length: 3)) { try layout.wordRange(at: Int.max) }
        #expect(throws: TextRangeError.offsetOutOfBounds(offset: Int.min, length: 3)) {
            try layout.lineIndex(forOffset: Int.min)
        }
        #expect(TextRangeError.rangeOutOfBounds(start: 2, end: 9, length: 3).description.contains("from 0 to 3"))
        #expect(TextRangeError.reversedRange(start: 2, end: 1).description.contains("[1, 2]"))
        #expect(try layout.rects(for: 3..<3).isEmpty)
    }

    /// R7: NaN and infinite points answer as documented (NaN counts as 0; infinities clamp).
    @Test func nonFinitePoints() throws {
        let layout = try PreparedText("Hello world again", font: Fixtures.font()).layout(width: 50)
        #expect(layout.offset(at: CGPoint(x: CGFloat.nan, y: CGFloat.nan)) == 0)
        #expect(layout.offset(at: CGPoint(x: -CGFloat.infinity, y: -CGFloat.infinity)) == 0)
        #expect(layout.offset(at: CGPoint(x: CGFloat.infinity, y: CGFloat.infinity)) == 17)
        #expect(layout.offset(at: CGPoint(x: CGFloat.greatestFiniteMagnitude, y: 0)) == layout.lines[0].range.upperBound)
        #expect(layout.lineIndex(at: .infinity) == layout.lineCount - 1)
    }

    /// R6: an offset between a surrogate pair's halves, or inside a combining sequence, is the cluster's
    /// start; the empty text has one caret at 0.
    @Test func insideClustersAndEmptyText() throws {
        let font = try Fixtures.font()
        let layout = try PreparedText("👩‍👩‍👧x", font: font).layout(width: 100)
        for offset in 1..<8 { #expect(try layout.caretRect(for: offset) == layout.caretRect(for: 0)) }
        #expect(try layout.rects(for: 1..<2).first?.range == 0..<8)
        let empty = try PreparedText("", font: font).layout(width: 100)
        #expect(try empty.caretRect(for: 0).minX == 0)
        #expect(empty.offset(at: CGPoint(x: 50, y: 50)) == 0)
        #expect(try empty.rects(for: 0..<0).isEmpty)
    }

    /// Truncated and clamped layouts: hidden offsets have their caret beside the ellipsis, never a crash.
    @Test func hiddenText() throws {
        let font = try Fixtures.font()
        let text = "A long sentence that will not fit in two short lines at all, not even close."
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping, .byWordWrapping] {
            let layout = try PreparedText(text, font: font).layout(width: 90, numberOfLines: 2, lineBreakMode: mode)
            for offset in 0...text.utf16.count {
                let rect = try layout.caretRect(for: offset)
                #expect(rect.minX.isFinite && rect.minY < layout.size.height + 1)
            }
            #expect(try !layout.rects(for: 0..<text.utf16.count).isEmpty)
            for x in stride(from: -20.0, through: 120, by: 7) {
                let offset = layout.offset(at: CGPoint(x: x, y: 30))
                #expect((0...text.utf16.count).contains(offset))
            }
        }
    }
}
