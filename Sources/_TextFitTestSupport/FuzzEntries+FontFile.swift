import Foundation
@preconcurrency import Glibc
import TextFit

/// `FuzzFontFile`: font files a caller names (issue 40). The first byte chooses the mode:
/// * bit 0 clear — **font bytes**: the rest of the input is written to a fresh file in this process's
///   sandbox and loaded with `Font(file:faceIndex:size:)`; a font that loads is measured and laid out;
/// * bit 0 set — **a path**: built from fragments naming the sandbox's files (symlinks inside and out of the
///   allowed root, a hard link, `..`, `//`, `/proc/self/…`, `/dev/zero`, a FIFO, a directory, an empty file,
///   a NUL) and loaded through a `FontFileTable` of its own whose allowed folder is the sandbox's `root`.
///
/// Bits 1–2 choose the face index (0, 1, −1, 65,536: FreeType's named-instance bits), bits 3–5 the size,
/// bits 6–7 the text. Path mode: the next byte chooses where the path starts, and each later byte adds a
/// fragment (`pathFragments[byte % count]`), after a "/" when the byte is below 128, glued on otherwise.
extension _FuzzEntries {
    static let fontFileIndices = [0, 1, -1, 65_536]
    static let fontFileSizes: [CGFloat] = [17, 12, 0.5, 300, 1, 99_999, 9, 24]
    /// Latin, Lycian (the seed fonts' script), a combining mark and a ligature, an emoji beside text.
    static let fontFileTexts = ["Hello world", "\u{10280}\u{10281} \u{10282}", "a\u{301}b fi", "\u{1F600} x"]

    /// Where a path starts (`sandbox` is replaced by the sandbox's folder).
    static let pathStarts = [
        "sandbox", "sandbox/root", "sandbox/outside", "/proc/self/rootsandbox", "/proc/self/cwd", "",
        "/", "/dev", "/proc/self/fd", "/proc/self/rootsandbox/root",
    ]
    /// The pieces a path is built from: the sandbox's names (see `FontFileSandbox`), and system paths.
    static let pathFragments = [
        "root", "outside", "font.ttf", "empty.ttf", "text.ttf", "dir", "fifo", "in-link",
        "out-link", "hard.ttf", "hard-in.ttf", "loop", "dangling", "dev-zero", "proc-link",
        "root-link", "dir-link", "..", ".", "", "\0", "/proc/self/root", "/dev/zero",
        "/dev/stdin", "/proc/self/fd/0", "missing", "font.ttf/..", "self",
    ]

    /// Runs one `FuzzFontFile` input; returns the broken invariants.
    public static func fontFile(_ bytes: [UInt8]) -> [String] {
        guard let sandbox = FontFileSandbox.shared else { return ["the sandbox could not be made"] }
        let header = bytes.first ?? 0
        let faceIndex = fontFileIndices[Int(header >> 1) & 3]
        let size = fontFileSizes[Int(header >> 3) & 7]
        let text = fontFileTexts[Int(header >> 6) & 3]
        if header & 1 == 0 {
            return fontBytes(Array(bytes.dropFirst()), sandbox: sandbox, faceIndex: faceIndex, size: size, text: text)
        }
        let path = fuzzPath(Array(bytes.dropFirst()), sandbox: sandbox.folder)
        return confinedPath(path, sandbox: sandbox, faceIndex: faceIndex, size: size, text: text)
    }

    /// The path the bytes after the header spell.
    public static func fuzzPath(_ bytes: [UInt8], sandbox: String) -> String {
        guard let first = bytes.first else { return "" }
        var path = pathStarts[Int(first) % pathStarts.count].replacingOccurrences(of: "sandbox", with: sandbox)
        for byte in bytes.dropFirst() {
            let fragment = pathFragments[Int(byte) % pathFragments.count]
            path += (byte < 128 ? "/" : "") + fragment
        }
        return path
    }

    // MARK: - Font bytes

    private static func fontBytes(
        _ data: [UInt8], sandbox: FontFileSandbox, faceIndex: Int, size: CGFloat,
        text: String
    ) -> [String] {
        let path = sandbox.freshFile()
        guard FileManager.default.createFile(atPath: path, contents: Data(data)) else { return ["cannot write \(path)"] }
        defer { sandbox.remove(path) }
        sandbox.wrote(data, at: path)
        let font: Font
        do {
            font = try Font(file: path, faceIndex: faceIndex, size: size)
        } catch let error as FontError {
            switch error {
            case .unreadableFile(path: path, _), .faceIndexOutOfRange(path: path, _, _): return []
            case .fontFileLimitReached:
                // Only faces in use count against the limit, and none is held between inputs.
                return ["the face table is full: \(error)"]
            default: return ["unexpected font error \(error)"]
            }
        } catch {
            return ["unexpected error type \(error)"]
        }
        var problems: [String] = []
        if faceIndex < 0 { problems.append("face index \(faceIndex) was accepted") }
        // A face shared with another path must come from the same bytes: a file deleted and another
        // written may get its inode back, and must not be answered with the old file's face.
        if font.filePath != path, sandbox.bytes(at: font.filePath) != data {
            problems.append("the face of \(font.filePath), other bytes, answered \(path)")
        }
        problems += measures(font: font, text: text)
        problems += rewritten(path, data, heldFont: font, sandbox: sandbox, faceIndex: faceIndex, size: size)
        return problems
    }

    /// The file rewritten in place (the same inode) with its last byte changed while `heldFont` keeps its
    /// face open, then named through a new hard link: the catalog meets a known device and inode holding
    /// other bytes, and must not answer with the open face.
    private static func rewritten(
        _ path: String, _ data: [UInt8], heldFont: Font, sandbox: FontFileSandbox,
        faceIndex: Int, size: CGFloat
    ) -> [String] {
        var changed = data
        guard let last = changed.last else { return [] }
        changed[changed.count - 1] = last ^ 0xFF
        let link = sandbox.freshFile()
        guard let handle = FileHandle(forWritingAtPath: path) else { return ["cannot rewrite \(path)"] }
        handle.write(Data(changed))
        try? handle.close()
        guard Glibc.link(path, link) == 0 else { return ["cannot link \(link)"] }
        defer { sandbox.remove(link) }
        sandbox.wrote(changed, at: link)
        guard let again = try? Font(file: link, faceIndex: faceIndex, size: size) else { return [] }
        withExtendedLifetime(heldFont) {}
        return again.filePath == path ? ["\(link), the same inode rewritten, was answered with \(path)'s open face"] : []
    }

    /// A loaded font measures every text with finite widths ≥ 0, and `measure` equals `layout`.
    static func measures(font: Font, text: String) -> [String] {
        var problems: [String] = []
        let prepared = PreparedText(text, font: font)
        for width: CGFloat? in [nil, 40, 0] {
            do {
                let layout = try prepared.layout(width: width)
                let metrics = try prepared.measure(width: width)
                if metrics.lineCount != layout.lineCount || metrics.size != layout.size {
                    problems.append("measure \(metrics) differs from layout (\(layout.lineCount) lines, \(layout.size))")
                }
                let size = layout.size
                if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
                    problems.append("layout size \(size) at width \(width.map { "\($0)" } ?? "nil")")
                }
                for line in layout.lines where !(line.width.isFinite && line.width >= 0) {
                    problems.append("line width \(line.width)")
                }
            } catch {
                problems.append("layout threw \(error)")
            }
        }
        return problems
    }

    // MARK: - Paths

    private static func confinedPath(
        _ path: String, sandbox: FontFileSandbox, faceIndex: Int, size: CGFloat,
        text: String
    ) -> [String] {
        let expected = sandbox.expectation(for: path, faceIndex: faceIndex)
        var problems: [String] = []
        do {
            let font = try sandbox.table.font(file: path, faceIndex: faceIndex, size: size)
            if case .loads = expected {
                if font.familyName != sandbox.familyName {
                    problems.append("loaded \(font.familyName) from \(path.debugDescription)")
                }
                problems += measures(font: font, text: text)
            } else {
                problems.append("\(path.debugDescription) loaded, expected \(expected)")
            }
        } catch let error as FontError {
            switch (expected, error) {
            case (.outside, .outsideAllowedFolders(path: path)),
                (.unreadable, .unreadableFile(path: _, _)),
                (.indexOutOfRange, .faceIndexOutOfRange(path: _, index: faceIndex, faceCount: 1)),
                (.nothing, .fileNotFound), (.nothing, .unreadableFile):
                break
            default:
                problems.append("\(path.debugDescription): \(error), expected \(expected)")
            }
        } catch {
            problems.append("unexpected error type \(error)")
        }
        // One face per file: only the root's font (and its hard link, the same file) may be open.
        if sandbox.table.statistics.openFaces > 1 {
            problems.append("\(sandbox.table.statistics.openFaces) faces open from one allowed font file")
        }
        return problems
    }
}

/// The files `FuzzFontFile` names, made once per process in a folder of its own under the temporary
/// directory (removed by a later process once this one has ended):
///
///     root/            the allowed folder
///       font.ttf       a copy of the bundled Noto Sans; hard.ttf a hard link to it
///       empty.ttf  text.ttf ("not a font")  dir/  fifo
///       in-link → font.ttf    out-link → ../outside/font.ttf    dir-link → dir    loop → loop
///       dangling → missing    dev-zero → /dev/zero              proc-link → /proc/self/root
///     outside/
///       font.ttf       another copy; hard-in.ttf a hard link to root/font.ttf; root-link → ../root
///     bytes/           the font-bytes mode's files, one per input
public final class FontFileSandbox: @unchecked Sendable {
    // @unchecked: `counter` and `written` are touched only under `lock`.
    public let folder: String
    public let root: String
    let table: FontFileTable
    let familyName: String
    private let fontInode: UInt64
    private let lock = NSLock()
    private var counter = 0
    /// The bytes written at the last few font-bytes paths, to tell a legitimately shared face from a stale one.
    private var written: [(String, [UInt8])] = []

    public static let shared: FontFileSandbox? = try? FontFileSandbox()
    static let prefix = "textfit-fuzz-fontfile-"

    enum Expectation: CustomStringConvertible {
        case loads, indexOutOfRange, unreadable, outside, nothing
        var description: String {
            switch self {
            case .loads: return "the font"
            case .indexOutOfRange: return "faceIndexOutOfRange"
            case .unreadable: return "unreadableFile"
            case .outside: return "outsideAllowedFolders"
            case .nothing: return "fileNotFound or unreadableFile"
            }
        }
    }

    private init() throws {
        let manager = FileManager.default
        let temporary = manager.temporaryDirectory.path
        // No exit hook on Linux: each process removes the sandboxes of processes that have ended.
        for name in (try? manager.contentsOfDirectory(atPath: temporary)) ?? []
        where name.hasPrefix(Self.prefix) {
            if let pid = Int32(name.dropFirst(Self.prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? manager.removeItem(atPath: (temporary as NSString).appendingPathComponent(name))
            }
        }
        folder = (temporary as NSString).appendingPathComponent(Self.prefix + "\(getpid())")
        try? manager.removeItem(atPath: folder)
        root = folder + "/root"
        let outside = folder + "/outside"
        for path in [root, outside, folder + "/bytes", root + "/dir"] {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let source = try Font(family: "Noto Sans", size: 12)
        let font = root + "/font.ttf"
        try manager.copyItem(atPath: source.filePath, toPath: font)
        try manager.copyItem(atPath: source.filePath, toPath: outside + "/font.ttf")
        familyName = source.familyName
        guard link(font, root + "/hard.ttf") == 0, link(font, outside + "/hard-in.ttf") == 0,
            mkfifo(root + "/fifo", 0o600) == 0
        else { throw CocoaError(.fileWriteUnknown) }
        manager.createFile(atPath: root + "/empty.ttf", contents: Data())
        manager.createFile(atPath: root + "/text.ttf", contents: Data("not a font\n".utf8))
        for (name, target) in [
            ("in-link", "font.ttf"), ("out-link", "../outside/font.ttf"), ("dir-link", "dir"),
            ("loop", "loop"), ("dangling", "missing"), ("dev-zero", "/dev/zero"),
            ("proc-link", "/proc/self/root"),
        ] {
            try manager.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
        }
        try manager.createSymbolicLink(atPath: outside + "/root-link", withDestinationPath: "../root")
        var status = stat()
        guard stat(font, &status) == 0 else { throw CocoaError(.fileReadUnknown) }
        fontInode = UInt64(status.st_ino)
        table = FontFileTable(allowedFolders: [root])
    }

    /// What loading `path` must give, worked out from `realpath` and `stat` rather than the catalog.
    func expectation(for path: String, faceIndex: Int) -> Expectation {
        if path.utf8.contains(0) { return .unreadable }
        guard let resolved = realpath(path, nil) else { return .nothing }
        let resolvedPath = String(cString: resolved)
        free(resolved)
        let realRoot = table.allowedFolders?.first ?? root
        guard resolvedPath.hasPrefix(realRoot + "/") else { return .outside }
        var status = stat()
        guard stat(resolvedPath, &status) == 0 else { return .nothing }
        guard status.st_mode & S_IFMT == S_IFREG, UInt64(status.st_ino) == fontInode else { return .unreadable }
        return faceIndex == 0 ? .loads : .indexOutOfRange
    }

    func freshFile() -> String {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return folder + "/bytes/\(counter).ttf"
    }

    func wrote(_ bytes: [UInt8], at path: String) {
        lock.lock()
        defer { lock.unlock() }
        written.append((path, bytes))
        if written.count > 64 { written.removeFirst() }
    }

    func bytes(at path: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return written.last(where: { $0.0 == path })?.1
    }

    func remove(_ path: String) { unlink(path) }
}
