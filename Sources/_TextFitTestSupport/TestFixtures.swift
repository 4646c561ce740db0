import Foundation
import TextFit

/// SplitMix64, the seeded generator every property test and fuzz replay draws from, so a failing sample
/// reproduces from its seed.
///
/// ```swift
/// var generator = SeededGenerator(state: 42)
/// let width = Double.random(in: 40...420, using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Texts the engine, layout and drawing tests share: several scripts, spaces, punctuation, long words,
/// combining sequences, emoji clusters and every kind of line separator.
public enum SampleTexts {
    public static let all: [String] = [
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

/// One layout to check: a text in Noto Sans at a size, laid out at a width, line limit and mode.
public struct LayoutCase: CustomStringConvertible, Sendable {
    public var text: String
    public var width: CGFloat?
    public var lines: Int
    public var mode: LineBreakMode
    public var size: CGFloat

    public init(
        text: String, width: CGFloat?, lines: Int = 0, mode: LineBreakMode = .byWordWrapping,
        size: CGFloat = 17
    ) {
        self.text = text
        self.width = width
        self.lines = lines
        self.mode = mode
        self.size = size
    }

    public var description: String {
        "\(String(text.prefix(24)).debugDescription) at \(width.map { "\($0)" } ?? "∞") pt, \(lines) lines, \(mode)"
    }

    /// The text prepared in Noto Sans at `size` and laid out.
    public func prepare() throws -> (PreparedText, TextLayout) {
        let text = PreparedText(self.text, font: try Font(family: "Noto Sans", size: size))
        return (text, try text.layout(width: width, numberOfLines: lines, lineBreakMode: mode))
    }

    /// Every sample text at three widths in five modes (wrapping, char wrapping, the three truncations).
    public static let corpus: [LayoutCase] = SampleTexts.all.flatMap { text in
        [CGFloat(80), 150, 240].flatMap { width in
            [
                LayoutCase(text: text, width: width),
                LayoutCase(text: text, width: width, mode: .byCharWrapping),
                LayoutCase(text: text, width: width, lines: 2, mode: .byTruncatingTail),
                LayoutCase(text: text, width: width, lines: 1, mode: .byTruncatingMiddle),
                LayoutCase(text: text, width: width, lines: 1, mode: .byTruncatingHead),
            ]
        }
    }
}
