import Foundation
import Testing
@testable import TextFitCLI

#if canImport(Glibc)
import Glibc

/// A line past the 16 MiB limit costs `batch` the same memory however long it is: the reader keeps at
/// most the limit's worth of a line and only counts the rest (architecture.md, "Line length and
/// memory"). The peak is read from the kernel (`wait4`'s `ru_maxrss`), so the check is about bytes, not
/// time, and holds in debug, release and sanitizer builds alike.
@Suite(.serialized) struct BatchMemoryTests {
    /// Runs `tool batch < input > output` and returns its exit status and peak resident set in bytes.
    /// `/bin/sh` execs the tool, so the process `wait4` reaps is the tool itself.
    static func peak(of tool: URL, input: URL, output: URL) throws -> (status: Int32, peakBytes: Int) {
        let arguments = ["/bin/sh", "-c", #"exec "$0" batch < "$1" > "$2""#, tool.path, input.path, output.path]
        let environment = EndToEndTests.environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, &envp)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            try #require(errno == EINTR, "wait4 failed: \(errno)")
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
        return (exitStatus, usage.ru_maxrss * 1024)
    }

    /// An input of a short case, one case whose line is `lineLength` bytes, and a short case.
    static func input(lineLength: Int, in folder: URL) throws -> URL {
        var data = Data(#"{"id":1,"text":"Hello world"}"#.utf8 + [0x0A])
        data.append(Data(#"{"id":2,"text":""#.utf8))
        data.append(Data(repeating: UInt8(ascii: "x"), count: lineLength - 18))
        data.append(Data(#""}"#.utf8 + [0x0A]))
        data.append(Data(#"{"id":3,"text":"Hello world"}"#.utf8 + [0x0A]))
        let url = folder.appendingPathComponent("line-\(lineLength).jsonl")
        try data.write(to: url)
        return url
    }

    /// A line of 20 MiB and one of 60 MiB are refused with the same peak: storing the longer one would
    /// add its 40 MiB difference (and parsing it far more).
    @Test func anOverlongLineCostsTheSameWhateverItsLength() throws {
        let tool = try #require(EndToEndTests.executable(), "textfit not built")
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("textfit-batch-memory-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Int] = []
        for length in [20 << 20, 60 << 20] {
            let output = folder.appendingPathComponent("out-\(length).jsonl")
            let run = try Self.peak(of: tool, input: try Self.input(lineLength: length, in: folder), output: output)
            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(run.status == 1)
            #expect(lines.count == 3)
            #expect(lines.dropFirst().first == #"{"id":null,"error":"line too long: \#(length) bytes; the limit is 16777216 bytes (16 MiB), newline excluded"}"#)
            #expect(lines.last?.hasPrefix(#"{"id":3,"width":"#) == true)
            peaks.append(run.peakBytes)
        }
        #expect(peaks[1] - peaks[0] < 16 << 20, "peaks \(peaks.map { $0 >> 20 }) MiB")
    }
}
#endif
