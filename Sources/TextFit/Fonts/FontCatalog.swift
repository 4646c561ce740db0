import Foundation
import Synchronization

/// Where faces come from: the bundled fonts first, then Fontconfig. Loads each face once, caches sized
/// HarfBuzz fonts, and chooses fallback faces for characters a font lacks (rule F6: glyphs only).
final class FontCatalog: Sendable {
    static let shared = FontCatalog()

    private struct State {
        var faces: [String: Face] = [:]  // "path#index"
        var sizedFonts: [SizedKey: HarfBuzzFont] = [:]
        var fallbacks: [UInt32: Face?] = [:]
        var nextID = 1
    }

    private struct SizedKey: Hashable {
        var face: Int
        var scale: Int32
    }

    private let state: Mutex<State>

    /// Fontconfig with the bundled folder added; loaded on first use (it reads the system's font cache).
    private let fontconfig: Fontconfig? = Fontconfig(appFontDirectory: BundledFonts.directory?.path)

    /// Bundled faces in fallback order; unreadable ones are skipped.
    private let bundled: [(family: String, bold: Bool, face: Face)]

    private init() {
        var state = State()
        var bundled: [(String, Bool, Face)] = []
        for file in BundledFonts.files {
            guard let path = BundledFonts.path(of: file.file),
                  let face = try? FontCatalog.makeFace(path: path, faceIndex: 0, id: state.nextID)
            else { continue }
            state.faces["\(path)#0"] = face
            state.nextID += 1
            bundled.append((file.family, file.bold, face))
        }
        self.bundled = bundled
        self.state = Mutex(state)
    }

    func face(family: String, bold: Bool) throws -> Face {
        let wanted = family.lowercased()
        if let match = bundled.first(where: { $0.family.lowercased() == wanted && $0.bold == bold })
            ?? bundled.first(where: { $0.family.lowercased() == wanted }) {
            return match.face
        }
        guard let match = fontconfig?.match(family: family, bold: bold) else {
            throw FontError.familyNotFound(family)
        }
        return try loadFace(path: match.path, faceIndex: match.faceIndex)
    }

    func face(path: String, faceIndex: Int) throws -> Face {
        try loadFace(path: path, faceIndex: faceIndex)
    }

    private func loadFace(path: String, faceIndex: Int) throws -> Face {
        let key = "\(path)#\(faceIndex)"
        if let face = state.withLock({ $0.faces[key] }) { return face }
        let loaded = try FontCatalog.makeFace(path: path, faceIndex: faceIndex, id: 0)
        return state.withLock { state in
            if let face = state.faces[key] { return face }
            let face = Face(id: state.nextID, path: path, faceIndex: faceIndex, familyName: loaded.familyName,
                            styleName: loaded.styleName, harfBuzz: loaded.harfBuzz)
            state.nextID += 1
            state.faces[key] = face
            return face
        }
    }

    /// Opens a face after FreeType has confirmed the file is a font; errors name the file.
    private static func makeFace(path: String, faceIndex: Int, id: Int) throws -> Face {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw FontError.fileNotFound(path)
        }
        let info: FreeType.FaceInfo
        switch FreeType.probe(path: path, faceIndex: faceIndex) {
        case .success(let value):
            info = value
        case .failure(let error):
            if error.code == FreeType.invalidArgument, error.faceCount > 0 {
                throw FontError.faceIndexOutOfRange(path: path, index: faceIndex, faceCount: error.faceCount)
            }
            throw FontError.unreadableFile(path: path, reason: error.description)
        }
        guard info.glyphCount > 0, let harfBuzz = HarfBuzzFace(path: path, faceIndex: faceIndex) else {
            throw FontError.unreadableFile(path: path, reason: "HarfBuzz found no glyphs in it")
        }
        return Face(id: id, path: path, faceIndex: faceIndex, familyName: info.familyName,
                    styleName: info.styleName, harfBuzz: harfBuzz)
    }

    /// The HarfBuzz font for `face` at `scale`, created once.
    func harfBuzzFont(face: Face, scale: Int32) -> HarfBuzzFont? {
        let key = SizedKey(face: face.id, scale: scale)
        if let font = state.withLock({ $0.sizedFonts[key] }) { return font }
        guard let font = HarfBuzzFont(face: face.harfBuzz, scale: scale) else { return nil }
        return state.withLock { state in
            if let existing = state.sizedFonts[key] { return existing }
            state.sizedFonts[key] = font
            return font
        }
    }

    /// The face that draws `scalar` when the primary font lacks it: the bundled faces in order, then
    /// Fontconfig's best match. Nil when no font has it (the primary's .notdef is drawn).
    func fallbackFace(for scalar: UInt32) -> Face? {
        if let cached = state.withLock({ $0.fallbacks[scalar] }) { return cached }
        var chosen: Face? = bundled.first(where: { $0.face.hasGlyph(for: scalar) })?.face
        if chosen == nil, let match = fontconfig?.match(covering: scalar, preferring: nil) {
            chosen = try? loadFace(path: match.path, faceIndex: match.faceIndex)
            if let face = chosen, !face.hasGlyph(for: scalar) { chosen = nil }
        }
        state.withLock { $0.fallbacks[scalar] = chosen }
        return chosen
    }
}
