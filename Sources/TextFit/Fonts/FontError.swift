import Foundation

/// Why a font could not be loaded. Each case names the font so the message says what to fix.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither the bundled fonts nor Fontconfig know a family of this name.
    case familyNotFound(String)
    /// No file exists at this path.
    case fileNotFound(String)
    /// The file exists but is not a usable font (not a font, truncated, corrupt); `reason` says which.
    case unreadableFile(path: String, reason: String)
    /// The file holds `faceCount` faces and `index` is not one of them.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// A point size must be a finite number greater than zero.
    case invalidSize(Double)

    public var description: String {
        switch self {
        case .familyNotFound(let family):
            return "font family '\(family)' not found (bundled fonts: \(BundledFonts.familyNames.joined(separator: ", ")); "
                + "install it or pass a font file)"
        case .fileNotFound(let path):
            return "font file not found: \(path)"
        case .unreadableFile(let path, let reason):
            return "font file \(path) is not readable as a font: \(reason)"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "font file \(path) has \(count) face\(count == 1 ? "" : "s"); face index \(index) is out of range"
        case .invalidSize(let size):
            return "font size \(size) is invalid: use a finite number of points greater than 0"
        }
    }
}
