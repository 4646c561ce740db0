import Testing
@testable import TextFitCLI

@Suite struct MeasureCommandTests {
    @Test func jsonEqualsBatchObjectForTheSameCase() {
        let measured = runTool([
            "measure", "Hello wonderful world", "--width", "90", "--lines", "2",
            "--mode", "truncateMiddle", "--size", "15", "--family", "Noto Sans", "--json",
        ])
        let batched = runTool(
            ["batch"],
            input: [
                #"{"id": null, "text": "Hello wonderful world", "width": 90, "maxLines": 2, "lineBreakMode": "truncateMiddle", "size": 15, "family": "Noto Sans"}"#
            ])
        #expect(measured.code == 0)
        #expect(measured.output.count == 1)
        #expect(measured.output == batched.output)
    }

    @Test func tableShowsLinesTotalsAndCeiledSizes() {
        let run = runTool(["measure", "Hello world", "--width", "60"])
        #expect(run.code == 0)
        let text = run.outputText
        #expect(text.contains("Noto Sans Regular, 17 pt"))
        #expect(text.contains("line  start  end"))
        #expect(text.contains(#""Hello ""#))
        #expect(text.contains(#""world""#))
        #expect(text.contains("lines    2"))
        #expect(text.contains("@1x 46 x 47"))
        #expect(text.contains("@2x "))
        #expect(text.contains("@3x "))
    }

    @Test func unknownFamilyExits3NamingTheFamily() {
        let run = runTool(["measure", "Hi", "--family", "No Such Family"])
        #expect(run.code == 3)
        #expect(run.output.isEmpty)
        #expect(run.errorText.contains("font family 'No Such Family' not found"))
    }

    @Test func missingFontFileExits3() {
        let run = runTool(["measure", "Hi", "--font-file", "/no/such.ttf", "--face-index", "1"])
        #expect(run.code == 3)
        #expect(run.errorText.contains("/no/such.ttf"))
    }

    @Test(arguments: [
        (["measure"], "'measure' needs the TEXT to measure"),
        (["measure", "a", "b"], "'measure' takes one TEXT, got 2 arguments ('b' is extra)"),
        (["measure", "a", "--size", "0"], "flag '--size' wants a point size > 0 and < 100000, got '0'"),
        (["measure", "a", "--size", "inf"], "flag '--size' wants a point size > 0 and < 100000, got 'inf'"),
        (["measure", "a", "--size", "big"], "flag '--size' wants a number, got 'big'"),
        (
            ["measure", "a", "--width", "-3"],
            "flag '--width' wants a width >= 0 (0, or 1e15 and more, = unconstrained), got '-3'"
        ),
        (["measure", "a", "--lines", "-1"], "flag '--lines' wants a whole number >= 0, got '-1'"),
        (["measure", "a", "--lines", "two"], "flag '--lines' wants a whole number >= 0, got 'two'"),
        (
            ["measure", "a", "--mode", "wrap"],
            "flag '--mode' wants one of wordWrap, charWrap, clip, truncateHead, truncateTail, truncateMiddle, got 'wrap'"
        ),
        (["measure", "a", "--face-index", "1"], "flag '--face-index' needs '--font-file'"),
        (["measure", "a", "--family", "X", "--font-file", "y.ttf"], "give either '--family' or '--font-file', not both"),
        (["measure", "a", "--lnes", "2"], "unknown flag '--lnes' for 'measure'; did you mean '--lines'?"),
        (["measure", "a", "--mode"], "flag '--mode' needs a value"),
    ])
    func usageErrorsExit2WithMessageAndHint(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.code == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.first?.hasPrefix("textfit: \(message)") == true, "\(run.errors)")
        #expect(run.errors.last == "hint: run 'textfit --help' for every command, flag and default")
    }

    @Test func flagsBecomeACase() throws {
        let parsed = try ArgumentParser.parse(
            [
                "T", "--font-file=/f.ttc", "--face-index", "2", "--size", "12.5",
                "--width", "0", "--lines", "3", "--mode", "charWrap",
            ],
            options: MeasureCommand.options, command: "measure")
        let request = try MeasureCommand.makeRequest(parsed)
        #expect(
            request.measureCase
                == MeasureCase(
                    text: "T", font: .file(path: "/f.ttc", faceIndex: 2), size: 12.5,
                    width: nil, maxLines: 3, lineBreakMode: .byCharWrapping))
        #expect(!request.json)
    }

    @Test func textStartingWithDashAfterDoubleDash() {
        let run = runTool(["measure", "--json", "--", "--not-a-flag"])
        #expect(run.code == 0)
        #expect(run.output.first?.contains(#""text":"--not-a-flag""#) == true)
    }
}
