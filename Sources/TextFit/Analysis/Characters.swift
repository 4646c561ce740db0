/// Character classes the engine needs beyond UAX #14.
enum CharacterClass {
    /// Whitespace that hangs at the end of a line (rule W4): space separators and tab, except the no-break
    /// spaces, plus the in-paragraph line separators (zero width anyway).
    static func isHangingSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000, 0x2028, 0x0B, 0x0C:
            return true
        default:
            return false
        }
    }

    /// Emoji presentation characters (Emoji_Presentation). The ranges outside which none exist are checked
    /// first: asking Swift for the property costs a table search per character.
    static func isEmojiPresentation(_ scalar: UInt32) -> Bool {
        guard
            scalar >= 0x1F000 || (0x231A...0x2BFF).contains(scalar) || scalar == 0x3030 || scalar == 0x303D
                || scalar == 0x3297 || scalar == 0x3299
        else { return false }
        return Unicode.Scalar(scalar)?.properties.isEmojiPresentation ?? false
    }

    /// Hangul syllables and jamo (BMP), for `.hangulWordPriority` (rule W6).
    static func isHangul(_ unit: UInt16) -> Bool {
        (0xAC00...0xD7A3).contains(unit) || (0x1100...0x11FF).contains(unit) || (0x3130...0x318F).contains(unit)
            || (0xA960...0xA97F).contains(unit) || (0xD7B0...0xD7FF).contains(unit)
    }

    /// Unicode space separators (Zs).
    static func isSpaceSeparator(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0xA0 || scalar == 0x1680 || (0x2000...0x200A).contains(scalar)
            || scalar == 0x202F || scalar == 0x205F || scalar == 0x3000
    }

    /// Scalars that need no glyph of their own: HarfBuzz hides default ignorables, so they must not force a
    /// fallback font (ZWJ in emoji sequences, variation selectors, bidi controls, soft hyphen, ...).
    static func needsNoGlyph(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F,
            0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0,
            0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }
}
