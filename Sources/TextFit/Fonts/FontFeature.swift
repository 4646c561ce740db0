import Foundation

/// An OpenType feature setting, as UIFontDescriptor's `.featureSettings` and CSS `font-feature-settings`
/// give one (rule O1): a four-letter tag and a value, 0 off, 1 on, n the n-th alternate.
///
/// ```swift
/// let prices = try Font(family: "Noto Sans", size: 17, features: [.tabularNumbers])
/// let caps = try Font(family: "Noto Sans", size: 17, features: [FontFeature("smcp"), FontFeature("liga", 0)])
/// ```
///
/// A well-formed tag the font does not implement changes nothing, as on iOS and in HarfBuzz; a malformed
/// one is refused.
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
    /// The four-character OpenType tag, e.g. "tnum".
    public let tag: String
    /// 0 turns the feature off, 1 on; larger values pick an alternate (`salt`, `cv01`…).
    public let value: Int

    /// A feature setting.
    /// - Parameters:
    ///   - tag: four printable ASCII characters (U+0020–U+007E, not starting with a space), e.g. "ss01".
    ///   - value: 0 (off), 1 (on, the default) or an alternate's index, up to `UInt32.max`.
    /// - Throws: `FontError.invalidFeature` naming the tag and what is wrong with it.
    public init(_ tag: String, _ value: Int = 1) throws {
        guard FontTag.code(tag) != nil else { throw FontError.invalidFeature(tag: tag, reason: FontTag.rule) }
        guard value >= 0, value <= Int(UInt32.max) else {
            throw FontError.invalidFeature(
                tag: tag, reason: "its value \(value) must be 0 (off), 1 (on) or an alternate's index")
        }
        self.tag = tag
        self.value = value
    }

    private init(known tag: String, _ value: Int) {
        self.tag = tag
        self.value = value
    }

    /// `tnum`: every digit one width, so columns of figures line up (UIFont.monospacedDigitSystemFont).
    public static let tabularNumbers = FontFeature(known: "tnum", 1)
    /// `pnum`: digits as wide as their shapes.
    public static let proportionalNumbers = FontFeature(known: "pnum", 1)
    /// `smcp`: lower case as small capitals.
    public static let smallCaps = FontFeature(known: "smcp", 1)
    /// `c2sc`: capitals as small capitals.
    public static let capitalsToSmallCaps = FontFeature(known: "c2sc", 1)
    /// `liga` 0: no standard ligatures (UIKit's `.ligature: 0`).
    public static let noLigatures = FontFeature(known: "liga", 0)
    /// `kern` 0: no pair kerning.
    public static let noKerning = FontFeature(known: "kern", 0)
    /// `case`: punctuation shaped for capitals.
    public static let caseSensitiveForms = FontFeature(known: "case", 1)

    /// Stylistic set `n` (1–20): `ss01`…`ss20`.
    /// - Throws: `FontError.invalidFeature` for `n` outside 1...20.
    public static func stylisticSet(_ n: Int) throws -> FontFeature {
        guard (1...20).contains(n) else {
            throw FontError.invalidFeature(tag: "ss\(n)", reason: "stylistic sets run from ss01 to ss20")
        }
        return FontFeature(known: n < 10 ? "ss0\(n)" : "ss\(n)", 1)
    }

    /// Settings from a `{"tnum": 1, "liga": 0}` dictionary, in tag order.
    /// - Throws: `FontError.invalidFeature` for the first bad tag or value.
    public static func list(_ settings: [String: Int]) throws -> [FontFeature] {
        try settings.sorted { $0.key < $1.key }.map { try FontFeature($0.key, $0.value) }
    }

    /// One setting per tag, the last given winning (as HarfBuzz applies a later setting of the same tag),
    /// in tag order: equal lists give equal fonts.
    static func normalised(_ features: [FontFeature]) -> [FontFeature] {
        var byTag: [String: Int] = [:]
        for feature in features { byTag[feature.tag] = feature.value }
        return byTag.sorted { $0.key < $1.key }.map { FontFeature(known: $0.key, $0.value) }
    }

    public var description: String { "\(tag)=\(value)" }
}

/// OpenType tags: four printable ASCII characters, packed big-endian as HarfBuzz's HB_TAG.
enum FontTag {
    static let rule = "a tag must be 4 printable ASCII characters (U+0020-U+007E) not starting with a space, e.g. \"tnum\""

    static func code(_ tag: String) -> UInt32? {
        let scalars = Array(tag.unicodeScalars)
        guard scalars.count == 4, scalars[0] != " ", scalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) else {
            return nil
        }
        return scalars.reduce(0) { $0 << 8 | $1.value }
    }

    static func string(_ code: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) }, as: UTF8.self)
    }
}
