#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// One line of standard input as `textfit` sees it.
public enum InputLine: Equatable, Sendable {
    /// The line without its newline (`\n` or `\r\n`); invalid UTF-8 is repaired to U+FFFD.
    case text(String)
    /// A line longer than the reader's limit: its bytes (newline excluded) were counted and dropped,
    /// never held, so one huge line cannot exhaust memory before it is refused. `id` is the JSON text of
    /// the line's top-level `"id"` value when it could be read while counting (`CaseIDScanner`), so the
    /// error answer keeps the case's id; nil when there is none or it is ambiguous.
    case tooLong(byteCount: Int, id: String? = nil)
}

/// One line of input as `textfit batch` reads it: `InputLine` with the line's bytes as read.
package enum RawInputLine: Equatable, Sendable {
    /// The line's bytes without its newline (`\n` or `\r\n`), not necessarily valid UTF-8.
    case bytes(ArraySlice<UInt8>)
    /// `InputLine.tooLong`.
    case tooLong(byteCount: Int, id: String? = nil)

    /// The line as an `InputLine` (invalid UTF-8 repaired to U+FFFD).
    var inputLine: InputLine {
        switch self {
        case .bytes(let bytes): .text(String(decoding: bytes, as: UTF8.self))
        case .tooLong(let byteCount, let id): .tooLong(byteCount: byteCount, id: id)
        }
    }

    /// `line` as bytes.
    init(_ line: InputLine) {
        switch line {
        case .text(let text): self = .bytes(ArraySlice(text.utf8))
        case .tooLong(let byteCount, let id): self = .tooLong(byteCount: byteCount, id: id)
        }
    }
}

/// Reads lines from a file descriptor in blocks, holding at most `maximumLength` bytes of a line.
///
/// `readLine()` from the standard library reads a whole line whatever its length; `batch` must refuse
/// a line past its limit without storing it first.
///
/// ```swift
/// let reader = LineReader(fileDescriptor: STDIN_FILENO)
/// while let line = reader.next() { … }   // .text("…") or .tooLong(byteCount: 80_000_000)
/// ```
public final class LineReader {
    /// The longest line `batch` and `breaks` read: 16 MiB. Measuring costs about 40 bytes of memory per
    /// byte of prose and 54 per byte of one long word (architecture.md, "textfit batch"), so a line at the
    /// limit peaks near 0.9 GB; a case is a label's or a paragraph's text, far below it.
    public static let defaultMaximumLength = 16 * 1024 * 1024

    private let read: (UnsafeMutableRawBufferPointer) -> Int
    private let maximumLength: Int
    private var block: [UInt8]
    private var start = 0
    private var end = 0
    private var atEnd = false

    /// Lines of `fileDescriptor` (read with `read(2)`, retried on EINTR; a read error ends the input).
    ///
    /// ```swift
    /// // Results reach a reader as soon as the input runs dry, with no write per line in between.
    /// let reader = LineReader(fileDescriptor: STDIN_FILENO, beforeRead: { fflush(nil) })
    /// ```
    /// - Parameters:
    ///   - fileDescriptor: the descriptor to read, usually `STDIN_FILENO`.
    ///   - maximumLength: the longest line kept, in bytes (newline excluded); a longer one is `.tooLong`.
    ///   - beforeRead: called before each `read(2)`, that is whenever the lines already read are used up
    ///     and the next read may wait: the place to flush output written for those lines, so a process
    ///     that writes a line and waits for its answer gets it, while a long input is answered in blocks.
    public convenience init(
        fileDescriptor: Int32, maximumLength: Int = LineReader.defaultMaximumLength, beforeRead: (() -> Void)? = nil
    ) {
        self.init(maximumLength: maximumLength) { buffer in
            beforeRead?()
            while true {
                let count = systemRead(fileDescriptor, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                return max(count, 0)
            }
        }
    }

    /// Lines from `read`, which fills the buffer it is given and returns how many bytes it wrote (0 at the
    /// end of the input), `blockSize` bytes at a time.
    init(maximumLength: Int, blockSize: Int = 1 << 16, read: @escaping (UnsafeMutableRawBufferPointer) -> Int) {
        self.read = read
        self.maximumLength = maximumLength
        block = [UInt8](repeating: 0, count: max(blockSize, 1))
    }

    /// The next line, or nil at the end of the input. A last line without a newline is still a line.
    public func next() -> InputLine? { nextBytes()?.inputLine }

    /// `next()` with the line's bytes as read, not yet a string: `textfit batch` reads a common case
    /// straight from them (`MeasureCase.decodeCommon`) and makes strings of its values alone.
    package func nextBytes() -> RawInputLine? {
        // A whole line already in the block (nearly every line of a batch): its string straight from the
        // block, without first gathering its bytes in an array of its own.
        if start < end,
            let newline = block.withUnsafeBufferPointer({ Self.newline(in: $0, from: start, to: end) }),
            newline - start <= maximumLength
        {
            var stop = newline
            if stop > start, block[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
            // A view of the block, not a copy: the caller is done with it before the next refill writes
            // the block, which therefore stays uniquely referenced and is not copied either.
            let line = block[start..<stop]
            start = newline + 1
            return .bytes(line)
        }
        var line: [UInt8] = []
        var length = 0
        var sawAny = false
        var sawNewline = false
        var lastByte: UInt8?
        // Past the limit the held bytes go to the id scanner and are dropped; later blocks are scanned
        // as they arrive. Lines within the limit never meet it.
        var scanner: CaseIDScanner?
        while true {
            if start == end {
                guard !atEnd, refill() else { break }
            }
            sawAny = true
            let newline = block.withUnsafeBufferPointer { Self.newline(in: $0, from: start, to: end) }
            let stop = newline ?? end
            let count = stop - start
            // One byte of slack, so a `\r` before the newline does not count against the limit.
            if scanner != nil {
                scanner?.scan(block[start..<stop])
            } else if length + count <= maximumLength + 1 {
                line += block[start..<stop]
            } else {
                var idScanner = CaseIDScanner()
                idScanner.scan(line)
                idScanner.scan(block[start..<stop])
                scanner = idScanner
                line = []
            }
            if count > 0 { lastByte = block[stop - 1] }
            length += count
            start = newline.map { $0 + 1 } ?? end
            if newline != nil {
                sawNewline = true
                break
            }
        }
        guard sawAny else { return nil }
        if sawNewline, lastByte == UInt8(ascii: "\r") {
            length -= 1
            if line.count > length { line.removeLast() }
        }
        guard length <= maximumLength else {
            if scanner == nil {
                // One byte over, held in the `\r` slack: scan what is held.
                var idScanner = CaseIDScanner()
                idScanner.scan(line)
                scanner = idScanner
            }
            return .tooLong(byteCount: length, id: scanner?.idText)
        }
        return .bytes(line[...])
    }

    /// The offset of the first newline in `buffer[start..<end]`, or nil. `memchr`, which reads a word or more
    /// at a time: `firstIndex(of:)` looked at each byte in turn, about 4 instructions a byte of every line
    /// (callgrind, `textfit batch` on the benchmark's `ui` set: 740 of a case's 25 800).
    private static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Reads the next block; false at the end of the input.
    private func refill() -> Bool {
        let count = block.withUnsafeMutableBytes { read($0) }
        start = 0
        end = count
        if count == 0 { atEnd = true }
        return count > 0
    }
}
