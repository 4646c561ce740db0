import Foundation

/// The constraints file of `textfit check` (architecture.md, the `check` paragraph): the label each key's
/// text must fit, as batch case fields.
///
/// ```json
/// {"defaults": {"family": "Noto Sans", "size": 17},
///  "keys": [{"match": "*.title", "width": 200, "maxLines": 1},
///           {"match": "onboarding.*", "width": 320, "maxLines": 3, "placeholders": {"%@": "Alexandra"}}],
///  "placeholders": {"%@": "Maximilian", "%lld": "1000000"}}
/// ```
/// `defaults` and each `keys` entry hold batch case fields (`MeasureCase(json:)` reads them, so a field
/// means exactly what it means to `textfit batch`); the entries whose glob matches a key apply in file
/// order over `defaults`, a field given later replacing the one before. A key left without a `width` is
/// unchecked.
struct CheckConstraints: Sendable {
    /// One `keys` entry.
    struct Entry: Sendable {
        var match: String
        var glob: Glob
        /// Its batch fields (no `match`, no `placeholders`).
        var fields: [JSONMember]
        var placeholders: [String: String]
    }

    /// What applies to one key: the case to measure its text with (its `text` to be set), nil when no
    /// `width` was given; the placeholder tables, most specific first.
    struct Resolved: Sendable {
        var template: MeasureCase?
        var samples: [[String: String]]
    }

    var file: String
    var defaults: [JSONMember]
    var entries: [Entry]
    var placeholders: [String: String]

    static let topLevelFields = ["defaults", "keys", "placeholders"]
    /// Batch fields that make no sense for a catalog's text, which `check` supplies itself.
    static let refusedFields = ["text", "id", "runs"]

    /// Reads the constraints file at `path`.
    /// - Throws: `CatalogError` naming the file and the place: JSON that does not parse, an unknown
    ///   member, an entry without a `match` glob, a malformed glob, a field a batch case would refuse
    ///   (the batch message, prefixed with the entry: `keys[2]: field 'width' must be …`).
    static func read(path: String) throws -> CheckConstraints {
        let data = try CatalogFiles.contents(of: path)
        do {
            return try parse(JSONReader.parse(String(decoding: data, as: UTF8.self)), file: path)
        } catch let error as JSONReader.ParseError {
            throw XCStringsReader.located(error, in: data, file: path)
        }
    }

    /// The constraints in parsed JSON (`file` names them in messages).
    static func parse(_ json: JSONValue, file: String) throws -> CheckConstraints {
        func fail(_ place: String?, _ message: String) -> CatalogError {
            CatalogError(file: file, place: place, message: message)
        }
        guard case .object(let members) = json else {
            throw fail(nil, "the constraints file is a JSON object, got \(json.typeName)")
        }
        for member in members where !topLevelFields.contains(member.key) {
            let near = ArgumentParser.closest(to: member.key, among: topLevelFields).map { "; did you mean '\($0)'?" } ?? ""
            throw fail(nil, "unknown member '\(member.key)' (it takes \(topLevelFields.joined(separator: ", ")))\(near)")
        }
        var constraints = CheckConstraints(file: file, defaults: [], entries: [], placeholders: [:])
        constraints.placeholders = try samples(json["placeholders"], place: "placeholders", fail: fail)
        if let defaults = json["defaults"], defaults != .null {
            guard case .object(let fields) = defaults else {
                throw fail("defaults", "must be an object, got \(defaults.typeName)")
            }
            constraints.defaults = try checkedFields(
                fields.filter { $0.key != "placeholders" }, place: "defaults", fail: fail)
            // Defaults may carry placeholders too: they sit between the file's and the entries'.
            let own = try samples(defaults["placeholders"], place: "defaults.placeholders", fail: fail)
            constraints.placeholders.merge(own) { _, new in new }
        }
        switch json["keys"] {
        case nil, .null?: break
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                let place = "keys[\(index)]"
                guard case .object(let fields) = item else { throw fail(place, "must be an object, got \(item.typeName)") }
                guard case .string(let match)? = item["match"] else {
                    throw fail(place, "needs \"match\": a glob of the keys it applies to (\"*\", \"settings.*\")")
                }
                let glob: Glob
                do { glob = try Glob(match) } catch let error as Glob.SyntaxError {
                    throw fail(place, "match \(TextTable.quoted(match)): \(error.message)")
                }
                let batchFields = fields.filter { $0.key != "match" && $0.key != "placeholders" }
                _ = try checkedFields(constraints.defaults.merging(batchFields), place: place, fail: fail)
                constraints.entries.append(
                    Entry(
                        match: match, glob: glob, fields: batchFields,
                        placeholders: try samples(item["placeholders"], place: "\(place).placeholders", fail: fail)))
            }
        case let other?: throw fail("keys", "must be an array of objects, got \(other.typeName)")
        }
        return constraints
    }

    /// `fields` if a batch case with them (and an empty text) reads; else the batch message at `place`.
    @discardableResult
    private static func checkedFields(
        _ fields: [JSONMember], place: String,
        fail: (String?, String) -> CatalogError
    ) throws -> [JSONMember] {
        for field in fields where refusedFields.contains(field.key) {
            throw fail(place, "field '\(field.key)' cannot be given here: the text comes from the catalog")
        }
        do {
            _ = try MeasureCase(json: .object(fields + [JSONMember("text", .string(""))]))
        } catch let error as CaseError {
            throw fail(place, error.message)
        } catch {
            throw fail(place, "\(error)")
        }
        return fields
    }

    private static func samples(
        _ value: JSONValue?, place: String,
        fail: (String?, String) -> CatalogError
    ) throws -> [String: String] {
        guard let value, value != .null else { return [:] }
        guard case .object(let members) = value else {
            throw fail(place, "must be an object of strings, got \(value.typeName)")
        }
        var table: [String: String] = [:]
        for member in members {
            guard case .string(let sample) = member.value else {
                throw fail(place, "\(TextTable.quoted(member.key)) must be a string, got \(member.value.typeName)")
            }
            let found = FormatPlaceholders.placeholders(in: member.key)
            guard found.count == 1, found[0].range == 0..<member.key.unicodeScalars.count else {
                throw fail(place, "\(TextTable.quoted(member.key)) is not a format placeholder (%@, %lld, %.1f)")
            }
            // A positional name stands for its plain form, as in a string.
            table[found[0].plain] = sample
        }
        return table
    }

    /// Which entries apply to `key`, by index in file order.
    func matching(_ key: String) -> [Int] {
        entries.indices.filter { entries[$0].glob.matches(key) }
    }

    /// The case and samples for a key that `matching` gave `indices`.
    /// - Throws: `CaseError` when the merged fields do not make a case (each entry was checked alone
    ///   over the defaults, so this is rare: two entries whose fields conflict, such as a `family` and a
    ///   `fontFile`).
    func resolve(_ indices: [Int]) throws -> Resolved {
        var fields = defaults
        for index in indices { fields = fields.merging(entries[index].fields) }
        let samples = indices.reversed().map { entries[$0].placeholders }.filter { !$0.isEmpty } + [placeholders]
        guard let width = fields.first(where: { $0.key == "width" }), width.value != .null else {
            return Resolved(template: nil, samples: samples)
        }
        var template = try MeasureCase(json: .object(fields + [JSONMember("text", .string(""))]))
        if template.width == nil { return Resolved(template: nil, samples: samples) }
        template.text = ""
        return Resolved(template: template, samples: samples)
    }
}

extension [JSONMember] {
    /// These members with `other`'s replacing those of the same key (the entries' "later wins"); a
    /// `family` replaces a `fontFile` and the other way round, since a case takes one of them.
    func merging(_ other: [JSONMember]) -> [JSONMember] {
        let replaced = Set(other.map(\.key))
        let sources: Set<String> = ["family", "fontFile", "faceIndex"]
        let dropsSource = !replaced.isDisjoint(with: ["family", "fontFile"])
        return filter { !replaced.contains($0.key) && !(dropsSource && sources.contains($0.key)) } + other
    }
}
