import Testing
@testable import TextFitCLI

@Suite struct ArgumentsTests {
    let options: [OptionSpec] = [.option("--width", "a number"), .option("--family", "a family name"), .flag("--json")]

    @Test func splitsFlagsValuesAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["Hello", "--width", "80", "--json", "--family=Noto Sans"],
            options: options, command: "measure")
        #expect(parsed.positionals == ["Hello"])
        #expect(parsed.values == ["--width": "80", "--family": "Noto Sans"])
        #expect(parsed.flags == ["--json"])
        #expect(!parsed.wantsHelp)
    }

    @Test func doubleDashEndsFlagsAndNegativeNumbersArePositional() throws {
        let parsed = try ArgumentParser.parse(["--", "--json"], options: options, command: "measure")
        #expect(parsed.positionals == ["--json"])
        #expect(parsed.flags.isEmpty)
        let negative = try ArgumentParser.parse(["-5"], options: options, command: "measure")
        #expect(negative.positionals == ["-5"])
    }

    @Test func negativeValueIsTakenSoItsCheckCanExplainIt() throws {
        let parsed = try ArgumentParser.parse(["x", "--width", "-3"], options: options, command: "measure")
        #expect(parsed.values["--width"] == "-3")
    }

    @Test func helpIsRecognisedAnywhere() throws {
        #expect(try ArgumentParser.parse(["x", "-h"], options: options, command: "measure").wantsHelp)
        #expect(try ArgumentParser.parse(["--help"], options: [], command: "batch").wantsHelp)
    }

    @Test(arguments: [
        (["--widht", "3"], "unknown flag '--widht' for 'measure'; did you mean '--width'?"),
        (["--bogus"], "unknown flag '--bogus' for 'measure'"),
        (["--width"], "flag '--width' needs a value (a number)"),
        (["--family", "--json"], "flag '--family' needs a value (a family name)"),
        (["--width", "1", "--width", "2"], "flag '--width' is given more than once"),
        (["--json=yes"], "flag '--json' takes no value"),
    ])
    func rejectsBadFlags(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message)) {
            try ArgumentParser.parse(arguments, options: options, command: "measure")
        }
    }

    @Test func typedValuesNameTheFlag() throws {
        let parsed = try ArgumentParser.parse(
            ["--width", "abc", "--family", "1.5"], options: options,
            command: "measure")
        #expect(throws: UsageError(message: "flag '--width' wants a number, got 'abc'")) { try parsed.number("--width") }
        #expect(throws: UsageError(message: "flag '--family' wants a whole number >= 0, got '1.5'")) {
            try parsed.count("--family")
        }
        #expect(try parsed.number("--missing") == nil)
    }

    @Test func nanAndHexAreNotNumbers() throws {
        for text in ["nan", "0x10", "1_0", ""] {
            let parsed = ParsedArguments(values: ["--width": text])
            #expect(throws: UsageError.self) { try parsed.number("--width") }
        }
        #expect(try ParsedArguments(values: ["--width": "1e2"]).number("--width") == 100)
    }

    @Test func suggestsTheClosestCandidate() {
        #expect(ArgumentParser.closest(to: "mesure", among: ["measure", "batch"]) == "measure")
        #expect(ArgumentParser.closest(to: "zzzzzz", among: ["measure", "batch"]) == nil)
    }
}
