import Foundation

/// Checks the language codes a catalog names (`de`, `pt-BR`, `zh-Hans`, `sr-Latn-RS`, `es-419`), so a
/// typo (`english`, `de_DE!`, `zz`) is reported with its file and key instead of checked as a language.
enum LanguageTag {
    /// ISO 639 codes ICU knows (about 600), read once.
    private static let languages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// Whether `tag` is a language: a known ISO 639 language (or `Base`, Xcode's base localization) then
    /// optional BCP 47 subtags (script: 4 letters; region: 2 letters or 3 digits; variants: 5–8
    /// characters or a digit and 3), separated by `-` or `_`; or one of `check`'s pseudo-languages.
    static func isValid(_ tag: String) -> Bool {
        if tag == "Base" || PseudoLanguage.allCases.contains(where: { $0.rawValue == tag }) { return true }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let language = parts.first, languages.contains(language.lowercased()) else { return false }
        for part in parts.dropFirst() {
            let letters = part.allSatisfy { $0.isASCII && $0.isLetter }
            let digits = part.allSatisfy { $0.isASCII && $0.isNumber }
            let alphanumeric = part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let ok =
                (letters && (part.count == 2 || part.count == 4)) || (digits && part.count == 3)
                || (alphanumeric && (5...8).contains(part.count))
                || (alphanumeric && part.count == 4 && part.first?.isNumber == true)
            if !ok { return false }
        }
        return true
    }

    /// - Throws: `CatalogError` naming `file` and `place` when `tag` is not a language.
    static func check(_ tag: String, file: String, place: String) throws {
        guard !isValid(tag) else { return }
        throw CatalogError(
            file: file, place: place,
            message: "'\(tag)' is not a language code (BCP 47 with an ISO 639 language: de, pt-BR, zh-Hans)")
    }
}
