import Foundation
import TextFitCLI

// Flush after each line (fflush(nil): every stream) so a process reading `textfit batch` gets results as they come.
// Lines are read through `LineReader`, which refuses a line past batch's limit without holding it.
let standardInput = LineReader(fileDescriptor: STDIN_FILENO)
exit(
    runTextFit(
        arguments: Array(CommandLine.arguments.dropFirst()), lines: standardInput.next,
        output: {
            print($0); fflush(nil)
        }, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) == 1))
