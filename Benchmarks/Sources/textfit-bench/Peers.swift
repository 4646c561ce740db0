import CBenchPeers
import Foundation

/// Pango configured like TextFit (see CBenchPeers.h). Used from the thread that made it only.
final class Pango {
    let handle: OpaquePointer
    /// Fontconfig's cache of the private configuration's folders, removed with the font map.
    private let cacheDirectory: String?

    struct InitError: Error, CustomStringConvertible {
        var description: String
    }

    init(fontDirectories: [String], fontFiles: [String], checkFamily: String?) throws {
        var error = [CChar](repeating: 0, count: 512)
        var template = Array((NSTemporaryDirectory() + "/textfit-bench-fontconfig-XXXXXX").utf8CString)
        let cacheDirectory = mkdtemp(&template).map { String(cString: $0) }
        self.cacheDirectory = cacheDirectory
        let made: OpaquePointer? = withCStrings(fontDirectories) { directories in
            withCStrings(fontFiles) { files in
                bench_pango_create(
                    directories, Int32(fontDirectories.count), files, Int32(fontFiles.count),
                    cacheDirectory, checkFamily, &error, error.count)
            }
        }
        guard let made else {
            if let cacheDirectory { try? FileManager.default.removeItem(atPath: cacheDirectory) }
            throw InitError(
                description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = made
    }

    deinit {
        bench_pango_destroy(handle)
        if let cacheDirectory { try? FileManager.default.removeItem(atPath: cacheDirectory) }
    }

    static var version: String { String(cString: bench_pango_version()) }

    /// A new PangoLayout for the case, laid out and freed.
    @inline(__always)
    func measure(_ c: BenchCase) -> bench_result {
        var result = bench_result()
        c.utf8.withUnsafeBufferPointer { text in
            _ = bench_pango_layout(
                handle, c.pangoFamily, text.baseAddress, Int32(text.count - 1), c.size,
                c.pangoWidth, Int32(c.maxLines), c.pangoMode, &result)
        }
        return result
    }

    /// The font file and face index Pango sets the case's first run in ("?" when it reports none).
    func firstRunFont(_ c: BenchCase) -> String {
        var path = [CChar](repeating: 0, count: 1024)
        var index: Int32 = 0
        let status = c.utf8.withUnsafeBufferPointer { text in
            bench_pango_first_run_font(
                handle, c.pangoFamily, text.baseAddress, Int32(text.count - 1), c.size,
                &path, path.count, &index)
        }
        guard status == 0 else { return "?" }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "#\(index)"
    }

    /// Whether Pango's first run is in the face TextFit sets the case's first run in (paths compared
    /// after resolving links).
    func firstRunFontMatches(_ c: BenchCase, path: String, faceIndex: Int) -> Bool {
        let theirs = firstRunFont(c)
        let ours = URL(fileURLWithPath: path).resolvingSymlinksInPath().path + "#\(faceIndex)"
        guard let hash = theirs.lastIndex(of: "#") else { return false }
        let theirPath = URL(fileURLWithPath: String(theirs[..<hash])).resolvingSymlinksInPath().path
        return theirPath + theirs[hash...] == ours
    }

    /// A layout kept for re-laying out (relayout mode).
    func makeLayout(_ c: BenchCase) -> PangoLayoutHandle? {
        let made = c.utf8.withUnsafeBufferPointer { text in
            bench_kept_layout_create(
                handle, c.pangoFamily, text.baseAddress, Int32(text.count - 1), c.size,
                c.pangoWidth, Int32(c.maxLines), c.pangoMode)
        }
        return made.map(PangoLayoutHandle.init)
    }
}

final class PangoLayoutHandle {
    let handle: OpaquePointer
    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { bench_kept_layout_destroy(handle) }

    @inline(__always)
    func relayout(width: Double) -> bench_result {
        var result = bench_result()
        bench_pango_relayout(handle, width, &result)
        return result
    }
}

/// A HarfBuzz font for the shaping floor: the case's primary font, at TextFit's scale.
final class HarfBuzzFloorFont: @unchecked Sendable {
    // @unchecked: immutable HarfBuzz font (hb_font_make_immutable); shaping uses a buffer per thread.
    let handle: OpaquePointer

    init?(path: String, faceIndex: Int, scale: Int32) {
        guard let made = bench_hb_font_create(path, Int32(faceIndex), scale) else { return nil }
        handle = made
    }

    deinit { bench_hb_font_destroy(handle) }

    static var version: String { String(cString: bench_hb_version()) }

    /// One hb_shape of the whole text; returns the total advance.
    @inline(__always)
    func shape(_ utf16: [UInt16]) -> Int {
        utf16.withUnsafeBufferPointer { Int(bench_hb_shape_floor(handle, $0.baseAddress, Int32($0.count))) }
    }
}

/// The floor with fallback: `fonts` in fallback order, as raw handles for C.
struct HarfBuzzRunFonts: @unchecked Sendable {
    // @unchecked: immutable HarfBuzz fonts kept alive by `CaseLoader.Loaded.floorFonts`.
    let handles: [OpaquePointer?]

    @inline(__always)
    func shape(_ utf16: [UInt16]) -> Int {
        handles.withUnsafeBufferPointer { fonts in
            utf16.withUnsafeBufferPointer { text in
                Int(bench_hb_shape_runs(fonts.baseAddress, Int32(fonts.count), text.baseAddress, Int32(text.count)))
            }
        }
    }
}

/// Calls `body` with a C array of C strings (valid only inside `body`).
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

enum ProcessMemory {
    static var peakKiB: Int { Int(bench_peak_rss_kib()) }
    static var currentKiB: Int { Int(bench_current_rss_kib()) }
    /// Resets the peak to the current RSS; false when the kernel does not allow it.
    static func resetPeak() -> Bool { bench_reset_peak_rss() == 0 }
}
