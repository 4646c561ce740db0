import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// Issue 41: a case's (and a run's) `weight` takes every `Font.Weight` name as UIKit spells it
/// (`UIFont.Weight`: ultraLight … black, rules S8/S9), beside the numbers 100–900; a near miss names the
/// spelling meant.
@Suite struct BatchWeightNamesTests {
    /// The bundled variable Inter, which the family "Inter" is at every upright weight (rule F10).
    static let inter = BundledFonts.interVariablePath ?? ""
    /// Each name and its number: ultraLight is 100 (Inter's Thin), thin is 200 (its ExtraLight).
    static let names: [(name: String, number: Int)] = [
        ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500), ("semibold", 600),
        ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    private static func width(_ line: String) throws -> JSONValue? {
        let run = runTool(["batch"], input: [line])
        #expect(run.code == 0, "\(run.output)")
        return try parseJSON(try #require(run.output.first))["width"]
    }

    /// Every name measures as its number and as the family's file at that weight: the independent check.
    /// (Before F10 that was the system's static file of that weight class, Inter-SemiBold.otf for 600.)
    @Test(arguments: names.indices)
    func eachNameGivesItsFace(index: Int) throws {
        let (name, number) = Self.names[index]
        let text = "Quarterly results: 1,234 items"
        let byName = try Self.width(#"{"id":1,"text":"\#(text)","family":"Inter","weight":"\#(name)"}"#)
        #expect(byName == (try Self.width(#"{"id":1,"text":"\#(text)","family":"Inter","weight":\#(number)}"#)), "\(name)")
        let file = #"{"id":1,"text":"\#(text)","fontFile":"\#(Self.inter)","variations":{"wght":\#(number)}}"#
        #expect(byName == (try Self.width(file)), "\(name)")
        // And in a run over the case's family.
        let run = try Self.width(
            #"{"id":1,"text":"\#(text)","family":"Inter","runs":[{"start":0,"end":30,"weight":"\#(name)"}]}"#)
        #expect(run == byName, "\(name)")
    }

    /// A bundled family has regular and bold faces only: semibold and above take bold (S8).
    @Test func aBundledFamilyTakesTheNearerFace() throws {
        let text = "Hello world"
        let bold = try Self.width(#"{"id":1,"text":"\#(text)","weight":"bold"}"#)
        let regular = try Self.width(#"{"id":1,"text":"\#(text)"}"#)
        for name in ["semibold", "heavy", "black"] {
            #expect(try Self.width(#"{"id":1,"text":"\#(text)","weight":"\#(name)"}"#) == bold)
        }
        for name in ["ultraLight", "thin", "light", "medium"] {
            #expect(try Self.width(#"{"id":1,"text":"\#(text)","weight":"\#(name)"}"#) == regular)
        }
    }

    /// A near miss or a CSS keyword is refused with the UIKit spelling meant.
    @Test func aMisspeltNameSuggestsTheOneMeant() throws {
        let cases = [
            ("semiBold", "semibold"), ("semi-bold", "semibold"), ("Bold", "bold"), ("ultralight", "ultraLight"),
            ("normal", "regular"), ("extraBold", "heavy"), ("bolld", "bold"),
        ]
        for (given, meant) in cases {
            let run = runTool(["batch"], input: [#"{"id":"w","text":"Hi","weight":"\#(given)"}"#])
            let error = try parseJSON(try #require(run.output.first))["error"]
            guard case .string(let message)? = error else { Issue.record("no error for \(given)"); continue }
            #expect(message.hasSuffix("got '\(given)'; did you mean '\(meant)'?"), "\(message)")
        }
        let run = runTool(["batch"], input: [#"{"id":"w","text":"Hi","weight":"fat"}"#])
        #expect(run.output.first?.hasSuffix(#"got 'fat'"}"#) == true, "\(run.output)")
    }
}
