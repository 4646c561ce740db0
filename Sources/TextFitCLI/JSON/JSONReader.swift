import Foundation

/// Parses one JSON text (RFC 8259) into a `JSONValue`.
///
/// Our own reader rather than Foundation's `JSONSerialization`, for three things the command line needs:
/// every finite number is read as the nearest `Double` (Swift's correctly rounded `Double(_:)`; Foundation
/// hands some ordinary literals such as `255.60000000000002` back as decimals); a number beyond `Double`
/// or `Int` is kept as its text (`.numberLiteral`), so a case's `id` survives and the field at fault can be
/// named; and `\ud800` (valid JSON, RFC 8259 §8.2) reads as U+FFFD, one UTF-16 unit like the surrogate,
/// so offsets in results still match. Object keys come back sorted, so echoed ids are the same on every
/// run; a key repeated in one object is an error.
///
/// ```swift
/// try JSONReader.parse(#"{"width": 255.60000000000002, "id": 1e400}"#)
/// // .object([("id", .numberLiteral("1e400")), ("width", .double(255.60000000000002))])
/// try JSONReader.parse("{")   // throws "invalid JSON: unexpected end of text at byte 1, expected a key"
/// ```
package enum JSONReader {
    /// Why a line is not JSON; the description starts with "invalid JSON" and names the byte offset.
    package struct ParseError: Error, Equatable, CustomStringConvertible, LocalizedError {
        package var description: String
        /// The same text as `description`, so `localizedDescription` names the problem too.
        package var errorDescription: String? { description }
    }

    /// Arrays and objects nested deeper than this are refused rather than read (the reader recurses).
    package static let maximumDepth = 512

    /// The value of `text`, which may be any JSON value (not only an object or array). One leading byte
    /// order mark is ignored (RFC 8259 §8.1).
    /// - Throws: `ParseError` naming the problem and its byte offset for text that is not JSON.
    package static func parse(_ text: String) throws -> JSONValue {
        var copy = text
        return try copy.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw parser.error("unexpected \(parser.found) after the value") }
            return value
        }
    }
}

/// A recursive-descent reader over the text's UTF-8 bytes. Internal, not private: the batch's reader of
/// common cases (`MeasureCase.init(commonFieldsOf:)`) reads each member's value with it, so a value
/// reads alike on both paths.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ message: String) -> JSONReader.ParseError {
        JSONReader.ParseError(description: "invalid JSON: \(message) at byte \(index)")
    }

    /// The byte at `index` for messages: a quoted character, or "end of text".
    var found: String {
        guard index < bytes.count else { return "end of text" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }

    mutating func value(depth: Int) throws -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of text, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected \(found), expected a value")
        }
    }

    mutating func literal(_ word: String) throws {
        let start = index
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                index = start
                throw error("unexpected \(found), expected a value")
            }
            index += 1
        }
    }

    /// Up to this many members, a new key is compared with each earlier one; past it, looked up in a set.
    static let smallObject = 16

    mutating func object(depth: Int) throws -> JSONValue {
        guard depth <= JSONReader.maximumDepth else {
            throw error("arrays and objects nested deeper than \(JSONReader.maximumDepth)")
        }
        index += 1  // {
        // Members in an array, a repeated key found by a scan while the object is small and by a set past
        // `smallObject` (a case has about eight): the dictionary they were kept in cost about 15 000
        // instructions a case in hashing and growing, half of reading one (Benchmarks/README.md, "Batch").
        var members: [JSONMember] = []
        // A case has about eight members: room for them at once, rather than growing through 1, 2, 4, 8.
        members.reserveCapacity(8)
        var keys: Set<String> = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(found), expected a key")
            }
            let keyStart = index
            let key = try string(keys: JSONKeyTable.caseFields)
            // Which of two values a reader keeps is unspecified (RFC 8259 §4): a case repeating "width"
            // would be measured at one of them silently, so a repeated key is refused.
            let repeated: Bool
            if members.count < Self.smallObject {
                repeated = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                repeated = !keys.insert(key).inserted
            }
            if repeated {
                index = keyStart
                throw error("the key '\(key)' appears twice in an object")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(found), expected ':' after a key")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("unexpected \(found), expected ',' or '}'") }
            index += 1
            // Keys are unique, so the order is total.
            members.sort { $0.key < $1.key }
            return .object(members)
        }
    }

    mutating func array(depth: Int) throws -> JSONValue {
        guard depth <= JSONReader.maximumDepth else {
            throw error("arrays and objects nested deeper than \(JSONReader.maximumDepth)")
        }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("unexpected \(found), expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an integer that fits `Int` as `.int`, any
    /// other finite number as the nearest `.double`, and what neither holds (integers beyond `Int`,
    /// `1e400`) as its text.
    mutating func number() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            throw error("unexpected \(found), expected a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                throw error("a number with a leading zero")
            }
        } else {
            _ = digits()
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits() > 0 else { throw error("unexpected \(found), expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("unexpected \(found), expected a digit in the exponent") }
        }
        if let exact = Self.fastNumber(UnsafeBufferPointer(rebasing: bytes[start..<index]), isInteger: isInteger) {
            return exact
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        if !isInteger, let double = Double(text), double.isFinite { return .double(double) }
        return .numberLiteral(text)
    }

    /// The value of a number of at most 15 digits and a small exponent, read from its bytes without making
    /// a string (a case's sizes and widths): an integer as `.int`, any other as the nearest `.double` by
    /// Clinger's fast path, its digits as an exact integer below 2^53 times or over an exact power of ten
    /// (at most 10^22), one correctly rounded operation, so the same double as `Double(_:)`. Nil for any
    /// other number, which the general path reads. `literal` matches the number grammar.
    static func fastNumber(_ literal: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> JSONValue? {
        var index = 0
        let negative = literal[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < literal.count {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                // Leading zeros do not count towards the 15 digits.
                if mantissa > 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa * 10 + Int(byte - UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            } else {
                break  // the exponent
            }
            index += 1
        }
        var exponent = 0
        if index < literal.count {  // [eE][+-]?[0-9]+
            index += 1
            var exponentNegative = false
            if literal[index] == UInt8(ascii: "+") || literal[index] == UInt8(ascii: "-") {
                exponentNegative = literal[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < literal.count {
                exponent = exponent * 10 + Int(literal[index] - UInt8(ascii: "0"))
                guard exponent <= 400 else { return nil }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if isInteger { return .int(negative ? -mantissa : mantissa) }
        let power = exponent - fractionDigits
        guard power >= -22, power <= 22 else { return nil }
        var value = Double(mantissa)
        value = power < 0 ? value / Self.powersOfTen[-power] : value * Self.powersOfTen[power]
        return .double(negative ? -value : value)
    }

    /// 10^0 … 10^22, each exact in a `Double`.
    static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A string's contents; `index` is at its opening quote. Unpaired surrogate escapes become U+FFFD.
    /// With `keys`, a string without escapes that is one of them is that table's string (object keys).
    mutating func string(keys: JSONKeyTable? = nil) throws -> String {
        index += 1  // "
        var output: [UInt8] = []
        var escaped = false
        var runStart = index
        while true {
            skipPlainBytes()
            guard index < bytes.count else { throw error("unexpected end of text in a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                // Without escapes the string is made from the input's bytes directly: no second buffer
                // (which grew to twice a long text's size before it was copied again).
                guard escaped else { return keys?.name(run) ?? String(decoding: run, as: UTF8.self) }
                output += run
                return String(decoding: output, as: UTF8.self)
            }
            if byte < 0x20 {
                throw error("a control character (byte 0x" + String(byte, radix: 16, uppercase: true) + ") in a string")
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            escaped = true
            output += UnsafeBufferPointer(rebasing: bytes[runStart..<index])
            try escape(into: &output)
            runStart = index
        }
    }

    /// Moves `index` past the bytes of a string that need no look (none is `"`, `\\` or below 0x20), eight
    /// at a time, to the first that does (or to within eight bytes of the end); the byte-by-byte loop in
    /// `string(keys:)` takes over from there. Why: that loop cost about 5 instructions a byte of every
    /// text read (callgrind, `textfit batch`); a word's test for the three kinds of byte is about 15 for
    /// eight.
    @inline(__always)
    mutating func skipPlainBytes() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while bytes.count &- index >= 8 {
            // Little-endian order, so the first byte in the text is the word's lowest.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // `(x - 1) & ~x` has the high bit of x's lowest zero byte set, and none below it (a borrow only
            // runs upwards from a zero byte), so the lowest high bit set is the first byte that needs a
            // look; `(x - 0x20) & ~x` likewise for a byte below 0x20.
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let special =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word)
            let hits = special & highs
            if hits != 0 {
                index &+= hits.trailingZeroBitCount &>> 3
                return
            }
            index &+= 8
        }
    }

    /// One escape sequence; `index` is at its backslash.
    mutating func escape(into output: inout [UInt8]) throws {
        index += 1
        guard index < bytes.count else { throw error("unexpected end of text in an escape") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            index -= 1
            throw error("an unknown escape '\\\(String(decoding: [bytes[index + 1]], as: UTF8.self))'")
        }
        if let simple {
            output.append(simple)
            index += 1
            return
        }
        index += 1
        let unit = try hexUnit()
        var scalar = Unicode.Scalar(unit)
        if (0xD800...0xDBFF).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let low = try hexUnit()
            if (0xDC00...0xDFFF).contains(low) {
                scalar = Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00))
            } else {
                index = save  // the next escape stands on its own
            }
        }
        UTF8.encode(scalar ?? "\u{FFFD}") { output.append($0) }
    }

    /// Four hex digits after `\u`.
    mutating func hexUnit() throws -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of text in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("unexpected \(found) in a \\u escape, expected a hex digit")
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }
}
