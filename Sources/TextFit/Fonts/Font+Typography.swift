import Foundation

extension Font {
    /// The OpenType feature settings the font shapes with (rule O1), one per tag in tag order.
    public var features: [FontFeature] { face.variant?.features ?? [] }

    /// The variation coordinates applied (rules O3–O6): each asked-for value clamped to its axis, and
    /// `opsz` when it follows the point size. Empty for a face as its file has it.
    public var variations: [FontVariation] { face.variant?.applied ?? [] }

    /// The requested axis values the font could not take as given: clamped to an axis's range, or ignored
    /// because the font has no such axis (rule O4). Empty when every value was applied as asked.
    ///
    /// ```swift
    /// let font = try Font(file: interVariablePath, size: 17, variations: [FontVariation("wght", 1200)])
    /// font.variationAdjustments   // [wght 1200.0 clamped to 900.0]
    /// ```
    public var variationAdjustments: [FontVariationAdjustment] { face.variant?.adjustments ?? [] }

    /// The face's variation axes (empty when it is not a variable font).
    public var variationAxes: [FontVariationAxis] { (face.variant?.base ?? face).variationAxes }

    /// The face's named instances ("Thin" … "Black"), empty when it is not a variable font.
    public var namedInstances: [FontNamedInstance] { (face.variant?.base ?? face).namedInstances }

    /// Whether the face has an AAT `trak` table, which HarfBuzz applies at the font's point size (rule O8).
    public var hasTrackingTable: Bool { face.harfBuzz.hasTrackingTable }

    /// The same font with `features` in place of its own (rule O1).
    ///
    /// ```swift
    /// let body = try Font(family: "Noto Sans", size: 17)
    /// let figures = try body.withFeatures([.tabularNumbers])
    /// ```
    /// - Throws: `FontError` only when the variant face cannot be made (out of memory).
    public func withFeatures(_ features: [FontFeature]) throws -> Font {
        let base = face.variant?.base ?? face
        return Font(
            face: try FaceVariants.face(
                base: base, features: features, variations: face.variant?.requested ?? [],
                pointSize: pointSize), size: pointSize, fallback: fallback)
    }

    /// The optional ligature features a nonzero tracking turns off (O10): common, contextual,
    /// discretionary and historical ligatures; required ones (`rlig`) stay, as "essential" in CoreText's
    /// words.
    static let optionalLigatureTags = ["liga", "clig", "dlig", "hlig"]

    /// The same font with the optional ligatures off, except those its own features set (O10: "unless the
    /// ligature attribute is present"); itself when it sets them all.
    func withoutOptionalLigatures() throws -> Font {
        let own = Set(features.map(\.tag))
        let off = try Self.optionalLigatureTags.filter { !own.contains($0) }.map { try FontFeature($0, 0) }
        return off.isEmpty ? self : try withFeatures(features + off)
    }

    /// The same font with `variations` in place of its own (rules O3–O6), clamped to the axes' ranges.
    ///
    /// ```swift
    /// let heavier = try Font(file: interVariablePath, size: 17).withVariations([FontVariation("wght", 650)])
    /// ```
    /// - Throws: `FontError` only when the variant face cannot be made (out of memory).
    public func withVariations(_ variations: [FontVariation]) throws -> Font {
        let base = face.variant?.base ?? face
        return Font(
            face: try FaceVariants.face(base: base, features: features, variations: variations, pointSize: pointSize),
            size: pointSize, fallback: fallback)
    }

    /// The same font at one of its named instances (rule O5), e.g. "Semi Bold"; case-insensitive.
    ///
    /// ```swift
    /// let semibold = try Font(file: interVariablePath, size: 17).withNamedInstance("Semi Bold")
    /// ```
    /// - Throws: `FontError.namedInstanceNotFound` listing the instances the font has.
    public func withNamedInstance(_ name: String) throws -> Font {
        let instances = namedInstances
        guard let instance = instances.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            throw FontError.namedInstanceNotFound(name: name, available: instances.map(\.name))
        }
        return try withVariations(instance.variations)
    }

    /// The system font with tabular digits, as UIKit's `UIFont.monospacedDigitSystemFont(ofSize:weight:)`:
    /// the bundled Noto Sans with `tnum` on (rule O2), so "1" is as wide as "0".
    ///
    /// ```swift
    /// let clock = try Font.monospacedDigitSystemFont(ofSize: 17)
    /// ```
    /// - Throws: `FontError.invalidSize`, `FontError.invalidWeight`.
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight = .regular) throws -> Font {
        try Font(family: BundledFonts.defaultFamily, size: size, weight: weight, features: [.tabularNumbers])
    }
}
