import Foundation
import Testing
@testable import TextFitCLI

/// The readers on real String Catalogs of three open-source macOS apps (Whisky 152 keys × 22 languages,
/// LinearMouse 354 × 35 with plural substitutions, Loop 337 × 11 with plurals). The expected counts come
/// from an independent walk of the same JSON in Python (`json.load`, every `stringUnit` under
/// `localizations`, substitution forms multiplied in, a key without a source value counted once as its
/// own text), recorded in /work/notes/check33.md.
@Suite(.enabled(if: realCatalogsFolder != nil, "the real catalogs are not beside the checkout (TEXTFIT_CATALOGS)"))
struct CheckRealCatalogTests {
    @Test(arguments: [("Whisky", 3_344, 22), ("LinearMouse", 12_482, 35), ("Loop", 3_551, 11)])
    func stringAndLanguageCounts(app: String, strings: Int, languages: Int) throws {
        let table = try XCStringsReader.read(path: try #require(realCatalog(app)))
        #expect(table.strings.count == strings)
        #expect(table.languages.count == languages)
        #expect(table.sourceLanguage == "en")
    }

    @Test func pluralSubstitutionsOfLinearMouse() throws {
        let table = try XCStringsReader.read(path: try #require(realCatalog("LinearMouse")))
        let forms = table.strings.filter { $0.key == "%.1f pixel(s)" && $0.language == "de" }
        #expect(forms.map(\.variation) == ["value.plural.one", "value.plural.other"])
        #expect(forms.allSatisfy { $0.value.contains("%1$.1f") || $0.value.contains("%.1f") })
        #expect(table.strings.count { $0.variation?.hasSuffix(".plural.other") == true } > 30)
    }

    @Test func everyCatalogAtOnceWithPseudo() throws {
        let folder = try checkFolder()
        let constraints = try writeFile(
            folder, "c.json",
            #"{"defaults": {"width": 200, "maxLines": 2}, "keys": [{"match": "*Settings*", "width": null}]}"#)
        let paths = try ["Whisky", "LinearMouse", "Loop"].map { try #require(realCatalog($0)) }
        let run = runTool(["check"] + paths + ["--constraints", constraints, "--json", "--pseudo"])
        #expect(run.code == 1)
        let objects = try run.output.map(parseJSON)
        // Loop has 17 keys untranslated somewhere: each of their English strings gets two pseudo strings.
        let pseudo = objects.count { object in
            if case .string(let language)? = object["language"] { return language.hasPrefix("pseudo") } else { return false }
        }
        #expect(pseudo > 0)
        #expect(objects.count == 3_344 + 12_482 + 3_551 + pseudo)
        #expect(objects.contains { $0["fits"] == .null })
        #expect(run.errorText.contains("unchecked, no width in the constraints"))
    }
}
