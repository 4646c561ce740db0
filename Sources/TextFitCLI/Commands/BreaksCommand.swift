import TextFit

/// `textfit breaks`: `{"id", "text"}` lines in, `{"id", "breaks", "mandatory"}` out.
enum BreaksCommand: JSONLinesCommand {
    static let name = "breaks"

    static func perform(_ request: Void, console: Console) -> ExitCode {
        JSONLinesLoop.run(command: name, console: console, answer: answer)
    }

    static func answer(_ json: JSONValue) throws -> JSONValue {
        guard let textValue = json["text"] else { throw CaseError(message: "missing field 'text' (a string)") }
        guard case .string(let text) = textValue else {
            throw CaseError(message: "field 'text' must be a string, got \(textValue.typeName)")
        }
        let opportunities = lineBreakOpportunities(in: text)
        return .object([
            "id": json["id"] ?? .null,
            "breaks": .array(opportunities.breaks.map { .int($0) }),
            "mandatory": .array(opportunities.mandatory.map { .int($0) }),
        ])
    }
}
