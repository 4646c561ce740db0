import Foundation
import Testing
import TextFitLayout

/// `Label.drawing(in:)`: visible lines, vertical centring (L7), where the ellipsis went (T2–T5).
@Suite struct LabelDrawingTests {
    let text = "The quick brown fox jumps over the lazy dog and keeps running"  // 4 lines at 150

    /// T2, T4, L7: two lines, the second tail-truncated; the block is centred in the bounds.
    @Test func tailTruncatedAtTwoLines() throws {
        let font = try Fixtures.font()
        var label = Label(text: text, font: font, numberOfLines: 2)
        label.frame = CGRect(x: 100, y: 100, width: 150, height: 100)
        let drawing = try label.drawing()
        #expect(drawing.lines.count == 2)
        #expect(drawing.isTruncated)
        #expect(drawing.textRect.size == CGSize(width: drawing.textRect.width, height: 47))
        #expect(drawing.textRect.minY == 26.5)  // (100 − 47) / 2, in bounds (not frame) coordinates
        #expect(drawing.lines[0].rect.minY == drawing.textRect.minY)
        #expect(drawing.lines[1].rect.minY == drawing.textRect.minY + Fixtures.lineHeight17)
        #expect(abs(drawing.lines[0].baseline - (drawing.textRect.minY + font.ascender)) < 1e-9)
        // Line 1 wraps by words, untouched (T2); line 2 ends in "…" (T4).
        #expect(!drawing.lines[0].isTruncated && drawing.lines[0].ellipsis == nil)
        #expect(drawing.lines[1].text.hasSuffix("…") && drawing.lines[1].isTruncated)
        let ellipsis = try #require(drawing.ellipsis)
        #expect(ellipsis.lineIndex == 1 && ellipsis.placement == .tail)
        #expect(abs(ellipsis.rect.maxX - drawing.lines[1].rect.maxX) < 1e-9)
        #expect(ellipsis.rect.width == (try Fixtures.width("…", font)))
        #expect(drawing.lines.allSatisfy { $0.rect.width <= 150 })
    }

    /// T3: with no line limit, the bounds' height decides how many lines are drawn.
    @Test func heightLimitsTheVisibleLines() throws {
        var label = Label(text: text, font: try Fixtures.font(), numberOfLines: 0)
        label.frame = CGRect(x: 0, y: 0, width: 150, height: 50)  // two whole lines
        let drawing = try label.drawing()
        #expect(drawing.lines.count == 2)
        #expect(drawing.ellipsis?.lineIndex == 1)
        label.frame.size.height = 0  // not sized yet: no limit, drawn from the top
        let all = try label.drawing()
        #expect(all.lines.count == 4 && !all.isTruncated && all.ellipsis == nil)
        #expect(all.textRect.minY == 0)
    }

    /// A text that fits is drawn whole, without ellipsis.
    @Test func fittingTextIsNotTruncated() throws {
        var label = Label(text: "Hello", font: try Fixtures.font())
        try label.sizeToFit()
        let drawing = try label.drawing()
        #expect(drawing.lines.map(\.text) == ["Hello"])
        #expect(!drawing.isTruncated && drawing.ellipsis == nil)
        #expect(drawing.textRect == label.bounds)
    }

    /// A single-line label narrower than its text is cut at its width with "…".
    @Test func singleLineTruncatedAtTheBounds() throws {
        var label = Label(text: text, font: try Fixtures.font())
        label.frame = CGRect(x: 0, y: 0, width: 120, height: 24)
        let drawing = try label.drawing()
        #expect(drawing.lines.count == 1)
        #expect(drawing.lines[0].text.hasSuffix("…") && drawing.lines[0].rect.width <= 120)
        #expect(drawing.ellipsis?.lineIndex == 0)
    }

    /// T5: the ellipsis sits at the start (head) or between prefix and suffix (middle).
    @Test func headAndMiddleEllipsis() throws {
        let font = try Fixtures.font()
        var label = Label(text: "abcdefghijklmnopqrstuvwxyz", font: font, lineBreakMode: .byTruncatingHead)
        label.frame = CGRect(x: 0, y: 0, width: 80, height: 24)
        let head = try #require(try label.drawing().ellipsis)
        #expect(head.placement == .head && head.rect.minX == 0)
        label.lineBreakMode = .byTruncatingMiddle
        let drawing = try label.drawing()
        let middle = try #require(drawing.ellipsis)
        let prefix = String(drawing.lines[0].text.prefix { $0 != "…" })
        #expect(middle.placement == .middle)
        #expect(middle.rect.minX == (try Fixtures.width(prefix, font)))
        #expect(middle.rect.maxX < drawing.lines[0].rect.maxX)
    }

    /// Empty text draws nothing.
    @Test func emptyText() throws {
        var label = Label(text: nil, font: try Fixtures.font())
        label.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
        let drawing = try label.drawing()
        #expect(drawing.lines.isEmpty && drawing.ellipsis == nil && !drawing.isTruncated)
        #expect(drawing.textRect == CGRect(x: 0, y: 0, width: 0, height: 0))
    }
}
