import Foundation
import Testing
@testable import TextFit

/// Faces of different catalogs never share an id (found writing `FuzzFontFile`, whose `FontFileTable` is a
/// catalog of its own beside the shared one). The segment cache keys shaped words by face id, so two
/// catalogs numbering their faces alike measured one font with the other's widths.
@Suite struct FontCatalogIDTests {
    @Test func twoCatalogsNumberTheirFacesApart() throws {
        let first = FontCatalog(bundledLookup: BundledFonts.lookup)
        let second = FontCatalog(bundledLookup: BundledFonts.lookup)
        let ids = [FontCatalog.shared, first, second].map { Set($0.bundledFaces.map(\.id)) }
        #expect(ids[0].isDisjoint(with: ids[1]) && ids[0].isDisjoint(with: ids[2]) && ids[1].isDisjoint(with: ids[2]))
    }

    /// The first file face of two fresh catalogs: DejaVu Sans in one, a copy of Noto Sans Bold in the other.
    /// Each measures as its own font (Noto Sans Bold's width as the bundled face gives it).
    @Test func fileFacesOfTwoCatalogsMeasureAsTheirOwnFonts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-ids-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bold = try Font(family: "Noto Sans", size: 17, weight: .bold)
        let copy = folder.appendingPathComponent("bold-copy.ttf").path
        try FileManager.default.copyItem(atPath: bold.filePath, toPath: copy)

        let dejaVuFace = try FontCatalog(bundledLookup: BundledFonts.lookup).face(path: FontFilesTests.dejaVu, faceIndex: 0)
        let boldFace = try FontCatalog(bundledLookup: BundledFonts.lookup).face(path: copy, faceIndex: 0)
        #expect(dejaVuFace.id != boldFace.id)
        let text = "Hello catalog \(UUID().uuidString)"  // words no other test shaped
        let dejaVuWidth = try PreparedText(text, font: Font(face: dejaVuFace, size: 17)).layout(width: nil).size.width
        let copyWidth = try PreparedText(text, font: Font(face: boldFace, size: 17)).layout(width: nil).size.width
        let bundledWidth = try PreparedText(text, font: bold).layout(width: nil).size.width
        #expect(copyWidth == bundledWidth)
        #expect(dejaVuWidth != copyWidth)
    }
}
