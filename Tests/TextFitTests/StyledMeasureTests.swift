import Foundation
import Testing
@testable import TextFit
import _TextFitTestSupport

/// `measure` of a text placed by a paragraph style (runs of several sizes, spacing, indents, tabs) sums
/// the breaker's lines without building them (`ParagraphMeasurer`); it must answer exactly what
/// `layout(...)`'s line count, size and truncation say (P1–P9, S6), in every mode, line limit and width.
@Suite struct StyledMeasureTests {
    static func styles() -> [ParagraphStyle] {
        var styles: [ParagraphStyle] = [ParagraphStyle()]
        var spaced = ParagraphStyle()
        spaced.lineSpacing = 4
        spaced.paragraphSpacing = 6
        spaced.paragraphSpacingBefore = 2
        styles.append(spaced)
        var indented = ParagraphStyle()
        indented.firstLineHeadIndent = 24
        indented.headIndent = 8
        indented.tailIndent = -12
        indented.alignment = .center
        styles.append(indented)
        var tall = ParagraphStyle()
        tall.lineHeightMultiple = 1.3
        tall.minimumLineHeight = 30
        tall.alignment = .right
        styles.append(tall)
        var clamped = ParagraphStyle()
        clamped.maximumLineHeight = 18
        clamped.tabStops = [TextTab(location: 40), TextTab(alignment: .right, location: 150)]
        styles.append(clamped)
        var justified = ParagraphStyle()
        justified.alignment = .justified
        justified.headIndent = 10
        styles.append(justified)
        return styles
    }

    static func styledTexts() throws -> [StyledText] {
        let body = try Font(family: "Noto Sans", size: 15)
        let large = try Font(family: "Noto Sans", size: 24, weight: .bold)
        let small = try Font(family: "Noto Sans", size: 11)
        let texts =
            Fixtures.samples + [
                "A first paragraph that wraps over several lines at these widths.\nA second one, shorter.\n\nAfter an empty one\tand a tab.",
                "Columns\tleft\tright aligned\tand more text after the tabs to wrap",
            ]
        var generator = SeededGenerator(state: 2026_12_02)
        return try texts.map { text in
            var styled = try StyledText(text, font: body)
            let characters = Array(text)
            guard characters.count >= 6 else { return styled }
            var offsets: [Int] = [0]
            for character in characters { offsets.append(offsets.last! + character.utf16.count) }
            for attributes in [
                TextAttributes(font: large), TextAttributes(font: small, baselineOffset: 3),
                TextAttributes(kern: 1.5),
            ] {
                let a = Int(generator.next() % UInt64(characters.count))
                let b = min(characters.count, a + 1 + Int(generator.next() % 12))
                try styled.setAttributes(attributes, range: offsets[a]..<offsets[b])
            }
            return styled
        }
    }

    @Test func measureEqualsTheLayoutsMetrics() throws {
        var compared = 0
        var failures: [String] = []
        for (t, styled) in try Self.styledTexts().enumerated() {
            for (s, style) in Self.styles().enumerated() {
                let prepared = try PreparedText(styled: styled, paragraphStyle: style)
                for width in [nil, 40, 90, 160, 300] as [CGFloat?] {
                    for mode in LineBreakMode.allCases {
                        for lines in 0...3 {
                            for fastPath in [true, false] {
                                let measured = try prepared.measure(
                                    width: width, numberOfLines: lines, lineBreakMode: mode,
                                    lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: fastPath)
                                let laidOut = try prepared.layout(
                                    width: width, numberOfLines: lines, lineBreakMode: mode,
                                    lineBreakStrategy: [], lastLineMaxWidth: nil, fastPath: fastPath)
                                compared += 1
                                if measured != laidOut.metrics, failures.count < 10 {
                                    failures.append(
                                        "text \(t) style \(s) width \(String(describing: width)) \(mode) lines \(lines): \(measured) vs \(laidOut.metrics)"
                                    )
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(compared > 10_000)
    }

    /// The lines' boxes differ in height here (a 24 pt bold run among 15 pt text), so the size is the
    /// sum of each line's own box (S6) plus the spacing (P4), not lines × one line height.
    @Test func mixedSizesSumTheirLineBoxes() throws {
        let body = try Font(family: "Noto Sans", size: 15)
        var styled = try StyledText("Small words then ", font: body)
        try styled.append("BIG", attributes: TextAttributes(font: try Font(family: "Noto Sans", size: 24, weight: .bold)))
        styled.append(" and small words again on the last line")
        var style = ParagraphStyle()
        style.lineSpacing = 4
        let prepared = try PreparedText(styled: styled, paragraphStyle: style)
        let layout = try prepared.layout(width: 150)
        let measured = try prepared.measure(width: 150)
        let boxes = layout.lines.map(\.height).reduce(0, +) + CGFloat(layout.lineCount - 1) * 4
        #expect(measured.size.height == boxes)
        #expect(Set(layout.lines.map(\.height)).count == 2)
        #expect(measured == layout.metrics)
    }
}
