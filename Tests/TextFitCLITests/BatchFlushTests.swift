import Foundation
import Testing

/// `textfit batch --flush blocks` (issue 43): the same bytes as the default flush per line, only written in
/// blocks; a bad value is a usage error. That an answer still arrives while the input stays open is
/// `EndToEndTests.resultsArriveBeforeInputEnds`.
@Suite struct BatchFlushTests {
    @Test func blocksWriteTheSameBytesAsLines() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Corpus/cases.jsonl")
        let lines = try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n")
        // Enough cases for several 64 KiB blocks of output, plus a bad line and a blank one in the middle.
        let input =
            (lines.prefix(300) + ["{\"id\": \"bad\", \"text\": 3}", ""] + lines.suffix(300))
            .joined(separator: "\n") + "\n"
        let perLine = try Self.run(["batch"], stdin: input)
        let inBlocks = try Self.run(["batch", "--flush", "blocks"], stdin: input)
        #expect(perLine.code == 1 && inBlocks.code == 1)
        #expect(perLine.stdout.utf8.count > 3 * 65_536)
        #expect(inBlocks.stdout == perLine.stdout)
        #expect(inBlocks.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 603)
    }

    @Test func anUnknownFlushIsAUsageError() throws {
        let bad = try EndToEndTests.run(["batch", "--flush", "never"], stdin: "")
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("--flush takes 'line' or 'blocks', got 'never'"))
    }

    /// `EndToEndTests.run` with the input written on a thread of its own: this output is larger than a
    /// pipe holds, so writing all the input before reading any output would wait forever.
    static func run(_ arguments: [String], stdin: String) throws -> (code: Int32, stdout: String) {
        let process = Process()
        process.executableURL = try #require(EndToEndTests.executable())
        process.environment = EndToEndTests.environment
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let handle = input.fileHandleForWriting
        let bytes = Data(stdin.utf8)
        let writer = Thread {
            handle.write(bytes)
            try? handle.close()
        }
        writer.start()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self))
    }
}
