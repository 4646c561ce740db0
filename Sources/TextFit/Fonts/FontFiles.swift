import Foundation

/// Which font files `Font(file:)` may read, and how many faces loaded from files stay open: the settings a
/// service sets before it measures text for callers it does not trust.
///
/// ```swift
/// // A web service sizing user captions with fonts from one folder:
/// FontFiles.allowedFolders = ["/srv/app/fonts"]
/// _ = try Font(file: "/srv/app/fonts/Inter.ttf", size: 17)        // allowed
/// _ = try Font(file: "/srv/app/fonts/../../../etc/passwd", size: 17) // FontError.outsideAllowedFolders
/// FontFiles.statistics.openFaces                                     // faces open now
/// ```
///
/// A face is loaded once per file, whatever path names it: the catalog keys faces by the file's identity
/// (device and inode) and face index, so a symlink, a `..` spelling or a hard link to an open font shares its
/// face, while the file holds the bytes the face read: a file rewritten or replaced since (one stat tells),
/// even one given a deleted file's inode, is read anew. Fontconfig's faces share the same table; a path to a bundled file other than the bundled path is
/// one file face too (a font named by its file falls back in Fontconfig's order, the bundled face in the
/// bundled order). Faces loaded from files are closed when no
/// `Font` or `PreparedText` uses them (the eight looked up last are kept for the next request), and past
/// `faceLimit` or `byteLimit` a new file is refused with `FontError.fontFileLimitReached` until faces in use
/// are released: memory stays bounded however many files the callers name.
public enum FontFiles {
    /// The most faces from font files open at once by default: 512.
    public static let defaultFaceLimit = 512
    /// The most bytes those faces hold by default (each face holds its file's bytes): 1 GiB.
    public static let defaultByteLimit = 1 << 30

    /// The folders `Font(file:)` may read from, or nil (the default) for any file the process can read.
    /// A path is resolved first (symlinks, `.` and `..`), so a symlink inside a folder that points out of
    /// it is refused. Family look-ups (`Font(family:)`, fallback) are not restricted: Fontconfig's
    /// configuration, not the caller, chooses those files. Setting it resolves each folder once.
    public static var allowedFolders: [String]? {
        get { FontCatalog.shared.allowedFolders }
        set { FontCatalog.shared.allowedFolders = newValue.map { $0.map { FontFileBytes.resolvedPath($0) ?? $0 } } }
    }

    /// The most faces from font files open at once (`defaultFaceLimit`); at least 1.
    public static var faceLimit: Int {
        get { FontCatalog.shared.fileFaceLimits.faces }
        set { FontCatalog.shared.fileFaceLimits.faces = max(1, newValue) }
    }

    /// The most bytes faces from font files hold at once (`defaultByteLimit`); at least 1.
    public static var byteLimit: Int {
        get { FontCatalog.shared.fileFaceLimits.bytes }
        set { FontCatalog.shared.fileFaceLimits.bytes = max(1, newValue) }
    }

    /// What is open now.
    public struct Statistics: Sendable, Equatable {
        /// Faces from font files open now (bundled faces not counted: they live for the process).
        public let openFaces: Int
        /// The bytes those faces hold.
        public let bytes: Int
        /// Faces loaded from files since the process started (a file closed and asked for again counts
        /// twice).
        public let facesLoaded: Int
    }

    /// The faces from font files open now and their bytes.
    public static var statistics: Statistics { FontCatalog.shared.fileFaceStatistics }
}
