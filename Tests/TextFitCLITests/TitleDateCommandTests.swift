import Testing
import TextFit
@testable import TextFitCLI

/// `textfit title-date`: the title + date layout (uikit-semantics.md §5.1) from the command line.
@Suite struct TitleDateCommandTests {
    /// The JSON object: keys in the documented order, frames as {x, y, width, height}.
    @Test func jsonForCase1() {
        let run = runTool(["title-date", "--title", "Title Short", "--date", "Date", "--width", "320", "--json"])
        #expect(run.code == 0)
        #expect(run.errors.isEmpty)
        #expect(
            run.output == [
                #"{"case":1,"titleLines":[{"text":"Title Short","width":81.6494140625,"truncated":false}],"#
                    + #""titleFrame":{"x":0.0,"y":0.0,"width":82.0,"height":24.0},"#
                    + #""dateFrame":{"x":90.0,"y":0.0,"width":38.0,"height":24.0},"#
                    + #""size":{"width":128.0,"height":24.0}}"#
            ])
    }

    /// Each seed title reaches its own case at some width with Noto Sans 17 pt.
    @Test(arguments: [
        (0, "320", 1), (1, "400", 2), (2, "375", 3), (3, "320", 4), (1, "320", 4), (2, "200", 4),
    ])
    func seedCases(seed: Int, width: String, expected: Int) throws {
        let title = SeedExamples.TitleDate.cases[seed]
        let run = runTool(["title-date", "--title", title.title, "--date", title.date, "--width", width, "--json"])
        #expect(run.code == 0)
        let json = try parseJSON(try #require(run.output.first))
        #expect(json["case"] == .int(expected))
        guard case .array(let lines)? = json["titleLines"] else {
            Issue.record("titleLines is not an array")
            return
        }
        #expect(lines.count == (expected == 1 || expected == 2 ? 1 : 2))
        let truncated = lines.last?["truncated"] == .bool(true)
        #expect(truncated == (expected == 4))
        for key in ["x", "y", "width", "height"] {
            #expect(json["titleFrame"]?[key] != nil && json["dateFrame"]?[key] != nil, "\(key)")
        }
        #expect(json["size"]?["width"] != nil && json["size"]?["height"] != nil)
    }

    /// The table names the case, lists the lines and prints both frames.
    @Test func tableForCase4() {
        let title = SeedExamples.TitleDate.cases[3].title
        let run = runTool(["title-date", "--title", title, "--date", "Date", "--width", "320"])
        #expect(run.code == 0)
        let text = run.outputText
        #expect(run.output.first == "case 4: title's last line truncated, date after it")
        #expect(text.contains("Noto Sans Regular, 17 pt; date 17 pt; width 320; spacing 8"))
        #expect(text.contains(#""Title ""#))
        #expect(text.contains("yes"))
        #expect(text.contains("…\""))
        #expect(text.contains("title frame  x 0  y 0  w 270  h 47"))
        #expect(text.contains("date frame   x 278  y 23  w 38  h 24  (line 2)"))
        #expect(text.contains("size         316 x 47"))
    }

    /// Optional flags: spacing, date size, family; an empty title or date is allowed.
    @Test func optionalFlags() throws {
        let spaced = try parseJSON(
            runTool([
                "title-date", "--title", "Title Short", "--date", "Date", "--width", "320",
                "--spacing", "20", "--json",
            ]).output[0])
        #expect(spaced["dateFrame"]?["x"] == .double(102))  // ceil(81.65 + 20)
        let small = try parseJSON(
            runTool([
                "title-date", "--title", "Title Short", "--date", "Date", "--width", "320",
                "--date-size", "12", "--json",
            ]).output[0])
        #expect(small["dateFrame"]?["height"] == .double(17))  // ceil(12 × 1.362)
        let empty = try parseJSON(
            runTool(["title-date", "--title", "", "--date", "Date", "--width", "100", "--json"]).output[0])
        #expect(empty["case"] == .int(1))
        #expect(empty["titleLines"] == .array([]))
        #expect(empty["dateFrame"]?["x"] == .double(0))
        let cjk = runTool([
            "title-date", "--title", "北京欢迎您", "--date", "", "--width", "0",
            "--family", "Droid Sans Fallback", "--json",
        ])
        #expect(cjk.code == 0)
        #expect(try parseJSON(cjk.output[0])["size"]?["width"] == .double(85))
    }

    @Test func unknownFamilyExits3() {
        let run = runTool(["title-date", "--title", "a", "--date", "b", "--width", "100", "--family", "No Such Family"])
        #expect(run.code == 3)
        #expect(run.output.isEmpty)
        #expect(run.errorText.contains("font family 'No Such Family' not found"))
    }

    @Test(arguments: [
        (["title-date", "--date", "b", "--width", "100"], "'title-date' needs --title"),
        (["title-date", "--title", "a", "--width", "100"], "'title-date' needs --date"),
        (["title-date", "--title", "a", "--date", "b"], "'title-date' needs --width"),
        (
            ["title-date", "text", "--title", "a", "--date", "b", "--width", "1"],
            "'title-date' takes no TEXT argument, got 'text'"
        ),
        (
            ["title-date", "--title", "a", "--date", "b", "--width", "-3"],
            "flag '--width' wants a width >= 0 (0, or 1e15 and more, = unconstrained), got '-3'"
        ),
        (["title-date", "--title", "a", "--date", "b", "--width", "wide"], "flag '--width' wants a number, got 'wide'"),
        (
            ["title-date", "--title", "a", "--date", "b", "--width", "9", "--size", "0"],
            "flag '--size' wants a point size > 0 and < 100000, got '0'"
        ),
        (
            ["title-date", "--title", "a", "--date", "b", "--width", "9", "--date-size", "-1"],
            "flag '--date-size' wants a point size > 0 and < 100000, got '-1'"
        ),
        (
            ["title-date", "--title", "a", "--date", "b", "--width", "9", "--spacing", "-1"],
            "flag '--spacing' wants a gap >= 0, got '-1'"
        ),
        (
            ["title-date", "--title", "a", "--date", "b", "--width", "9", "--spaceing", "1"],
            "unknown flag '--spaceing' for 'title-date'; did you mean '--spacing'?"
        ),
        (["title-date", "--title"], "flag '--title' needs a value"),
    ])
    func usageErrorsExit2(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.code == 2)
        #expect(run.output.isEmpty)
        #expect(run.errorText.contains(message), "\(run.errorText)")
        #expect(run.errors.last?.contains("run 'textfit --help'") == true)
    }

    @Test func helpDocumentsTheCommand() {
        #expect(Help.full.contains("textfit title-date"))
        let section = TitleDateCommand.help
        for option in TitleDateCommand.options { #expect(section.contains(option.name), "\(option.name)") }
        for key in ["\"case\"", "\"titleLines\"", "\"titleFrame\"", "\"dateFrame\"", "\"size\"", "\"truncated\""] {
            #expect(section.contains(key), "\(key)")
        }
        let viaFlag = runTool(["title-date", "--help"])
        #expect(viaFlag.code == 0)
        #expect(viaFlag.output == runTool(["help", "title-date"]).output)
        #expect(viaFlag.outputText == Help.command("title-date"))
        #expect(runTool(["title-dat"]).errorText.contains("did you mean 'title-date'?"))
    }
}
