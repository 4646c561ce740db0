import Testing
@testable import TextFitCLI

/// `textfit batch` with `paragraph.tabStops` (architecture.md, "Styled text"; rule P10): locations,
/// `{location, alignment, columnTerminators}` objects, decimal stops, and bad stops named in the error.
@Suite struct BatchTabStopsTests {
    static func width(_ output: String) throws -> Double? {
        guard case .double(let width)? = try parseJSON(output)["width"] else { return nil }
        return width
    }

    /// A decimal stop with "," as its terminator puts the comma at 140: the line is 140 + ",50" wide,
    /// as wide as "." with the default terminator; the column without a separator ends at 140, as at a
    /// right stop.
    @Test func decimalStops() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"Total\t12,50","width":300,"paragraph":{"tabStops":[{"location":140,"alignment":"decimal","columnTerminators":","}]}}"#,
                #"{"id":2,"text":"Total\t12.50","width":300,"paragraph":{"tabStops":[{"location":140,"alignment":"decimal"}]}}"#,
                #"{"id":3,"text":"Total\t1250","width":300,"paragraph":{"tabStops":[{"location":140,"alignment":"decimal"}]}}"#,
                #"{"id":4,"text":"Total\t12,50","width":300,"paragraph":{"tabStops":[{"location":140,"alignment":"decimal"}]}}"#,
                #"{"id":5,"text":",50","width":300}"#,
            ])
        #expect(run.code == 0)
        let widths = try run.output.map { try Self.width($0) }
        let comma = try #require(widths[4])
        #expect(abs((try #require(widths[0])) - (140 + comma)) <= 2.0 / 1024)
        #expect(widths[0] == widths[1])
        #expect(widths[2] == 140)
        #expect(widths[3] == 140)  // "," is no terminator by default: a right column
        #expect(run.output[0].contains(#""visual":[{"start":0,"end":11,"rtl":false}]"#))
    }

    /// A plain case and one with a paragraph style that changes nothing give the same answer: the default
    /// stops every 28 pt (P10; issue 41: the plain case measured the tab as a space).
    @Test func plainCaseUsesTheDefaultStops() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"a\tb"}"#,
                #"{"id":2,"text":"a\tb","paragraph":{"lineSpacing":0}}"#,
                #"{"id":3,"text":"b"}"#,
            ])
        #expect(run.code == 0)
        let widths = try run.output.map { try Self.width($0) }
        #expect(widths[0] == widths[1])
        #expect(abs((try #require(widths[0])) - (28 + (try #require(widths[2])))) <= 1.0 / 1024)
    }

    /// The forms the contract had keep their meaning: numbers are left stops, objects default to left.
    @Test func numbersAndObjectsAgree() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"a\tb","paragraph":{"tabStops":[100]}}"#,
                #"{"id":2,"text":"a\tb","paragraph":{"tabStops":[{"location":100}]}}"#,
                #"{"id":3,"text":"a\tb","paragraph":{"tabStops":[{"location":100,"alignment":"left"}]}}"#,
            ])
        #expect(run.code == 0)
        let widths = try run.output.map { try Self.width($0) }
        #expect(widths[0] != nil && widths[0] == widths[1] && widths[1] == widths[2])
    }

    /// Bad stops are the case's error naming `paragraph.tabStops.<field>`.
    @Test func badStopsNameTheField() throws {
        let run = runTool(
            ["batch"],
            input: [
                #"{"id":1,"text":"a","paragraph":{"tabStops":[{"location":140,"alignment":"decimal","columnTerminators":""}]}}"#,
                #"{"id":2,"text":"a","paragraph":{"tabStops":[{"location":140,"alignment":"up"}]}}"#,
                #"{"id":3,"text":"a","paragraph":{"tabStops":[{"location":140,"columnTerminator":","}]}}"#,
                #"{"id":4,"text":"a","paragraph":{"tabStops":[{"location":140,"columnTerminators":5}]}}"#,
                #"{"id":5,"text":"a","paragraph":{"tabStops":[{"location":-3}]}}"#,
                #"{"id":6,"text":"a","paragraph":{"tabStops":[{"location":"x"}]}}"#,
            ])
        #expect(run.code == 1)
        let fields = [
            "tabStops.columnTerminators' must hold", "tabStops.alignment", "tabStops.columnTerminators'?",
            "tabStops.columnTerminators' must be a string", "tabStops.location", "tabStops.location",
        ]
        for (output, field) in zip(run.output, fields) {
            #expect(output.contains(#""error":"#) && output.contains(field), "\(output)")
        }
    }
}
