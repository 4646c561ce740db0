import Foundation
import TextFit

/// A case's `fallback` (batch) or `--fallback` (measure, render): the order characters the font lacks
/// fall back in (`FontFallback`). Absent, the font's own default: `bundled` for a bundled family,
/// `fontconfig` for a system family or a font file.
extension MeasureCase {
    static let fallbackFields = ["fallback"]

    /// The values, for messages and help.
    static let fallbackNames = FontFallback.allCases.map(\.rawValue).joined(separator: ", ")

    /// Reads `fallback`.
    /// - Throws: `CaseError` naming the field.
    static func fallback(in json: JSONValue) throws -> FontFallback? {
        guard let name = try optionalString(json, "fallback") else { return nil }
        guard let fallback = FontFallback(rawValue: name) else {
            throw CaseError(message: "field 'fallback' must be one of \(fallbackNames), got '\(name)'")
        }
        return fallback
    }

    /// `--fallback`'s value.
    /// - Throws: `UsageError` naming the flag.
    static func fallback(flag value: String?) throws -> FontFallback? {
        guard let value else { return nil }
        guard let fallback = FontFallback(rawValue: value) else {
            throw UsageError(message: "flag '--fallback' wants one of \(fallbackNames), got '\(value)'")
        }
        return fallback
    }

    /// The font for `source` at `size` in `face`'s weight and slant, in the case's fallback order when it
    /// names one.
    /// - Throws: `FontError` when the font cannot be loaded.
    func font(_ source: FontSource, size: Double, face: FaceStyle = .init(), fonts: FontCache) throws -> Font {
        let font = try fonts.font(source, size: size, face: face)
        return fallback.map(font.withFallback) ?? font
    }
}
