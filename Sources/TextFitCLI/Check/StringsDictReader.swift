import Foundation

/// Reads a `.stringsdict` file (a property list of plural rules), its language from its `LANG.lproj`
/// folder: each key's `NSStringLocalizedFormatKey` with each `%#@name@` variable's forms put in, one
/// string per form, named as a String Catalog's substitutions are (`files.plural.one`).
///
/// ```swift
/// let strings = try StringsDictReader.read(path: "App/de.lproj/Localizable.stringsdict")
/// // [CatalogString(key: "%d files", language: "de", variation: "files.plural.one", value: "%d Datei"), …]
/// ```
enum StringsDictReader {
    /// The plural categories in CLDR order, the order the forms are checked in.
    static let categories = ["zero", "one", "two", "few", "many", "other"]

    /// - Throws: `CatalogError` naming the file (and key) for a file that is not a property list of
    ///   dictionaries, a key without `NSStringLocalizedFormatKey`, or a variable without forms.
    static func read(path: String) throws -> [CatalogString] {
        let language = try StringsFileReader.language(of: path)
        let data = try CatalogFiles.contents(of: path)
        let plist: Any
        do { plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil) } catch {
            throw CatalogError(file: path, message: "not a property list: \(error.localizedDescription)")
        }
        guard let root = plist as? [String: Any] else {
            throw CatalogError(file: path, message: "a .stringsdict is a dictionary of keys")
        }
        var strings: [CatalogString] = []
        for key in root.keys.sorted() {
            let place = "key \(TextTable.quoted(key))"
            guard let entry = root[key] as? [String: Any], let format = entry["NSStringLocalizedFormatKey"] as? String else {
                throw CatalogError(
                    file: path, place: place, message: "needs a dictionary with an NSStringLocalizedFormatKey string")
            }
            var substitutions: [String: [(String, String)]] = [:]
            for name in XCStringsReader.substitutionNames(in: format) {
                guard let rule = entry[name] as? [String: Any] else { continue }
                let type = rule["NSStringFormatValueTypeKey"] as? String ?? "@"
                substitutions[name] = categories.compactMap { category in
                    (rule[category] as? String).map {
                        ("plural.\(category)", $0.replacingOccurrences(of: "%#@\(name)@", with: "%" + type))
                    }
                }
            }
            let resolved = try XCStringsReader.substituted(format, substitutions) {
                CatalogError(file: path, place: place, message: $0)
            }
            strings += resolved.map { CatalogString(key: key, language: language, variation: $0.0, value: $0.1) }
        }
        return strings
    }
}
