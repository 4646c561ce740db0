import Foundation

/// A font face at a point size, with UIKit's metrics (rules F1–F4).
///
/// ```swift
/// let font = try Font(family: "Noto Sans", size: 17)
/// font.lineHeight   // ascender − descender + leading, from the hhea table, unhinted
/// let file = try Font(file: "/path/Font.ttf", size: 15)
/// ```
///
/// Fonts are values: cheap to copy, `Sendable`, and equal when they use the same face at the same size
/// with the same fallback order (`FontFallback`).
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// The face, held without reference counting. Every text in the same font shares one face, so a
    /// retain and a release per copy of a `Font` (a `LayoutRequest` passed to a worker, a `PreparedText`
    /// storing its font and freeing it) were atomic updates of one cache line that all threads write: on
    /// two cores each costs 30-40 ns more (Benchmarks/Tools/scaling_ceiling.c, `shared-line`), five per
    /// text, a tenth of a short label's preparation.
    private let faceReference: Unmanaged<Face>
    /// Keeps a face loaded from a file alive while the font exists; nil for a bundled face, which the
    /// catalog holds for the whole process (`Face.livesForProcess`).
    private let owner: Face?
    /// The face (borrowed: valid while this font, or the catalog for a bundled face, holds it).
    var face: Face { faceReference.takeUnretainedValue() }
    /// The em size in points (rule F1).
    public let pointSize: CGFloat
    /// Where characters the face lacks come from; see `FontFallback` for the default.
    public let fallback: FontFallback
    /// The text style (`Font.TextStyle.rawValue`) and content size category this font was made for by
    /// `preferredFont` or `FontMetrics.scaledFont`, -1 when none (rule DT4). Two bytes in the padding
    /// after `fallback`: a plain font is no larger, and `==` ignores them (they change no measurement).
    var dynamicTypeStyle: Int8 = -1
    var dynamicTypeCategory: Int8 = -1

    /// Looks a family up: the bundled fonts first, then the system's through Fontconfig. A generic family
    /// (`Font.genericFamilyNames`: "sans-serif", "serif", "monospace", "system-ui", ...) is whatever
    /// family Fontconfig's configuration resolves it to, as in Pango, GTK and browsers on Linux (rule F8).
    ///
    /// ```swift
    /// let body = try Font(family: "Noto Sans", size: 17)
    /// let code = try Font(family: "monospace", size: 13)        // e.g. DejaVu Sans Mono: code.familyName
    /// let emphasis = try Font(family: "Noto Sans", size: 17, italic: true)           // NotoSans-Italic.ttf
    /// let strong = try Font(family: "Noto Sans", size: 17, weight: .semibold)        // 600: the bold face
    /// let light = try Font(family: "DejaVu Sans", size: 17, weight: Font.Weight(300)) // Fontconfig's nearest
    /// ```
    /// - Parameters:
    ///   - family: a family name such as "Noto Sans" (case-insensitive).
    ///   - size: the point size; finite and > 0.
    ///   - weight: on the OpenType / CSS scale, 100 (`.ultraLight`) to 900 (`.black`). A bundled family
    ///     takes its nearer face, up to 500 regular and above 500 bold; a system family Fontconfig's
    ///     nearest (rule S8).
    ///   - italic: the family's italic face; a family without one gives its upright face, not a slanted
    ///     copy (rule S9: the advances, so every measurement, are the upright face's either way).
    ///   - features: OpenType feature settings applied over the whole text (rule O1), e.g.
    ///     `[.tabularNumbers]`; the last setting of a tag wins.
    ///   - variations: axis settings for a variable face (rule O3), clamped to the font's ranges (O4). On a
    ///     variable face with a `wght` axis, `weight` sets `wght` unless `variations` does (O5); an `opsz`
    ///     axis follows `size` unless set (O6).
    /// - Throws: `FontError.familyNotFound` when no font of that family exists (Fontconfig substitutes are
    ///   refused; its message suggests installed families with a near name), `FontError.invalidSize` for a bad size, `FontError.invalidWeight` for a weight outside
    ///   100...900 or not a number.
    public init(
        family: String, size: CGFloat, weight: Weight = .regular, italic: Bool = false,
        features: [FontFeature] = [], variations: [FontVariation] = []
    ) throws {
        try Font.validate(size: size)
        try weight.validate()
        let (face, instance) = try FontCatalog.shared.faceAndInstance(
            family: family, weight: Double(weight.rawValue), italic: italic)
        var variations = variations
        if face.harfBuzz.axes.contains(where: { $0.tag == 0x7767_6874 }),  // 'wght'
            !variations.contains(where: { $0.tag == "wght" })
        {
            variations.insert(FontVariation(checked: "wght", Double(weight.rawValue)), at: 0)
        }
        if let instance, instance < face.namedInstances.count {
            // The named instance Fontconfig matched (a variable face's italic, say): its coordinates
            // first, so the weight (O5), the size's `opsz` (O6) and the caller's variations still decide
            // their axes (the last setting of a tag wins).
            let axes = face.variationAxes
            let coordinates = face.namedInstances[instance].variations.filter { variation in
                variation.tag != "wght" && variation.tag != "opsz"
                    && axes.first { $0.tag == variation.tag }?.defaultValue != variation.value
            }
            variations.insert(contentsOf: coordinates, at: 0)
        }
        self.init(
            face: try FaceVariants.face(base: face, features: features, variations: variations, pointSize: size),
            size: size, fallback: .default(for: face))
    }

    /// Loads face `faceIndex` of a font file (TrueType, OpenType or a collection).
    ///
    /// Only a regular file of at most 256 MiB at exactly `path` is opened: a FIFO, socket, device or
    /// directory, a larger file, or a path holding a NUL is refused without being opened, and so is a face
    /// whose metrics are nonsense (see `FontError.unreadableFile`).
    /// - Throws: `FontError.fileNotFound`, `.unreadableFile` (not a regular file, too large, a NUL in the
    ///   path, not a font, truncated, corrupt, nonsense metrics), `.faceIndexOutOfRange`, `.invalidSize`.
    /// - Parameters:
    ///   - path: the font file's path.
    ///   - faceIndex: the face within a collection (0 for a single-face file).
    ///   - size: the point size, finite and > 0.
    ///   - features: OpenType feature settings (rule O1), as in `init(family:size:weight:italic:features:variations:)`.
    ///   - variations: axis settings for a variable face (rules O3–O6).
    public init(
        file path: String, faceIndex: Int = 0, size: CGFloat, features: [FontFeature] = [],
        variations: [FontVariation] = []
    ) throws {
        try Font.validate(size: size)
        let face = try FontCatalog.shared.face(path: path, faceIndex: faceIndex)
        self.init(
            face: try FaceVariants.face(base: face, features: features, variations: variations, pointSize: size),
            size: size, fallback: .default(for: face))
    }

    /// The bundled Noto Sans at `size`: the default font of TextFit (the stand-in for UIKit's system font).
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) throws -> Font {
        try Font(family: BundledFonts.defaultFamily, size: size, weight: weight)
    }

    /// The bundled Noto Sans Bold at `size`, as UIKit's `boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: CGFloat) throws -> Font {
        try Font(family: BundledFonts.defaultFamily, size: size, weight: .bold)
    }

    /// The bundled Noto Sans Italic at `size`, as UIKit's `italicSystemFont(ofSize:)`.
    public static func italicSystemFont(ofSize size: CGFloat) throws -> Font {
        try Font(family: BundledFonts.defaultFamily, size: size, italic: true)
    }

    init(face: Face, size: CGFloat, fallback: FontFallback? = nil) {
        faceReference = .passUnretained(face)
        owner = face.livesForProcess ? nil : face
        pointSize = size
        self.fallback = fallback ?? .default(for: face)
    }

    /// The same face at another size.
    public func withSize(_ size: CGFloat) throws -> Font {
        try Font.validate(size: size)
        // An `opsz` that follows the size is another variant at another size (rule O6).
        if let variant = face.variant, variant.opticalSizeFollowsPointSize {
            return Font(
                face: try FaceVariants.face(
                    base: variant.base, features: variant.features,
                    variations: variant.requested, pointSize: size),
                size: size, fallback: fallback)
        }
        return Font(face: face, size: size, fallback: fallback)
    }

    /// The same face and size with another fallback order.
    ///
    /// ```swift
    /// let font = try Font(family: "Noto Sans", size: 17).withFallback(.fontconfig)
    /// ```
    public func withFallback(_ fallback: FontFallback) -> Font { Font(face: face, size: pointSize, fallback: fallback) }

    static func validate(size: CGFloat) throws {
        guard size.isFinite, size > 0, size < FontError.maximumSize else { throw FontError.invalidSize(Double(size)) }
    }

    public var familyName: String { face.familyName }
    public var styleName: String { face.styleName }
    public var filePath: String { face.path }
    public var faceIndex: Int { face.faceIndex }

    private func scaled(_ designUnits: Int32) -> CGFloat {
        CGFloat(designUnits) * pointSize / CGFloat(face.unitsPerEm)
    }

    /// Distance from the baseline to the top of the line box (hhea ascender), positive (F2).
    public var ascender: CGFloat { scaled(face.harfBuzz.metrics.ascender) }
    /// Distance from the baseline to the bottom of the line box (hhea descender), negative (F2).
    public var descender: CGFloat { scaled(face.harfBuzz.metrics.descender) }
    /// The hhea line gap (F3 [REC]).
    public var leading: CGFloat { scaled(face.harfBuzz.metrics.lineGap) }
    /// `ascender − descender + leading` (F3), summed in design units and scaled once, so 17 pt Noto Sans
    /// gives exactly 23.154 rather than a sum of three rounded products.
    public var lineHeight: CGFloat {
        let metrics = face.harfBuzz.metrics
        return scaled(metrics.ascender - metrics.descender + metrics.lineGap)
    }
    /// OS/2 sCapHeight, else the top of the glyph "H" (an OS/2 table before version 2, F4); 0 when the
    /// font has neither.
    public var capHeight: CGFloat { scaled(face.harfBuzz.metrics.capHeight) }
    /// OS/2 sxHeight, else the top of the glyph "x" (F4); 0 when the font has neither.
    public var xHeight: CGFloat { scaled(face.harfBuzz.metrics.xHeight) }

    /// Shaping scale: HarfBuzz output units per em. TextFit's internal unit is 1/1024 pt, the same as Pango's.
    var scale: Int32 { Int32((pointSize * CGFloat(Units.perPoint)).rounded()) }

    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.face == rhs.face && lhs.pointSize == rhs.pointSize && lhs.fallback == rhs.fallback
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(pointSize)
        hasher.combine(fallback)
    }

    public var description: String { "\(face.familyName) \(face.styleName) \(pointSize) pt" }
}
