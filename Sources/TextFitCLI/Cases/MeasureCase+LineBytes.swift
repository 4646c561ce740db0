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
            // Depth 1: the general reader's members sit one object deep too, so its depth limit applies alike.
            guard let value = try? parser.value(depth: 1) else { return nil }
            fields[field] = value
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
        guard parser.index == bytes.count, let measureCase = try? MeasureCase(common: fields) else { return nil }
        return (measureCase, fields.id ?? .null)
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
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        index = end + 1
        // The key's length picks one or two names, whose bytes are then compared: about 20 instructions a
        // key, where packing the key into two words and comparing them with each name in a table cost
        // about 200 (callgrind, `textfit batch` on the `ui` set: 1 600 of a case's 25 800).
        let key = base + start
        let count = end - start
        func isNamed(_ name: StaticString) -> Bool { memcmp(key, name.utf8Start, count) == 0 }
        switch count {
        case 2: return isNamed("id") ? .id : nil
        case 4: return isNamed("text") ? .text : isNamed("size") ? .size : nil
        case 5: return isNamed("width") ? .width : nil
        case 6: return isNamed("family") ? .family : nil
        case 8: return isNamed("fontFile") ? .fontFile : isNamed("maxLines") ? .maxLines : nil
        case 9: return isNamed("faceIndex") ? .faceIndex : nil
        case 13: return isNamed("lineBreakMode") ? .lineBreakMode : nil
        default: return nil
        }
    }
}
