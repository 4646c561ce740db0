import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// Issue 41: a case's (and a run's) `weight` takes every `Font.Weight` name as UIKit spells it
/// (`UIFont.Weight`: ultraLight … black, rules S8/S9), beside the numbers 100–900; a near miss names the
/// spelling meant.
@Suite struct BatchWeightNamesTests {
    static let inter = "/usr/share/fonts/opentype/inter/"
    /// Each name, its number, and the Inter file Fontconfig should give for it: the file whose OS/2 weight
    /// class is that number (ultraLight is 100, Inter's Thin; thin is 200, its ExtraLight).
    static let names: [(name: String, number: Int, file: String)] = [
        ("ultraLight", 100, "Inter-Thin.otf"), ("thin", 200, "Inter-ExtraLight.otf"), ("light", 300, "Inter-Light.otf"),
        ("regular", 400, "Inter-Regular.otf"), ("medium", 500, "Inter-Medium.otf"),
        ("semibold", 600, "Inter-SemiBold.otf"), ("bold", 700, "Inter-Bold.otf"), ("heavy", 800, "Inter-ExtraBold.otf"),
        ("black", 900, "Inter-Black.otf"),
    ]

    private static func width(_ line: String) throws -> JSONValue? {
        let run = runTool(["batch"], input: [line])
        #expect(run.code == 0, "\(run.output)")
        return try parseJSON(try #require(run.output.first))["width"]
    }

    /// Every name measures as its number and as the face file of that weight: the independent check.
    @Test(arguments: names.indices)
    func eachNameGivesItsFace(index: Int) throws {
        let (name, number, file) = Self.names[index]
        let text = "Quarterly results: 1,234 items"
        let byName = try Self.width(#"{"id":1,"text":"\#(text)","family":"Inter","weight":"\#(name)"}"#)
        #expect(byName == (try Self.width(#"{"id":1,"text":"\#(text)","family":"Inter","weight":\#(number)}"#)), "\(name)")
        #expect(byName == (try Self.width(#"{"id":1,"text":"\#(text)","fontFile":"\#(Self.inter + file)"}"#)), "\(name)")
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
