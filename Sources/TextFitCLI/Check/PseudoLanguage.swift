/// `check --pseudo`: stand-ins for translations not made yet, in the manner of Xcode's pseudolanguages,
/// made from the source text with its placeholders left intact.
///
/// ```swift
/// PseudoLanguage.accented.text(for: "Save %@")        // "[Šåṽé %@ one]"  (accented, 30–40 % longer)
/// PseudoLanguage.doubleLength.text(for: "Save %@")    // "Save %@ Save %@"
/// ```
enum PseudoLanguage: String, CaseIterable, Sendable {
    /// Xcode's "Accented Pseudolanguage", lengthened as translations are: every Latin letter accented,
    /// the text in brackets and padded to 40 % longer (30 % for texts over 50 characters; IBM's and
    /// Microsoft's expansion guidance for UI strings), so both clipped accents and growth show.
    case accented = "pseudo-accented"
    /// Xcode's "Double-Length Pseudolanguage": the text twice, separated by a space.
    case doubleLength = "pseudo-double"

    /// The pseudo-translation of `source`.
    func text(for source: String) -> String {
        switch self {
        case .doubleLength:
            return source + " " + source
        case .accented:
            var result = "["
            let placeholders = FormatPlaceholders.placeholders(in: source).map(\.range)
            for (offset, scalar) in source.unicodeScalars.enumerated() {
                let inPlaceholder = placeholders.contains { $0.contains(offset) }
                result.unicodeScalars.append(inPlaceholder ? scalar : Self.accents[scalar] ?? scalar)
            }
            let length = source.count
            let growth = (length * (length > 50 ? 30 : 40) + 99) / 100
            // Padding words, as Android's en-XA pseudo-locale pads: real word shapes, not one glyph.
            var padding = ""
            var words = Self.padding.makeIterator()
            while padding.count < growth - 2 {
                guard let word = words.next() else { words = Self.padding.makeIterator(); continue }
                padding += " " + word
            }
            return result + padding + "]"
        }
    }

    private static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let marked = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, marked.unicodeScalars))
    }()
}
