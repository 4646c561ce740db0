import Foundation
@testable import TextFitCLI

/// A fresh folder under the temporary directory for one test's catalogs and constraints.
func checkFolder(_ name: String = #function) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("textfit-check-\(name.filter(\.isLetter))-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Writes `text` (UTF-8) or `data` to `relative` inside `folder`, making its folders; returns the path.
@discardableResult
func writeFile(_ folder: URL, _ relative: String, _ text: String) throws -> String {
    try writeFile(folder, relative, data: Data(text.utf8))
}

@discardableResult
func writeFile(_ folder: URL, _ relative: String, data: Data) throws -> String {
    let url = folder.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    return url.path
}

/// The hand-made String Catalog of the check tests: a plain key, a plural key with a substitution, a
/// device variation, a key with no source value (Xcode shows the key), a missing German translation,
/// a positional placeholder and `%%`.
let handMadeCatalog = #"""
    {
      "sourceLanguage" : "en",
      "strings" : {
        "Done" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Fertig" } },
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Done" } }
          }
        },
        "files.count" : {
          "localizations" : {
            "de" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } },
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } }
          }
        },
        "photos.sent" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%1$@ sent %#@count@" },
              "substitutions" : { "count" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "a photo" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg photos" } } } } } }
            },
            "de" : {
              "stringUnit" : { "state" : "translated", "value" : "%1$@ hat %#@count@ gesendet" },
              "substitutions" : { "count" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "ein Foto" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Fotos" } } } } } }
            }
          }
        },
        "tap.to.continue" : {
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tap to continue" } },
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click to continue" } } } } },
            "de" : { "variations" : { "device" : {
              "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Zum Fortfahren tippen" } },
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Zum Fortfahren klicken" } } } } }
          }
        },
        "Battery at 100%% (%.1f h left)" : {
          "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Akku bei 100%% (noch %.1f h)" } }
          }
        },
        "Only English" : {
          "localizations" : {
            "en" : { "stringUnit" : { "state" : "translated", "value" : "Only English" } }
          }
        }
      },
      "version" : "1.0"
    }
    """#

/// The `check --json` object for `key` in `language` (and `variation`, nil for a plain value).
func checkObject(_ objects: [JSONValue], _ key: String, _ language: String, _ variation: String? = nil) -> JSONValue? {
    let variationValue: JSONValue = variation.map { JSONValue.string($0) } ?? .null
    return objects.first { object in
        object["key"] == JSONValue.string(key) && object["language"] == JSONValue.string(language)
            && object["variation"] == variationValue
    }
}

/// The real String Catalogs fetched from public apps (Whisky, LinearMouse, Loop; see SOURCES.md beside
/// them), kept out of the repository with their licences: `TEXTFIT_CATALOGS`, else `shared/data/catalogs`
/// beside the checkout (where CI lays the project's shared data). Nil when neither holds them.
let realCatalogsFolder: URL? = {
    let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let candidates = [
        ProcessInfo.processInfo.environment["TEXTFIT_CATALOGS"].map { URL(fileURLWithPath: $0) },
        checkout.deletingLastPathComponent().appendingPathComponent("shared/data/catalogs"),
    ].compactMap { $0 }
    return candidates.first {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("Whisky/Localizable.xcstrings").path)
    }
}()

/// The real catalogs' paths, by app.
func realCatalog(_ app: String) -> String? {
    realCatalogsFolder?.appendingPathComponent("\(app)/Localizable.xcstrings").path
}
