import Foundation

/// Reads an Xcode String Catalog (`.xcstrings`, JSON): every key's `localizations` → `stringUnit.value`,
/// each `variations` form (`plural`, `device`, nested) and each `substitutions` form, as `CatalogString`s.
///
/// ```swift
/// let table = try XCStringsReader.read(path: "App/Localizable.xcstrings")
/// table.strings.first   // CatalogString(key: "%lld files", language: "de", variation: "plural.one", value: "%lld Datei")
/// ```
/// A key with no value in the source language is its own source text (Xcode's rule); a language a key
/// lacks is left out (`StringTable.missingTranslations`).
enum XCStringsReader {
    /// The table in the catalog at `path`.
    /// - Throws: `CatalogError` naming the file and the line/column or the key and language at fault:
    ///   JSON that does not parse, a member of the wrong type, a localization with neither a
    ///   `stringUnit.value` nor `variations`, a substitution the value uses but does not define, a
    ///   language code that is not a language.
    static func read(path: String) throws -> StringTable {
        let data = try CatalogFiles.contents(of: path)
        let json: JSONValue
        do {
            json = try JSONReader.parse(String(decoding: data, as: UTF8.self))
        } catch let error as JSONReader.ParseError {
            throw located(error, in: data, file: path)
        }
        return try read(json, file: path)
    }

    /// The table of an already parsed catalog (`file` names it in messages).
    static func read(_ json: JSONValue, file: String) throws -> StringTable {
        func fail(_ place: String?, _ message: String) -> CatalogError {
            CatalogError(file: file, place: place, message: message)
        }
        guard case .object = json else { throw fail(nil, "a String Catalog is a JSON object, got \(json.typeName)") }
        guard case .string(let sourceLanguage)? = json["sourceLanguage"] else {
            throw fail(nil, "no \"sourceLanguage\" string: not a String Catalog (.xcstrings)")
        }
        guard case .object(let entries)? = json["strings"] else {
            throw fail(nil, "no \"strings\" object: not a String Catalog (.xcstrings)")
        }
        try LanguageTag.check(sourceLanguage, file: file, place: "sourceLanguage")
        var strings: [CatalogString] = []
        strings.reserveCapacity(entries.count * 8)
        for entry in entries {
            let key = entry.key
            let keyPlace = "key \(TextTable.quoted(key))"
            guard case .object = entry.value else {
                throw fail(keyPlace, "must be an object, got \(entry.value.typeName)")
            }
            var localizations: [JSONMember] = []
            switch entry.value["localizations"] {
            case nil, .null?: break
            case .object(let members)?: localizations = members
            case let other?: throw fail(keyPlace, "\"localizations\" must be an object, got \(other.typeName)")
            }
            if !localizations.contains(where: { $0.key == sourceLanguage }) {
                // Xcode's rule: a key with no source-language value shows the key itself.
                strings.append(CatalogString(key: key, language: sourceLanguage, variation: nil, value: key))
            }
            for localization in localizations {
                let language = localization.key
                let place = "\(keyPlace), language '\(language)'"
                try LanguageTag.check(language, file: file, place: place)
                let substitutions = try self.substitutions(localization.value, fail: { fail(place, $0) })
                for (variation, value) in try forms(localization.value, path: nil, fail: { fail(place, $0) }) {
                    for (subVariation, text) in try substituted(value, substitutions, fail: { fail(place, $0) }) {
                        let name = [variation, subVariation].compactMap { $0 }.joined(separator: ".")
                        strings.append(
                            CatalogString(
                                key: key, language: language,
                                variation: name.isEmpty ? nil : name, value: text))
                    }
                }
            }
        }
        return StringTable(file: file, sourceLanguage: sourceLanguage, keys: entries.map(\.key), strings: strings)
    }

    /// The text of each form of a localization (or of one variation's form): its `stringUnit.value`, or
    /// the forms of each of its `variations`, named by their path.
    private static func forms(_ node: JSONValue, path: String?, fail: (String) -> CatalogError) throws -> [(String?, String)]
    {
        let here = path.map { "'\($0)'" } ?? "the localization"
        guard case .object = node else { throw fail("\(here) must be an object, got \(node.typeName)") }
        if let unit = node["stringUnit"] {
            guard case .string(let value)? = unit["value"] else {
                throw fail("\(here) has a \"stringUnit\" with no \"value\" string")
            }
            return [(path, value)]
        }
        guard let variations = node["variations"] else {
            throw fail("\(here) has neither a \"stringUnit\" with a \"value\" nor \"variations\"")
        }
        guard case .object(let kinds) = variations, !kinds.isEmpty else {
            throw fail("\(here): \"variations\" must be a non-empty object, got \(variations.typeName)")
        }
        var result: [(String?, String)] = []
        for kind in kinds {
            guard case .object(let cases) = kind.value, !cases.isEmpty else {
                throw fail("\(here): variations '\(kind.key)' must be a non-empty object, got \(kind.value.typeName)")
            }
            for form in cases {
                let name = [path, kind.key, form.key].compactMap { $0 }.joined(separator: ".")
                result += try forms(form.value, path: name, fail: fail)
            }
        }
        return result
    }

    /// A localization's `substitutions`: each name's placeholder (`%` + `formatSpecifier`, positional when
    /// `argNum` is given) and its forms, `%arg` already replaced by that placeholder.
    private static func substitutions(
        _ localization: JSONValue, fail: (String) -> CatalogError
    ) throws -> [String: [(String, String)]] {
        guard let node = localization["substitutions"], node != .null else { return [:] }
        guard case .object(let members) = node else {
            throw fail("\"substitutions\" must be an object, got \(node.typeName)")
        }
        var result: [String: [(String, String)]] = [:]
        for member in members {
            let name = member.key
            var specifier = "@"
            if case .string(let given)? = member.value["formatSpecifier"] { specifier = given }
            var placeholder = "%" + specifier
            if case .int(let argument)? = member.value["argNum"], argument > 0 { placeholder = "%\(argument)$" + specifier }
            let forms = try self.forms(member.value, path: nil, fail: { fail("substitution '\(name)': \($0)") })
            result[name] = forms.map { ($0.0 ?? "", $0.1.replacingOccurrences(of: "%arg", with: placeholder)) }
        }
        return result
    }

    /// `value` with each `%#@name@` it uses replaced by the substitution's forms: one text per form of
    /// each substitution (the others at their `other` form, or their first), named `name.plural.few`;
    /// `value` itself (variation nil) when it uses none.
    static func substituted(
        _ value: String, _ substitutions: [String: [(String, String)]],
        fail: (String) -> CatalogError
    ) throws -> [(String?, String)] {
        let used = substitutionNames(in: value)
        guard !used.isEmpty else { return [(nil, value)] }
        var defaults: [String: String] = [:]
        for name in used {
            guard let forms = substitutions[name], let first = forms.first else {
                throw fail("the value uses %#@\(name)@ but no substitution '\(name)' is defined")
            }
            defaults[name] = (forms.first { $0.0.hasSuffix(".other") } ?? first).1
        }
        var result: [(String?, String)] = []
        for name in used {
            for form in substitutions[name] ?? [] {
                var text = value
                for other in used {
                    text = text.replacingOccurrences(
                        of: "%#@\(other)@", with: other == name ? form.1 : defaults[other] ?? "")
                }
                result.append(("\(name).\(form.0)", text))
            }
        }
        return result
    }

    /// The names of the `%#@name@` substitutions in `value`, in order of first use.
    static func substitutionNames(in value: String) -> [String] {
        var names: [String] = []
        var rest = value[...]
        while let start = rest.range(of: "%#@") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "@") else { break }
            let name = String(rest[..<end])
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: end)...]
        }
        return names
    }

    /// A JSON parse error with its byte offset turned into a line and column of the file.
    static func located(_ error: JSONReader.ParseError, in data: Data, file: String) -> CatalogError {
        var message = error.description
        var place: String?
        if let range = message.range(of: #" at byte [0-9]+"#, options: .regularExpression),
            let offset = Int(message[range].dropFirst(" at byte ".count))
        {
            place = CatalogFiles.place(ofByte: offset, in: data)
            message.removeSubrange(range)
        }
        return CatalogError(file: file, place: place, message: message)
    }
}
