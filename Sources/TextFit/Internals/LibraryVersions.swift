import CTextFit

/// The door to `tf_versions.c`: the versions of the C libraries linked at run time (`TextFitInfo.libraryVersions`).
enum LibraryVersions {
    /// "harfbuzz X; freetype X; fontconfig X; icu X", as linked at run time.
    static let description: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        tf_library_versions(&buffer, buffer.count)
        return CString.decode(buffer)
    }()
}
