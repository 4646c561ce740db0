import Foundation
import Testing
@testable import TextFit

/// Styled drawing (rules S2–S5, S7, P8, P10 in uikit-semantics.md): the glyphs a styled, justified or
/// tabbed line draws add up to its measured width, unit for unit, and carry their run's size, colour and
/// offset; a truncated line's "…" is its last visible character's.
@Suite struct StyledGlyphsTests {
    static let red = TextColor(red: 1, green: 0, blue: 0)

    /// Bold 24 pt red, kerned 1.5, raised 3 pt, inside regular 15 pt text; an attachment at the end.
    static func mixed() throws -> StyledText {
        let body = try Font(family: "Noto Sans", size: 15)
        var styled = try StyledText("Ada Lovelace ", font: body)
        try styled.append(
            "wrote the first",
            attributes: TextAttributes(
                font: Font(family: "Noto Sans", size: 24, weight: .bold),
                kern: 1.5, baselineOffset: 3, foregroundColor: red))
        styled.append(" program for an engine that did not yet exist, and saw further than its makers ")
        try styled.append(TextAttachment(width: 20, height: 12, baselineOffset: -2))
        styled.append(" done.")
        return styled
    }

    /// The sum of every drawn glyph's advance, in 1/1024 pt.
    static func drawnUnits(_ glyphs: LineGlyphs) -> Int {
        glyphs.runs.flatMap(\.glyphs).reduce(0) { $0 + Int(($1.advance * 1024).rounded()) }
    }

    static func units(_ points: CGFloat) -> Int { Int((points * 1024).rounded()) }

    @Test func styledAdvancesAddUpToEachLinesWidth() throws {
        let text = try PreparedText(styled: Self.mixed())
        for width in [nil, 90, 140, 220, 400] as [CGFloat?] {
            let layout = try text.layout(width: width)
            for (line, glyphs) in zip(layout.lines, layout.lines.glyphs()) {
                #expect(Self.drawnUnits(glyphs) == Self.units(line.width), "\(line.text) at \(String(describing: width))")
                #expect(glyphs.width == line.width)
            }
        }
    }

    /// Each run is drawn at its own style's size and colour, raised by its offset; the attachment is one
    /// box as wide as measured, with its bottom at its offset.
    @Test func runsCarryTheirStyle() throws {
        let text = try PreparedText(styled: Self.mixed())
        let runs = try text.layout(width: nil).lines.glyphs().flatMap(\.runs)
        let big = runs.filter { $0.pointSize == 24 }
        #expect(!big.isEmpty)
        #expect(big.allSatisfy { $0.foregroundColor == Self.red && $0.face.styleName == "Bold" })
        #expect(big.allSatisfy { run in run.glyphs.allSatisfy { $0.position.y == 3 } })  // S4: 3 pt up
        let body = runs.filter { $0.pointSize == 15 && $0.attachment == nil }
        #expect(!body.isEmpty && body.allSatisfy { $0.foregroundColor == nil })
        let boxes = runs.filter { $0.attachment != nil }
        #expect(boxes.count == 1)
        #expect(boxes.first?.glyphs.map(\.advance) == [20])
        #expect(boxes.first?.glyphs.first?.position.y == -2)
        #expect(boxes.first?.glyphs.first?.isMissing == false)
        // The bold run's stringIndex range is exactly its characters ("wrote the first" starts at 13).
        let indices = big.flatMap(\.glyphs).compactMap(\.stringIndex)
        #expect(indices.min() == 13 && indices.max() == 27)
    }

    /// S3 in drawing: a kerned run's glyphs are as far apart as its advances plus one kern each (worked:
    /// "AB" at kern 2 draws B 2 pt further right than without kern).
    @Test func kernSeparatesGlyphs() throws {
        let font = try Font(family: "Noto Sans", size: 20)
        let plain = try PreparedText("AB", font: font).layout().lines.glyphs()[0]
        let kerned = try PreparedText(styled: StyledText("AB", attributes: TextAttributes(kern: 2), font: font))
        let drawn = try kerned.layout().lines.glyphs()[0]
        let a = plain.runs[0].glyphs, b = drawn.runs[0].glyphs
        #expect(b[1].position.x == a[1].position.x + 2)
        #expect(drawn.width == plain.width + 4)
    }

    /// P8: a justified paragraph's lines draw to their stretched width, the stretch in their spaces.
    @Test func justifiedSpacesTakeTheStretch() throws {
        var style = ParagraphStyle()
        style.alignment = .justified
        let text = try PreparedText(styled: Self.mixed(), paragraphStyle: style)
        let layout = try text.layout(width: 160)
        #expect(layout.lines.count > 2)
        for (index, (line, glyphs)) in zip(layout.lines, layout.lines.glyphs()).enumerated() {
            #expect(Self.drawnUnits(glyphs) == Self.units(line.width))
            if index < layout.lines.count - 1 { #expect(line.width == 160) }  // P8: to the room
        }
        let plain = PreparedText("aa bb cc dd ee ff gg hh", font: try Font(family: "Noto Sans", size: 15))
        let justified = try PreparedText(
            "aa bb cc dd ee ff gg hh", font: try Font(family: "Noto Sans", size: 15),
            paragraphStyle: style)
        let natural = try plain.layout(width: 100).lines[0]
        let stretched = try justified.layout(width: 100).lines
        let space = natural.glyphs().runs[0].glyphs.first { $0.stringIndex == 2 }?.advance ?? 0
        let wide = stretched[0].glyphs().runs[0].glyphs.filter { [2, 5, 8].contains($0.stringIndex ?? -1) }.map(\.advance)
        let spaces = CGFloat(natural.text.filter { $0 == " " }.count - 1)  // one space hangs (W4)
        let each = (100 - natural.width) / spaces
        for advance in wide { #expect(abs(advance - (space + each)) <= 1.0 / 1024) }
    }

    /// P10: a tab draws at its measured advance: text after a left stop at 100 pt starts at x = 100 (a
    /// right stop at 150 ends it there), and the advances add up to the width.
    @Test func tabsDrawAtTheirStops() throws {
        var style = ParagraphStyle()
        style.tabStops = [TextTab(alignment: .left, location: 100), TextTab(alignment: .right, location: 150)]
        let font = try Font(family: "Noto Sans", size: 15)
        let text = try PreparedText("Name\tAda\t42", font: font, paragraphStyle: style)
        let line = try text.layout().lines[0]
        let glyphs = line.glyphs()
        #expect(Self.drawnUnits(glyphs) == Self.units(line.width))
        let all = glyphs.runs.flatMap(\.glyphs)
        #expect(all.first { $0.stringIndex == 5 }?.position.x == 100)  // "A" of Ada at the stop
        let last = all.last { $0.stringIndex == 10 }
        #expect(abs((last.map { $0.position.x + $0.advance } ?? 0) - 150) < 0.01)  // "42" ends at 150
        #expect(line.width == 150)
        // The same with a head indent of 10: the stops are measured from the margin, the glyphs from the line's x.
        style.firstLineHeadIndent = 10
        let indented = try PreparedText("Name\tAda", font: font, paragraphStyle: style).layout().lines[0]
        #expect(indented.x == 10)
        #expect(indented.glyphs().runs.flatMap(\.glyphs).first { $0.stringIndex == 5 }?.position.x == 90)
    }

    /// S7: the "…" is in the font of the character before it. Worked: the line's width is the visible
    /// text's width plus the "…" shaped alone in that character's font, and one more cluster would not fit.
    @Test func ellipsisTakesTheLastVisibleCharactersFont() throws {
        let small = try Font(family: "Noto Sans", size: 12)
        let large = try Font(family: "Noto Sans", size: 30, weight: .bold)
        var styled = try StyledText("tiny words here ", font: small)
        try styled.append("HUGE WORDS THERE", attributes: TextAttributes(font: large, foregroundColor: Self.red))
        let text = try PreparedText(styled: styled)
        func ellipsis(_ font: Font) -> Int { PreparedText("\u{2026}", font: font).oneLineWidthWithWhitespace }
        #expect(ellipsis(large) > ellipsis(small))
        for limit in [40, 70, 120, 160, 200, 240] as [CGFloat] {
            for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
                let layout = try text.layout(width: limit, numberOfLines: 1, lineBreakMode: mode)
                let line = layout.lines[0]
                guard let placement = line.ellipsis else { continue }
                let position = PreparedText.ellipsisStylePosition(placement, visible: line.visible)
                let font = position >= 16 ? large : small
                let visible = line.visibleRanges.reduce(0) { $0 + text.width($1.lowerBound, $1.upperBound) }
                #expect(Self.units(line.width) == visible + ellipsis(font), "\(mode) at \(limit)")
                #expect(Self.units(line.width) <= Self.units(limit))
                let glyphs = line.glyphs()
                #expect(Self.drawnUnits(glyphs) == Self.units(line.width))
                let token = glyphs.runs.first { $0.glyphs.contains { $0.stringIndex == nil } }
                #expect(token?.pointSize == font.pointSize)
                #expect(token?.foregroundColor == (font == large ? Self.red : nil))
                if mode == .byTruncatingTail {
                    // Maximal: the next cluster with its own "…" would not fit.
                    let end = line.visible.upperBound
                    let next = text.graphemes.first { Int($0) > end }.map(Int.init) ?? end
                    let nextFont = next - 1 >= 16 ? large : small
                    if next > end, text.units[end] != 0x20 {
                        #expect(text.width(line.visible.lowerBound, next) + ellipsis(nextFont) > Self.units(limit))
                    }
                }
            }
        }
        // A cut in the large run at 240 pt shows the large "…"; plain text is untouched: one "…".
        let cut = try text.layout(width: 240, numberOfLines: 1, lineBreakMode: .byTruncatingTail).lines[0]
        #expect(cut.visible.upperBound > 16)
    }
}
