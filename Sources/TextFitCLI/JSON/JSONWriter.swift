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
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}", "\u{2029}": output += unicodeEscape(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    output += unicodeEscape(scalar.value)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
