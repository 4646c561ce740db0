import Testing
@testable import TextFitCLI

/// Placeholders, samples and globs of `textfit check` (issue 33; the `check` paragraph of architecture.md).
@Suite struct CheckPlaceholderTests {
    @Test func placeholdersBecomeSamplesAndPercentPercentShowsPercent() {
        let samples = [["%@": "Anna"]]
        #expect(
            FormatPlaceholders.fill("%1$@ sent %2$lld photos (100%%)", samples: samples) == "Anna sent 9999999 photos (100%)"
        )
        #expect(FormatPlaceholders.fill("%@ and %@", samples: samples) == "Anna and Anna")
        #expect(FormatPlaceholders.fill("%.1f h, %.0f, %f", samples: []) == "99999.9 h, 99999, 99999.99")
        #expect(FormatPlaceholders.fill("100% sure", samples: []) == "100% sure")
        #expect(FormatPlaceholders.fill("50%", samples: []) == "50%")
        #expect(FormatPlaceholders.fill("%x %c %lu", samples: []) == "ffffffff W 9999999")
    }

    @Test func theMostSpecificFormOfTheFirstTableWins() {
        // Entry table first, then the file's: the entry's %d beats the file's exact %lld.
        let entry = ["%d": "12"], file = ["%lld": "345", "%.2f": "1.50"]
        #expect(FormatPlaceholders.fill("%lld", samples: [entry, file]) == "12")
        #expect(FormatPlaceholders.fill("%3$lld", samples: [file]) == "345")
        #expect(FormatPlaceholders.fill("%.2f / %.1f", samples: [file]) == "1.50 / 99999.9")
    }

    @Test func placeholderGrammar() {
        let found = FormatPlaceholders.placeholders(in: "%1$@ %-08.3lf %% %#@n@ %hhd %'d")
        #expect(found.map(\.plain) == ["%@", "%-08.3lf", "%#@", "%hhd", "%'d"])
        #expect(found.map(\.conversion) == ["%@", "%f", "%@", "%d", "%d"])
    }

    @Test func globs() throws {
        #expect(try Glob("*").matches("anything.at.all"))
        #expect(try Glob("settings.*.title").matches("settings.privacy.title"))
        #expect(try !Glob("settings.*.title").matches("settings.privacy.subtitle"))
        #expect(try Glob("row?").matches("row1"))
        #expect(try !Glob("row?").matches("row12"))
        #expect(try Glob("[a-c]*").matches("banana"))
        #expect(try !Glob("[!_]*").matches("_debug"))
        #expect(try Glob("100\\*").matches("100*"))
        #expect(try Glob("*ä*").matches("Zähler"))
        #expect(throws: Glob.SyntaxError.self) { try Glob("[abc") }
        // Backtracking to the last star only: a hostile pattern stays linear.
        #expect(try !Glob(String(repeating: "*a", count: 200) + "b").matches(String(repeating: "a", count: 5_000)))
    }

    @Test func pseudoLanguages() {
        #expect(PseudoLanguage.accented.text(for: "Save %@") == "[Šåṽé %@ one]")
        #expect(PseudoLanguage.doubleLength.text(for: "Save %1$@") == "Save %1$@ Save %1$@")
        // 30–40 % longer: 40 % up to 50 characters.
        let source = "Download every photo"
        let accented = PseudoLanguage.accented.text(for: source)
        #expect(accented.count >= source.count * 14 / 10)
        #expect(accented.count <= source.count * 14 / 10 + 8)
        let long = String(repeating: "Lorem ipsum ", count: 10)
        #expect(PseudoLanguage.accented.text(for: long).count >= long.count * 13 / 10)
    }
}
