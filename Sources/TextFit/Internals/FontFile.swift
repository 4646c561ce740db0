import CTextFit
import Foundation

/// The door to a font file's bytes: a regular file of at most `sizeLimit` bytes, mapped read-only once so
/// FreeType's check and HarfBuzz's face read the same bytes, and never opened when it is a FIFO, socket or
/// device (opening a FIFO blocks until a writer comes).
final class FontFileBytes {
    /// The largest font file accepted: 256 MiB. Real fonts stay far below it (Noto Sans CJK's collection of
    /// every weight, the largest in common use, is about 120 MB; Droid Sans Fallback is 4 MB); OpenType's
    /// 32-bit offsets could address 4 GiB, but nothing that large is a font anyone measures with.
    static let sizeLimit = 256 << 20

    enum OpenError: Error, Equatable {
        case notFound
        case notRegularFile
        case tooLarge
        case changedWhileRead
        case cannotOpen(errno: Int32)
    }

    /// Nil once handed to a face (`takeOver`), which then unmaps them.
    private var bytes: tf_font_bytes?

    init(path: String) throws {
        var bytes = tf_font_bytes()
        var systemError: Int32 = 0
        switch tf_font_file_map(path, UInt64(Self.sizeLimit), &bytes, &systemError) {
        case Int32(TF_FONT_FILE_OK): self.bytes = bytes
        case Int32(TF_FONT_FILE_NOT_FOUND): throw OpenError.notFound
        case Int32(TF_FONT_FILE_NOT_REGULAR): throw OpenError.notRegularFile
        case Int32(TF_FONT_FILE_TOO_LARGE): throw OpenError.tooLarge
        case Int32(TF_FONT_FILE_CHANGED): throw OpenError.changedWhileRead
        default: throw OpenError.cannotOpen(errno: systemError)
        }
    }

    deinit { if let bytes { tf_font_file_unmap(bytes) } }

    /// The bytes while this object still owns them.
    var borrowed: tf_font_bytes? { bytes }

    /// The file's identity, the same for every path naming it (symlinks, "..", hard links): what the
    /// catalog keys faces by, with the face index.
    var identity: String? { bytes.map { "\($0.device):\($0.inode)" } }

    /// What a later look at the file compares (`signature(path:)`): equal while the file is the one read.
    struct Signature: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: UInt64
        var modified: Int64
        var changed: Int64
    }

    /// The signature of the file as it was read; nil once handed over.
    var signature: Signature? {
        bytes.map {
            Signature(
                device: $0.device, inode: $0.inode, size: UInt64($0.length), modified: $0.modified_ns,
                changed: $0.changed_ns)
        }
    }

    /// The signature of the file `path` names now (one stat), or nil when there is none.
    static func signature(path: String) -> Signature? {
        var signature = Signature(device: 0, inode: 0, size: 0, modified: 0, changed: 0)
        guard !path.utf8.contains(0),
            tf_file_signature(
                path, &signature.device, &signature.inode, &signature.size, &signature.modified,
                &signature.changed) == 0
        else { return nil }
        return signature
    }

    /// The bytes read (0 once handed over).
    var byteCount: Int { bytes.map { Int($0.length) } ?? 0 }

    /// `path` with every symlink, "." and ".." resolved (`realpath`), or nil when it names nothing.
    static func resolvedPath(_ path: String) -> String? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Hands the mapping to whoever will unmap it (a HarfBuzz face).
    func takeOver() -> tf_font_bytes? {
        defer { bytes = nil }
        return bytes
    }

    /// Why a file was refused, for `FontError.unreadableFile`.
    static func reason(_ error: OpenError) -> String {
        switch error {
        case .notFound: return "no such file"
        case .notRegularFile: return "not a regular file (a directory, FIFO, socket or device)"
        case .tooLarge: return "larger than \(sizeLimit >> 20) MiB, the largest font file accepted"
        case .changedWhileRead: return "the file changed size while it was read"
        case .cannotOpen(let code): return "cannot open the file (\(String(cString: strerror(code))))"
        }
    }
}
