import Foundation
import Testing
import TextFit
@testable import TextFitCLI

@Suite struct DemoCommandTests {
    @Test func seedExamplesAreComplete() {
        #expect(SeedExamples.FeedRows.texts.count == 12)
        #expect(SeedExamples.TitleDate.cases.map(\.number) == [1, 2, 3, 4])
        #expect(SeedExamples.LabelSizeToFit.text == "北京欢迎您！！！")
    }

    @Test func printsAllThreeSections() {
        let run = runTool(["demo"])
        #expect(run.code == 0)
        #expect(run.errors.isEmpty)
        let text = run.outputText
        #expect(text.contains("1. Feed rows"))
        #expect(text.contains("wrap width 355 pt"))
        #expect(text.contains("2. Label \"北京欢迎您！！！\" at 20 pt"))
        #expect(text.contains("iOS:     163.5 x 24 pt"))
        #expect(text.contains("3. Title + date"))
        // One table row per feed row, numbered 1 to 12.
        for row in 1...12 { #expect(run.output.contains { $0.hasPrefix(String(format: "   %3d  ", row)) }, "row \(row)") }
    }

    /// Without `--out` no picture is written, and the last line says how to get one.
    @Test func withoutOutItSaysHowToGetThePicture() {
        let run = runTool(["demo"])
        #expect(run.code == 0)
        #expect(
            run.output.last == "Picture: none written; run 'textfit demo --out DIR' to draw the feed rows and the "
                + "title + date cases into DIR/demo.png")
        #expect(run.output.dropLast().last == "")
    }

    @Test func feedRowHeightsFollowTheRule() throws {
        // Row height = ceilToPixel(lines × lineHeight) + 20 with the label at 355 pt.
        let font = try Font.systemFont(ofSize: 15)
        let text = SeedExamples.FeedRows.texts[4]
        let lines = try PreparedText(text, font: font).layout(width: 355).lineCount
        let expected = TextTable.number(ceilToPixel(CGFloat(lines) * font.lineHeight) + 20)
        let row = try #require(runTool(["demo"]).output.first { $0.hasPrefix("     5  ") })
        #expect(row.contains("  \(lines)  "))
        #expect(row.contains(" \(expected) "))
    }

    @Test func labelSizeIsSizeThatFitsAtScale2() throws {
        let prepared = PreparedText("北京欢迎您！！！", font: try Font.systemFont(ofSize: 20))
        let size = try prepared.sizeThatFits(CGSize(width: 0, height: 0), numberOfLines: 1, scale: 2)
        let run = runTool(["demo"])
        #expect(run.output.contains { $0.contains("TextFit: \(TextTable.size(size)) pt") })
    }

    @Test func takesNoArguments() {
        let run = runTool(["demo", "extra"])
        #expect(run.code == 2)
        #expect(run.errorText.contains("'demo' takes no arguments, got 'extra'"))
    }
}

/// The demo's layout-module sections: the title + date seeds laid out, and a label truncated at 2 lines.
@Suite struct DemoLayoutSectionTests {
    @Test func titleDateSeedCases() throws {
        let run = runTool(["demo"])
        #expect(run.code == 0)
        let text = run.outputText
        #expect(text.contains("4. Title + date layout"))
        // Case by seed at 200, 260, 320, 375 and 400 pt.
        #expect(run.output.contains("      1      1      1      1      1      1  Title Short"))
        #expect(run.output.contains { $0.hasPrefix("      2      4      4      4      3      2  ") })
        #expect(run.output.contains { $0.hasPrefix("      3      4      4      4      3      3  ") })
        #expect(run.output.contains { $0.hasPrefix("      4      4      4      4      4      3  ") })
        for (seed, description) in [
            (1, "1: date after"), (2, "2: date alone"), (3, "3: date after the title's last"),
            (4, "4: title's last line truncated"),
        ] {
            #expect(text.contains("seed \(seed) at") && text.contains("-> case \(description)"), "seed \(seed)")
        }
        #expect(text.contains("date frame   x 90  y 0  w 38  h 24  (line 1)"))
    }

    @Test func labelTruncatedAtTwoLines() {
        let run = runTool(["demo"])
        let text = run.outputText
        #expect(text.contains("5. Label, numberOfLines 2, byTruncatingTail, 17 pt, 150 pt wide"))
        #expect(text.contains("ellipsis (tail) on line 2"))
        #expect(text.contains("truncated: yes"))
        #expect(text.contains("sizeThatFits(150 x 0): @1x "))
        #expect(text.contains(" x 47, @2x "))  // 2 lines: ceil(2 × 23.154)
    }
}
