import Foundation
import TextFit

/// Fonts and sample texts for the drawing tests (the engine tests' samples, so the pictures cover the
/// same scripts).
enum Fixtures {
    static func font(_ size: CGFloat = 17) throws -> Font { try Font(family: "Noto Sans", size: size) }

    /// The bundled Noto Sans (TextFit's system font), as the layout tests use it.
    static func systemFont(_ size: CGFloat = 17) throws -> Font { try Font.systemFont(ofSize: size) }

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
}
