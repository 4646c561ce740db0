import Foundation
import Testing
@testable import TextFitCLI

/// The command line's errors read the same through `localizedDescription` as through `description`.
@Suite struct CLIErrorDescriptionTests {
    @Test func localizedDescriptionIsTheDescription() throws {
        var parseError: (any Error)?
        do { _ = try JSONReader.parse("{nope") } catch { parseError = error }
        let thrown = try #require(parseError as? JSONReader.ParseError)
        let errors: [any Error & CustomStringConvertible] = [
            thrown, JSONReader.ParseError(description: "invalid JSON"),
            UsageError(message: "unknown flag '--bogus'"), CaseError(message: "field 'text' must be a string"),
            OutputFile.WriteError(description: "cannot write /nonexistent/x.png"),
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
    }
}
