import Foundation

/// A variable font's axis setting, as UIFontDescriptor's variation attribute and CSS
/// `font-variation-settings` give one (rule O3): a registered axis (`wght`, `wdth`, `opsz`, `slnt`,
/// `ital`) or a font's own, and a value in the axis's units.
///
/// ```swift
/// let inter = try Font(file: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", size: 17,
///                      variations: [FontVariation("wght", 650)])
/// inter.variations          // [wght=650.0]
/// ```
///
/// A value outside the font's range is clamped to it and the clamp reported in
/// `Font.variationAdjustments` (rule O4); an axis the font does not have is ignored and reported there too.
public struct FontVariation: Sendable, Hashable, CustomStringConvertible {
    /// The four-character axis tag, e.g. "wght".
    public let tag: String
    /// The value in the axis's own units (wght 100–900, wdth a percentage, opsz points, slnt degrees).
    public let value: Double

    /// An axis setting.
    /// - Parameters:
    ///   - tag: four printable ASCII characters, e.g. "wght".
    ///   - value: a finite number.
    /// - Throws: `FontError.invalidVariation` for a malformed tag or a value that is not finite.
    public init(_ tag: String, _ value: Double) throws {
        guard FontTag.code(tag) != nil else { throw FontError.invalidVariation(tag: tag, reason: FontTag.rule) }
        guard value.isFinite else {
            throw FontError.invalidVariation(tag: tag, reason: "its value \(value) must be a finite number")
        }
        self.tag = tag
        self.value = value
    }

    init(checked tag: String, _ value: Double) {
        self.tag = tag
        self.value = value
    }

    /// Settings from a `{"wght": 650}` dictionary, in tag order.
    /// - Throws: `FontError.invalidVariation` for the first bad tag or value.
    public static func list(_ settings: [String: Double]) throws -> [FontVariation] {
        try settings.sorted { $0.key < $1.key }.map { try FontVariation($0.key, $0.value) }
    }

    public var description: String { "\(tag)=\(value)" }
}

/// One axis of a variable font (its fvar entry).
public struct FontVariationAxis: Sendable, Hashable {
    /// The axis tag, e.g. "wght".
    public let tag: String
    /// The axis's name from the font's name table ("Weight"), or its tag.
    public let name: String
    public let minimum: Double
    public let defaultValue: Double
    public let maximum: Double
}

/// A named instance of a variable font ("Semi Bold": wght 600), from its fvar table.
public struct FontNamedInstance: Sendable, Hashable {
    /// The instance's subfamily name, e.g. "Semi Bold".
    public let name: String
    /// Its coordinates, one per axis.
    public let variations: [FontVariation]
}

/// What became of a requested axis value the font could not take as given (rule O4).
public struct FontVariationAdjustment: Sendable, Hashable, CustomStringConvertible {
    /// The axis tag asked for.
    public let tag: String
    /// The value asked for.
    public let requested: Double
    /// The value used: the nearest end of the axis's range; nil when the font has no such axis (ignored).
    public let applied: Double?

    public var description: String {
        if let applied { return "\(tag) \(requested) clamped to \(applied)" }
        return "\(tag) ignored: the font has no such axis"
    }
}
