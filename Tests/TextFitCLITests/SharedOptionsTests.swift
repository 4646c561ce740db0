import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// Issues 39 and 41: every command that takes a font takes the same flags (`SharedOptions.font`:
/// `--family`, `--font-file`, `--face-index`, `--size`, `--weight`, `--italic`), checked and documented
/// once; `measure --weight/--italic` pick the face a batch case's `weight`/`italic` pick.
@Suite struct SharedOptionsTests {
    static let fontCommands: [any Command.Type] = [
        MeasureCommand.self, RenderCommand.self, TitleDateCommand.self,
        ButtonCommand.self,
    ]

    @Test func everyFontCommandTakesAndDocumentsTheFontFlags() {
        for command in Self.fontCommands {
            for option in SharedOptions.font {
                #expect(command.options.contains { $0.name == option.name }, "\(command.name) \(option.name)")
                #expect(command.help.contains(option.name), "\(command.name) \(option.name)")
            }
            // Each flag a command takes is documented in its own section.
            for option in command.options { #expect(command.help.contains(option.name), "\(command.name) \(option.name)") }
        }
        for command in [MeasureCommand.self, RenderCommand.self, TitleDateCommand.self] as [any Command.Type] {
            #expect(command.options.contains { $0.name == SharedOptions.width.name }, "\(command.name)")
        }
    }

    private func measuredWidth(_ arguments: [String]) throws -> JSONValue? {
        let run = runTool(["measure"] + arguments + ["--json"])
        #expect(run.code == 0, "\(arguments): \(run.errors)")
        return try parseJSON(try #require(run.output.first))["width"]
    }

    /// The face a weight name picks is the file of that weight (Inter's SemiBold), measured directly.
    @Test func measureWeightPicksTheFamilysFace() throws {
        let text = "Quarterly results"
        let semibold = try measuredWidth([text, "--family", "Inter", "--weight", "semibold"])
        #expect(
            semibold == (try measuredWidth([text, "--font-file", "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"])))
        #expect(semibold == (try measuredWidth([text, "--family", "Inter", "--weight", "600"])))
        #expect(semibold != (try measuredWidth([text, "--family", "Inter"])))
        // The same as a batch case with the same weight.
        let batch = runTool(["batch"], input: [#"{"id":1,"text":"\#(text)","family":"Inter","weight":"semibold"}"#])
        #expect(try parseJSON(try #require(batch.output.first))["width"] == semibold)
    }

    /// `--italic` on a bundled family is its italic file; with `--weight bold` its bold italic file.
    @Test func measureItalicPicksTheItalicFace() throws {
        let text = "Hello, world"
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fonts")
            .standardized
        #expect(
            try measuredWidth([text, "--italic"])
                == (try measuredWidth([text, "--font-file", fonts.appendingPathComponent("NotoSans-Italic.ttf").path])))
        #expect(
            try measuredWidth([text, "--italic", "--weight", "bold"])
                == (try measuredWidth([text, "--font-file", fonts.appendingPathComponent("NotoSans-BoldItalic.ttf").path])))
        let table = runTool(["measure", text, "--italic"])
        #expect(table.outputText.contains("Noto Sans Italic"), "\(table.output)")
    }

    @Test func badFontFlagsAreUsageErrorsNamingTheFlag() {
        let cases: [([String], String)] = [
            (
                ["--weight", "semiBold"],
                "flag '--weight' wants a weight name (ultraLight, thin, light, regular, medium, "
                    + "semibold, bold, heavy, black) or a number from 100 to 900, got 'semiBold'; did you mean 'semibold'?"
            ),
            (["--weight", "1000"], "got '1000'"),
            (["--weight", "0x258"], "got '0x258'"),
            (
                ["--font-file", "/x.ttf", "--weight", "bold"],
                "flag '--weight' picks a family's face; a font file is one face"
            ),
            (["--font-file", "/x.ttf", "--italic"], "flag '--italic' picks a family's face"),
            (["--italic=yes"], "flag '--italic' takes no value"),
            (["--family", "Noto Sans", "--font-file", "/x.ttf"], "give either '--family' or '--font-file', not both"),
        ]
        for command in ["measure", "title-date", "button"] {
            let base: [String] =
                command == "measure"
                ? ["Hi"]
                : command == "button"
                    ? ["--title", "Hi"]
                    : ["--title", "Hi", "--date", "Now", "--width", "200"]
            for (flags, message) in cases {
                let run = runTool([command] + base + flags)
                #expect(run.code == 2, "\(command) \(flags)")
                #expect(run.errors.first?.contains(message) == true, "\(command) \(flags): \(run.errors)")
            }
        }
        // A case given as JSON sets the face itself.
        let clash = runTool(["measure", "--case", #"{"text":"Hi"}"#, "--italic"])
        #expect(clash.errors.first == "textfit: flag '--italic' and '--case' both set it: put the value in the case")
    }

    /// title-date and button take the face and a font file too, and answer in it.
    @Test func titleDateAndButtonUseTheChosenFace() throws {
        func titleWidth(_ flags: [String]) throws -> JSONValue? {
            let run = runTool(
                ["title-date", "--title", "Quarterly results", "--date", "Today", "--width", "400", "--json"] + flags)
            #expect(run.code == 0, "\(flags): \(run.errors)")
            return try parseJSON(try #require(run.output.first))["titleLines"].flatMap { lines -> JSONValue? in
                guard case .array(let items) = lines else { return nil }
                return items.first?["width"]
            }
        }
        let bold = try titleWidth(["--family", "Inter", "--weight", "bold"])
        #expect(bold == (try titleWidth(["--font-file", "/usr/share/fonts/opentype/inter/Inter-Bold.otf"])))
        #expect(bold != (try titleWidth(["--family", "Inter"])))

        func titleRect(_ flags: [String]) throws -> JSONValue? {
            let run = runTool(["button", "--title", "Download", "--json"] + flags)
            #expect(run.code == 0, "\(flags): \(run.errors)")
            return try parseJSON(try #require(run.output.first))["titleRect"]
        }
        let italic = try titleRect(["--italic"])
        #expect(italic != (try titleRect([])))
        let missing = runTool(["button", "--title", "Download", "--font-file", "/no/such/font.ttf"])
        #expect(missing.code == 3, "\(missing.errors)")
    }
}
