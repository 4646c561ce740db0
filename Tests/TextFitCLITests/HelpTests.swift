import Testing
import TextFit
@testable import TextFitCLI

@Suite struct HelpTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpGoesToStdoutWithExit0(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.code == 0)
        #expect(run.errors.isEmpty)
        #expect(run.outputText == Help.full)
    }

    @Test func documentsEveryCommandFlagFieldAndExitCode() {
        let help = Help.full
        for command in ["measure", "batch", "breaks", "demo", "--version"] { #expect(help.contains("textfit \(command)")) }
        for option in MeasureCommand.options { #expect(help.contains(option.name), "\(option.name)") }
        for field in MeasureCase.jsonFields { #expect(help.contains(field), "\(field)") }
        for mode in LineBreakMode.allCases { #expect(help.contains(mode.rawValue)) }
        for code in ["0  success", "1  some records failed", "2  usage error", "3  font or dependency missing"] {
            #expect(help.contains(code))
        }
    }

    /// Issue 39: each command owns its section, which documents every flag the command takes, and the
    /// full help is the sections in the dispatcher's order.
    @Test func eachCommandsSectionDocumentsItsFlags() {
        for command in CommandLineTool.commandTypes {
            #expect(command.help.hasPrefix("textfit \(command.name)"), "\(command.name)")
            for option in command.options { #expect(command.help.contains(option.name), "\(command.name) \(option.name)") }
            #expect(Help.command(command.name) == command.help + "\n\n" + Help.exitCodes)
        }
        let sections = CommandLineTool.commandTypes.map { Help.full.range(of: $0.help)?.lowerBound }
        #expect(sections.allSatisfy { $0 != nil } && sections.map { $0! } == sections.map { $0! }.sorted())
    }

    @Test(arguments: ["measure", "batch", "breaks", "demo"])
    func commandHelp(command: String) throws {
        let viaFlag = runTool([command, "--help"])
        let viaHelp = runTool(["help", command])
        #expect(viaFlag.code == 0)
        #expect(viaHelp.code == 0)
        #expect(viaFlag.output == viaHelp.output)
        #expect(viaFlag.outputText == Help.command(command))
    }

    @Test func helpForUnknownTopicIsAUsageError() {
        let run = runTool(["help", "frobnicate"])
        #expect(run.code == 2)
        #expect(run.errorText.contains("no help for 'frobnicate'"))
    }

    @Test func versionPrintsTextFitAndLibraries() {
        let run = runTool(["--version"])
        #expect(run.code == 0)
        #expect(run.output == ["textfit \(TextFitInfo.version)", TextFitInfo.libraryVersions])
        #expect(run.outputText.contains("harfbuzz"))
    }

    @Test func noCommandOrUnknownCommandIsAUsageError() {
        let none = runTool([])
        #expect(none.code == 2)
        #expect(none.errorText.contains("no command given"))
        let unknown = runTool(["mesure", "x"])
        #expect(unknown.code == 2)
        #expect(unknown.errors.first == "textfit: unknown command 'mesure'; did you mean 'measure'?")
        #expect(unknown.errors.last?.contains("run 'textfit --help'") == true)
        let flag = runTool(["--verbose"])
        #expect(flag.code == 2)
        #expect(flag.errorText.contains("unknown flag '--verbose'"))
    }
}
