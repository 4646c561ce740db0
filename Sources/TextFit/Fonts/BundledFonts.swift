import Foundation

/// The fonts shipped in the repository's `Fonts/` folder: Noto Sans (Latin, Greek, Cyrillic; regular,
/// bold, italic and bold italic), Droid Sans Fallback (Chinese, Japanese, Korean) and Noto Sans Arabic, Hebrew, Thai, Devanagari, Bengali and Lao. They make results identical on every machine.
///
/// They are found without configuration, in this order:
/// 1. `TEXTFIT_FONTS_DIR`, when set (to a non-empty value). It must then be a readable folder holding all
///    the bundled files; otherwise every font request fails with `FontError.fontsDirectoryUnusable` naming
///    it, rather than quietly using other fonts.
/// 2. A `Fonts` folder beside the executable (found through `/proc/self/exe`, so a tool started through
///    `PATH` works too) or in one of its parents: an installed tool, or a `.build` folder in the checkout.
/// 3. The `Fonts` folder of the checkout this library was compiled from, unless
///    `TEXTFIT_FONTS_SKIP_CHECKOUT=1` (which shows how a binary copied to another machine behaves).
///
/// When none holds them, asking for a bundled family throws `FontError.bundledFontsNotFound` listing
/// every place searched:
///
/// ```swift
/// switch BundledFonts.lookup {
/// case .success(let folder): print("bundled fonts in", folder.path)
/// case .failure(let error): print(error)  // where it looked, and what to set
/// }
/// ```
public enum BundledFonts {
    /// The family TextFit uses when none is named.
    public static let defaultFamily = "Noto Sans"

    /// Bundled files in fallback order: the first face covering a character supplies its glyph. Italic
    /// faces are chosen only by asking for them (`Font(family:size:weight:italic:)`), never as fallback, so
    /// an upright text never borrows a slanted glyph.
    static let files: [(file: String, family: String, bold: Bool, italic: Bool)] = [
        ("NotoSans-Regular.ttf", "Noto Sans", false, false),
        ("NotoSans-Bold.ttf", "Noto Sans", true, false),
        ("DroidSansFallbackFull.ttf", "Droid Sans Fallback", false, false),
        // After Droid Sans Fallback, so the characters it already supplied keep their font; together these
        // cover right-to-left and complex-script text with no configuration.
        ("NotoSansArabic-Regular.ttf", "Noto Sans Arabic", false, false),
        ("NotoSansHebrew-Regular.ttf", "Noto Sans Hebrew", false, false),
        ("NotoSansThai-Regular.ttf", "Noto Sans Thai", false, false),
        ("NotoSansDevanagari-Regular.ttf", "Noto Sans Devanagari", false, false),
        ("NotoSansBengali-Regular.ttf", "Noto Sans Bengali", false, false),
        ("NotoSansLao-Regular.ttf", "Noto Sans Lao", false, false),
        ("NotoSans-Italic.ttf", "Noto Sans", false, true),
        ("NotoSans-BoldItalic.ttf", "Noto Sans", true, true),
    ]

    /// The bundled variable font: Inter 3.19's roman (`wght` 100–900, nine named instances; OFL, see
    /// `Fonts/LICENSE-Inter.txt`). It is not in the fallback order, so it never changes which face draws a
    /// character; open it by path (`interVariablePath`), or as the family "Inter" through Fontconfig, which
    /// reads the bundled folder too, before the system's fonts: an installed Inter of the same version does
    /// not replace it (rule F10), though an installed Inter italic answers an italic request.
    static let interVariableFile = "InterVariable.ttf"

    /// The path of the bundled variable font (Inter, rules O3–O6), or nil when the bundled fonts cannot be
    /// found or the folder lacks it (a `TEXTFIT_FONTS_DIR` made before it was bundled).
    ///
    /// ```swift
    /// if let inter = BundledFonts.interVariablePath {
    ///     let black = try Font(file: inter, size: 17, variations: [FontVariation("wght", 900)])
    /// }
    /// ```
    public static var interVariablePath: String? {
        guard let path = path(of: interVariableFile), FileManager.default.fileExists(atPath: path) else { return nil }
        return path
    }

    /// Family names of the bundled fonts.
    public static var familyNames: [String] {
        [
            "Noto Sans", "Droid Sans Fallback", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai",
            "Noto Sans Devanagari",
            "Noto Sans Bengali", "Noto Sans Lao",
        ]
    }

    /// The environment variable naming the folder to use instead of searching.
    public static let directoryVariable = "TEXTFIT_FONTS_DIR"
    /// The environment variable that, set to 1, leaves the compiled-in checkout out of the search.
    public static let skipCheckoutVariable = "TEXTFIT_FONTS_SKIP_CHECKOUT"

    /// The folder holding the bundled fonts, or the error saying where the search looked. Searched once
    /// per process.
    public static let lookup: Result<URL, FontError> = locate(
        environment: ProcessInfo.processInfo.environment, executable: executableURL(), checkout: checkoutFonts)

    /// The folder holding the bundled fonts, or nil when it cannot be found (`lookup` says why).
    public static var directory: URL? { try? lookup.get() }

    static func path(of file: String) -> String? {
        directory?.appendingPathComponent(file).path
    }

    /// Whether `family` names a bundled family (case-insensitive, as family look-ups are).
    static func isBundledFamily(_ family: String) -> Bool {
        familyNames.contains { $0.lowercased() == family.lowercased() }
    }

    /// The search behind `lookup`, with its inputs as parameters so tests can run it with any of them.
    /// - Parameters:
    ///   - environment: the process environment (`TEXTFIT_FONTS_DIR`, `TEXTFIT_FONTS_SKIP_CHECKOUT`).
    ///   - executable: the running executable, symlinks resolved; its folder and parents are searched.
    ///   - checkout: the compiled-in checkout's `Fonts` folder, searched last.
    static func locate(environment: [String: String], executable: URL?, checkout: URL?) -> Result<URL, FontError> {
        if let override = environment[directoryVariable], !override.isEmpty {
            let folder = URL(fileURLWithPath: override, isDirectory: true)
            if let problem = problem(with: folder) {
                return .failure(.fontsDirectoryUnusable(path: override, reason: problem))
            }
            return .success(folder)
        }
        var searched = ["\(directoryVariable): not set"]
        // Beside the executable (an installed tool) or in a parent (a .build folder inside the checkout).
        if var candidate = executable?.deletingLastPathComponent() {
            for _ in 0..<8 {
                let folder = candidate.appendingPathComponent("Fonts", isDirectory: true)
                guard let problem = problem(with: folder) else { return .success(folder) }
                searched.append("\(folder.path): \(problem)")
                let parent = candidate.deletingLastPathComponent()
                if parent.path == candidate.path { break }
                candidate = parent
            }
        } else {
            searched.append("beside the executable: its path is unknown")
        }
        if let checkout {
            if let skip = environment[skipCheckoutVariable], !skip.isEmpty, skip != "0" {
                searched.append("\(checkout.path) (the checkout built from): skipped, \(skipCheckoutVariable) is set")
            } else if let problem = problem(with: checkout) {
                searched.append("\(checkout.path) (the checkout built from): \(problem)")
            } else {
                return .success(checkout)
            }
        }
        return .failure(.bundledFontsNotFound(searched: searched))
    }

    /// Why `folder` cannot supply the bundled fonts, or nil when it can.
    static func problem(with folder: URL) -> String? {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else { return "no such folder" }
        guard isDirectory.boolValue else { return "not a folder" }
        guard fileManager.isReadableFile(atPath: folder.path) else { return "not readable" }
        let missing = files.map(\.file).filter { !fileManager.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !missing.isEmpty { return "lacks \(missing.joined(separator: ", "))" }
        let unreadable = files.map(\.file).filter {
            !fileManager.isReadableFile(atPath: folder.appendingPathComponent($0).path)
        }
        if !unreadable.isEmpty { return "cannot read \(unreadable.joined(separator: ", "))" }
        return nil
    }

    /// The running executable with symlinks resolved. `/proc/self/exe` first: the first argument is only
    /// the name typed when the tool was started through `PATH`.
    static func executableURL() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        if let url = Bundle.main.executableURL { return url.resolvingSymlinksInPath() }
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        return URL(fileURLWithPath: first).resolvingSymlinksInPath()
    }

    /// The checkout this file was compiled from: Sources/TextFit/Fonts/BundledFonts.swift -> Fonts/.
    static let checkoutFonts: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts", isDirectory: true)
}
