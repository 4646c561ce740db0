import Foundation

/// Parses one JSON text into a `JSONValue` with Foundation's `JSONSerialization`.
///
/// The conversion is where JSON's types are recovered: `JSONSerialization` returns `true`/`false` as
/// `NSNumber`s, and on Linux `NSNumber(1) is Bool` is also true, so a plain cast would accept
/// `"size": true` as 1. Booleans are told apart by their class (`__NSCFBoolean` on Linux and Darwin),
/// the one test that works on both.
package enum JSONReader {
    /// Why a line is not JSON.
    package struct ParseError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// The value of `text`, which may be any JSON value (not only an object or array).
    /// - Throws: `ParseError` naming the problem for text that is not JSON.
    package static func parse(_ text: String) throws -> JSONValue {
        do {
            return try parseWithFoundation(Data(text.utf8))
        } catch {
            // JSON allows "\ud800" (RFC 8259 §8.2) but Foundation rejects it; retry with each unpaired
            // surrogate escape replaced by U+FFFD, also one UTF-16 unit, so offsets in results still match.
            let repaired = replacingUnpairedSurrogateEscapes(Array(text.utf8))
            if let repaired, let value = try? parseWithFoundation(Data(repaired)) { return value }
            throw error
        }
    }

    private static func parseWithFoundation(_ data: Data) throws -> JSONValue {
        do {
            return convert(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw ParseError(description: "invalid JSON" + (detail.map { ": \($0)" } ?? ""))
        }
    }

    /// The JSON text with every `\uD800`–`\uDFFF` escape that is not part of a valid pair replaced by
    /// `\ufffd`; nil when there is none. Escaped backslashes (`\\ud800`) are left alone.
    static func replacingUnpairedSurrogateEscapes(_ bytes: [UInt8]) -> [UInt8]? {
        let backslash = UInt8(ascii: "\\"), quote = UInt8(ascii: "\""), u = UInt8(ascii: "u")
        func hexValue(at index: Int) -> Int? {
            guard index + 4 <= bytes.count, let text = String(bytes: bytes[index..<index + 4], encoding: .ascii)
            else { return nil }
            return Int(text, radix: 16)
        }
        func escape(at index: Int) -> Int? {
            guard index + 1 < bytes.count, bytes[index] == backslash, bytes[index + 1] == u else { return nil }
            return hexValue(at: index + 2)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard inString, byte == backslash, index + 1 < bytes.count else {
                if byte == quote { inString.toggle() }
                output.append(byte)
                index += 1
                continue
            }
            guard let value = escape(at: index) else {
                output += bytes[index..<index + 2]  // any other escape, such as \\ or \"
                index += 2
                continue
            }
            if (0xD800...0xDBFF).contains(value), let low = escape(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                output += bytes[index..<index + 12]
                index += 12
            } else if (0xD800...0xDFFF).contains(value) {
                output += Array("\\ufffd".utf8)
                changed = true
                index += 6
            } else {
                output += bytes[index..<index + 6]
                index += 6
            }
        }
        return changed ? output : nil
    }

    private static let booleanClass: AnyClass = type(of: NSNumber(value: true))

    /// Converts what `JSONSerialization` returned. Object keys are sorted, because `NSDictionary` has
    /// no order and echoed ids should come out the same on every run.
    static func convert(_ object: Any) -> JSONValue {
        switch object {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let decimal as NSDecimalNumber: return .numberLiteral(decimal.description)
        case let number as NSNumber: return convert(number)
        case let array as [Any]: return .array(array.map(convert))
        case let dictionary as [String: Any]:
            return .object(dictionary.keys.sorted().map { JSONMember($0, convert(dictionary[$0] as Any)) })
        default: return .null  // JSONSerialization produces no other types.
        }
    }

    private static func convert(_ number: NSNumber) -> JSONValue {
        if type(of: number) == booleanClass { return .bool(number.boolValue) }
        switch String(cString: number.objCType) {
        case "d", "f": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            let value = number.uint64Value
            return value <= UInt64(Int.max) ? .int(Int(value)) : .numberLiteral(String(value))
        default: return .int(Int(truncatingIfNeeded: number.int64Value))
        }
    }
}
