import Foundation
import Testing
@testable import TextFit

/// The paragraph-style rules P1–P10 (docs/uikit-semantics.md) with the bundled Noto Sans 17 pt, whose
/// line is 18.173 above the baseline, 4.981 below, no leading: 23.154 tall (F3).
@Suite struct ParagraphStyleTests {
    static let ascent = 18.173
    static let natural = 23.154

    /// A worked vertical example: the style, a text that is `lines` lines at width 300, and what the
    /// rules give for line 1's top, line 0's height and baseline, and the layout's height.
    struct Vertical: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let set: @Sendable (inout ParagraphStyle) -> Void
        let secondTop: Double
        let height: Double
        let baseline: Double
        let total: Double
        var testDescription: String { name }
    }

    static let verticalCases: [Vertical] = [
        // P4: lineSpacing between lines, not after the last.
        Vertical(
            name: "lineSpacing 4", text: "one\ntwo", set: { $0.lineSpacing = 4 },
            secondTop: natural + 4, height: natural, baseline: ascent, total: 2 * natural + 4),
        // P2 + P6: the multiple scales the natural height; the extra goes above the ascent.
        Vertical(
            name: "lineHeightMultiple 1.5", text: "one\ntwo", set: { $0.lineHeightMultiple = 1.5 },
            secondTop: 1.5 * natural, height: 1.5 * natural, baseline: 0.5 * natural + ascent, total: 3 * natural),
        // P3 + P6: the minimum raises short lines, the baseline moves down by the difference.
        Vertical(
            name: "minimumLineHeight 30", text: "one\ntwo", set: { $0.minimumLineHeight = 30 },
            secondTop: 30, height: 30, baseline: 30 - natural + ascent, total: 60),
        // P3: the maximum shortens lines from the top (the glyphs may overlap the line above).
        Vertical(
            name: "maximumLineHeight 20", text: "one\ntwo", set: { $0.maximumLineHeight = 20 },
            secondTop: 20, height: 20, baseline: 20 - natural + ascent, total: 40),
        // P3 after P2: the clamp applies to the multiplied height.
        Vertical(
            name: "multiple 2 clamped to 30", text: "one\ntwo",
            set: {
                $0.lineHeightMultiple = 2; $0.maximumLineHeight = 30
            },
            secondTop: 30, height: 30, baseline: 30 - natural + ascent, total: 60),
        // P5: paragraphSpacing after a paragraph plus paragraphSpacingBefore of the next, between them only.
        Vertical(
            name: "paragraph spacing 10 + 5", text: "one\ntwo",
            set: {
                $0.paragraphSpacing = 10; $0.paragraphSpacingBefore = 5
            },
            secondTop: natural + 15, height: natural, baseline: ascent, total: 2 * natural + 15),
        // P5 with P4: a paragraph gap also has the line spacing.
        Vertical(
            name: "line and paragraph spacing", text: "one\ntwo",
            set: {
                $0.lineSpacing = 3; $0.paragraphSpacing = 10
            },
            secondTop: natural + 13, height: natural, baseline: ascent, total: 2 * natural + 13),
        // P5: a line break inside a paragraph (U+2028) is not a paragraph gap.
        Vertical(
            name: "U+2028 keeps the paragraph", text: "one\u{2028}two", set: { $0.paragraphSpacing = 10 },
            secondTop: natural, height: natural, baseline: ascent, total: 2 * natural),
        // W7 + P5: an empty paragraph is a line with its gaps.
        Vertical(
            name: "empty paragraph", text: "one\n\ntwo", set: { $0.paragraphSpacing = 10 },
            secondTop: natural + 10, height: natural, baseline: ascent, total: 3 * natural + 20),
    ]

    @Test(arguments: verticalCases) func verticalRules(_ example: Vertical) throws {
        var style = ParagraphStyle()
        example.set(&style)
        let text = try PreparedText(example.text, font: try Fixtures.font(), paragraphStyle: style)
        let layout = try text.layout(width: 300)
        let lines = Array(layout.lines)
        #expect(abs(Double(lines[1].y) - example.secondTop) < 1e-3)
        #expect(abs(Double(lines[0].height) - example.height) < 1e-3)
        #expect(abs(Double(lines[0].baseline) - example.baseline) < 1e-3)
        #expect(abs(Double(lines[1].baseline - lines[1].y) - example.baseline) < 1e-3)
        #expect(abs(Double(layout.size.height) - example.total) < 1e-3)
        let measured = try text.measure(width: 300)
        #expect(measured.size == layout.size && measured.lineCount == layout.lineCount)
    }

    /// P7: left, center and right place each line in the layout's width; natural is left (left-to-right).
    @Test func alignmentGivesEachLineItsX() throws {
        let font = try Fixtures.font()
        let words = "The quick brown fox jumps over the lazy dog"
        for alignment in TextAlignment.allCases where alignment != .justified {
            var style = ParagraphStyle()
            style.alignment = alignment
            let layout = try PreparedText(words, font: font, paragraphStyle: style).layout(width: 200)
            #expect(layout.lineCount == 2)
            for line in layout.lines {
                let free = 200 - line.width
                let expected: CGFloat = alignment == .center ? free / 2 : alignment == .right ? free : 0
                #expect(abs(line.x - expected) < 1e-9, "\(alignment) \(line.text)")
            }
        }
    }

    /// P7: an unbounded layout aligns in a box as wide as its widest line.
    @Test func unboundedAlignmentUsesTheWidestLine() throws {
        var style = ParagraphStyle()
        style.alignment = .right
        let layout = try PreparedText("short\na much longer line", font: try Fixtures.font(), paragraphStyle: style).layout()
        let widest = layout.size.width
        for line in layout.lines { #expect(abs(line.x + line.width - widest) < 1e-9) }
        #expect(layout.lines[1].x == 0)
    }

    /// P8: justified lines fill the width except a paragraph's last; the last is placed as natural.
    @Test func justifiedStretchesAllButTheLastLine() throws {
        var style = ParagraphStyle()
        style.alignment = .justified
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away\nSecond paragraph here"
        let layout = try PreparedText(text, font: try Fixtures.font(), paragraphStyle: style).layout(width: 200)
        let lines = Array(layout.lines)
        let paragraphLast = lines.indices.filter {
            $0 == lines.count - 1 || lines[$0 + 1].range.lowerBound > lines[$0].range.upperBound
        }
        for (index, line) in lines.enumerated() {
            #expect(line.x == 0)
            if paragraphLast.contains(index) { #expect(line.width < 200) } else { #expect(abs(line.width - 200) < 1e-9) }
        }
        let plain = try PreparedText(text, font: try Fixtures.font()).layout(width: 200)
        #expect(plain.lines.map(\.range) == layout.lines.map(\.range))  // justification never changes breaks
    }

    /// P9: the first line of each paragraph starts at firstLineHeadIndent, the others at headIndent, and
    /// each line fits the room its indents leave.
    @Test func headIndentsNarrowTheirLines() throws {
        var style = ParagraphStyle()
        style.firstLineHeadIndent = 40
        style.headIndent = 12
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away\nSecond paragraph here too"
        let layout = try PreparedText(text, font: try Fixtures.font(), paragraphStyle: style).layout(width: 200)
        let lines = Array(layout.lines)
        for (index, line) in lines.enumerated() {
            let first = index == 0 || line.range.lowerBound > lines[index - 1].range.upperBound
            #expect(line.x == (first ? 40 : 12))
            #expect(line.x + line.width <= 200)
        }
        #expect(lines.filter { $0.x == 40 }.count == 2)
        #expect(layout.size.width <= 200)
    }

    /// P9: tail indents — ≤ 0 from the trailing margin, > 0 from the leading one.
    @Test func tailIndentSignRule() throws {
        let font = try Fixtures.font()
        let text = "The quick brown fox jumps over the lazy dog and keeps running far away"
        var fromTrailing = ParagraphStyle()
        fromTrailing.tailIndent = -60
        fromTrailing.alignment = .right
        let trailing = try PreparedText(text, font: font, paragraphStyle: fromTrailing).layout(width: 260)
        for line in trailing.lines { #expect(abs(line.x + line.width - 200) < 1e-9) }
        var fromLeading = ParagraphStyle()
        fromLeading.tailIndent = 200
        let leading = try PreparedText(text, font: font, paragraphStyle: fromLeading).layout(width: 1000)
        let plain = try PreparedText(text, font: font).layout(width: 200)
        #expect(leading.lines.map(\.range) == plain.lines.map(\.range))
        // A positive tail indent bounds even an unbounded layout.
        #expect(
            try PreparedText(text, font: font, paragraphStyle: fromLeading).layout().lines.map(\.range)
                == plain.lines.map(\.range))
    }

    /// The default style is no style: the same prepared text, the same answers, the same path.
    @Test func defaultStyleIsPlain() throws {
        var generator = Fixtures.Generator(state: 16)
        let font = try Fixtures.font()
        for _ in 0..<100 {
            let text = Fixtures.randomText(&generator)
            let plain = PreparedText(text, font: font)
            let styled = try PreparedText(text, font: font, paragraphStyle: ParagraphStyle())
            #expect(styled.paragraphSettings == nil)
            let width = CGFloat.random(in: 40...400, using: &generator)
            let a = try plain.layout(width: width), b = try styled.layout(width: width)
            #expect(a.size == b.size && a.lineCount == b.lineCount)
            #expect(
                a.lines.map { [$0.rect.minX, $0.rect.minY, $0.rect.width, $0.rect.height] }
                    == b.lines.map { [$0.rect.minX, $0.rect.minY, $0.rect.width, $0.rect.height] })
            #expect(Array(a.lines).map(\.baseline) == Array(b.lines).map(\.baseline))
        }
    }

    /// Properties over random texts and styles: lines tile the text as plain lines do (same ranges when
    /// no indent), each fits its own room (unless it holds one cluster), boxes stack without overlap, and
    /// left/center/right lines stay inside the box.
    @Test func propertiesOverRandomStyles() throws {
        var generator = Fixtures.Generator(state: 1616)
        let font = try Fixtures.font()
        for _ in 0..<150 {
            let text = Fixtures.randomText(&generator)
            var style = ParagraphStyle()
            style.lineSpacing = CGFloat(Int.random(in: 0...3, using: &generator) * 2)
            style.paragraphSpacing = CGFloat(Int.random(in: 0...2, using: &generator) * 5)
            style.lineHeightMultiple = [0, 0.8, 1.2, 2][Int.random(in: 0...3, using: &generator)]
            style.alignment = [.natural, .left, .center, .right][Int.random(in: 0...3, using: &generator)]
            style.firstLineHeadIndent = CGFloat(Int.random(in: 0...2, using: &generator) * 15)
            style.headIndent = CGFloat(Int.random(in: 0...2, using: &generator) * 7)
            style.tailIndent = CGFloat(-Int.random(in: 0...2, using: &generator) * 10)
            let width = CGFloat(Int.random(in: 60...400, using: &generator))
            let prepared = try PreparedText(text, font: font, paragraphStyle: style)
            let layout = try prepared.layout(width: width)
            let lines = Array(layout.lines)
            var bottom: CGFloat = 0
            for (index, line) in lines.enumerated() {
                let first = index == 0 || line.range.lowerBound > lines[index - 1].range.upperBound
                let indent = first ? style.firstLineHeadIndent : style.headIndent
                let room = width + style.tailIndent - indent
                let oneCluster =
                    String(decoding: prepared.units[line.range], as: UTF16.self).trimmingCharacters(in: .whitespaces).count
                    <= 1
                #expect(line.width <= room + 1e-9 || oneCluster, "line \(index) of \(text.debugDescription) at \(width)")
                if line.width <= room {
                    #expect(line.x >= indent - 1e-9 && line.x + line.width <= width + style.tailIndent + 1e-9)
                }
                #expect(line.y >= bottom - 1e-9)
                bottom = line.y + line.height
                if index > 0 { #expect(line.range.lowerBound >= lines[index - 1].range.upperBound) }
            }
            #expect(abs(layout.size.height - bottom) < 1e-9)
        }
    }

    /// Bad styles are typed errors naming the field.
    @Test func invalidStylesNameTheField() throws {
        let font = try Fixtures.font()
        func error(_ set: (inout ParagraphStyle) -> Void) -> ParagraphStyleError? {
            var style = ParagraphStyle()
            set(&style)
            do { _ = try PreparedText("x", font: font, paragraphStyle: style); return nil } catch {
                return error as? ParagraphStyleError
            }
        }
        #expect(error { $0.lineSpacing = -1 } == .invalidValue(field: "lineSpacing", value: -1))
        #expect(error { $0.paragraphSpacing = .nan }.map { "\($0)".contains("paragraphSpacing") } == true)
        #expect(error { $0.lineHeightMultiple = -0.5 } == .invalidValue(field: "lineHeightMultiple", value: -0.5))
        #expect(error { $0.headIndent = .infinity } == .invalidValue(field: "headIndent", value: .infinity))
        #expect(error { $0.tailIndent = .nan }.map { "\($0)".contains("tailIndent") } == true)
        #expect(
            error {
                $0.minimumLineHeight = 30; $0.maximumLineHeight = 20
            } == .maximumBelowMinimum(minimum: 30, maximum: 20))
        #expect(error { $0.lineSpacing = 1e9 } == .tooLarge(field: "lineSpacing", value: 1e9))
        #expect(
            error {
                $0.tailIndent = -20; $0.maximumLineHeight = 0; $0.minimumLineHeight = 5
            } == nil)
    }

    /// B2 + P4: boundingRect honours the style; B3: without `.usesFontLeading` the natural height loses
    /// the leading first (0 for Noto Sans, so the same figure).
    @Test func boundingRectHonoursTheStyle() throws {
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 4
        let style = TextStyle(font: try Fixtures.font(), paragraphStyle: paragraph)
        let rect = try "one\ntwo\nthree".boundingRect(
            with: CGSize(width: 300, height: 0),
            options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: style)
        #expect(abs(Double(rect.height) - (3 * Self.natural + 8)) < 1e-3)
        let limited = try "one\ntwo\nthree".boundingRect(
            with: CGSize(width: 300, height: 2 * Self.natural + 4),
            options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], attributes: style)
        #expect(abs(Double(limited.height) - (2 * Self.natural + 4)) < 1e-3)
    }

    /// B2: under a paragraph style, boundingRect wraps in the style's line-break mode, as it does without
    /// one: character wrapping fills the first line where word wrapping moves the long word down.
    @Test func boundingRectWrapsInTheStylesMode() throws {
        let text = "ab cdefghijklmnop"
        var paragraph = ParagraphStyle()
        paragraph.lineSpacing = 4
        paragraph.lineBreakMode = .byCharWrapping
        let style = TextStyle(font: try Fixtures.font(), paragraphStyle: paragraph)
        let prepared = try PreparedText(text, font: style.font, paragraphStyle: paragraph)
        let width: CGFloat = 60
        let charWrapped = try prepared.layout(width: width, lineBreakMode: .byCharWrapping)
        let wordWrapped = try prepared.layout(width: width, lineBreakMode: .byWordWrapping)
        #expect(charWrapped.lines[0].range != wordWrapped.lines[0].range)
        let rect = try text.boundingRect(
            with: CGSize(width: width, height: 0),
            options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: style)
        #expect(rect.width == charWrapped.sizeIncludingTrailingWhitespace.width)
        #expect(rect.height == charWrapped.size.height)
    }

    /// Layouts with the same lines in different places are different layouts: centred at two widths.
    @Test func layoutsCompareTheirLinesPlaces() throws {
        var paragraph = ParagraphStyle()
        paragraph.alignment = .center
        let prepared = try PreparedText("centred", font: try Fixtures.font(), paragraphStyle: paragraph)
        let narrow = try prepared.layout(width: 200), wide = try prepared.layout(width: 300)
        #expect(narrow.lines[0].range == wide.lines[0].range && narrow.lines[0].x != wide.lines[0].x)
        #expect(narrow != wide)
        #expect(try prepared.layout(width: 200) == narrow)
    }
}
