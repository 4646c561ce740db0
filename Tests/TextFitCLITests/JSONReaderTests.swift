import Foundation
import Testing
@testable import TextFitCLI

@Suite struct JSONReaderTests {
    @Test func tellsBooleansFromNumbers() throws {
        let value = try JSONReader.parse(#"{"t": true, "f": false, "one": 1, "zero": 0, "half": 0.5, "two": 2.0}"#)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["one"] == .int(1))
        #expect(value["zero"] == .int(0))
        #expect(value["half"] == .double(0.5))
        #expect(value["two"] == .double(2))
    }

    @Test func keepsHugeNumbersExactly() throws {
        #expect(try JSONReader.parse("18446744073709551615") == .numberLiteral("18446744073709551615"))
        #expect(try JSONReader.parse("123456789012345678901234") == .numberLiteral("123456789012345678901234"))
        #expect(try JSONReader.parse("-5") == .int(-5))
        // Beyond a double: kept as written, so a case's id survives and the field at fault can be named.
        #expect(try JSONReader.parse("1e400") == .numberLiteral("1e400"))
        #expect(try JSONReader.parse("-1.5E+999") == .numberLiteral("-1.5E+999"))
    }

    @Test func fragmentsNullAndNesting() throws {
        #expect(try JSONReader.parse("null") == .null)
        #expect(try JSONReader.parse(#""x""#) == .string("x"))
        #expect(
            try JSONReader.parse(#"{"b": [1, {"c": null}], "a": "z"}"#)
                == .object(["a": .string("z"), "b": .array([.int(1), .object(["c": .null])])]))
        #expect(try JSONReader.parse(" \t\r\n[ ] ") == .array([]))
        #expect(try JSONReader.parse("\u{FEFF}{}") == .object([]))
        // A repeated key is refused: which value a reader keeps is unspecified (RFC 8259 §4).
        #expect(throws: JSONReader.ParseError(description: "invalid JSON: the key 'a' appears twice in an object at byte 9"))
        {
            try JSONReader.parse(#"{"a": 1, "a": 2}"#)
        }
        #expect(try JSONReader.parse(#"{"a": {"a": 1}, "b": [{"a": 2}]}"#)["a"] == .object(["a": .int(1)]))
    }

    @Test func escapes() throws {
        #expect(
            try JSONReader.parse(#""\"\\\/\b\f\n\r\t\u0041\u00e9\u4eac\ud83d\ude00""#)
                == .string("\"\\/\u{08}\u{0C}\n\r\tAé京😀"))
        #expect(try JSONReader.parse("\"北京 é 😀\"") == .string("北京 é 😀"))
    }

    @Test(arguments: [
        "", " ", "not json", "{", "}", "[", "[1,]", "[1 2]", #"{"a": 1,}"#, #"{"a" 1}"#, #"{a: 1}"#, "{'a': 1}",
        #"{"a": 1} x"#, "tru", "nul", "True", "NaN", "Infinity", "-Infinity", "01", "-01", "1.", ".5", "+1", "-",
        "1e", "1e+", "1.e5", "0x10", "1_000", #""abc"#, #""\x""#, #""\u12""#, #""\u12G4""#, "\"a\tb\"", "\"a\nb\"",
        "\u{FEFF}\u{FEFF}{}", "[]]", "\u{00A0}1",
        String(repeating: "[", count: JSONReader.maximumDepth + 1)
            + String(repeating: "]", count: JSONReader.maximumDepth + 1),
    ])
    func rejectsInvalidJSON(text: String) {
        #expect(throws: JSONReader.ParseError.self, "\(text.prefix(40).debugDescription)") { try JSONReader.parse(text) }
    }

    @Test func errorsNameTheProblemAndItsByteOffset() {
        func message(_ text: String) -> String {
            do {
                _ = try JSONReader.parse(text)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(message("{") == "invalid JSON: unexpected end of text, expected a key at byte 1")
        #expect(message(#"{"a": tru}"#) == "invalid JSON: unexpected character 't', expected a value at byte 6")
        #expect(message(#"[1, 2,]"#) == "invalid JSON: unexpected character ']', expected a value at byte 6")
        #expect(message("[01]") == "invalid JSON: a number with a leading zero at byte 2")
        #expect(message(#""\q""#) == #"invalid JSON: an unknown escape '\q' at byte 1"#)
        #expect(
            message("[" + String(repeating: "[", count: 600)).hasPrefix(
                "invalid JSON: arrays and objects nested deeper than 512"))
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let depth = JSONReader.maximumDepth
        var value = try JSONReader.parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        for _ in 1..<depth {
            guard case .array(let elements) = value, elements.count == 1 else { Issue.record("not nested"); return }
            value = elements[0]
        }
        #expect(value == .array([]))
    }

    @Test func unpairedSurrogateEscapesBecomeReplacementCharacters() throws {
        #expect(try JSONReader.parse(#""a\ud800b""#) == .string("a\u{FFFD}b"))
        #expect(try JSONReader.parse(#""\udc00""#) == .string("\u{FFFD}"))
        #expect(try JSONReader.parse(#""\ud83d\ude00\ud83d""#) == .string("😀\u{FFFD}"))
        #expect(try JSONReader.parse(#""\ud800\ud800\udc00""#) == .string("\u{FFFD}𐀀"))
        #expect(try JSONReader.parse(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
        // An escaped backslash followed by "ud800" is plain text, not a surrogate.
        #expect(try JSONReader.parse(#""\\ud800""#) == .string(#"\ud800"#))
    }
}

/// Every finite number JSON can carry is read as the nearest double, however another program printed it.
@Suite struct JSONNumberTests {
    /// A double's shortest round-trip digits (what Python's `repr`, JavaScript's `toString` and Swift's
    /// `description` all print): `value = ±0.d₁d₂…dₖ × 10^exponent`.
    struct Digits {
        var negative: Bool
        var digits: [Character]
        var exponent: Int

        init(_ value: Double) {
            var text = value.description
            negative = text.hasPrefix("-")
            if negative { text.removeFirst() }
            var mantissa = Substring(text)
            var power = 0
            if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
                mantissa = text[..<e]
                power = Int(text[text.index(after: e)...])!
            }
            let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
            var all = Array(parts[0] + (parts.count > 1 ? parts[1] : ""))
            var exponent = parts[0].count + power
            while all.count > 1, all.first == "0" { all.removeFirst(); exponent -= 1 }
            while all.count > 1, all.last == "0" { all.removeLast() }
            if all == ["0"] { exponent = 1 }
            digits = all
            self.exponent = exponent
        }

        var sign: String { negative ? "-" : "" }

        func fixed(pointAfter point: Int) -> String {
            let text = String(digits)
            if point <= 0 { return "0." + String(repeating: "0", count: -point) + text }
            if point >= digits.count { return text + String(repeating: "0", count: point - digits.count) }
            return String(digits[..<point]) + "." + String(digits[point...])
        }

        func scientific(minimumExponentDigits: Int) -> String {
            let power = exponent - 1
            let magnitude = String(abs(power))
            return String(digits[0]) + (digits.count > 1 ? "." + String(digits[1...]) : "") + "e" + (power < 0 ? "-" : "+")
                + String(repeating: "0", count: max(0, minimumExponentDigits - magnitude.count)) + magnitude
        }

        /// Python's `repr`: fixed for 1e-4 <= |x| < 1e16 (integers with ".0"), else `1e+16`, `5e-324`.
        var python: String {
            let power = exponent - 1
            guard -4 <= power, power < 16 else { return sign + scientific(minimumExponentDigits: 2) }
            let text = fixed(pointAfter: exponent)
            return sign + (text.contains(".") ? text : text + ".0")
        }

        /// JavaScript's `Number.prototype.toString`: fixed for 1e-7 <= |x| < 1e21 (integers without a point,
        /// padded with zeros), else `1e+21`, `5e-324`; zero is "0".
        var javaScript: String {
            if digits == ["0"] { return "0" }
            guard -6 < exponent, exponent <= 21 else { return sign + scientific(minimumExponentDigits: 1) }
            return sign + fixed(pointAfter: exponent)
        }
    }

    /// The double a parsed number stands for, as `textfit batch` reads a number field before checking
    /// its range (a width's range would turn huge values into "unconstrained" and refuse negative ones).
    static func read(_ text: String) throws -> Double? {
        switch try JSONReader.parse(#"{"text": "a", "width": \#(text)}"#)["width"] {
        case .int(let value)?: return Double(value)
        case .double(let value)?: return value
        case .numberLiteral(let literal)?: return Double(literal)
        default: return nil
        }
    }

    static let landmarks: [Double] = [
        0, -0.0, 0.1, 0.2, 0.3, 1, -1, 17.000000000000004, 255.60000000000002, 1e21, 1e22, 1e-7, 1e-6, 1e16, 1e15,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 9007199254740992, 9007199254740994, 18014398509481988,
        1.2345678901234568e+20,
        0.30000000000000004, 100, 1e100, 4.35, 43.5, 2.5e-5, 1.5e300,
    ]

    /// Seeded random doubles: uniform bit patterns (every exponent), integers above 2^53, and short decimals.
    static func randomDoubles(count: Int) -> [Double] {
        var state: UInt64 = 0x5EED_0F_7E47F17
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var values: [Double] = []
        while values.count < count {
            let bits = next()
            switch bits % 4 {
            case 0, 1:
                let value = Double(bitPattern: next())
                if value.isFinite { values.append(value) }
            case 2:
                values.append(Double(Int64(bitPattern: next()) >> Int64(bits >> 58)))  // integers, many above 2^53
            default:
                values.append(Double(Int64(next() % 2_000_000) - 1_000_000) / [1, 10, 100, 1000, 1e6][Int(bits >> 61) % 5])
            }
        }
        return values
    }

    @Test func pythonAndJavaScriptFormsReadExactly() throws {
        let values = Self.landmarks + Self.randomDoubles(count: 4000)
        var checked = 0
        for value in values {
            let digits = Digits(value)
            var forms = [digits.python, digits.javaScript, String(format: "%.17g", value)]
            if value == 0 { forms = [digits.python] }  // "0" and "-0" are integers: Int keeps no sign
            for form in forms {
                let read = try Self.read(form)
                #expect(
                    read?.bitPattern == value.bitPattern,
                    "\(form) read as \(read.map { "\($0)" } ?? "nil"), expected \(value)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
        // The forms the formatters must produce, checked against what those languages print.
        #expect(Digits(1e21).javaScript == "1e+21" && Digits(1e21).python == "1e+21")
        #expect(Digits(1e20).javaScript == "100000000000000000000" && Digits(1e16).python == "1e+16")
        let tiny = Digits(.leastNonzeroMagnitude)
        #expect(tiny.javaScript == "5e-324" && tiny.python == "5e-324")
        #expect(Digits(1e-7).javaScript == "1e-7" && Digits(1e-5).python == "1e-05" && Digits(1e-6).javaScript == "0.000001")
        #expect(Digits(-0.0).python == "-0.0" && Digits(0.1).python == "0.1" && Digits(100).python == "100.0")
        #expect(Digits(.greatestFiniteMagnitude).python == "1.7976931348623157e+308")
        #expect(Digits(1.2345678901234568e+20).javaScript == "123456789012345680000")
    }

    /// Digits past what a double holds round to the nearest double, as any correct reader does.
    @Test func longLiteralsRoundToTheNearestDouble() throws {
        #expect(try Self.read("0.1000000000000000055511151231257827021181583404541015625") == 0.1)
        #expect(try Self.read("9007199254740993") == 9007199254740992)  // a tie: to even
        #expect(try Self.read("9007199254740993.0000001") == 9007199254740994)
        #expect(try Self.read("2.4703282292062328e-324") == .leastNonzeroMagnitude)
        #expect(try Self.read("2.4703282292062327e-324") == 0)
        #expect(try Self.read("1e-400") == 0)
        #expect(try Self.read("-0") == 0)
    }

    /// Past `smallObject` members a repeated key is found through a set instead of a scan: the same
    /// answers either side of the switch (sorted members, the repeat refused at its own byte).
    @Test func largeObjectsSortTheirKeysAndRefuseARepeat() throws {
        for count in [1, 15, 16, 17, 40] {
            let keys = (0..<count).map { "k\(($0 * 7919) % 1000)" }
            let text = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
            let parsed = try JSONReader.parse(text)
            guard case .object(let members) = parsed else { Issue.record("not an object"); continue }
            #expect(members.map(\.key) == keys.sorted())
            for (offset, key) in keys.enumerated() { #expect(parsed[key] == .int(offset)) }
            for repeatAt in [0, count / 2, count - 1] {
                let repeated = text.dropLast() + ",\"\(keys[repeatAt])\":0}"
                let at = text.utf8.count
                #expect(
                    throws: JSONReader.ParseError(
                        description:
                            "invalid JSON: the key '\(keys[repeatAt])' appears twice in an object at byte \(at)")
                ) {
                    try JSONReader.parse(String(repeated))
                }
            }
        }
    }
}
