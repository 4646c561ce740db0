import Foundation
import TextFitCLI

// Flush after each line (fflush(nil): every stream) so a process reading `textfit batch` gets results as they come.
exit(runTextFit(arguments: Array(CommandLine.arguments.dropFirst()), input: { readLine(strippingNewline: true) },
                output: { print($0); fflush(nil) }, error: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                errorIsTerminal: isatty(STDERR_FILENO) == 1))
