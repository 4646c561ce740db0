import Foundation
import Testing
import _TextFitSanitizerSettings

/// Runs the built `textfit` executable as a process: stdin/stdout wiring, per-line flushing and exit codes
/// as other tools see them. SwiftPM builds the executable next to the test bundle.
@Suite struct EndToEndTests {
    /// The `textfit` binary beside the test bundle (`.build/debug/` or a `--scratch-path`'s).
    static func executable() -> URL? {
        let candidates = [
            Bundle.main.executableURL, Bundle.main.bundleURL,
            URL(fileURLWithPath: CommandLine.arguments.first ?? ""),
        ].compactMap { $0 }
        for candidate in candidates {
            let url = candidate.deletingLastPathComponent().appendingPathComponent("textfit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// The environment for a `textfit` process: this one's, plus the tests' LeakSanitizer settings, which
    /// the tool does not link (a sanitizer build would report Fontconfig's one-time leak on its stderr).
    /// Without a sanitizer the variable is ignored.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("textfit-lsan-suppressions-\(ProcessInfo.processInfo.processIdentifier).txt")
        if (try? Data(String(cString: __lsan_default_suppressions()).utf8).write(to: file)) != nil {
            environment["LSAN_OPTIONS"] = "\(String(cString: __lsan_default_options())):suppressions=\(file.path)"
        }
        return environment
    }()

    static func run(
        _ arguments: [String], stdin: String,
        environment: [String: String] = environment
    ) throws -> (code: Int32, stdout: String, stderr: String) {
        let url = try #require(executable(), "textfit not found next to \(Bundle.main.bundleURL.path)")
        let process = Process()
        process.executableURL = url
        process.environment = environment
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Written on a thread of its own: an output larger than a pipe holds would otherwise wait forever
        // for a reader while the input is still being written.
        let handle = input.fileHandleForWriting
        let bytes = Data(stdin.utf8)
        let writer = Thread {
            handle.write(bytes)
            try? handle.close()
        }
        writer.start()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test func batchThroughTheBinary() throws {
        let result = try Self.run(
            ["batch"],
            stdin: """
                {"id": 1, "text": "Hello world", "width": 60}
                {"id": 2, "text": true}
                {"id": 3, "text": "北京欢迎您", "size": 20}

                """)
        #expect(result.code == 1)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)  // three results and the final newline
        #expect(lines[0].hasPrefix(#"{"id":1,"width":"#))
        #expect(lines[0].contains(#""lineCount":2"#))
        #expect(lines[1] == #"{"id":2,"error":"field 'text' must be a string, got boolean"}"#)
        #expect(lines[2].contains(#""lineCount":1"#))
        #expect(lines[3].isEmpty)
    }

    @Test func usageErrorAndFontErrorExitCodes() throws {
        let usage = try Self.run(["measure", "x", "--bogus"], stdin: "")
        #expect(usage.code == 2)
        #expect(usage.stdout.isEmpty)
        #expect(usage.stderr.contains("unknown flag '--bogus'"))
        let font = try Self.run(["measure", "x", "--family", "Nonexistent Family"], stdin: "")
        #expect(font.code == 3)
        #expect(font.stderr.contains("'Nonexistent Family'"))
        let help = try Self.run(["--help"], stdin: "")
        #expect(help.code == 0)
        #expect(help.stdout.contains("Exit codes:"))
    }

    /// A reader gets each result while stdin is still open: the tool flushes per line, and with
    /// `--flush blocks` whenever the input runs dry, so a caller that waits for each answer never deadlocks.
    @Test(arguments: [["batch"], ["batch", "--flush", "blocks"], ["batch", "--flush", "line"]])
    func resultsArriveBeforeInputEnds(arguments: [String]) throws {
        let url = try #require(Self.executable())
        let process = Process()
        process.executableURL = url
        process.environment = Self.environment
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(#"{"id": "first", "text": "Hi"}"#.utf8 + [0x0A]))
        // Read on another thread; if nothing arrives within 30 s, stop the process so the test cannot hang.
        let received = ReceivedData()
        let reader = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            received.set(output.fileHandleForReading.availableData)
            reader.signal()
        }
        let arrived = reader.wait(timeout: .now() + 30) == .success
        if !arrived { process.terminate() }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(arrived, "no output before stdin was closed: \(arguments) does not flush")
        #expect(String(decoding: received.get(), as: UTF8.self).hasPrefix(#"{"id":"first","#))
        #expect(process.terminationStatus == 0)
    }
}

/// Data handed from the reading thread to the test.
private final class ReceivedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
