/// Paragraph splitting (rule W1): `\n`, `\r`, `\r\n` (one separator), U+2029 and U+0085 end a paragraph;
/// U+2028 is a line break inside a paragraph (handled by the breaker as a mandatory break).
struct Paragraph: Sendable, Equatable {
    /// UTF-16 range of the paragraph's content, separator excluded.
    var start: Int
    var end: Int
    /// UTF-16 length of the separator that ends it (0 for the last paragraph).
    var separatorLength: Int
}

enum Paragraphs {
    static func isSeparator(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029 || unit == 0x85
    }

    /// Splits `text` into paragraphs. A separator at the very end adds no empty paragraph (rule L8:
    /// "a\n" is one line); empty text has no paragraph. Preparation finds the same paragraphs during its
    /// cluster pass; this is the plain statement of the rule its tests compare with.
    static func split(_ text: UnsafeBufferPointer<UInt16>) -> [Paragraph] {
        var result: [Paragraph] = []
        var start = 0
        var i = 0
        let count = text.count
        while i < count {
            let unit = text[i]
            if isSeparator(unit) {
                let length = (unit == 0x0D && i + 1 < count && text[i + 1] == 0x0A) ? 2 : 1
                result.append(Paragraph(start: start, end: i, separatorLength: length))
                i += length
                start = i
            } else {
                i += 1
            }
        }
        if start < count { result.append(Paragraph(start: start, end: count, separatorLength: 0)) }
        return result
    }
}
