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
        let perLine = try EndToEndTests.run(["batch"], stdin: input)
        let inBlocks = try EndToEndTests.run(["batch", "--flush", "blocks"], stdin: input)
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
}
