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
        var output = JSONOutput()
        output.value(value)
        return output.string
    }

    /// Appends the compact JSON text of `value` to `output`.
    package static func write(_ value: JSONValue, to output: inout String) {
        output += string(value)
    }

    /// A finite double in Swift's shortest round-tripping form ("43.5", "20.0", "1e-05"), all valid JSON
    /// numbers. JSON has no NaN or infinity: those become `null`.
    package static func format(_ number: Double) -> String {
        number.isFinite ? number.description : "null"
    }

    /// Writes `text` as a JSON string: quotes, backslash and C0 controls escaped (RFC 8259 §7), plus
    /// U+2028/U+2029, which are valid JSON but end lines in JavaScript and some line readers.
    package static func writeString(_ text: String, to output: inout String) {
        var bytes = JSONOutput(capacity: text.utf8.count + 2)
        bytes.string(text)
        output += bytes.string
    }
}

/// Compact JSON as UTF-8 bytes in one buffer, which a caller writing many records keeps and empties
/// (`removeAll`) between them.
///
/// Why bytes and one kept buffer: appending each bracket, key and number to a `String` went through its
/// append path every time (about 150 instructions an append), and a buffer per record was allocated,
/// grown and freed per line; `textfit batch` writes a plain case's result straight into it
/// (`MeasureResult.write`) without a `JSONValue` tree to build and free (Benchmarks/README.md, "Batch").
///
/// Why a buffer of its own rather than a `[UInt8]`: each `append` to an array checked that the array was
/// uniquely referenced and had room, through calls the optimizer kept (about 55 instructions an append,
/// ten or so appends a short case: 2,000 instructions of a `ui` case, callgrind); here a write is a
/// comparison with the capacity and a copy. Noncopyable, so the buffer has one owner, which frees it.
///
/// ```swift
/// var output = JSONOutput()
/// output.raw("{\"n\":"); output.int(-7); output.raw(",\"s\":"); output.string("a\"b"); output.byte(UInt8(ascii: "}"))
/// output.string   // {"n":-7,"s":"a\"b"}
/// ```
package struct JSONOutput: ~Copyable {
    /// The buffer: `count` bytes written, valid UTF-8 (only ASCII and the UTF-8 of Swift strings are written).
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    package private(set) var count = 0

    package init(capacity: Int = 512) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far, copied (tests; the writer's loop hands them on with `withBytes`).
    package var bytes: [UInt8] { withBytes { Array($0) } }

    /// Calls `body` with the bytes written so far, valid only during the call.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, as a string.
    package var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Empties the buffer and keeps its memory for the next record.
    package mutating func removeAll() { count = 0 }

    /// Room for `extra` more bytes; where they go.
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- count < extra { grow(extra) }
        return base + count
    }

    /// A buffer at least twice as large, with room for `extra` more bytes, the bytes written moved in.
    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity &* 2, count &+ extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// `bytes` appended as they are.
    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let target = reserve(bytes.count)
        target.update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    /// The UTF-8 of `text` appended as it is (no escapes).
    private mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Takes the bytes written so far of a record too long to hold whole (`spillIfLong`), ahead of its end;
    /// nil (the default) keeps every record whole in `bytes`.
    package var spill: ((UnsafeBufferPointer<UInt8>) -> Void)?
    /// How many bytes a record holds before `spillIfLong` hands them on: the executable's output buffer.
    package static let spillByteCount = 1 << 16

    /// Hands the bytes written so far to `spill` and empties the buffer, once they reach `spillByteCount`.
    ///
    /// Why: the result of one huge paragraph (every line's text and offsets, about twice the input) was
    /// held whole, and grown by doubling, beside the prepared text: about 4 bytes per input byte of the
    /// peak (issue 43, `Benchmarks/Tools/batch-memory.py`). Call it only where nothing can replace the
    /// record any more (no error can follow): what is spilled is written.
    @inline(__always)
    package mutating func spillIfLong() {
        guard count >= Self.spillByteCount, let spill else { return }
        withBytes { spill($0) }
        count = 0
    }

    /// The bytes at `range` of those written, written again (a number already written once); false, with
    /// nothing written, when they are no longer all held (`spillIfLong` handed them on).
    package mutating func repeatBytes(_ range: Range<Int>) -> Bool {
        guard range.upperBound <= count else { return false }
        let length = range.count
        reserve(length).update(from: base + range.lowerBound, count: length)
        count &+= length
        return true
    }

    /// One ASCII byte (a bracket, a comma, a colon).
    @inline(__always)
    package mutating func byte(_ byte: UInt8) {
        reserve(1).pointee = byte
        count &+= 1
    }

    /// ASCII text as it is: a key with its quotes and colon (`"\"width\":"`), punctuation. Not escaped.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length).update(from: text.utf8Start, count: length)
        count &+= length
    }

    /// A whole number in decimal, as `String(number)` writes it.
    package mutating func int(_ number: Int) {
        if number < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = UInt64(number.magnitude)  // at most 2^63: 19 digits
        // Most numbers a batch writes are offsets of short texts: one digit needs no buffer.
        if magnitude < 10 { return byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)) }
        digits(magnitude, count: 1)
    }

    /// `value` in decimal with at least `count` digits (zeros first), `count` at most 20.
    ///
    /// Why: the digits are made last first in a buffer on the stack, by division by the constant 10 (a
    /// multiply and a shift), and appended at once; taking the first digit first divided by each power of
    /// ten in turn from a table, a hardware division and an append per digit (about 280 instructions a
    /// width, callgrind, `textfit batch` on the `ui` set, and more in time than in instructions).
    @inline(__always)
    private mutating func digits(_ value: UInt64, count: Int) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            let digits = raw.bindMemory(to: UInt8.self)
            var position = digits.count
            var rest = value
            repeat {
                position &-= 1
                digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest != 0 || digits.count &- position < count
            append(UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// A double as `JSONWriter.format` writes it (`null` when not finite).
    package mutating func double(_ number: Double) {
        if dyadic(number) { return }
        guard number.isFinite else { return raw("null") }
        // A result's height is its line count times the line height, so a batch writes the same few
        // heights again and again: each is described once (about 800 instructions) and kept by its bits.
        let bits = number.bitPattern
        let slot = Int(truncatingIfNeeded: (bits ^ bits >> 29 ^ bits >> 47) & UInt64(Self.describedSlots - 1))
        if described.isEmpty { described = Array(repeating: (~0, ""), count: Self.describedSlots) }
        if described[slot].bits != bits { described[slot] = (bits, number.description) }
        append(utf8: described[slot].text)  // a small string (15 bytes or fewer): no allocation
    }

    /// Doubles described lately, by bit pattern (`double(_:)`); empty until the first is.
    private var described: [(bits: UInt64, text: String)] = []
    private static let describedSlots = 64

    /// Writes `number` and returns true when it is a whole number of 2^-18ths from 1 to 2^40 whose decimal
    /// expansion has at most 15 significant digits (a text's widths: HarfBuzz units over a power of two),
    /// else writes nothing. That expansion is exact, and the shortest that reads back (two decimals of 15
    /// digits differ by more than the double's spacing), so it is `description`'s text, which cost about
    /// 800 instructions a number, two or three numbers a short case (Benchmarks/README.md, "Batch").
    private mutating func dyadic(_ number: Double) -> Bool {
        guard number >= 1, number < 0x1p40 else { return false }
        let whole = number.rounded(.down)
        let fraction = number - whole  // exact: both lie on the same binade's grid or finer
        let scaled = fraction * 0x1p18
        guard scaled == scaled.rounded(.down) else { return false }
        let integer = Int(whole)
        var wholeDigits = 1
        var nextPower = 10  // 10^wholeDigits; a local, not a table: a global's every read is a `swift_once` call
        while wholeDigits < 13, integer >= nextPower {
            wholeDigits &+= 1
            nextPower &*= 10
        }
        // fraction = m / 2^18 = (m >> t) / 2^(18 - t) for m's t trailing zero bits: exactly 18 - t decimal
        // places, the whole number (m >> t) × 5^(18 - t).
        let steps = UInt64(scaled)
        let shift = steps == 0 ? 17 : min(steps.trailingZeroBitCount, 17)
        let placeCount = 18 &- shift
        guard wholeDigits &+ placeCount <= 15 else { return false }
        int(integer)
        byte(UInt8(ascii: "."))
        // The places as one whole number below 10^placeCount, written with its leading zeros.
        var places = steps >> UInt64(shift)
        for _ in 0..<placeCount { places &*= 5 }
        digits(places, count: placeCount)
        return true
    }

    /// Writes `text` as a JSON string: quotes, backslash and C0 controls escaped (RFC 8259 §7), plus
    /// U+2028/U+2029, which are valid JSON but end lines in JavaScript and some line readers.
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { escaped($0) }
    }

    /// Valid UTF-8 `utf8` as a JSON string (`string(_:)`).
    package mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // By UTF-8 byte: the runs that need no escape are copied whole, and only the bytes JSON or
        // JavaScript need escaped are looked at one by one. Appending scalar by scalar to a `String` was
        // `textfit batch`'s largest cost per case beside the engine (Benchmarks/README.md, "Batch").
        // Room for the string unescaped and its quotes at once: most strings have nothing to escape.
        _ = reserve(utf8.count &+ 2)
        byte(UInt8(ascii: "\""))
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
            case 0x00..<0x20, 0x7F: escape = Self.unicodeEscape(UInt32(byte))
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8/A9): valid JSON, but not in JavaScript string literals.
                if index &+ 2 < count, utf8[index &+ 1] == 0x80, utf8[index &+ 2] & 0xFE == 0xA8 {
                    escape = Self.unicodeEscape(0x2028 | UInt32(utf8[index &+ 2] & 1))
                    next = index &+ 3
                }
            default: break
            }
            if let escape {
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                append(utf8: escape)
                runStart = next
            }
            index = next
        }
        append(UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        byte(UInt8(ascii: "\""))
    }

    /// `value` in compact JSON.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): flag ? raw("true") : raw("false")
        case .int(let number): int(number)
        case .double(let number): double(number)
        case .numberLiteral(let text): append(utf8: text)
        case .string(let text): string(text)
        case .array(let elements):
            byte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.value(element)
            }
            byte(UInt8(ascii: "]"))
        case .object(let members):
            byte(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.member(member)
            }
            byte(UInt8(ascii: "}"))
        }
    }

    /// `"key":value` of one object member (no comma).
    package mutating func member(_ member: JSONMember) {
        string(member.key)
        byte(UInt8(ascii: ":"))
        value(member.value)
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
