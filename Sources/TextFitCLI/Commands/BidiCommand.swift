import TextFit

/// `textfit bidi`: `{"id", "text", "direction"}` lines in, `{"id", "levels", "order"}` out: the UAX #9
/// levels (one per Unicode scalar, null for a character rule X9 removes) and the visual order of the text
/// taken as one line, the two result columns of Unicode's BidiCharacterTest.txt.
enum BidiCommand: JSONLinesCommand {
    static let name = "bidi"

    static func perform(_ request: Void, console: Console) -> ExitCode {
        JSONLinesLoop.run(command: name, console: console, answer: answer)
    }

    static let directions: [String: WritingDirection] = ["auto": .natural, "ltr": .leftToRight, "rtl": .rightToLeft]

    static func answer(_ json: JSONValue) throws -> JSONValue {
        guard let textValue = json["text"] else { throw CaseError(message: "missing field 'text' (a string)") }
        guard case .string(let text) = textValue else {
            throw CaseError(message: "field 'text' must be a string, got \(textValue.typeName)")
        }
        var direction = WritingDirection.natural
        if let value = json["direction"], value != .null {
            guard case .string(let name) = value else {
                throw CaseError(message: "field 'direction' must be \"auto\", \"ltr\" or \"rtl\", got \(value.typeName)")
            }
            guard let known = directions[name] else {
                throw CaseError(message: "field 'direction' must be \"auto\", \"ltr\" or \"rtl\", got \"\(name)\"")
            }
            direction = known
        }
        let units = Array(text.utf16)
        let bidi = BidiLevels(utf16: units, baseWritingDirection: direction)
        let lineLevels = bidi.lineLevels(of: 0..<units.count)
        // Scalar index of each UTF-16 offset that starts a scalar.
        var scalarIndex: [Int: Int] = [:]
        var levels: [JSONValue] = []
        var offset = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            scalarIndex[offset] = index
            levels.append(bidi.isRemovedByX9(at: offset) ? .null : .int(Int(lineLevels[offset])))
            offset += scalar.utf16.count
        }
        let order = bidi.visualOrder(of: 0..<units.count).compactMap { scalarIndex[$0] }
        return .object([
            "id": json["id"] ?? .null,
            "levels": .array(levels),
            "order": .array(order.map { .int($0) }),
        ])
    }
}
