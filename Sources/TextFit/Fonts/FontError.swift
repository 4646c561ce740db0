import Foundation

/// Why a font could not be loaded. Each case names the font so the message says what to fix.
public enum FontError: TextFitError, Equatable, Sendable {
    /// Neither the bundled fonts nor Fontconfig know a family of this name. The message suggests installed
    /// families with a near name (`Font.familyNames`), when there are any.
    case familyNotFound(String)
    /// No file exists at this path.
    case fileNotFound(String)
    /// The path cannot be used as a font (not a regular file, over 256 MiB, a NUL in the path, not a font,
    /// truncated, corrupt, or metrics no real font has, such as unitsPerEm outside 16...16384); `reason`
    /// says which, naming the field and the limit.
    case unreadableFile(path: String, reason: String)
    /// The file holds `faceCount` faces and `index` is not one of them.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// A point size must be a finite number greater than zero and below `FontError.maximumSize`.
    case invalidSize(Double)
    /// A weight must be a number from 100 to 900 on the OpenType / CSS scale (`Font.Weight`).
    case invalidWeight(Double)
    /// A bundled family was asked for but the bundled fonts are in none of the places searched:
    /// `searched` lists each place in order with why it was passed over (see `BundledFonts`).
    case bundledFontsNotFound(searched: [String])
    /// `TEXTFIT_FONTS_DIR` is set to `path`, which cannot supply the bundled fonts (`reason`: no such
    /// folder, not a folder, not readable, or which files it lacks). Every font request fails until it is
    /// fixed or unset, so results never silently come from other fonts.
    case fontsDirectoryUnusable(path: String, reason: String)
    /// The font file is outside `FontFiles.allowedFolders` once its symlinks and `..` are resolved.
    case outsideAllowedFolders(path: String)
    /// Opening this file would pass `FontFiles.faceLimit` or `FontFiles.byteLimit` while every open face is
    /// in use (`openFaces` faces holding `bytes` bytes).
    case fontFileLimitReached(path: String, openFaces: Int, bytes: Int)
    /// An OpenType feature setting that cannot be applied: `reason` says what is wrong with `tag` or its
    /// value (rule O1).
    case invalidFeature(tag: String, reason: String)
    /// A variation setting that cannot be applied: a malformed axis tag or a value that is not a finite
    /// number (rule O3). A value outside the axis's range is clamped, not refused (O4).
    case invalidVariation(tag: String, reason: String)
    /// The font has no named instance called `name`; `available` lists those it has (rule O5).
    case namedInstanceNotFound(name: String, available: [String])

    public var description: String {
        switch self {
        case .familyNotFound(let family):
            // Lists the bundled families only when they were found, so the message does not offer
            // fonts this process cannot load.
            let bundled =
                BundledFonts.directory == nil
                ? "the bundled fonts were not found either, see BundledFonts.lookup"
                : "bundled fonts: \(BundledFonts.familyNames.joined(separator: ", "))"
            // Installed families with a near name first: the usual cause is a typo or a style in the name.
            let near = InstalledFamilies.suggestions(for: family)
            let suggestion = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: ", ") + "?"
            return "font family '\(family)' not found\(suggestion) (\(bundled); install it or pass a font file)"
        case .fileNotFound(let path):
            return "font file not found: \(path)"
        case .unreadableFile(let path, let reason):
            return "font file \(path) is not readable as a font: \(reason)"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "font file \(path) has \(count) face\(count == 1 ? "" : "s"); face index \(index) is out of range"
        case .invalidSize(let size):
            return "font size \(size) is invalid: use a finite number of points greater than 0 and below "
                + "\(Int(Self.maximumSize)) (the largest size whose glyph advances TextFit's 1/1024-pt integers hold)"
        case .invalidWeight(let weight):
            return "font weight \(weight) is invalid: use a number from 100 (ultraLight) to 900 (black) on the OpenType "
                + "and CSS scale, 400 regular and 700 bold (UIKit's UIFont.Weight raw values, -1 to 1, are another scale)"
        case .bundledFontsNotFound(let searched):
            return "bundled fonts (\(Self.bundledFileList)) not found; looked in, in order: "
                + searched.joined(separator: "; ")
                + ". Set \(BundledFonts.directoryVariable) to a folder holding them (the repository's Fonts folder), "
                + "or put that Fonts folder beside the executable"
        case .outsideAllowedFolders(let path):
            return "font file \(path) is outside the allowed font folders (FontFiles.allowedFolders, textfit's "
                + "--font-root): use a font from one of them"
        case .fontFileLimitReached(let path, let faces, let bytes):
            return "font file \(path) not opened: \(faces) faces holding \(bytes) bytes are open and in use, the most "
                + "FontFiles.faceLimit and byteLimit allow; release fonts and prepared texts no longer needed, or raise the limits"
        case .invalidFeature(let tag, let reason):
            return "font feature '\(tag)' is invalid: \(reason)"
        case .invalidVariation(let tag, let reason):
            return "font variation '\(tag)' is invalid: \(reason)"
        case .namedInstanceNotFound(let name, let available):
            return available.isEmpty
                ? "named instance '\(name)' not found: the font is not variable"
                : "named instance '\(name)' not found; the font has: " + available.joined(separator: ", ")
        case .fontsDirectoryUnusable(let path, let reason):
            return "\(BundledFonts.directoryVariable)=\(path) cannot supply the bundled fonts: \(reason). "
                + "Set it to a folder holding \(Self.bundledFileList) (the repository's Fonts folder), "
                + "or unset it to search beside the executable"
        }
    }

    /// Sizes must be below this many points: at 16 em, the widest glyph advance TextFit trusts
    /// (`TF_GLYPH_ADVANCE_LIMIT_EMS`), a glyph of a 100,000 pt font is 1.6 × 10⁹ units of 1/1024 pt, within
    /// the 32-bit advances HarfBuzz returns.
    public static let maximumSize: Double = 100_000

    private static var bundledFileList: String { BundledFonts.files.map(\.file).joined(separator: ", ") }
}
