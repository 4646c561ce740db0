/// A shell glob over a whole key: `*` any run of characters (`.` and `/` included: keys are not paths),
/// `?` one character, `[abc]`, `[a-z]`, `[!abc]` one character of (or not of) a set; `\` makes the next
/// character literal.
///
/// ```swift
/// try Glob("settings.*.title").matches("settings.privacy.title")   // true
/// try Glob("[!_]*").matches("_debug")                                 // false
/// ```
struct Glob: Sendable {
    /// A malformed glob: an unclosed `[`, a trailing `\`.
    struct SyntaxError: Error {
        var message: String
    }

    private enum Token: Sendable {
        case literal(Character)
        case any
        case anyRun
        case set(ranges: [ClosedRange<Character>], negated: Bool)
    }

    private let tokens: [Token]

    /// - Throws: `SyntaxError` for an unclosed `[` or a trailing `\`.
    init(_ pattern: String) throws {
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*": if case .anyRun? = tokens.last {} else { tokens.append(.anyRun) }
            case "?": tokens.append(.any)
            case "\\":
                guard let next = characters.popFirst() else { throw SyntaxError(message: "a trailing '\\' escapes nothing") }
                tokens.append(.literal(next))
            case "[":
                var negated = false
                if characters.first == "!" || characters.first == "^" { negated = true; characters.removeFirst() }
                var ranges: [ClosedRange<Character>] = []
                var first = true
                while true {
                    guard let member = characters.popFirst() else { throw SyntaxError(message: "'[' is not closed by ']'") }
                    if member == "]", !first { break }
                    first = false
                    if characters.first == "-", characters.count >= 2, characters.dropFirst().first != "]" {
                        characters.removeFirst()
                        let upper = characters.removeFirst()
                        guard member <= upper else { throw SyntaxError(message: "range '\(member)-\(upper)' is backwards") }
                        ranges.append(member...upper)
                    } else {
                        ranges.append(member...member)
                    }
                }
                tokens.append(.set(ranges: ranges, negated: negated))
            default: tokens.append(.literal(character))
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `key` matches. Linear in the key per star (the classic backtracking to the
    /// last star only), so a hostile glob cannot take exponential time.
    func matches(_ key: String) -> Bool {
        let text = Array(key)
        var t = 0, k = 0
        var star: Int?
        var starText = 0
        while k < text.count {
            if t < tokens.count, accepts(tokens[t], text[k]) {
                t += 1; k += 1
            } else if t < tokens.count, case .anyRun = tokens[t] {
                star = t; starText = k; t += 1
            } else if let star {
                t = star + 1; starText += 1; k = starText
            } else {
                return false
            }
        }
        while t < tokens.count, case .anyRun = tokens[t] { t += 1 }
        return t == tokens.count
    }

    private func accepts(_ token: Token, _ character: Character) -> Bool {
        switch token {
        case .literal(let literal): return literal == character
        case .any: return true
        case .anyRun: return false
        case .set(let ranges, let negated): return ranges.contains { $0.contains(character) } != negated
        }
    }
}
