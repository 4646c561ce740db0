/// A JSON value whose objects keep their keys in insertion order, so every result the tool writes has the
/// same key order (`id, width, height, lineCount, truncated, lines`), which line-oriented consumers and
/// golden files rely on.
///
/// ```swift
/// let value: JSONValue = .object([("id", .int(1)), ("text", .string("Hi"))])
/// JSONWriter.string(value)   // {"id":1,"text":"Hi"}
/// ```
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number kept as its exact JSON text: integers beyond `Int` and numbers beyond `Double` (`1e400`)
    /// from the input, echoed back unchanged rather than rounded or refused.
    case numberLiteral(String)
    case string(String)
    case array([JSONValue])
    /// Members in the order they are written. Keys are assumed unique.
    case object([JSONMember])

    /// An object from key–value pairs, in this order.
    package static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { JSONMember($0.key, $0.value) })
    }

    /// The member named `key` of an object, or nil (also for non-objects).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the value's type for error messages ("string", "number", "boolean"…).
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double, .numberLiteral: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// One key and value of a `JSONValue.object`.
package struct JSONMember: Equatable, Sendable {
    package var key: String
    package var value: JSONValue

    package init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
