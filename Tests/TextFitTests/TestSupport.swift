import Foundation
@testable import TextFit

/// Shared fonts and a seeded generator for the engine's tests.
enum Fixtures {
    static func font(_ size: CGFloat = 17) throws -> Font { try Font(family: "Noto Sans", size: size) }

    /// Sample texts in several scripts, with spaces, punctuation, long words and combining sequences.
    static let samples: [String] = [
        "The quick brown fox jumps over the lazy dog.",
        "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness.",
        "Supercalifragilisticexpialidocious antidisestablishmentarianism https://example.com/a/very/long/path?with=query",
        "美商務部對中興通訊暫時部分解禁，中興新掌門李自學：盡快恢復生產",
        "このアプリは iOS 17 以降と Android 14 に対応しています。「木漏れ日」はきれいです。",
        "Съешь же ещё этих мягких французских булок, да выпей чаю. Широкая электрификация южных губерний.",
        "e\u{301}le\u{300}ve cafe\u{301} nai\u{308}ve — 👩‍👩‍👧‍👦 family 🇫🇷 flag 👍🏽 ok",
        "Line one\nLine two\u{2028}still two\r\n\r\nafter an empty paragraph",
        "   leading spaces and trailing spaces   ",
        "a b c d e f g h i j k l m n o p q r s t u v w x y z",
    ]

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A random text built from words of the samples (seeded, so failures reproduce).
    static func randomText(_ generator: inout Generator) -> String {
        let words = samples.joined(separator: " ").split(separator: " ")
        let count = Int.random(in: 1...40, using: &generator)
        var text = ""
        for i in 0..<count {
            if i > 0 { text += Int.random(in: 0..<12, using: &generator) == 0 ? "\n" : " " }
            text += words.randomElement(using: &generator)!
        }
        return text
    }
}
