/// Where the characters a font lacks come from (rule F6: fallback supplies glyphs, never line spacing).
///
/// Two orders, as a UIKit developer knows a font descriptor's cascade list and a Pango user knows
/// Fontconfig's sorted list:
/// * `.fontconfig` — the system's fonts in the order Fontconfig sorts them for the font's own family,
///   weight and slant (`FcFontSetSort`, the list Pango and Chromium walk), the first that covers the
///   character winning; the bundled fonts only for characters no system font covers. The answer follows
///   the machine's Fontconfig configuration, as every engine on it does.
/// * `.bundled` — the bundled fonts in their fixed order (Noto Sans, Droid Sans Fallback, Noto Sans
///   Arabic, Hebrew, Thai, Devanagari), then Fontconfig's best match for the single character: the same
///   answer on every machine for every character the bundled fonts cover.
///
/// A font's default follows where it came from: a bundled face (`Font.systemFont`, `Font(family:
/// "Noto Sans")`) uses `.bundled`, so a text set entirely in bundled fonts measures the same everywhere;
/// a face from Fontconfig (a system family) or a file uses `.fontconfig`, as Pango and Chromium would
/// set it on that machine.
///
/// ```swift
/// let droid = try Font(family: "Droid Sans Fallback", size: 17)     // bundled: .bundled
/// let asPango = droid.withFallback(.fontconfig)                      // Latin from Fontconfig's first match
/// PreparedText("北京 Beijing", font: asPango).fallbackFonts           // e.g. [DejaVu Sans 17 pt]
/// ```
public enum FontFallback: String, Sendable, Hashable, CaseIterable {
    /// Fontconfig's sorted list for the font, then the bundled fonts.
    case fontconfig
    /// The bundled fonts in their fixed order, then Fontconfig's best match per character.
    case bundled

    /// The default for a face: `.bundled` for a bundled face (alive for the process), else `.fontconfig`.
    static func `default`(for face: Face) -> FontFallback { face.livesForProcess ? .bundled : .fontconfig }
}
