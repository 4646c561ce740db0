/// Writes `JSONValue`s as compact, single-line JSON (one JSON Lines record per value).
///
/// Our own writer rather than `JSONSerialization`, which neither keeps key order nor distinguishes
/// `1` from `1.0` predictably across platforms.
///
/// ```swift
/// JSONWriter.string(.object(["text": .string("a\"b\n")]))   // {"text":"a\"b\n"}
/// ```
/// Swift strings hold only valid Unicode scalars, so the output is always valid UTF-8 with no lone
/// surrogates; control characters are escaped, everything else is written as is.
package enum JSONWriter {
    /// The compact JSON text of `value`.
    package static func string(_ value: JSONValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    /// Appends the compact JSON text of `value` to `output`.
    package static func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += format(number)
        case .numberLiteral(let text): output += text
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                write(element, to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                writeString(member.key, to: &output)
                output += ":"
                write(member.value, to: &output)
            }
            output += "}"
        }
    }

    /// A finite double in Swift's shortest round-tripping form ("43.5", "20.0", "1e-05"), all valid JSON
    /// numbers. JSON has no NaN or infinity: those become `null`.
    package static func format(_ number: Double) -> String {
        number.isFinite ? number.description : "null"
    }

    /// Writes `text` as a JSON string: quotes, backslash and C0 controls escaped (RFC 8259 §7), plus
    /// U+2028/U+2029, which are valid JSON but end lines in JavaScript and some line readers.
    package static func writeString(_ text: String, to output: inout String) {
        // By UTF-8 byte: the runs that need no escape are appended whole (a slice of `text`), and only
        // the bytes JSON or JavaScript need escaped are looked at one by one. Appending scalar by scalar
        // was `textfit batch`'s largest cost per case beside the engine (Benchmarks/README.md, "Batch").
        output += "\""
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            var escape: String?
            var next = utf8.index(after: index)
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x08: escape = "\\b"
            case 0x0C: escape = "\\f"
            case 0x00..<0x20, 0x7F: escape = unicodeEscape(UInt32(byte))
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8/A9): valid JSON, but not in JavaScript string literals.
                if next != utf8.endIndex, utf8[next] == 0x80 {
                    let third = utf8.index(after: next)
                    if third != utf8.endIndex, utf8[third] & 0xFE == 0xA8 {
                        escape = unicodeEscape(0x2028 | UInt32(utf8[third] & 1))
                        next = utf8.index(after: third)
                    }
                }
            default: break
            }
            if let escape {
                if runStart != index { output.append(contentsOf: text[runStart..<index]) }
                output += escape
                runStart = next
            }
            index = next
        }
        if runStart != utf8.endIndex { output.append(contentsOf: text[runStart..<utf8.endIndex]) }
        output += "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
