import Foundation

/// A table of font-file faces of its own, with its own allowed folders: what `FontFiles` sets for the
/// process, for one caller. Package access only: the fuzz target (`_FuzzEntries.fontFile`) checks path
/// confinement with folders of its own, which must not change `FontFiles.allowedFolders` under the other
/// tests running in the same process.
///
/// ```swift
/// let table = FontFileTable(allowedFolders: ["/tmp/fonts"])
/// let font = try table.font(file: "/tmp/fonts/a.ttf", size: 17)
/// ```
package final class FontFileTable: Sendable {
    private let catalog: FontCatalog

    /// - Parameter allowedFolders: as `FontFiles.allowedFolders` (nil: any file); resolved once here.
    package init(allowedFolders: [String]?) {
        catalog = FontCatalog(bundledLookup: BundledFonts.lookup)
        catalog.allowedFolders = allowedFolders.map { $0.map { FontFileBytes.resolvedPath($0) ?? $0 } }
    }

    /// `Font(file:faceIndex:size:)` through this table.
    /// - Throws: what `Font(file:faceIndex:size:)` throws, and `FontError.outsideAllowedFolders`.
    package func font(file path: String, faceIndex: Int = 0, size: CGFloat) throws -> Font {
        try Font.validate(size: size)
        return Font(face: try catalog.face(path: path, faceIndex: faceIndex), size: size)
    }

    /// The faces open in this table and their bytes.
    package var statistics: FontFiles.Statistics { catalog.fileFaceStatistics }

    /// The resolved allowed folders.
    package var allowedFolders: [String]? { catalog.allowedFolders }
}
