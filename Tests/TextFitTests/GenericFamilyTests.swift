import Foundation
import Testing
@testable import TextFit

/// Rule F8: generic family names resolve through Fontconfig's configuration, as every Linux text stack
/// does, checked against `fc-match` (Fontconfig's own tool, Debian's `fontconfig`) asked the same
/// question; an unknown family's message suggests installed families with a near name.
@Suite struct GenericFamilyTests {
    /// Each generic name gives the face Fontconfig's configuration resolves it to for the same weight and
    /// slant (compared by file name: TextFit's configuration also holds the bundled copies of Noto Sans).
    @Test(arguments: ["sans-serif", "serif", "monospace", "system-ui"])
    func genericNamesResolveAsFontconfigDoes(_ name: String) throws {
        for (weight, italic, pattern) in [
            (Font.Weight.regular, false, "weight=80:slant=0"),
            (.bold, true, "weight=200:slant=100"),
        ] {
            let font = try Font(family: name, size: 17, weight: weight, italic: italic)
            let expected = try FontconfigMatch.file("\(name):scalable=true:\(pattern)")
            #expect(!expected.isEmpty)
            #expect(
                URL(fileURLWithPath: font.filePath).lastPathComponent == URL(fileURLWithPath: expected).lastPathComponent,
                "\(name) \(pattern)")
        }
        // Case-insensitive, as family names are.
        #expect(try Font(family: name.uppercased(), size: 12).filePath == (try Font(family: name, size: 12)).filePath)
    }

    /// `monospace` is a fixed-pitch family: every character has one advance.
    @Test func monospaceIsFixedPitch() throws {
        let font = try Font(family: "monospace", size: 13)
        let widths = try ["iiii", "MMMM", "1.,;"].map { try PreparedText($0, font: font).measure(width: nil).size.width }
        #expect(widths.allSatisfy { $0 == widths[0] })
    }

    /// Any other name still needs a family of that name: Fontconfig's substitute is not taken (F6).
    @Test func otherNamesStillNeedTheirFamily() {
        #expect(throws: FontError.familyNotFound("Helvetica Neue Ultra")) {
            try Font(family: "Helvetica Neue Ultra", size: 12)
        }
    }

    /// Suggestions over a fixed list: the same name spelt otherwise, a name it starts or that starts it,
    /// a few edits away; nothing for a short or far name.
    @Test func suggestionsOverAList() {
        let families = [
            "DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Liberation Sans", "Liberation Serif", "Noto Sans",
        ]
        #expect(InstalledFamilies.suggestions(for: "dejavusans", among: families).first == "DejaVu Sans")
        #expect(InstalledFamilies.suggestions(for: "Liberation Sanz", among: families) == ["Liberation Sans"])
        #expect(
            InstalledFamilies.suggestions(for: "Liberation", among: families) == ["Liberation Sans", "Liberation Serif"])
        #expect(InstalledFamilies.suggestions(for: "Noto Sans Regular", among: families) == ["Noto Sans"])
        #expect(InstalledFamilies.suggestions(for: "sans serif", among: families).contains("sans-serif"))
        #expect(InstalledFamilies.suggestions(for: "No Such Family 42", among: families).isEmpty)
        #expect(InstalledFamilies.suggestions(for: "No", among: families).isEmpty)
    }

    /// On this machine's fonts: the message names what was meant.
    @Test func unknownFamilyMessageSuggestsInstalledFamilies() throws {
        #expect(Font.familyNames.contains("Noto Sans") && Font.familyNames.contains("DejaVu Sans"))
        #expect(Font.familyNames == Font.familyNames.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        #expect(Set(Font.familyNames.map { $0.lowercased() }).count == Font.familyNames.count)
        let message = FontError.familyNotFound("Liberation Sanz").description
        #expect(message.contains("did you mean 'Liberation Sans'"), "\(message)")
        #expect(FontError.familyNotFound("DejaVuSans").description.contains("did you mean 'DejaVu Sans'"))
        #expect(!FontError.familyNotFound("No Such Family 42").description.contains("did you mean"))
    }
}
