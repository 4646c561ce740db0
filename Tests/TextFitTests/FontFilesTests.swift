import Foundation
import Testing
@testable import TextFit

/// Font files a caller names (issue 40): one face per file whatever path names it, only from the allowed
/// folders when they are set, a bounded table of open faces, and files that are not fonts refused. Each
/// test uses a catalog of its own (`FontCatalog(bundledLookup:)`), so the limits and folders it sets never
/// reach the shared catalog other tests run against.
@Suite struct FontFilesTests {
    /// DejaVu Sans (fonts-dejavu-core, installed by `scripts/install-deps --tests`): a real font that is not
    /// bundled, so it goes through the file-face table.
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// A fresh folder with a copy of DejaVu Sans in it, and the catalog to test.
    static func setUp() throws -> (folder: URL, font: URL, catalog: FontCatalog) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fontfiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("fonts/sub"), withIntermediateDirectories: true)
        let font = folder.appendingPathComponent("fonts/DejaVuSans.ttf")
        try FileManager.default.copyItem(atPath: dejaVu, toPath: font.path)
        return (folder, font, FontCatalog(bundledLookup: BundledFonts.lookup))
    }

    @Test func everyPathToOneFileSharesOneFace() throws {
        let (folder, font, catalog) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let symlink = folder.appendingPathComponent("fonts/sub/link.ttf")
        try FileManager.default.createSymbolicLink(at: symlink, withDestinationURL: font)
        let hardLink = folder.appendingPathComponent("fonts/hard.ttf")
        try FileManager.default.linkItem(at: font, to: hardLink)
        let spellings = [
            font.path, symlink.path, hardLink.path, folder.path + "/fonts/sub/../DejaVuSans.ttf",
            folder.path + "/./fonts//DejaVuSans.ttf",
        ]
        let faces = try spellings.map { try catalog.face(path: $0, faceIndex: 0) }
        #expect(Set(faces.map(\.id)).count == 1)
        let statistics = catalog.fileFaceStatistics
        #expect(statistics.openFaces == 1)
        #expect(statistics.facesLoaded == 1)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: font.path)[.size] as? Int)
        #expect(statistics.bytes == size)
    }

    /// 10,000 paths to one file (symlinks, as a hostile batch would send): one face, one file's bytes.
    @Test func tenThousandPathsLoadTheFileOnce() throws {
        let (folder, font, catalog) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        var faces: [Face] = []
        for index in 0..<10_000 {
            let link = folder.appendingPathComponent("fonts/sub/\(index).ttf")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: font.path)
            faces.append(try catalog.face(path: link.path, faceIndex: 0))
        }
        #expect(Set(faces.map(\.id)).count == 1)
        #expect(catalog.fileFaceStatistics.openFaces == 1)
        #expect(catalog.fileFaceStatistics.facesLoaded == 1)
    }

    /// A bundled font named through other paths is one file face shared by all of them (not the bundled
    /// face: a font named by its file falls back in Fontconfig's order, `FontFallback.default(for:)`).
    @Test func pathsToABundledFileShareOneFileFace() throws {
        let (folder, _, catalog) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundledFolder = try BundledFonts.lookup.get()
        let file = try #require(BundledFonts.files.first { !$0.italic })
        let links = try (0..<3).map { index -> URL in
            let link = folder.appendingPathComponent("bundled\(index).ttf")
            try FileManager.default.createSymbolicLink(
                at: link, withDestinationURL: bundledFolder.appendingPathComponent(file.file))
            return link
        }
        let faces = try links.map { try catalog.face(path: $0.path, faceIndex: 0) }
        #expect(Set(faces.map(\.id)).count == 1)
        #expect(faces[0] !== catalog.bundledFace(file: file.file) && !faces[0].livesForProcess)
        #expect(catalog.fileFaceStatistics.openFaces == 1)
        // The bundled path itself is the bundled face.
        #expect(
            try catalog.face(path: bundledFolder.appendingPathComponent(file.file).path, faceIndex: 0)
                === catalog.bundledFace(file: file.file))
    }

    @Test func onlyTheAllowedFoldersWhenSet() throws {
        let (folder, font, catalog) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("fonts")
        catalog.allowedFolders = [try #require(FontFileBytes.resolvedPath(root.path))]
        // Inside, by any spelling that stays inside.
        _ = try catalog.face(path: font.path, faceIndex: 0)
        _ = try catalog.face(path: root.path + "/sub/../DejaVuSans.ttf", faceIndex: 0)
        // A symlink inside that points out, ".." out of the root, a file beside the root, /proc.
        let escape = root.appendingPathComponent("sub/escape.ttf")
        try FileManager.default.createSymbolicLink(atPath: escape.path, withDestinationPath: Self.dejaVu)
        let beside = folder.appendingPathComponent("beside.ttf")
        try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: beside.path)
        // A folder named like the root plus a suffix is not inside it.
        let lookalike = folder.appendingPathComponent("fonts-evil")
        try FileManager.default.createDirectory(at: lookalike, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.dejaVu, toPath: lookalike.appendingPathComponent("x.ttf").path)
        for path in [
            escape.path, root.path + "/../beside.ttf", beside.path, Self.dejaVu, "/proc/self/exe",
            lookalike.appendingPathComponent("x.ttf").path,
        ] {
            #expect(throws: FontError.outsideAllowedFolders(path: path)) { try catalog.face(path: path, faceIndex: 0) }
        }
        // A missing file inside is still "not found", not "outside".
        #expect(throws: FontError.fileNotFound(root.path + "/none.ttf")) {
            try catalog.face(path: root.path + "/none.ttf", faceIndex: 0)
        }
    }

    /// Files that are not fonts are refused at once, never read forever or mapped: a FIFO (opening one
    /// blocks until a writer comes), a directory, a device, an empty file, text.
    @Test func thingsThatAreNotFontFiles() throws {
        let (folder, _, catalog) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let empty = folder.appendingPathComponent("empty.ttf").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let text = folder.appendingPathComponent("text.ttf").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data("not a font".utf8)))
        for path in [fifo, folder.path, "/dev/zero", "/dev/stdin", empty, text] {
            do {
                _ = try catalog.face(path: path, faceIndex: 0)
                Issue.record("\(path) was accepted")
            } catch let error as FontError {
                guard case .unreadableFile(let reported, _) = error else { Issue.record("\(path): \(error)"); continue }
                #expect(reported == path)
            }
        }
        #expect(catalog.fileFaceStatistics.openFaces == 0)
    }

    /// Past the face limit, faces nothing uses are closed to make room; when every open face is in use, a
    /// new file is refused with a typed error until one is released.
    @Test func theTableIsBounded() throws {
        let (folder, font, catalog) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        catalog.fileFaceLimits = (faces: 2, bytes: 1 << 30)
        let copies = try (0..<3).map { index -> String in
            let copy = folder.appendingPathComponent("copy\(index).ttf").path
            try FileManager.default.copyItem(atPath: font.path, toPath: copy)
            return copy
        }
        var held = [try catalog.face(path: copies[0], faceIndex: 0), try catalog.face(path: copies[1], faceIndex: 0)]
        #expect(catalog.fileFaceStatistics.openFaces == 2)
        #expect(throws: FontError.self) { try catalog.face(path: copies[2], faceIndex: 0) }
        held.removeFirst()
        let third = try catalog.face(path: copies[2], faceIndex: 0)
        #expect(catalog.fileFaceStatistics.openFaces == 2)
        #expect(held.count == 1 && third.id != held[0].id)
        // A byte budget below one more file refuses it the same way.
        catalog.fileFaceLimits = (faces: 100, bytes: catalog.fileFaceStatistics.bytes)
        #expect(throws: FontError.self) { try catalog.face(path: font.path, faceIndex: 0) }
        _ = third
    }
}
