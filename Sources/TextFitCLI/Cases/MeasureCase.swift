import Foundation
import TextFit

/// One measuring request: the fields of a `textfit batch` line, or of `textfit measure`'s flags.
struct MeasureCase: Equatable, Sendable {
    /// Where the font comes from.
    enum FontSource: Hashable, Sendable {
        /// A family name, looked up in the bundled fonts first, then through Fontconfig.
        case family(String)
        /// Face `faceIndex` of a font file.
        case file(path: String, faceIndex: Int)

        var isFamily: Bool { if case .family = self { true } else { false } }
    }

    static let defaultSize: Double = 17

    var text: String
    var font: FontSource = .family(BundledFonts.defaultFamily)
    /// `weight` and `italic` for a family (`MeasureCase+Face.swift`); unset: regular upright.
    var face = FaceStyle()
    /// Points; `defaultSize` (17, UIKit's label default) when not given.
    var size: Double = MeasureCase.defaultSize
    /// The wrap width in points; nil means unconstrained.
    var width: Double?
    /// 0 = unlimited.
    var maxLines: Int = 0
    var lineBreakMode: LineBreakMode = .byWordWrapping
    /// A question answered beside the layout (`MeasureCase+Query.swift`); nil for a plain case.
    var query: MeasureQuery?
    /// Attribute runs over the case's own (`MeasureCase+Runs.swift`); nil: plain text.
    var runs: [Run]?
    /// The `paragraph` object (`MeasureCase+Paragraph.swift`); nil for a plain case.
    var paragraph: ParagraphCase?
    /// The fallback order (`MeasureCase+Fallback.swift`); nil: the font's default.
    var fallback: FontFallback?
    /// The text's BCP 47 language (`language`), which picks the hyphenation dictionary (H6); nil: none.
    var language: String?
    /// The token truncated lines show instead of "…" (`MeasureCase+TruncationToken.swift`); nil: "…".
    var truncationToken: TokenCase?
    /// A width per line or a container with exclusions (`MeasureCase+Geometry.swift`); nil: `width`.
    var geometry: GeometryCase?
    /// UIKit's `.tracking` over the whole text, points (`tracking`, O7, O9); nil: none.
    var tracking: Double?

    init(
        text: String, font: FontSource = .family(BundledFonts.defaultFamily),
        size: Double = MeasureCase.defaultSize, width: Double? = nil, maxLines: Int = 0,
        lineBreakMode: LineBreakMode = .byWordWrapping
    ) {
        self.text = text
        self.font = font
        self.size = size
        self.width = width
        self.maxLines = maxLines
        self.lineBreakMode = lineBreakMode
    }

    /// The text prepared in the case's font.
    /// - Throws: `FontError` when the font cannot be loaded.
    func prepare(fonts: FontCache) throws -> PreparedText {
        try applyingTruncationToken(prepareText(fonts: fonts), fonts: fonts)
    }

    /// The text alone, without its truncation token.
    private func prepareText(fonts: FontCache) throws -> PreparedText {
        if runs != nil || tracking != nil {
            return try prepareStyled(runs ?? [], fonts: fonts, paragraphStyle: paragraph?.style)
        }
        let font = try self.font(font, size: size, face: face, fonts: fonts)
        guard let paragraph else { return PreparedText(text, font: font) }
        return try PreparedText(text, font: font, paragraphStyle: paragraph.style, language: language)
    }

    /// Lays `prepared` (this case's text) out at the case's width (or `widths`), line limit and mode.
    /// - Throws: `MeasureError` for a bad width or line count; `CaseError` for a case with `exclusions`
    ///   (`containerLayout` lays those out).
    func layout(_ prepared: PreparedText) throws -> TextLayout {
        switch geometry {
        case .widths(let widths)?:
            return try prepared.layout(
                widths: widths.map { CGFloat($0) }, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
        case .container?:
            throw CaseError(message: "field 'exclusions' is answered by 'textfit batch' only")
        case nil: break
        }
        return try prepared.layout(width: width.map { CGFloat($0) }, numberOfLines: maxLines, lineBreakMode: lineBreakMode)
    }

    /// Prepares and lays the case out.
    /// - Throws: `FontError` when the font cannot be loaded, `MeasureError` for a bad width or line count.
    func layout(fonts: FontCache) throws -> TextLayout {
        try layout(prepare(fonts: fonts))
    }
}

/// Fonts loaded once per run: a batch usually repeats a handful of (font, size) pairs, and failures are
/// remembered too so a missing family is not looked up again on every line.
///
/// Safe to share between threads (`check` measures on every core through `TextBatch`): the table sits
/// behind a lock held only to read or store an answer, never while a font loads, so two workers asking
/// for the same new font at once may both load it and the second answer wins (the fonts are equal).
/// The lock is `Locked`, as everywhere in the package: ThreadSanitizer cannot see `Synchronization`'s
/// mutex when threads contend for it and reported false races here (docs/engineering.md, "Sanitizers").
final class FontCache: Sendable {
    private struct Key: Hashable, Sendable {
        var source: MeasureCase.FontSource
        var size: Double
        var face: MeasureCase.FaceStyle
    }

    /// The answers by key, and the latest answers by `recentSlot`.
    private struct Table {
        var answers: [Key: Result<Font, Error>] = [:]
        /// A batch asks for a handful of fonts line after line (the benchmark's `ui` set: one family at
        /// seven sizes): the latest answer per slot, its key compared as a value (a few instructions for a
        /// short family name and no face settings) before the table hashes it (the family's string, the
        /// size, the face's optionals: about 1 100 instructions a case, callgrind, `ui` set).
        var recent = [(key: Key, answer: Result<Font, Error>)?](repeating: nil, count: FontCache.recentSlots)
    }

    private static let recentSlots = 16

    /// `key`'s slot in `Table.recent`: from the size's bits alone (Fibonacci hashing, the top four bits of
    /// the product), which sets the common sizes apart (9–24, 28, 34 pt) at the cost of a multiply.
    private static func recentSlot(_ key: Key) -> Int {
        Int(truncatingIfNeeded: (key.size.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> 60)
    }

    private let fonts = Locked<Table>(Table())

    /// The most (font, size) answers kept: a batch cycling through more of them (a new size or font file
    /// on every line) starts the table over, so memory stays bounded however long the input is.
    static let capacity = 1_024

    /// Answers held now.
    var count: Int { fonts.withLock { $0.answers.count } }

    /// The font of `source` at `size`; for a family, its face for `face`'s weight and slant (a font file is
    /// one face: `face` is ignored).
    func font(_ source: MeasureCase.FontSource, size: Double, face: MeasureCase.FaceStyle = .init()) throws -> Font {
        let key = Key(
            source: source, size: size,
            face: source.isFamily ? face : .init(features: face.features, variations: face.variations))
        let slot = Self.recentSlot(key)
        let cached = fonts.withLock { table -> Result<Font, Error>? in
            if let recent = table.recent[slot], recent.key == key { return recent.answer }
            guard let answer = table.answers[key] else { return nil }
            table.recent[slot] = (key, answer)
            return answer
        }
        if let cached { return try cached.get() }
        func load() -> Result<Font, Error> {
            Result {
                switch source {
                case .family(let family):
                    let settings = try face.settings()
                    return try Font(
                        family: family, size: CGFloat(size), weight: face.weight ?? .regular, italic: face.italic ?? false,
                        features: settings.features, variations: settings.variations)
                case .file(let path, let faceIndex):
                    let settings = try face.settings()
                    return try Font(
                        file: path, faceIndex: faceIndex, size: CGFloat(size), features: settings.features,
                        variations: settings.variations)
                }
            }
        }
        var result = load()
        // The catalog's open faces are bounded (`FontFiles.faceLimit`), and the fonts kept here hold theirs:
        // a batch naming many font files lets them go and asks again, rather than failing its cases.
        if case .failure(FontError.fontFileLimitReached) = result {
            fonts.withLock { $0 = Table() }
            result = load()
        }
        fonts.withLock { table in
            if table.answers.count >= Self.capacity { table.answers.removeAll(keepingCapacity: true) }
            table.answers[key] = result
            table.recent[slot] = (key, result)
        }
        return try result.get()
    }
}
