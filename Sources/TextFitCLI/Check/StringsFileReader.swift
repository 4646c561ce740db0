import Foundation

/// Reads an old-style `.strings` file (`"key" = "value";`, comments, escapes) in UTF-8 or UTF-16 (with a
/// byte order mark, as Xcode writes it), its language from the `LANG.lproj` folder it sits in.
///
/// ```swift
/// let strings = try StringsFileReader.read(path: "App/de.lproj/Localizable.strings")
/// // [CatalogString(key: "Done", language: "de", variation: nil, value: "Fertig"), …]
/// ```
enum StringsFileReader {
    /// The strings of the file at `path`, in file order.
    /// - Throws: `CatalogError` naming the file and the line and column at fault: text that is not UTF-8
    ///   or UTF-16, a missing `=` or `;`, an unterminated string or comment, a bad escape; or a file not in
    ///   a `LANG.lproj` folder (its language unknown).
    static func read(path: String) throws -> [CatalogString] {
        let language = try self.language(of: path)
        let text = try decode(CatalogFiles.contents(of: path), file: path)
        return try parse(text, file: path).map {
            CatalogString(key: $0.key, language: language, variation: nil, value: $0.value)
        }
    }

    /// The language of a file in `LANG.lproj/`.
    /// - Throws: `CatalogError` when the folder is not `LANG.lproj` or `LANG` is not a language.
    static func language(of path: String) throws -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent
        guard folder.hasSuffix(".lproj"), folder.count > 6 else {
            throw CatalogError(
                file: path,
                message: "cannot tell its language: a .strings or .stringsdict file "
                    + "must be in a LANG.lproj folder (de.lproj/Localizable.strings)")
        }
        let language = String(folder.dropLast(6))
        try LanguageTag.check(language, file: path, place: "folder '\(folder)'")
        return language
    }

    /// The text of a `.strings` file: UTF-16 with a byte order mark (either order), else UTF-8 (with or
    /// without one); UTF-16 without a mark is recognised by its zero bytes.
    /// - Throws: `CatalogError` when the bytes are not valid text in that encoding.
    static func decode(_ data: Data, file: String) throws -> String {
        let bytes = [UInt8](data)
        func utf16(_ bigEndian: Bool, from start: Int) throws -> String {
            guard (bytes.count - start) % 2 == 0 else {
                throw CatalogError(file: file, message: "UTF-16 text with an odd number of bytes (truncated?)")
            }
            var units: [UInt16] = []
            units.reserveCapacity((bytes.count - start) / 2)
            var index = start
            while index + 1 < bytes.count {
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
                index += 2
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw CatalogError(file: file, message: "invalid UTF-16 (a lone surrogate)")
            }
            return text
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(false, from: 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(true, from: 2) }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let text = String(validating: bytes[start...], as: UTF8.self) { return text }
        if bytes.count >= 2, bytes.count % 2 == 0, bytes[0] == 0 || bytes[1] == 0 {
            return try utf16(bytes[0] == 0, from: 0)
        }
        throw CatalogError(file: file, message: "neither UTF-8 nor UTF-16 with a byte order mark")
    }

    /// The `key = value;` pairs of `.strings` text; a bare `key;` is its own value.
    /// - Throws: `CatalogError` with the line and column at fault.
    static func parse(_ text: String, file: String) throws -> [(key: String, value: String)] {
        var scanner = Scanner(scalars: Array(text.unicodeScalars), file: file)
        var pairs: [(key: String, value: String)] = []
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return pairs }
            let key = try scanner.string(what: "a key")
            try scanner.skipSpaceAndComments()
            var value = key
            if scanner.peek == "=" {
                scanner.index += 1
                try scanner.skipSpaceAndComments()
                value = try scanner.string(what: "a value")
                try scanner.skipSpaceAndComments()
            }
            guard scanner.peek == ";" else { throw scanner.error("expected ';' after \(TextTable.quoted(key))") }
            scanner.index += 1
            pairs.append((key, value))
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        func error(_ message: String, at position: Int? = nil) -> CatalogError {
            let at = position ?? index
            var line = 1
            var column = 1
            for scalar in scalars[..<min(at, scalars.count)] {
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return CatalogError(file: file, place: "line \(line), column \(column)", message: message)
        }

        mutating func skipSpaceAndComments() throws {
            while let scalar = peek {
                if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                    index += 1
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let start = index
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { index += 1 }
                    guard index + 1 < scalars.count else { throw error("unterminated /* comment", at: start) }
                    index += 2
                } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while let next = peek, next != "\n" { _ = next; index += 1 }
                } else {
                    return
                }
            }
        }

        /// A quoted string with its escapes, or an unquoted word (letters, digits, `_ . - $ : /`).
        mutating func string(what: String) throws -> String {
            guard let first = peek else { throw error("unexpected end of file, expected \(what)") }
            guard first == "\"" else {
                let start = index
                while let scalar = peek,
                    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "_.-$:/".unicodeScalars.contains(scalar)
                {
                    index += 1
                }
                guard index > start else { throw error("expected \(what) (a quoted string), found '\(first)'") }
                return String(String.UnicodeScalarView(scalars[start..<index]))
            }
            let start = index
            index += 1
            var result = String.UnicodeScalarView()
            while let scalar = peek {
                index += 1
                switch scalar {
                case "\"": return String(result)
                case "\\": result.append(try escape())
                default: result.append(scalar)
                }
            }
            throw error("unterminated string", at: start)
        }

        /// The character after a backslash: `\" \\ \n \t \r \a \b \f \v \0`, `\UXXXX` or `\uXXXX`, octal
        /// `\NNN`; any other character stands for itself, as Foundation's parser takes it.
        mutating func escape() throws -> Unicode.Scalar {
            guard let scalar = peek else { throw error("unterminated string") }
            index += 1
            switch scalar {
            case "n": return "\n"
            case "t": return "\t"
            case "r": return "\r"
            case "a": return "\u{07}"
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "v": return "\u{0B}"
            case "U", "u":
                let digits = scalars[index..<min(index + 4, scalars.count)]
                guard digits.count == 4, let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else {
                    throw error("\\\(scalar) needs four hex digits", at: index - 2)
                }
                index += 4
                // A character beyond the BMP is written as a surrogate pair: \UD83D\UDE00.
                if (0xD800...0xDBFF).contains(value), index + 6 <= scalars.count, scalars[index] == "\\",
                    scalars[index + 1] == "U" || scalars[index + 1] == "u",
                    let low = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
                    (0xDC00...0xDFFF).contains(low),
                    let pair = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
                {
                    index += 6
                    return pair
                }
                guard let result = Unicode.Scalar(value) else {
                    throw error("\\\(scalar)\(String(value, radix: 16)) is a lone surrogate", at: index - 6)
                }
                return result
            case "0"..."7":
                var value = scalar.value - 0x30
                var count = 1
                while count < 3, let next = peek, ("0"..."7").contains(next) {
                    value = value * 8 + next.value - 0x30
                    index += 1
                    count += 1
                }
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            default: return scalar
            }
        }
    }
}
