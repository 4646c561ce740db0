import Foundation
import Testing
@testable import TextFit

/// Where the bundled fonts are looked for, and what a process is told when they are not there. The
/// search runs with its inputs as parameters (the process's own lookup happened once, at start).
@Suite struct BundledFontsTests {
    /// The repository's Fonts folder: Tests/TextFitTests/BundledFontsTests.swift -> Fonts/.
    static let repositoryFonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts", isDirectory: true)

    /// A fresh folder under the temporary directory, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theProcessFoundTheRepositoryFonts() throws {
        let found = try BundledFonts.lookup.get()
        #expect(
            found.resolvingSymlinksInPath().path == Self.repositoryFonts.resolvingSymlinksInPath().path
                || BundledFonts.problem(with: found) == nil)
    }

    /// A TEXTFIT_FONTS_DIR that cannot supply the fonts is an error naming it and why, never skipped.
    @Test func anUnusableFontsDirIsAnErrorNamingIt() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let cases: [(String, String)] = [
            ("/nonexistent/textfit-fonts", "no such folder"),
            (
                folder.path,
                "lacks NotoSans-Regular.ttf, NotoSans-Bold.ttf, DroidSansFallbackFull.ttf, NotoSansArabic-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansThai-Regular.ttf, NotoSansDevanagari-Regular.ttf, NotoSansBengali-Regular.ttf, NotoSansLao-Regular.ttf, NotoSans-Italic.ttf, NotoSans-BoldItalic.ttf"
            ),
            (file.path, "not a folder"),
        ]
        for (path, reason) in cases {
            let result = BundledFonts.locate(
                environment: ["TEXTFIT_FONTS_DIR": path],
                executable: URL(fileURLWithPath: "/usr/bin/x"), checkout: Self.repositoryFonts)
            #expect(result == .failure(.fontsDirectoryUnusable(path: path, reason: reason)))
        }
        let message = FontError.fontsDirectoryUnusable(path: "/nonexistent/textfit-fonts", reason: "no such folder")
            .description
        #expect(
            message.hasPrefix(
                "TEXTFIT_FONTS_DIR=/nonexistent/textfit-fonts cannot supply the bundled fonts: no such folder."))
        #expect(message.contains("NotoSans-Regular.ttf") && message.contains("unset it"))
        // A usable one wins over everything else; an empty value counts as unset.
        #expect(
            BundledFonts.locate(
                environment: ["TEXTFIT_FONTS_DIR": Self.repositoryFonts.path], executable: nil,
                checkout: nil) == .success(Self.repositoryFonts))
        #expect(
            BundledFonts.locate(
                environment: ["TEXTFIT_FONTS_DIR": ""], executable: nil,
                checkout: Self.repositoryFonts) == .success(Self.repositoryFonts))
    }

    /// The Fonts folder beside the executable is tried before the checkout; without either the error lists
    /// every place in order and says what to set.
    @Test func besideTheExecutableFirstThenTheCheckout() throws {
        let root = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let tool = root.appendingPathComponent("tool", isDirectory: true)
        try FileManager.default.createDirectory(at: tool, withIntermediateDirectories: true)
        let executable = tool.appendingPathComponent("textfit")
        let skip = ["TEXTFIT_FONTS_SKIP_CHECKOUT": "1"]

        guard
            case .failure(let error) = BundledFonts.locate(
                environment: skip, executable: executable,
                checkout: Self.repositoryFonts),
            case .bundledFontsNotFound(let searched) = error
        else {
            Issue.record("found fonts where there are none")
            return
        }
        #expect(searched.first == "TEXTFIT_FONTS_DIR: not set")
        #expect(searched[1] == "\(tool.path)/Fonts: no such folder")
        #expect(searched[2] == "\(root.path)/Fonts: no such folder")
        #expect(searched.contains("/Fonts: no such folder"))
        #expect(
            searched.last
                == "\(Self.repositoryFonts.path) (the checkout built from): skipped, TEXTFIT_FONTS_SKIP_CHECKOUT is set")
        let message = error.description
        #expect(
            message.hasPrefix(
                "bundled fonts (NotoSans-Regular.ttf, NotoSans-Bold.ttf, DroidSansFallbackFull.ttf, NotoSansArabic-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansThai-Regular.ttf, NotoSansDevanagari-Regular.ttf, NotoSansBengali-Regular.ttf, NotoSansLao-Regular.ttf, NotoSans-Italic.ttf, NotoSans-BoldItalic.ttf) not found; looked in, in order: TEXTFIT_FONTS_DIR: not set; \(tool.path)/Fonts: no such folder;"
            ))
        #expect(
            message.hasSuffix(
                "Set TEXTFIT_FONTS_DIR to a folder holding them (the repository's Fonts folder), or put that Fonts folder beside the executable"
            ))

        // Without the skip, the checkout is the last resort.
        #expect(
            BundledFonts.locate(environment: [:], executable: executable, checkout: Self.repositoryFonts)
                == .success(Self.repositoryFonts))
        // A Fonts folder in a parent of the executable's, then one beside it, comes before the checkout.
        let parentFonts = root.appendingPathComponent("Fonts", isDirectory: true)
        try FileManager.default.createSymbolicLink(at: parentFonts, withDestinationURL: Self.repositoryFonts)
        #expect(
            BundledFonts.locate(environment: [:], executable: executable, checkout: Self.repositoryFonts)
                == .success(parentFonts))
        let besideFonts = tool.appendingPathComponent("Fonts", isDirectory: true)
        try FileManager.default.createDirectory(at: besideFonts, withIntermediateDirectories: true)
        // A folder missing a file is passed over, with the reason.
        try FileManager.default.copyItem(
            at: Self.repositoryFonts.appendingPathComponent("NotoSans-Regular.ttf"),
            to: besideFonts.appendingPathComponent("NotoSans-Regular.ttf"))
        #expect(
            BundledFonts.problem(with: besideFonts)
                == "lacks NotoSans-Bold.ttf, DroidSansFallbackFull.ttf, NotoSansArabic-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansThai-Regular.ttf, NotoSansDevanagari-Regular.ttf, NotoSansBengali-Regular.ttf, NotoSansLao-Regular.ttf, NotoSans-Italic.ttf, NotoSans-BoldItalic.ttf"
        )
        #expect(BundledFonts.locate(environment: skip, executable: executable, checkout: nil) == .success(parentFonts))
        for file in BundledFonts.files.map(\.file).dropFirst() {
            try FileManager.default.copyItem(
                at: Self.repositoryFonts.appendingPathComponent(file),
                to: besideFonts.appendingPathComponent(file))
        }
        #expect(BundledFonts.locate(environment: skip, executable: executable, checkout: nil) == .success(besideFonts))
    }

    /// A catalog whose lookup failed refuses the bundled families with that error (no silent system
    /// copy); an unusable TEXTFIT_FONTS_DIR refuses every request, font files included.
    @Test func aFailedLookupIsATypedFontError() throws {
        let notFound = FontError.bundledFontsNotFound(searched: ["TEXTFIT_FONTS_DIR: not set", "/x/Fonts: no such folder"])
        let catalog = FontCatalog(bundledLookup: .failure(notFound))
        #expect(catalog.bundledFaces.isEmpty)
        #expect(throws: notFound) { try catalog.face(family: "Noto Sans", weight: 400, italic: false) }
        #expect(throws: notFound) { try catalog.face(family: "droid sans fallback", weight: 400, italic: false) }
        let file = Self.repositoryFonts.appendingPathComponent("NotoSans-Bold.ttf").path
        #expect(try catalog.face(path: file, faceIndex: 0).styleName == "Bold")  // a file needs no bundled folder

        let unusable = FontError.fontsDirectoryUnusable(path: "/nonexistent", reason: "no such folder")
        let misconfigured = FontCatalog(bundledLookup: .failure(unusable))
        #expect(throws: unusable) { try misconfigured.face(family: "Noto Sans", weight: 400, italic: false) }
        #expect(throws: unusable) { try misconfigured.face(family: "DejaVu Sans", weight: 400, italic: false) }
        #expect(throws: unusable) { try misconfigured.face(path: file, faceIndex: 0) }
    }
}
