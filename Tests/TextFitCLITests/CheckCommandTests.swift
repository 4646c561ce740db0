import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit check` end to end, in process (issue 33): exit codes, the JSON Lines, the table, JUnit, the
/// contact sheets, `--pseudo`, unchecked keys, bad input.
@Suite struct CheckCommandTests {
    func setUp(_ constraints: String, name: String = #function) throws -> (catalog: String, constraints: String, folder: URL)
    {
        let folder = try checkFolder(name)
        return (
            try writeFile(folder, "Localizable.xcstrings", handMadeCatalog), try writeFile(folder, "c.json", constraints),
            folder
        )
    }

    static let narrow = #"""
        {"defaults": {"family": "Noto Sans", "size": 17, "width": 100, "maxLines": 1},
         "keys": [{"match": "photos.*", "maxLines": 2, "placeholders": {"%@": "Jo"}},
                  {"match": "Only*", "width": null},
                  {"match": "Done", "width": 1000}],
         "placeholders": {"%lld": "3"}}
        """#

    @Test func jsonLinesOnePerKeyLanguageVariation() throws {
        let files = try setUp(Self.narrow)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints, "--json"])
        #expect(run.code == 1)
        let objects = try run.output.map(parseJSON)
        #expect(objects.count == 17)
        // The contract's key order, as written (the reader sorts keys, so the raw lines are looked at).
        let order = [
            "\"key\":", "\"language\":", "\"variation\":", "\"text\":", "\"fits\":", "\"lineCount\":",
            "\"width\":", "\"overflow\":", "\"truncated\":",
        ]
        for line in run.output {
            let offsets = order.map { line.range(of: $0)?.lowerBound }
            #expect(offsets.allSatisfy { $0 != nil } && offsets.map { $0! } == offsets.map { $0! }.sorted(), "\(line)")
        }
        let done = checkObject(objects, "Done", "de")
        #expect(done?["fits"] == .bool(true))
        #expect(done?["overflow"] == .double(0))
        #expect(done?["variation"] == .null)
        let sent = checkObject(objects, "photos.sent", "en", "count.plural.other")
        #expect(sent?["text"] == .string("Jo sent 3 photos"))
        let battery = checkObject(objects, "Battery at 100%% (%.1f h left)", "de")
        #expect(battery?["text"] == .string("Akku bei 100% (noch 99999.9 h)"))
        // Unchecked: no width after the entries; its measures are null.
        let only = checkObject(objects, "Only English", "en")
        #expect(only?["fits"] == .null)
        #expect(run.errorText.contains("unchecked, no width in the constraints: \"Only English\""))
        #expect(run.errorText.contains("\"Only English [de]\""))
    }

    @Test func oneLineOverflowIsTheWidthPastTheLabel() throws {
        let files = try setUp(Self.narrow)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints, "--json"])
        let objects = try run.output.map(parseJSON)
        let tap = checkObject(objects, "tap.to.continue", "de", "device.mac")
        // Independent: the one-line width of the same text, font and size, minus the label's 100 pt.
        let oneLine = try PreparedText("Zum Fortfahren klicken", font: Font(family: "Noto Sans", size: 17)).measure().size
            .width
        guard case .double(let overflow)? = tap?["overflow"] else { Issue.record("no overflow"); return }
        #expect(abs(overflow - Double(oneLine - 100)) < 1e-9)
        #expect(tap?["fits"] == JSONValue.bool(false))
        #expect(tap?["truncated"] == JSONValue.bool(true))
    }

    @Test func tableNamesTheOffendersAndExitsOne() throws {
        let files = try setUp(Self.narrow)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints])
        #expect(run.code == 1)
        #expect(run.output.first?.hasPrefix("KEY") == true)
        #expect(run.output.contains { $0.hasPrefix("tap.to.continue") && $0.contains("device.mac") && $0.contains(" pt") })
        #expect(run.output.last?.contains("strings overflow") == true)
    }

    @Test func allFitExitsZero() throws {
        let files = try setUp(#"{"defaults": {"width": 2000}}"#)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints])
        #expect(run.code == 0)
        #expect(run.output == [run.output.last!])
        #expect(run.output.last?.hasPrefix("0 of 17 strings overflow") == true)
    }

    @Test func junitAndContactSheets() throws {
        let files = try setUp(Self.narrow)
        let junit = files.folder.appendingPathComponent("report.xml").path
        let png = files.folder.appendingPathComponent("sheets").path
        let run = runTool(["check", files.catalog, "--constraints", files.constraints, "--junit", junit, "--png", png])
        #expect(run.code == 1)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "JUnit output is well-formed XML")
        #expect(xml.contains(#"<testsuite name="de""#))
        #expect(xml.contains(#"<failure type="overflow""#))
        #expect(xml.contains(#"<skipped message="no width in the constraints"/>"#))
        let sheets = try FileManager.default.contentsOfDirectory(atPath: png).sorted()
        #expect(sheets == ["de.png", "en.png"])
        let data = try Data(contentsOf: URL(fileURLWithPath: png).appendingPathComponent("de.png"))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func pseudoLanguagesForUntranslatedKeys() throws {
        let files = try setUp(#"{"defaults": {"width": 2000}}"#)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints, "--json", "--pseudo"])
        let pseudo = try run.output.map(parseJSON).filter { object in
            guard case .string(let language)? = object["language"] else { return false }
            return language.hasPrefix("pseudo")
        }
        // Only "Only English" lacks a translation (German).
        #expect(pseudo.map { $0["key"] } == [.string("Only English"), .string("Only English")])
        #expect(pseudo.map { $0["text"] } == [.string("[Öñļý Éñĝļîšĥ one]"), .string("Only English Only English")])
    }

    @Test func badInputExitsTwoNamingFileAndPlace() throws {
        let files = try setUp(#"{"defaults": {"width": "wide"}}"#)
        let bad = runTool(["check", files.catalog, "--constraints", files.constraints])
        #expect(bad.code == 2)
        #expect(bad.errorText == "textfit check: \(files.constraints): defaults: field 'width' must be a number, got string")
        let typo = try writeFile(files.folder, "typo.json", #"{"default": {}}"#)
        let typoRun = runTool(["check", files.catalog, "--constraints", typo])
        #expect(typoRun.code == 2)
        #expect(
            typoRun.errorText.contains(
                "unknown member 'default' (it takes defaults, keys, placeholders); did you mean 'defaults'?"))
        let noMatch = try writeFile(files.folder, "nomatch.json", #"{"keys": [{"width": 10}]}"#)
        #expect(runTool(["check", files.catalog, "--constraints", noMatch]).errorText.contains("keys[0]: needs \"match\""))
        let refused = try writeFile(files.folder, "text.json", #"{"keys": [{"match": "*", "text": "x"}]}"#)
        #expect(
            runTool(["check", files.catalog, "--constraints", refused]).errorText.contains(
                "field 'text' cannot be given here"))
        #expect(runTool(["check", files.catalog]).code == 2)
        #expect(runTool(["check", "--constraints", files.constraints]).code == 2)
        let good = try writeFile(files.folder, "good.json", #"{"defaults": {"width": 100}}"#)
        let missing = runTool(["check", "/nonexistent.xcstrings", "--constraints", good])
        #expect(missing.code == 2)
        #expect(missing.errorText.contains("/nonexistent.xcstrings: no such file"))
    }

    @Test func aGlobMatchingNothingIsWarnedAbout() throws {
        let files = try setUp(#"{"defaults": {"width": 2000}, "keys": [{"match": "onboarding.*", "width": 10}]}"#)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints])
        #expect(run.code == 0)
        #expect(
            run.errorText.contains(
                "warning: \(files.constraints): keys[0]: match \"onboarding.*\" matches no key of the catalogs"))
    }

    @Test func anUnknownFamilyIsExitThree() throws {
        let files = try setUp(#"{"defaults": {"width": 100, "family": "No Such Family 42"}}"#)
        let run = runTool(["check", files.catalog, "--constraints", files.constraints])
        #expect(run.code == 3)
    }

    @Test func stringsFilesAcrossLprojFoldersAreOneTable() throws {
        let folder = try checkFolder()
        let en = try writeFile(folder, "en.lproj/Main.strings", "\"save\" = \"Save\";\n\"cancel\" = \"Cancel\";")
        let de = try writeFile(folder, "de.lproj/Main.strings", "/* Sichern */\n\"save\" = \"Sichern und schließen\";")
        let constraints = try writeFile(folder, "c.json", #"{"defaults": {"width": 80, "maxLines": 1}}"#)
        let run = runTool(["check", en, de, "--constraints", constraints, "--json"])
        let objects = try run.output.map(parseJSON)
        #expect(objects.count == 3)
        #expect(objects.filter { $0["fits"] == .bool(false) }.map { $0["text"] } == [.string("Sichern und schließen")])
        #expect(run.errorText.contains("\"cancel [de]\""))
        #expect(run.code == 1)
    }

    @Test func helpDocumentsEveryFlag() {
        let help = runTool(["check", "--help"])
        #expect(help.code == 0)
        for flag in CheckCommand.options.map(\.name) { #expect(help.outputText.contains(flag), "\(flag)") }
        #expect(help.outputText.contains("\"Maximilian Mustermann\""))
    }
}
