import Foundation

/// One localized string to check: a key's text in one language, in one variation (a plural form, a
/// device, a substitution's form), as read from a String Catalog, a `.strings` or a `.stringsdict` file.
struct CatalogString: Equatable, Sendable {
    var key: String
    var language: String
    /// Nil for a plain value, else the variation's path: `plural.one`, `device.iphone`,
    /// `device.ipad.plural.other`, `count.plural.few` (a substitution named `count`).
    var variation: String?
    /// The text with its format placeholders (`%@`, `%1$lld`) still in it; a substitution's form is
    /// already put in its place, its `%arg` as the substitution's own placeholder.
    var value: String
}

/// The strings of one table (a `.xcstrings` file, or the `.strings`/`.stringsdict` files of one table
/// name across `LANG.lproj` folders), with what `check` needs to know beyond the strings.
struct StringTable: Equatable, Sendable {
    /// The file (or, for `.strings`, the first file) it was read from, for messages and reports.
    var file: String
    var sourceLanguage: String
    /// Every key, in file order (a catalog's keys sorted, as its JSON is read).
    var keys: [String]
    /// The strings, grouped by key in `keys` order.
    var strings: [CatalogString]

    /// Every language some key has, sorted.
    var languages: [String] { Array(Set(strings.map(\.language))).sorted() }

    /// The keys without a string in some language the table has: untranslated (Xcode shows the
    /// source text in their place), by key, with the languages missing.
    func missingTranslations() -> [(key: String, languages: [String])] {
        let pseudo = Set(PseudoLanguage.allCases.map(\.rawValue))
        let all = Set(strings.map(\.language)).subtracting(pseudo)
        var present: [String: Set<String>] = [:]
        for string in strings { present[string.key, default: []].insert(string.language) }
        return keys.compactMap { key in
            let missing = all.subtracting(present[key] ?? []).sorted()
            return missing.isEmpty ? nil : (key, missing)
        }
    }
}

/// A catalog or constraints file `check` cannot read: exit 2, the message naming the file and the place
/// in it (a line and column, or the key and language).
struct CatalogError: Error, Equatable, CustomStringConvertible, LocalizedError {
    var file: String
    /// Where in the file: "line 3, column 7", or "key 'Done', language 'de'".
    var place: String?
    var message: String

    var description: String { "\(file)" + (place.map { ": \($0)" } ?? "") + ": \(message)" }
    var errorDescription: String? { description }
}

/// Reading the files `check` is given.
enum CatalogFiles {
    /// The largest catalog read (bytes): far above a real app's (10,000 keys × 40 languages in Xcode's
    /// own layout is about 60 MB), low enough that a stray file (a disk image, a log) is refused with a
    /// message rather than read into memory.
    static let maximumSize = 512 << 20

    /// The file's bytes.
    /// - Throws: `CatalogError` for a missing, unreadable or oversized file.
    static func contents(of path: String) throws -> Data {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CatalogError(file: path, message: "no such file")
        }
        guard !isFolder.boolValue else { throw CatalogError(file: path, message: "is a folder; give the catalog files") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumSize else {
            throw CatalogError(file: path, message: "\(size >> 20) MiB is over the \(maximumSize >> 20) MiB limit")
        }
        // An empty file is no strings. Not asking Foundation for it also keeps its 4 KiB read buffer, which
        // `contents(atPath:)` does not free for a zero-length file (LeakSanitizer, FuzzCheck), and never
        // blocks on a FIFO, whose size is 0.
        if size == 0 { return Data() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(file: path, message: "cannot be read (permissions?)")
        }
        return data
    }

    /// "line L, column C" (1-based, columns in characters) of byte `offset` in UTF-8 `data`.
    static func place(ofByte offset: Int, in data: Data) -> String {
        var line = 1
        var lineStart = 0
        let end = min(offset, data.count)
        for (index, byte) in data.prefix(end).enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: data.subdata(in: lineStart..<end), as: UTF8.self).count + 1
        return "line \(line), column \(column)"
    }
}
