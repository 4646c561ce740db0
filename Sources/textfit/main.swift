import Foundation
import TextFitCLI

// Every output line is flushed as it is written: the command-line contract promises `textfit batch` callers
// each result as soon as it is measured (a pipeline watching progress, a caller matching answers by id). The
// write(2) per line costs 2–3 µs of system time a case (Benchmarks/README.md, "Batch"); that is the
// contract's price, which `batch --flush blocks` lets a caller that sends a whole file decline: results then
// leave in 64 KiB blocks, and whenever the input runs dry, so a caller waiting for an answer still gets it.
// Lines are read through `LineReader`, which refuses a line past batch's limit without holding it. Our own
// stream on descriptor 1 (nothing else writes to C's `stdout`, which Swift 6 will not let this file name).
guard let standardOutput = fdopen(STDOUT_FILENO, "w") else {
    FileHandle.standardError.write(Data("textfit: cannot write to standard output\n".utf8))
    exit(ExitCode.usage.rawValue)
}
setvbuf(standardOutput, nil, _IOFBF, 1 << 16)
nonisolated(unsafe) var flushEachLine = true
/// Whether the head of a long result sits in the stream's buffer (`outputPart`), so its line must go the
/// same way to keep the bytes in order.
nonisolated(unsafe) var partPending = false
let standardInput = LineReader(fileDescriptor: STDIN_FILENO, beforeRead: { fflush(nil) })
// Batch lines go in and results come out as bytes, so no string is made of either (`batch` makes strings of
// a case's values alone).
func writeLine(_ bytes: UnsafeBufferPointer<UInt8>) {
    // Flushed each line: one writev(2) of the line and its newline, straight from the result's buffer. The
    // stream did the same write(2) after copying the line into its buffer and taking its lock three times
    // (fwrite, putc, fflush).
    if flushEachLine, !partPending { return writeWhole(bytes) }
    _ = fwrite(bytes.baseAddress, 1, bytes.count, standardOutput)
    putc(0x0A, standardOutput)
    if flushEachLine {
        fflush(standardOutput)
        partPending = false
    }
}
/// `bytes` and a newline on descriptor 1, in one writev(2) unless the pipe takes less (then the rest by
/// write(2)); interrupted calls are retried, and an error drops the line, as the stream's flush did.
func writeWhole(_ bytes: UnsafeBufferPointer<UInt8>) {
    var newline = UInt8(0x0A)
    withUnsafeMutablePointer(to: &newline) { newlinePointer in
        let head = UnsafeMutableRawPointer(mutating: bytes.baseAddress)
        var written = 0
        let total = bytes.count + 1
        while written < total {
            let count: Int
            if written == 0 {
                count = withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { vectors in
                    vectors.initialize(repeating: iovec(iov_base: newlinePointer, iov_len: 1))
                    vectors[0] = iovec(iov_base: head, iov_len: bytes.count)
                    return writev(STDOUT_FILENO, vectors.baseAddress, 2)
                }
            } else if written < bytes.count, let head {
                count = write(STDOUT_FILENO, head + written, bytes.count - written)
            } else {
                count = write(STDOUT_FILENO, newlinePointer, 1)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
exit(
    runTextFit(
        arguments: Array(CommandLine.arguments.dropFirst()), rawLines: standardInput.nextBytes,
        output: { line in
            var line = line
            line.withUTF8 { writeLine($0) }
        }, outputBytes: writeLine, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1, writeInBlocks: { flushEachLine = false },
        // The head of a huge result, written as it is made (the line is flushed when it ends).
        outputPart: {
            _ = fwrite($0.baseAddress, 1, $0.count, standardOutput)
            partPending = true
        }))
