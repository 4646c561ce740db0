import Foundation

/// One face of a font file, loaded once and shared: its HarfBuzz face, names and design-unit metrics.
final class Face: Sendable, Hashable, CustomStringConvertible {
    let id: Int
    let path: String
    let faceIndex: Int
    let familyName: String
    let styleName: String
    let harfBuzz: HarfBuzzFace

    init(id: Int, path: String, faceIndex: Int, familyName: String, styleName: String, harfBuzz: HarfBuzzFace) {
        self.id = id
        self.path = path
        self.faceIndex = faceIndex
        self.familyName = familyName
        self.styleName = styleName
        self.harfBuzz = harfBuzz
    }

    var unitsPerEm: Int { max(1, Int(harfBuzz.metrics.units_per_em)) }

    func hasGlyph(for scalar: UInt32) -> Bool { harfBuzz.hasGlyph(for: scalar) }

    static func == (lhs: Face, rhs: Face) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)#\(faceIndex))" }
}
