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
    ///
    /// Written as UTF-8 bytes into one buffer and made a string once: appending each bracket, key and
    /// number to a `String` went through its append path every time (about 150 instructions an append),
    /// half of `textfit batch`'s CPU per case beside the engine (Benchmarks/README.md, "Batch").
    package static func write(_ value: JSONValue, to output: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        write(value, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .int(let number): output += String(number).utf8
        case .double(let number): output += format(number).utf8
        case .numberLiteral(let text): output += text.utf8
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
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
        var bytes: [UInt8] = []
        writeString(text, into: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    private static func writeString(_ text: String, into output: inout [UInt8]) {
        // By UTF-8 byte: the runs that need no escape are copied whole, and only the bytes JSON or
        // JavaScript need escaped are looked at one by one. Appending scalar by scalar to a `String` was
        // `textfit batch`'s largest cost per case beside the engine (Benchmarks/README.md, "Batch").
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            let count = utf8.count
            var runStart = 0
            var index = 0
            while index < count {
                let byte = utf8[index]
                var escape: String?
                var next = index &+ 1
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
                    if index &+ 2 < count, utf8[index &+ 1] == 0x80, utf8[index &+ 2] & 0xFE == 0xA8 {
                        escape = unicodeEscape(0x2028 | UInt32(utf8[index &+ 2] & 1))
                        next = index &+ 3
                    }
                default: break
                }
                if let escape {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    output += escape.utf8
                    runStart = next
                }
                index = next
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
