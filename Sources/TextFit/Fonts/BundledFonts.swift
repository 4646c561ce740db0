import Foundation

/// The fonts shipped in the repository's `Fonts/` folder: Noto Sans (Latin, Greek, Cyrillic; regular and
/// bold) and Droid Sans Fallback (Chinese, Japanese, Korean). They make results identical on every machine.
///
/// They are found without configuration: `TEXTFIT_FONTS_DIR` when set, else the `Fonts` folder beside the
/// executable or any of its parents, else the package checkout this library was compiled from.
public enum BundledFonts {
    /// The family TextFit uses when none is named.
    public static let defaultFamily = "Noto Sans"

    /// Bundled files in fallback order: the first face covering a character supplies its glyph.
    static let files: [(file: String, family: String, bold: Bool)] = [
        ("NotoSans-Regular.ttf", "Noto Sans", false),
        ("NotoSans-Bold.ttf", "Noto Sans", true),
        ("DroidSansFallbackFull.ttf", "Droid Sans Fallback", false),
    ]

    /// Family names of the bundled fonts.
    public static var familyNames: [String] { ["Noto Sans", "Droid Sans Fallback"] }

    /// The folder holding the bundled fonts, or nil when it cannot be found.
    public static let directory: URL? = {
        let fileManager = FileManager.default
        func holdsFonts(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent(files[0].file).path)
        }
        if let override = ProcessInfo.processInfo.environment["TEXTFIT_FONTS_DIR"], !override.isEmpty {
            let url = URL(fileURLWithPath: override, isDirectory: true)
            if holdsFonts(url) { return url }
        }
        // Beside the executable (an installed tool) or in a parent (a .build folder inside the checkout).
        var candidate = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<8 {
            let fonts = candidate.appendingPathComponent("Fonts", isDirectory: true)
            if holdsFonts(fonts) { return fonts }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { break }
            candidate = parent
        }
        // The checkout this file was compiled from: Sources/TextFit/Fonts/BundledFonts.swift -> Fonts/.
        let source = URL(fileURLWithPath: #filePath)
        let checkout = source.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let fonts = checkout.appendingPathComponent("Fonts", isDirectory: true)
        return holdsFonts(fonts) ? fonts : nil
    }()

    static func path(of file: String) -> String? {
        directory?.appendingPathComponent(file).path
    }
}
