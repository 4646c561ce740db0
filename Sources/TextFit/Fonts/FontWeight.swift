import Foundation

extension Font {
    /// A font weight on the OpenType / CSS scale (OS/2 `usWeightClass`, CSS `font-weight`): 100 to 900,
    /// 400 regular, 700 bold. The named weights are UIKit's `UIFont.Weight` constants on its nine steps, in
    /// UIKit's order: `.ultraLight` (lighter than `.thin` in UIKit) is 100, `.thin` 200 ... `.black` 900.
    ///
    /// ```swift
    /// try Font(family: "Noto Sans", size: 17, weight: .semibold)   // 600: the bundled bold face (rule S8)
    /// try Font(family: "Noto Sans", size: 17, weight: Font.Weight(350))
    /// Font.Weight.medium.rawValue                                     // 500
    /// ```
    ///
    /// UIKit's own `UIFont.Weight` raw values run from −1 to 1 (`.regular` is 0, `.bold` 0.4); they are not
    /// this scale, and a font asked for with one is refused (`FontError.invalidWeight`), not taken as 100.
    public struct Weight: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The weight, 100...900 for a font to accept it.
        public let rawValue: CGFloat

        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ value: CGFloat) { self.rawValue = value }

        public static let ultraLight = Weight(rawValue: 100)
        public static let thin = Weight(rawValue: 200)
        public static let light = Weight(rawValue: 300)
        public static let regular = Weight(rawValue: 400)
        public static let medium = Weight(rawValue: 500)
        public static let semibold = Weight(rawValue: 600)
        public static let bold = Weight(rawValue: 700)
        public static let heavy = Weight(rawValue: 800)
        public static let black = Weight(rawValue: 900)

        /// The weights a font accepts (CSS's keyword range; OpenType's classes 100–900).
        public static let validRange: ClosedRange<CGFloat> = 100...900

        /// The named weights, lightest first.
        public static let named: [(name: String, weight: Weight)] = [
            ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
            ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
        ]

        /// Whether a family with only a regular (400) and a bold (700) face, as the bundled ones, gives the
        /// bold face (rule S8): above 500, the nearer face by CSS font matching.
        public var isBold: Bool { rawValue > 500 }

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The UIKit name for a named weight ("semibold"), else the number ("350").
        public var description: String {
            if let name = Self.named.first(where: { $0.weight == self })?.name { return name }
            return rawValue.isFinite && rawValue == rawValue.rounded() ? String(Int(rawValue)) : "\(rawValue)"
        }

        func validate() throws {
            guard rawValue.isFinite, Self.validRange.contains(rawValue) else {
                throw FontError.invalidWeight(Double(rawValue))
            }
        }
    }

    /// Stylistic traits of a font's face, as UIKit's `UIFontDescriptor.SymbolicTraits` names them (same bits).
    ///
    /// ```swift
    /// try Font.italicSystemFont(ofSize: 17).symbolicTraits.contains(.traitItalic)          // true
    /// try Font(family: "Droid Sans Fallback", size: 17, italic: true).symbolicTraits       // []: no italic face
    /// ```
    public struct SymbolicTraits: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// An italic or oblique design (FreeType's italic flag: OS/2 fsSelection, head macStyle, style name).
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// A bold face: weight above 500 (OS/2 usWeightClass, or the style name when the font gives none).
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    }

    /// The traits of the face this font uses: what was actually found, so `italic: true` in a family
    /// without an italic shows here as no `.traitItalic` (rule S9).
    public var symbolicTraits: SymbolicTraits {
        var traits: SymbolicTraits = []
        if face.isItalic { traits.insert(.traitItalic) }
        if Weight(rawValue: CGFloat(face.weight)).isBold { traits.insert(.traitBold) }
        return traits
    }

    /// The weight of the face this font uses (its OS/2 usWeightClass): 400 for Noto Sans Regular and
    /// Italic, 700 for Bold and Bold Italic, whatever weight it was asked for with; a variable face's
    /// `wght` coordinate (600 for `Font(family: "Inter", size: 17, weight: .semibold)`).
    public var weight: Weight { Weight(rawValue: CGFloat(face.weight)) }
}
