import Foundation

/// One face of a font file, loaded once and shared: its HarfBuzz face, names and design-unit metrics.
///
/// A face lives while a `Font`, a `PreparedText` or the catalog's short list of recent faces holds it; its
/// sized HarfBuzz fonts live and die with it (see `FontCatalog`).
final class Face: Sendable, Hashable, CustomStringConvertible {
    let id: Int
    let path: String
    let faceIndex: Int
    let familyName: String
    let styleName: String
    let harfBuzz: HarfBuzzFace
    /// A bundled face: the catalog holds it for the whole process, so a `Font` refers to it without reference
    /// counting (see `Font.face`).
    let livesForProcess: Bool
    /// HarfBuzz fonts of this face by scale, created on first use.
    private let sizedFonts = Locked<[Int32: HarfBuzzFont]>([:])

    /// Sizes kept per face; a caller cycling through more sizes recreates fonts (cheap: no file access).
    static let maximumSizedFonts = 64

    init(id: Int, path: String, faceIndex: Int, familyName: String, styleName: String, harfBuzz: HarfBuzzFace,
         livesForProcess: Bool = false) {
        self.id = id
        self.path = path
        self.faceIndex = faceIndex
        self.familyName = familyName
        self.styleName = styleName
        self.harfBuzz = harfBuzz
        self.livesForProcess = livesForProcess
    }

    var unitsPerEm: Int { max(1, Int(harfBuzz.metrics.units_per_em)) }

    func hasGlyph(for scalar: UInt32) -> Bool { harfBuzz.hasGlyph(for: scalar) }

    /// The HarfBuzz font of this face at `scale`, created once (outside the lock) and kept while the face
    /// lives, up to `maximumSizedFonts` sizes.
    func harfBuzzFont(scale: Int32) -> HarfBuzzFont? {
        if let font = sizedFonts.withLock({ $0[scale] }) { return font }
        guard let font = HarfBuzzFont(face: harfBuzz, scale: scale) else { return nil }
        return sizedFonts.withLock { fonts in
            if let existing = fonts[scale] { return existing }
            if fonts.count >= Face.maximumSizedFonts { fonts.removeAll() }
            fonts[scale] = font
            return font
        }
    }

    /// How many sized fonts the face holds now (for tests).
    var sizedFontCount: Int { sizedFonts.withLock { $0.count } }

    static func == (lhs: Face, rhs: Face) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)#\(faceIndex))" }
}
