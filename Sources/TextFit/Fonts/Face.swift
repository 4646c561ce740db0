import Foundation
import Synchronization

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
    /// Whether the face is an italic or oblique design (FreeType's style flag).
    let isItalic: Bool
    /// OS/2 usWeightClass, 100–900 (400 regular, 700 bold); 0 when the font does not say.
    let weightClass: Int
    let harfBuzz: HarfBuzzFace
    /// A bundled face: the catalog holds it for the whole process, so a `Font` refers to it without reference
    /// counting (see `Font.face`).
    let livesForProcess: Bool
    /// What this face applies over its file's face (features, variations), nil for a face as the file has it.
    let variant: FaceVariant?
    /// HarfBuzz fonts of this face by scale, created on first use.
    private let sizedFonts = Locked<[Int32: HarfBuzzFont]>([:])
    /// The first sizes' fonts, read without the lock; appended to only under `sizedFonts`'s lock.
    private let pinnedFonts = PinnedSizedFonts()
    /// Set when the catalog retires the face (its file now holds other bytes): cached fallback answers
    /// that name it look the file up again (`FontconfigOrders.FileAnswer`).
    private let retired = Atomic<Bool>(false)
    var isRetired: Bool { retired.load(ordering: .relaxed) }
    func retire() { retired.store(true, ordering: .relaxed) }

    /// Sizes kept per face; a caller cycling through more sizes recreates fonts (cheap: no file access).
    static let maximumSizedFonts = 64

    init(
        id: Int, path: String, faceIndex: Int, familyName: String, styleName: String, isItalic: Bool = false,
        weightClass: Int = 0, harfBuzz: HarfBuzzFace, livesForProcess: Bool = false, variant: FaceVariant? = nil
    ) {
        self.id = id
        self.path = path
        self.faceIndex = faceIndex
        self.familyName = familyName
        self.styleName = styleName
        self.isItalic = isItalic
        self.weightClass = weightClass
        self.harfBuzz = harfBuzz
        self.livesForProcess = livesForProcess
        self.variant = variant
    }

    /// The face's weight on the OpenType scale: a variable face's applied `wght` (rule O5: "Inter" at
    /// weight 700 is the bundled variable roman at wght 700, bold), else its usWeightClass, or from its
    /// style name when the font gives none (700 for a bold style, else 400).
    var weight: Double {
        if let wght = variant?.applied.first(where: { $0.tag == "wght" }) { return wght.value }
        if (1...1000).contains(weightClass) { return Double(weightClass) }
        return styleName.lowercased().contains("bold") ? 700 : 400
    }

    var unitsPerEm: Int { max(1, Int(harfBuzz.metrics.unitsPerEm)) }

    func hasGlyph(for scalar: UInt32) -> Bool { harfBuzz.hasGlyph(for: scalar) }

    /// The HarfBuzz font of this face at `scale`, created once (outside the lock) and kept while the face
    /// lives, up to `maximumSizedFonts` sizes.
    /// The first `PinnedSizedFonts.capacity` sizes are read without the lock (`pinnedFonts`).
    func harfBuzzFont(scale: Int32) -> HarfBuzzFont? {
        if let font = pinnedFonts.font(scale: scale) { return font }
        if let font = sizedFonts.withLock({ $0[scale] }) { return font }
        guard let font = HarfBuzzFont(face: harfBuzz, scale: scale) else { return nil }
        return sizedFonts.withLock { fonts in
            if let existing = pinnedFonts.font(scale: scale) ?? fonts[scale] { return existing }
            if pinnedFonts.append(font, scale: scale) { return font }
            if fonts.count >= Face.maximumSizedFonts - PinnedSizedFonts.capacity { fonts.removeAll() }
            fonts[scale] = font
            return font
        }
    }

    /// How many sized fonts the face holds now (for tests).
    var sizedFontCount: Int { sizedFonts.withLock { $0.count } + pinnedFonts.fontCount }

    static func == (lhs: Face, rhs: Face) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
    var description: String { "\(familyName) \(styleName) (\((path as NSString).lastPathComponent)#\(faceIndex))" }
}

/// A face held as `Font` holds its own: a bundled face (alive for the process) without reference counting,
/// any other owned. Preparation keeps its fallback faces this way: every CJK text in a bundled font falls
/// back to the same Droid Sans Fallback face, and each retain or release of it was an atomic write to one
/// cache line that all threads preparing text share (6.7 per text over Chinese, Japanese and mixed
/// samples, counted with gdb watchpoints: reading it from the catalog, the builder's list and last
/// fallback, a retain and release per space after CJK text, the text's list freed with it).
struct FaceReference: Sendable, Equatable {
    private let reference: Unmanaged<Face>
    /// Keeps a face loaded from a file alive; nil for a bundled face.
    private let owner: Face?

    init(_ face: Face) {
        reference = .passUnretained(face)
        owner = face.livesForProcess ? nil : face
    }

    /// A bundled face, from the catalog's table (`FontCatalog.bundledFaceTable`): no reference counting.
    init(bundled: Unmanaged<Face>) {
        reference = bundled
        owner = nil
    }

    /// The face (borrowed: valid while this reference, or the catalog for a bundled face, holds it).
    var face: Face { reference.takeUnretainedValue() }
    var id: Int { reference._withUnsafeGuaranteedRef { $0.id } }
    func hasGlyph(for scalar: UInt32) -> Bool { reference._withUnsafeGuaranteedRef { $0.hasGlyph(for: scalar) } }

    static func == (lhs: FaceReference, rhs: FaceReference) -> Bool { lhs.id == rhs.id }
}
