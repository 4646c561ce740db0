import Foundation
import Testing
@testable import TextFit

/// Issue 5, memory: faces loaded from files are released when no longer used, without breaking `Font`'s
/// value semantics (a `Font` or `PreparedText` keeps its face alive).
@Suite struct FontLifetimeTests {
    /// A folder of copies of the bundled Noto Sans: each copy is a distinct font file to the catalog (a
    /// symbolic link would not be: the catalog keys faces by the file's identity, so a link to the bundled
    /// file is the bundled face, `FontFilesTests`).
    final class LinkedFonts {
        let directory: URL
        let paths: [String]

        init(count: Int) throws {
            let source = try Fixtures.font().filePath
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("textfit-lifetime-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            self.directory = directory
            paths = try (0..<count).map { index in
                let link = directory.appendingPathComponent("font-\(index).ttf")
                try FileManager.default.copyItem(atPath: source, toPath: link.path)
                return link.path
            }
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// Loads enough other files to push every earlier file face out of the catalog's recent list.
    private func flushRecentFaces(_ fonts: LinkedFonts) throws {
        for path in fonts.paths { _ = try Font(file: path, size: 12) }
    }

    @Test func aFileFaceIsReleasedOnceNoFontUsesIt() throws {
        let target = try LinkedFonts(count: 1)
        let others = try LinkedFonts(count: FontCatalog.shared.recentFaceLimit + 1)
        weak var released: Face?
        let firstID: Int
        do {
            let font = try Font(file: target.paths[0], size: 14)
            let prepared = PreparedText("held by a prepared text", font: font)
            released = font.face
            firstID = font.face.id
            #expect(try prepared.layout(width: 80).lineCount > 1)
        }
        try flushRecentFaces(others)
        #expect(released == nil, "the face outlived every Font and PreparedText using it")
        // Loading the file again works and gives a fresh face.
        let again = try Font(file: target.paths[0], size: 14)
        #expect(again.face.id != firstID)
        #expect(try PreparedText("still measures", font: again).layout().lineCount == 1)
    }

    @Test func aFontKeepsItsFaceAliveAndEqual() throws {
        let target = try LinkedFonts(count: 1)
        let others = try LinkedFonts(count: FontCatalog.shared.recentFaceLimit + 1)
        let font = try Font(file: target.paths[0], size: 14)
        let before = try PreparedText("value semantics", font: font).layout(width: 60)
        try flushRecentFaces(others)
        // The face is not in the recent list any more, but this Font holds it: the same face comes back.
        let reloaded = try Font(file: target.paths[0], size: 14)
        #expect(reloaded == font)
        #expect(reloaded.face === font.face)
        #expect(try PreparedText("value semantics", font: reloaded).layout(width: 60) == before)
        let copy = font
        #expect(copy == font && copy.hashValue == font.hashValue)
    }

    @Test func recentlyUsedFacesStayLoadedWithoutAnyFont() throws {
        let target = try LinkedFonts(count: 1)
        let loadedBefore = FontCatalog.shared.facesLoaded
        for _ in 0..<5 {
            // Each iteration drops its Font; the recent list keeps the face, so the file is read once.
            _ = PreparedText("one request at a time", font: try Font(file: target.paths[0], size: 15))
        }
        // Other suites may load files at the same time, so compare with a margin rather than exactly.
        #expect(FontCatalog.shared.facesLoaded - loadedBefore < 5)
    }

    @Test func bundledFacesAreNeverReleased() throws {
        let others = try LinkedFonts(count: FontCatalog.shared.recentFaceLimit + 1)
        // By id, not a weak reference: a weak reference to a face that lives for the process gives it a
        // side table LeakSanitizer reports, and slows every retain of it.
        let bundled = try Font(family: "Noto Sans", size: 12).face.id
        try flushRecentFaces(others)
        #expect(try Font(family: "Noto Sans", size: 12).face.id == bundled)
        #expect(try Font(file: Fixtures.font().filePath, size: 12).face.id == bundled)
    }

    /// A `Font` holds its face without reference counting only when the catalog keeps that face for the
    /// whole process (the bundled faces); a face from any other file must be one the font keeps alive.
    @Test func onlyBundledFacesAreHeldWithoutReferenceCounting() throws {
        for face in FontCatalog.shared.bundledFaces { #expect(face.livesForProcess) }
        #expect(try Font(family: "Noto Sans", size: 12).face.livesForProcess)
        let linked = try LinkedFonts(count: 1)
        #expect(try !Font(file: linked.paths[0], size: 12).face.livesForProcess)
    }

    /// A fallback face found through Fontconfig (Thai is in no bundled font) is released like a file
    /// face, and found again when needed.
    @Test func fallbackFacesFromFontconfigAreReleasedToo() throws {
        let thai = "ქართული ენა"  // Georgian: no bundled font covers it, so Fontconfig supplies it
        let others = try LinkedFonts(count: FontCatalog.shared.recentFaceLimit + 1)
        weak var fallback: Face?
        let width: CGFloat
        do {
            let prepared = PreparedText(thai, font: try Fixtures.font())
            guard let face = prepared.faces.dropFirst().first else {
                print("FontLifetimeTests: no system font covers Georgian here; the fallback release is not tested")
                return
            }
            print("FontLifetimeTests: Georgian falls back to \(face)")
            fallback = face
            width = try prepared.layout().size.width
        }
        try flushRecentFaces(others)
        #expect(fallback == nil)
        let again = PreparedText(thai, font: try Fixtures.font())
        #expect(again.faces.count == 2)
        #expect(try again.layout().size.width == width)
    }

    @Test func sizedFontsPerFaceAreBounded() throws {
        let target = try LinkedFonts(count: 1)
        let font = try Font(file: target.paths[0], size: 10)
        for step in 0..<(3 * Face.maximumSizedFonts) {
            let sized = try font.withSize(10 + CGFloat(step) / 8)
            _ = PreparedText("a", font: sized)
        }
        #expect(font.face.sizedFontCount <= Face.maximumSizedFonts)
    }
}
