import Foundation
import Testing
@testable import TextFit

/// A file the catalog has a face open for, met again at the same device and inode holding other bytes (a
/// deleted file's inode given to the next file written, or a file rewritten in place), is read anew rather
/// than answered with the open face. Found by `FuzzFontFile` (Crashers/FuzzFontFile/inode-reused): a font
/// written, measured and deleted, then another written at a fresh path, measured as the first.
@Suite struct FontFileReuseTests {
    @Test func aRewrittenFileIsNotAnsweredWithItsOldFace() throws {
        let (folder, font, catalog) = try FontFilesTests.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try catalog.face(path: font.path, faceIndex: 0)
        #expect(old.familyName == "DejaVu Sans")
        // Same inode, other bytes: Noto Sans Bold written over the DejaVu copy.
        let bold = try Data(
            contentsOf: URL(fileURLWithPath: try Font(family: "Noto Sans", size: 12, weight: .bold).filePath))
        let handle = try #require(FileHandle(forWritingAtPath: font.path))
        try handle.truncate(atOffset: 0)
        handle.write(bold)
        try handle.close()
        let link = folder.appendingPathComponent("fonts/hard.ttf")
        try FileManager.default.linkItem(at: font, to: link)  // a new spelling, so the file is read

        let new = try catalog.face(path: link.path, faceIndex: 0)
        #expect(new !== old)
        #expect(new.familyName == "Noto Sans" && new.styleName == "Bold")
        #expect(catalog.fileFaceStatistics.openFaces == 2)  // the old face stays open while it is used
        // The new face is the one every spelling now gets.
        #expect(try catalog.face(path: folder.path + "/fonts/sub/../hard.ttf", faceIndex: 0) === new)
        withExtendedLifetime(old) {}
    }

    @Test func theSameBytesStillShareOneFace() throws {
        let (folder, font, catalog) = try FontFilesTests.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try catalog.face(path: font.path, faceIndex: 0)
        let link = folder.appendingPathComponent("fonts/hard.ttf")
        try FileManager.default.linkItem(at: font, to: link)
        #expect(try catalog.face(path: link.path, faceIndex: 0) === first)
        #expect(catalog.fileFaceStatistics.openFaces == 1)
    }

    /// A service writing each upload to one path: the path was seen, its face is open, but the file there
    /// is another font now (found trying the fuzz fix as a user: every later upload measured as the first).
    @Test func onePathReusedForAnotherFontIsReadAnew() throws {
        let (folder, font, catalog) = try FontFilesTests.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let upload = folder.appendingPathComponent("fonts/upload.ttf").path
        try FileManager.default.copyItem(atPath: font.path, toPath: upload)
        let first = try catalog.face(path: upload, faceIndex: 0)
        #expect(first.familyName == "DejaVu Sans")
        try FileManager.default.removeItem(atPath: upload)
        let bold = try Font(family: "Noto Sans", size: 12, weight: .bold).filePath
        try FileManager.default.copyItem(atPath: bold, toPath: upload)
        let second = try catalog.face(path: upload, faceIndex: 0)
        #expect(second.familyName == "Noto Sans" && second.styleName == "Bold")
        // Unchanged since: the same face, without reading the file again.
        let loaded = catalog.facesLoaded
        #expect(try catalog.face(path: upload, faceIndex: 0) === second)
        #expect(catalog.facesLoaded == loaded)
        withExtendedLifetime(first) {}
    }
}
