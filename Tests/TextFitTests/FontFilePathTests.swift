import Foundation
import Testing
@testable import TextFit

/// `Font(file:)` opens only a regular file of bounded size at exactly the path given: a FIFO, directory,
/// oversized file or a path with a NUL is refused at once with an error naming the path.
@Suite struct FontFilePathTests {
    static let notRegular = "not a regular file (a directory, FIFO, socket or device)"

    /// A FIFO with no writer would block `open` forever: it is refused without being opened.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let scratch = try RobustnessTests.Scratch()
        let path = scratch.url.appendingPathComponent("font.ttf").path
        #expect(mkfifo(path, 0o600) == 0)
        let start = Date()
        #expect(throws: FontError.unreadableFile(path: path, reason: Self.notRegular)) { try Font(file: path, size: 12) }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func aDirectoryOrDeviceIsNotARegularFile() throws {
        let scratch = try RobustnessTests.Scratch()
        for path in [scratch.url.path, "/dev/null", "/dev/zero"] {
            #expect(throws: FontError.unreadableFile(path: path, reason: Self.notRegular)) { try Font(file: path, size: 12) }
        }
        let error = FontError.unreadableFile(path: "/dev/zero", reason: Self.notRegular)
        #expect(error.description == "font file /dev/zero is not readable as a font: \(Self.notRegular)")
    }

    /// A file over the size limit is refused before any of it is read (a sparse file: no disk used).
    @Test func anOversizedFileIsRefused() throws {
        let scratch = try RobustnessTests.Scratch()
        let path = try scratch.file("huge.ttf", Data())
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(FontFileBytes.sizeLimit) + 1)
        try handle.close()
        #expect(throws: FontError.unreadableFile(path: path, reason: "larger than 256 MiB, the largest font file accepted"))
        {
            try Font(file: path, size: 12)
        }
    }

    /// C would stop reading the path at the NUL and open the bundled font: the whole path is refused.
    @Test func aPathWithANULIsRefused() throws {
        let real = try Fixtures.font().filePath
        for path in [real + "\u{0}.png", "\u{0}" + real, real + "\u{0}"] {
            #expect(throws: FontError.unreadableFile(path: path, reason: "the path contains a NUL character")) {
                try Font(file: path, size: 12)
            }
        }
        #expect(try Font(file: real, size: 12).familyName == "Noto Sans")
    }

    @Test func anUnreadableFileSaysWhy() throws {
        guard getuid() != 0 else { return }  // root reads any file
        let scratch = try RobustnessTests.Scratch()
        let path = try scratch.file("locked.ttf", try Data(contentsOf: URL(fileURLWithPath: try Fixtures.font().filePath)))
        #expect(chmod(path, 0) == 0)
        #expect(throws: FontError.unreadableFile(path: path, reason: "cannot open the file (Permission denied)")) {
            try Font(file: path, size: 12)
        }
    }
}
