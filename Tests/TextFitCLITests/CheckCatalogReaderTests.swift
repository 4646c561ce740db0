import Foundation
import Testing
@testable import TextFitCLI

/// The catalog readers of `textfit check` (issue 33): every value, variation and substitution of a String
/// Catalog, `.strings` in UTF-8 and UTF-16 with comments and escapes, `.stringsdict` plurals.
@Suite struct CheckCatalogReaderTests {
    func handMade() throws -> StringTable {
        try XCStringsReader.read(JSONReader.parse(handMadeCatalog), file: "hand.xcstrings")
    }

    func value(_ table: StringTable, _ key: String, _ language: String, _ variation: String? = nil) -> String? {
        table.strings.first { $0.key == key && $0.language == language && $0.variation == variation }?.value
    }

    @Test func plainPluralDeviceAndSubstitutionValues() throws {
        let table = try handMade()
        #expect(table.sourceLanguage == "en")
        #expect(value(table, "Done", "de") == "Fertig")
        #expect(value(table, "files.count", "de", "plural.one") == "%lld Datei")
        #expect(value(table, "files.count", "en", "plural.other") == "%lld files")
        #expect(value(table, "tap.to.continue", "de", "device.mac") == "Zum Fortfahren klicken")
        // A substitution's form in place of %#@count@, its %arg as the positional %2$lld.
        #expect(value(table, "photos.sent", "en", "count.plural.other") == "%1$@ sent %2$lld photos")
        #expect(value(table, "photos.sent", "de", "count.plural.one") == "%1$@ hat ein Foto gesendet")
        #expect(table.strings.count { $0.key == "photos.sent" } == 4)
    }

    @Test func keyWithoutSourceValueIsItsOwnTextAndMissingTranslationsAreListed() throws {
        let table = try handMade()
        // Xcode's rule: no English value, so English shows the key.
        #expect(value(table, "Battery at 100%% (%.1f h left)", "en") == "Battery at 100%% (%.1f h left)")
        let missing = table.missingTranslations()
        #expect(missing.map(\.key) == ["Only English"])
        #expect(missing.first?.languages == ["de"])
    }

    @Test func substitutionsWithTwoNamesCheckEachFormWithTheOtherAtOther() throws {
        let forms: [String: [(String, String)]] = [
            "a": [("plural.one", "one A"), ("plural.other", "%arg As")],
            "b": [("plural.one", "one B"), ("plural.other", "many Bs")],
        ]
        let result = try XCStringsReader.substituted("%#@a@ and %#@b@", forms) { CatalogError(file: "f", message: $0) }
        #expect(result.map { $0.0 } == ["a.plural.one", "a.plural.other", "b.plural.one", "b.plural.other"])
        #expect(result[0].1 == "one A and many Bs")
        #expect(result[2].1 == "%arg As and one B")
    }

    @Test func stringsFileInUTF16WithCommentsAndEscapes() throws {
        let folder = try checkFolder()
        let text = """
            /* The title. "Not" = "a pair"; */
            "title" = "Einstellungen";  // trailing comment
            // a line comment
            "quote" = "Sag \\"Hallo\\"\\nZeile 2\\t\\U00e9\\UD83D\\UDE00";
            bare_key = "unquoted key";
            "alone";
            """
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(UInt8(unit & 0xFF)); data.append(UInt8(unit >> 8)) }
        let path = try writeFile(folder, "de.lproj/Localizable.strings", data: data)
        let strings = try StringsFileReader.read(path: path)
        #expect(strings.map(\.key) == ["title", "quote", "bare_key", "alone"])
        #expect(strings.allSatisfy { $0.language == "de" })
        #expect(strings[1].value == "Sag \"Hallo\"\nZeile 2\té😀")
        #expect(strings[3].value == "alone")
        // The same text big-endian and as UTF-8 reads the same.
        var big = Data([0xFE, 0xFF])
        for unit in text.utf16 { big.append(UInt8(unit >> 8)); big.append(UInt8(unit & 0xFF)) }
        let bigPath = try writeFile(folder, "fr.lproj/Localizable.strings", data: big)
        #expect(try StringsFileReader.read(path: bigPath).map(\.value) == strings.map(\.value))
        let utf8Path = try writeFile(folder, "it.lproj/Localizable.strings", text)
        #expect(try StringsFileReader.read(path: utf8Path).map(\.value) == strings.map(\.value))
    }

    @Test func stringsFileErrorsNameLineAndColumn() throws {
        let folder = try checkFolder()
        let missingSemicolon = try writeFile(folder, "de.lproj/A.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";")
        #expect(throws: CatalogError(file: missingSemicolon, place: "line 3, column 1", message: "expected ';' after \"c\""))
        {
            try StringsFileReader.read(path: missingSemicolon)
        }
        let unterminated = try writeFile(folder, "de.lproj/B.strings", "/* open comment\n\"a\" = \"b\";")
        #expect(throws: CatalogError(file: unterminated, place: "line 1, column 1", message: "unterminated /* comment")) {
            try StringsFileReader.read(path: unterminated)
        }
        let noFolder = try writeFile(folder, "Localizable.strings", "\"a\" = \"b\";")
        #expect(throws: CatalogError.self) { try StringsFileReader.read(path: noFolder) }
    }

    /// FuzzCheck's first finding: an empty `.strings` file (a leak inside Foundation's reader, whose
    /// reproducer is FuzzTesting/Crashers/FuzzCheck/empty-strings-file-leak). Empty is no strings, not an error.
    @Test func anEmptyStringsFileHoldsNoStrings() throws {
        let folder = try checkFolder()
        let empty = try writeFile(folder, "de.lproj/Empty.strings", "")
        #expect(try StringsFileReader.read(path: empty).isEmpty)
        #expect(try CatalogFiles.contents(of: empty).isEmpty)
    }

    @Test func stringsDictPluralForms() throws {
        let folder = try checkFolder()
        let path = try writeFile(
            folder, "ru.lproj/Localizable.stringsdict",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>%d files</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
                <key>files</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%d файл</string>
                  <key>few</key><string>%d файла</string>
                  <key>many</key><string>%d файлов</string>
                  <key>other</key><string>%d файла</string>
                </dict>
              </dict>
            </dict></plist>
            """)
        let strings = try StringsDictReader.read(path: path)
        #expect(
            strings.map(\.variation) == ["files.plural.one", "files.plural.few", "files.plural.many", "files.plural.other"])
        #expect(strings[2].value == "%d файлов")
        #expect(strings.allSatisfy { $0.language == "ru" })
    }

    /// A bad catalog, the place its error names (nil: the file alone) and the message.
    static let badCatalogs: [(name: String, contents: String, place: String?, message: String)] = [
        (
            "bad.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"a\" : }\n}", "line 3, column 23",
            "invalid JSON: unexpected character '}', expected a value"
        ),
        (
            "novalue.xcstrings",
            #"{"sourceLanguage":"en","strings":{"Done":{"localizations":{"de":{"stringUnit":{"state":"new"}}}}}}"#,
            "key \"Done\", language 'de'", "the localization has a \"stringUnit\" with no \"value\" string"
        ),
        (
            "lang.xcstrings",
            #"{"sourceLanguage":"en","strings":{"Done":{"localizations":{"english":{"stringUnit":{"value":"Done"}}}}}}"#,
            "key \"Done\", language 'english'",
            "'english' is not a language code (BCP 47 with an ISO 639 language: de, pt-BR, zh-Hans)"
        ),
        ("array.xcstrings", "[1, 2]", nil, "a String Catalog is a JSON object, got array"),
    ]

    @Test(arguments: badCatalogs.indices) func badCatalogsNameFileAndPlace(index: Int) throws {
        let bad = Self.badCatalogs[index]
        let path = try writeFile(try checkFolder(), bad.name, bad.contents)
        #expect(throws: CatalogError(file: path, place: bad.place, message: bad.message)) {
            try XCStringsReader.read(path: path)
        }
    }

    @Test func aMissingSubstitutionIsACatalogError() throws {
        let path = try writeFile(
            try checkFolder(), "sub.xcstrings",
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"stringUnit":{"value":"%#@n@ items"}}}}}}"#)
        #expect(throws: CatalogError.self) { try XCStringsReader.read(path: path) }
    }

    @Test func languageTags() {
        for tag in ["de", "pt-BR", "zh-Hans", "zh-Hant-HK", "sr-Latn-RS", "es-419", "nb-NO", "Base", "fil", "pt_PT"] {
            #expect(LanguageTag.isValid(tag), "\(tag)")
        }
        for tag in ["english", "zz", "de-", "de-DEUTSCHLAND-X", "", "12"] {
            #expect(!LanguageTag.isValid(tag), "\(tag)")
        }
    }
}
