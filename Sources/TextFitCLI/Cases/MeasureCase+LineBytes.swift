#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MeasureCase {
    /// A case read straight from a batch line's bytes when the line is an object of common fields only
    /// (`id`, `text`, `family`, `fontFile`, `faceIndex`, `size`, `width`, `maxLines`, `lineBreakMode`),
    /// each once, and the case is valid; nil for every other line, which the general path
    /// (`JSONReader.parse`, then `init(json:)`) reads and, where it is at fault, answers with its error.
    ///
    /// Why a second path: the general one makes a string of the whole line (validating its UTF-8), an
    /// object tree with a string per key, sorts the members, finds each field by comparing keys, and frees
    /// the tree: about 15 000 instructions of a short case's 36 000 in `textfit batch`, more than the
    /// engine's warm work (Benchmarks/README.md, "Batch"). Here the keys are matched as bytes, the values
    /// read by the same `JSONParser` functions as the general path (so a value reads alike: numbers, ids,
    /// strings and their UTF-8 repair), and the case made by the same `init(common:)`. Only the bytes of
    /// string values are validated, once, as their strings are made.
    ///
    /// Both paths give the same case and id for every line this one accepts: checked on every committed
    /// batch fixture and corpus (`BatchLineBytesTests`) and by the `FuzzBatch` target on each line.
    ///
    /// ```swift
    /// let line = Array(#"{"id": 7, "text": "Hello", "width": 80}"#.utf8)
    /// let read = line.withUnsafeBufferPointer { MeasureCase.decodeCommon($0) }
    /// // read?.id == .int(7), read?.measureCase.width == 80
    /// ```
    /// - Parameter bytes: one input line without its newline, as read (not necessarily valid UTF-8).
    /// - Returns: the case and its `id` (`.null` when absent), or nil to leave the line to the general path.
    static func decodeCommon(_ bytes: UnsafeBufferPointer<UInt8>) -> (measureCase: MeasureCase, id: JSONValue)? {
        var parser = JSONParser(bytes: bytes)
        // The general path's string keeps a byte order mark, which its reader skips; so does this one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "{") else { return nil }
        parser.index += 1
        var fields = CommonFields()
        var seen: UInt16 = 0
        while true {
            parser.skipWhitespace()
            guard let field = parser.commonFieldKey(), seen & 1 << field.rawValue == 0 else { return nil }
            seen |= 1 << field.rawValue
            parser.skipWhitespace()
            guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: ":") else { return nil }
            parser.index += 1
            parser.skipWhitespace()
            // A family or line break mode spelled as one of the common names is that name's literal, which
            // costs no string to make (about 200 instructions each, callgrind, `ui` set); any other value
            // is read as the general path reads it. Depth 1: the general reader's members sit one object
            // deep too, so its depth limit applies alike.
            if let known = parser.knownName(of: field) {
                fields[field] = .string(known)
            } else {
                guard let value = try? parser.value(depth: 1) else { return nil }
                fields[field] = value
            }
            parser.skipWhitespace()
            guard parser.index < bytes.count else { return nil }
            if bytes[parser.index] == UInt8(ascii: ",") {
                parser.index += 1
                continue
            }
            guard bytes[parser.index] == UInt8(ascii: "}") else { return nil }
            parser.index += 1
            break
        }
        parser.skipWhitespace()
        guard parser.index == bytes.count else { return nil }
        let id = fields.id ?? .null
        // Moved into the case, not copied: with `id` read after it, the fields were copied for
        // `init(common:)` and both copies destroyed (about 500 instructions a line, callgrind, `ui` set).
        guard let measureCase = try? MeasureCase(common: consume fields) else { return nil }
        return (measureCase, id)
    }

    /// The common fields, numbered for `decodeCommon`'s set of fields seen.
    enum CommonField: Int {
        case id, text, family, fontFile, faceIndex, size, width, maxLines, lineBreakMode
    }
}

extension MeasureCase.CommonFields {
    subscript(field: MeasureCase.CommonField) -> JSONValue? {
        get {
            switch field {
            case .id: id
            case .text: text
            case .family: family
            case .fontFile: fontFile
            case .faceIndex: faceIndex
            case .size: size
            case .width: width
            case .maxLines: maxLines
            case .lineBreakMode: lineBreakMode
            }
        }
        set {
            switch field {
            case .id: id = newValue
            case .text: text = newValue
            case .family: family = newValue
            case .fontFile: fontFile = newValue
            case .faceIndex: faceIndex = newValue
            case .size: size = newValue
            case .width: width = newValue
            case .maxLines: maxLines = newValue
            case .lineBreakMode: lineBreakMode = newValue
            }
        }
    }
}

extension JSONParser {
    /// The common field a key names, its bytes matched as they are; `index` is at its opening quote and
    /// moves past the closing one. Nil for any other key, and for one with an escape or a control
    /// character (the general path reads those).
    mutating func commonFieldKey() -> MeasureCase.CommonField? {
        let quote = UInt8(ascii: "\"")
        guard index < bytes.count, bytes[index] == quote else { return nil }
        let start = index &+ 1
        // The key's first bytes pick the one name it may be, whose bytes and closing quote are then
        // compared: a key is matched without first scanning for its end (which cost about 100 instructions
        // a key, seven keys a case, callgrind, `ui` set). A name has no escape or control character, so a
        // key that matches one reads as that name on the general path too.
        guard start &+ 2 < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "i"): return matchKey("id", .id, at: start)
        case UInt8(ascii: "t"): return matchKey("text", .text, at: start)
        case UInt8(ascii: "s"): return matchKey("size", .size, at: start)
        case UInt8(ascii: "w"): return matchKey("width", .width, at: start)
        case UInt8(ascii: "m"): return matchKey("maxLines", .maxLines, at: start)
        case UInt8(ascii: "l"): return matchKey("lineBreakMode", .lineBreakMode, at: start)
        case UInt8(ascii: "f"):
            switch (bytes[start &+ 1], bytes[start &+ 2]) {
            case (UInt8(ascii: "a"), UInt8(ascii: "m")): return matchKey("family", .family, at: start)
            case (UInt8(ascii: "a"), UInt8(ascii: "c")): return matchKey("faceIndex", .faceIndex, at: start)
            case (UInt8(ascii: "o"), _): return matchKey("fontFile", .fontFile, at: start)
            default: return nil
            }
        default: return nil
        }
    }

    /// `field` when the bytes from `start` are `name` and a closing quote, `index` then past the quote;
    /// else nil, `index` unchanged.
    @inline(__always)
    private mutating func matchKey(
        _ name: StaticString, _ field: MeasureCase.CommonField, at start: Int
    ) -> MeasureCase.CommonField? {
        guard let end = endOfName(name, at: start) else { return nil }
        index = end
        return field
    }

    /// The offset past the closing quote when the bytes from `start` are `name` then `"`, else nil.
    @inline(__always)
    private func endOfName(_ name: StaticString, at start: Int) -> Int? {
        let length = name.utf8CodeUnitCount
        guard let base = bytes.baseAddress, bytes.count &- start > length,
            bytes[start &+ length] == UInt8(ascii: "\""), memcmp(base + start, name.utf8Start, length) == 0
        else { return nil }
        return start &+ length &+ 1
    }

    /// The string value at `index` when it is, byte for byte, one of the names a case's `family` or
    /// `lineBreakMode` commonly holds (a bundled family, a line break mode) with no escape: that name as a
    /// literal, `index` past its closing quote. Nil for any other value (read as the general path reads
    /// it), `index` unchanged.
    mutating func knownName(of field: MeasureCase.CommonField) -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index &+ 1
        guard start < bytes.count else { return nil }
        let found: (end: Int, name: String)?
        switch (field, bytes[start]) {
        case (.family, UInt8(ascii: "N")): found = endOfName("Noto Sans", at: start).map { ($0, "Noto Sans") }
        case (.family, UInt8(ascii: "D")):
            found = endOfName("Droid Sans Fallback", at: start).map { ($0, "Droid Sans Fallback") }
        case (.lineBreakMode, UInt8(ascii: "w")): found = endOfName("wordWrap", at: start).map { ($0, "wordWrap") }
        case (.lineBreakMode, UInt8(ascii: "c")):
            found =
                endOfName("charWrap", at: start).map { ($0, "charWrap") }
                ?? endOfName("clip", at: start).map { ($0, "clip") }
        case (.lineBreakMode, UInt8(ascii: "t")):
            found =
                endOfName("truncateTail", at: start).map { ($0, "truncateTail") }
                ?? endOfName("truncateHead", at: start).map { ($0, "truncateHead") }
                ?? endOfName("truncateMiddle", at: start).map { ($0, "truncateMiddle") }
        default: found = nil
        }
        guard let found else { return nil }
        index = found.end
        return found.name
    }
}
