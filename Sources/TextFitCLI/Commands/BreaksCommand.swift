import TextFit

/// `textfit breaks`: `{"id", "text"}` lines in, `{"id", "breaks", "mandatory"}` out.
enum BreaksCommand {
    static func run(_ arguments: [String], console: Console) -> ExitCode {
        if let code = JSONLinesLoop.checkArguments(arguments, command: "breaks", console: console) { return code }
        return JSONLinesLoop.run(command: "breaks", console: console, answer: answer)
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
