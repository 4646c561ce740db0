/// Finds the JSON text of a line's top-level `"id"` member without parsing the rest of the line, so an
/// error answer keeps the case's id when the line as a whole cannot be read (issue 35): a line over the
/// length limit (fed block by block while it is counted, never held), a repeated key, a malformed number.
///
/// The scan is lexical and forgiving: it follows the top-level object's keys and skips each value by its
/// brackets and strings, whatever is inside, so `{"id": 7, "width": 01}` still gives `7`. It keeps only
/// the id's bytes (at most `maximumIDLength`). The id is given only when it is unambiguous: exactly one
/// top-level key `id`, whose value ended with `,` or `}` before anything broke the object's structure.
///
/// ```swift
/// var scanner = CaseIDScanner()
/// scanner.scan(Array(#"{"id": "a-1", "text": "x", "text": "y"}"#.utf8))
/// scanner.idText   // "\"a-1\"" (parse it with JSONReader)
/// ```
struct CaseIDScanner {
    /// An id longer than this (bytes of JSON text) is not kept: no client matches answers by such ids,
    /// and a line over the length limit must not be held through its id.
    static let maximumIDLength = 64 * 1024

    private enum State { case start, keyOrEnd, key, colon, valueStart, value, done, failed }

    private var state = State.start
    /// The current key's bytes (only its first few: a key longer than `"id"` escaped is not `id`).
    private var key: [UInt8] = []
    private var keyIsID = false
    private var escaped = false
    private var inString = false
    private var depth = 0
    private var idKeys = 0
    private var capturing = false
    private var capture: [UInt8] = []
    private var captured: String?
    private var tooLong = false

    /// The id value's JSON text, when the line has exactly one top-level `id` whose value was read whole.
    var idText: String? {
        idKeys == 1 && !tooLong ? captured : nil
    }

    /// The id of a whole line (the in-process path, or a line JSON could not read), parsed; nil when none
    /// can be read or its text is not JSON.
    static func id(in line: String) -> JSONValue? {
        var scanner = CaseIDScanner()
        scanner.scan(line.utf8)
        return scanner.idValue
    }

    /// `idText` read as JSON; nil when there is none or it is not valid JSON (`{"id": 01}`).
    var idValue: JSONValue? {
        idText.flatMap { try? JSONReader.parse($0) }
    }

    /// Reads the next bytes of the line.
    mutating func scan<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            if state == .done || state == .failed { return }
            step(byte)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func step(_ byte: UInt8) {
        switch state {
        case .start:
            // A byte order mark is allowed before the object, as JSONReader allows it.
            if Self.isWhitespace(byte) || byte == 0xEF || byte == 0xBB || byte == 0xBF { return }
            state = byte == UInt8(ascii: "{") ? .keyOrEnd : .failed
        case .keyOrEnd:
            if Self.isWhitespace(byte) { return }
            if byte == UInt8(ascii: "\"") {
                key.removeAll(keepingCapacity: true)
                escaped = false
                state = .key
            } else {
                state = byte == UInt8(ascii: "}") ? .done : .failed
            }
        case .key:
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                keyIsID = Self.isIDKey(key)
                if keyIsID { idKeys += 1 }
                state = .colon
                return
            }
            // "id" written with escapes is at most 12 bytes (\u0069\u0064); longer keys are not it.
            if key.count <= 12 { key.append(byte) } else { key = Array("not-id-at-all".utf8) }
        case .colon:
            if Self.isWhitespace(byte) { return }
            state = byte == UInt8(ascii: ":") ? .valueStart : .failed
        case .valueStart:
            if Self.isWhitespace(byte) { return }
            depth = 0
            inString = false
            escaped = false
            capturing = keyIsID
            capture.removeAll(keepingCapacity: true)
            state = .value
            step(byte)
        case .value:
            value(byte)
        case .done, .failed:
            return
        }
    }

    private mutating func value(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else {
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    endValue()
                    state = byte == UInt8(ascii: "}") ? .done : .failed
                    return
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    endValue()
                    state = .keyOrEnd
                    return
                }
            default: break
            }
        }
        guard capturing else { return }
        if capture.count < Self.maximumIDLength {
            capture.append(byte)
        } else {
            tooLong = true
            capturing = false
            capture = []
        }
    }

    private mutating func endValue() {
        guard capturing else { return }
        capturing = false
        captured = String(decoding: capture, as: UTF8.self)
    }

    /// Whether a key's raw bytes (between the quotes, escapes undecoded) spell `id`.
    private static func isIDKey(_ key: [UInt8]) -> Bool {
        if key == [UInt8(ascii: "i"), UInt8(ascii: "d")] { return true }
        guard key.contains(UInt8(ascii: "\\")) else { return false }
        return (try? JSONReader.parse("\"" + String(decoding: key, as: UTF8.self) + "\"")) == .string("id")
    }
}
