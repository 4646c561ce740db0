import Foundation
import Testing

/// The built `textfit` copied elsewhere, as a release binary on another machine: it finds a `Fonts`
/// folder beside it (symlinked or copied) from any working directory, with the fallback to this checkout
/// turned off (`TEXTFIT_FONTS_SKIP_CHECKOUT=1`), and says where it looked when there is none.
@Suite struct InstalledBinaryTests {
    /// The repository's Fonts folder: Tests/TextFitCLITests/InstalledBinaryTests.swift -> Fonts/.
    static let repositoryFonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts", isDirectory: true)

    /// The environment of this process (with the tests' LeakSanitizer settings, as `EndToEndTests` runs
    /// the tool) without TEXTFIT_FONTS_DIR, plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = EndToEndTests.environment
        environment.removeValue(forKey: "TEXTFIT_FONTS_DIR")
        environment.removeValue(forKey: "TEXTFIT_FONTS_SKIP_CHECKOUT")
        return environment.merging(extra) { $1 }
    }

    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL,
        environment: [String: String]
    ) throws -> (code: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// A temporary folder with `tool/textfit` (a copy of the built one) and an empty `elsewhere/` to run in.
    static func install() throws -> (root: URL, tool: URL, elsewhere: URL) {
        let built = try #require(EndToEndTests.executable(), "textfit not found next to \(Bundle.main.bundleURL.path)")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-install-\(UUID().uuidString)")
        let tool = root.appendingPathComponent("tool", isDirectory: true)
        let elsewhere = root.appendingPathComponent("elsewhere", isDirectory: true)
        for folder in [tool, elsewhere] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: built, to: tool.appendingPathComponent("textfit"))
        return (root, tool, elsewhere)
    }

    @Test(arguments: ["symlink", "copy"])
    func aCopiedBinaryUsesTheFontsFolderBesideIt(fonts: String) throws {
        let (root, tool, elsewhere) = try Self.install()
        defer { try? FileManager.default.removeItem(at: root) }
        let besideFonts = tool.appendingPathComponent("Fonts", isDirectory: true)
        if fonts == "symlink" {
            try FileManager.default.createSymbolicLink(at: besideFonts, withDestinationURL: Self.repositoryFonts)
        } else {
            try FileManager.default.copyItem(at: Self.repositoryFonts, to: besideFonts)
        }
        let environment = Self.environment(["TEXTFIT_FONTS_SKIP_CHECKOUT": "1"])
        let expected = #"{"id":null,"width":55.40234375,"height":23.154,"lineCount":1,"#  // Noto Sans + Droid Sans Fallback
        let direct = try Self.run(
            tool.appendingPathComponent("textfit"), ["measure", "Hi 北京", "--json"],
            in: elsewhere, environment: environment)
        #expect(direct.code == 0, "\(direct.stderr)")
        #expect(direct.stdout.hasPrefix(expected))
        #expect(direct.stderr.isEmpty)
        // Started through PATH, where its first argument is only "textfit".
        var viaPath = environment
        viaPath["PATH"] = tool.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let started = try Self.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["textfit", "measure", "Hi 北京", "--json"],
            in: elsewhere, environment: viaPath)
        #expect(started.code == 0, "\(started.stderr)")
        #expect(started.stdout.hasPrefix(expected))
    }

    /// No Fonts folder beside it and the checkout left out: exit 3, every place searched, what to set.
    @Test func aCopiedBinaryWithoutFontsSaysWhereItLooked() throws {
        let (root, tool, elsewhere) = try Self.install()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try Self.run(
            tool.appendingPathComponent("textfit"), ["measure", "Hi"], in: elsewhere,
            environment: Self.environment(["TEXTFIT_FONTS_SKIP_CHECKOUT": "1"]))
        #expect(result.code == 3)
        #expect(result.stdout.isEmpty)
        let message = result.stderr
        #expect(
            message.hasPrefix(
                "textfit: bundled fonts (NotoSans-Regular.ttf, NotoSans-Bold.ttf, DroidSansFallbackFull.ttf, NotoSansArabic-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansThai-Regular.ttf, NotoSansDevanagari-Regular.ttf, NotoSansBengali-Regular.ttf, NotoSansLao-Regular.ttf, NotoSans-Italic.ttf, NotoSans-BoldItalic.ttf) not found; looked in, in order: TEXTFIT_FONTS_DIR: not set; \(tool.path)/Fonts: no such folder; \(root.path)/Fonts: no such folder;"
            ))
        #expect(message.contains("(the checkout built from): skipped, TEXTFIT_FONTS_SKIP_CHECKOUT is set"))
        #expect(message.contains("Set TEXTFIT_FONTS_DIR to a folder holding them"))
    }

    /// A TEXTFIT_FONTS_DIR that does not exist, or holds no fonts, is exit 3 naming it, even for a font
    /// file (the setting is wrong, so nothing runs on other fonts unnoticed).
    @Test func anUnusableFontsDirExits3NamingIt() throws {
        let built = try #require(EndToEndTests.executable())
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let cases: [(dir: String, arguments: [String], reason: String)] = [
            ("/nonexistent/textfit-fonts", ["measure", "Hi"], "no such folder"),
            (
                empty.path, ["measure", "Hi"],
                "lacks NotoSans-Regular.ttf, NotoSans-Bold.ttf, DroidSansFallbackFull.ttf, NotoSansArabic-Regular.ttf, NotoSansHebrew-Regular.ttf, NotoSansThai-Regular.ttf, NotoSansDevanagari-Regular.ttf, NotoSansBengali-Regular.ttf, NotoSansLao-Regular.ttf, NotoSans-Italic.ttf, NotoSans-BoldItalic.ttf"
            ),
            (
                "/nonexistent/textfit-fonts",
                [
                    "measure", "Hi", "--font-file",
                    Self.repositoryFonts.appendingPathComponent("NotoSans-Bold.ttf").path,
                ], "no such folder"
            ),
        ]
        for (dir, arguments, reason) in cases {
            let result = try Self.run(built, arguments, in: empty, environment: Self.environment(["TEXTFIT_FONTS_DIR": dir]))
            #expect(result.code == 3)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.hasPrefix(
                    "textfit: TEXTFIT_FONTS_DIR=\(dir) cannot supply the bundled fonts: \(reason). Set it to a folder holding"
                ),
                "\(result.stderr)")
        }
    }
}
