import Foundation
import TextFitCLI

// Output is flushed (fflush(nil): every stream) whenever the input read so far is used up, before a read that
// may wait: a process that writes a `textfit batch` line and waits gets its answer, and a long input is answered
// in blocks rather than with a write(2) per line, which cost about as much CPU as measuring a short string.
// Lines are read through `LineReader`, which refuses a line past batch's limit without holding it.
// Our own stream on descriptor 1 (nothing else writes to C's `stdout`, which Swift 6 will not let this file name):
// 64 KiB blocks to a pipe or a file, a line at a time to a terminal.
guard let standardOutput = fdopen(STDOUT_FILENO, "w") else {
    FileHandle.standardError.write(Data("textfit: cannot write to standard output\n".utf8))
    exit(ExitCode.usage.rawValue)
}
setvbuf(standardOutput, nil, isatty(STDOUT_FILENO) == 1 ? _IOLBF : _IOFBF, 1 << 16)
let standardInput = LineReader(fileDescriptor: STDIN_FILENO, beforeRead: { fflush(nil) })
exit(
    runTextFit(
        arguments: Array(CommandLine.arguments.dropFirst()), lines: standardInput.next,
        output: { line in
            var line = line
            line.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, standardOutput) }
            putc(0x0A, standardOutput)
        }, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1))
