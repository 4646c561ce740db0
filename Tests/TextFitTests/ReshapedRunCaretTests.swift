import Foundation
import Testing
import TextFit

/// Rule D6 on lines that cut a right-to-left word: an Arabic word split by a character wrap or an
/// emergency break is reshaped where it is cut (its letters take their isolated or final forms), so its
/// run on the line is narrower or wider than the word's stored advances. The carets of the run's offsets
/// stay inside the run: its logical start at its right edge, its logical end at its left edge (D6), as the
/// run's own width and the drawn glyphs say (`FuzzTesting/Crashers/FuzzLineWidths/bidi-caret-left-of-the-line`:
/// the end of "با" was at −1.26 pt on a 9.5 pt line).
@Suite struct ReshapedRunCaretTests {
    /// Every shown offset's caret lies in the line's box, and each right-to-left run's two ends are its
    /// edges (independent of the carets: the run's x and width, and the drawn advances for the line).
    static func problems(_ layout: TextLayout) -> [String] {
        var found: [String] = []
        for line in layout.lines {
            let tolerance = 1e-9
            #expect(abs(line.glyphs().width - line.width) < tolerance, "drawn \(line.glyphs().width) vs \(line.width)")
            for offset in line.visibleRanges.flatMap({ Array($0.lowerBound...$0.upperBound) }) {
                let x = line.x(forOffset: offset)
                if x < -tolerance || x > line.width + tolerance {
                    found.append(
                        "\(line.range) \(line.text.debugDescription): caret of \(offset) at \(x), width \(line.width)")
                }
            }
            for run in line.visualRuns where run.isRightToLeft && line.visualRuns.count == 1 {
                // A single run: nothing else claims its end offsets (D6's leading edge of the next run).
                if abs(line.x(forOffset: run.range.lowerBound) - (run.x + run.width)) > tolerance
                    || abs(line.x(forOffset: run.range.upperBound) - run.x) > tolerance
                {
                    found.append("\(line.range): run \(run.range) at \(run.x)+\(run.width), carets elsewhere")
                }
            }
        }
        return found
    }

    /// The fuzzer's input: a soft hyphen, Arabic, digits, Hebrew and U+FFFD, at widths 140 then 20.
    @Test func theFuzzersLineKeepsItsCaretsInside() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        var styled = try StyledText(font: font)
        styled.append("extra\u{AD}ordinary مرحبا 123 \u{FFFD}Mלו\u{FFFD}MingMediumt")
        let layout = try PreparedText(styled: styled).layout(widths: [140, 20])
        // Line 3 is "با " (offsets 18..<21): its run ends at offset 20, whose caret is the run's left edge.
        let line = try #require(layout.lines.first { $0.range == 18..<21 })
        #expect(line.x(forOffset: 20) == 0)
        #expect(line.x(forOffset: 18) == line.width)
        #expect(Self.problems(layout).isEmpty, "\(Self.problems(layout))")
    }

    /// Arabic and Persian words cut at every width from 8 to 60 pt by a character wrap and by word wrap's
    /// emergency breaks, plain and styled (a second run with a kern, as the fuzzer's tracked run).
    @Test func cutArabicWordsKeepTheirCaretsInside() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        var failures: [String] = []
        var lines = 0
        for text in ["مرحبا بالعالم", "\u{202B}العربية\u{202C} 123", "كتابخانه‌ها", "سلام دنیا"] {
            var styled = try StyledText(font: font)
            styled.append(text)
            try styled.append("بالعالم", attributes: TextAttributes(kern: 1.5))
            for prepared in [PreparedText(text, font: font), try PreparedText(styled: styled)] {
                for width in stride(from: 8.0, through: 60.0, by: 1.75) {
                    for mode in [LineBreakMode.byCharWrapping, .byWordWrapping] {
                        let layout = try prepared.layout(width: CGFloat(width), lineBreakMode: mode)
                        lines += layout.lineCount
                        failures += Self.problems(layout).map { "\(text) \(width) \(mode): \($0)" }
                    }
                }
            }
        }
        #expect(lines > 500)
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(5))")
    }
}
