import Foundation
import Testing
@testable import TextFitCLI

/// Standard input is read in blocks with a line limit: lines as `readLine(strippingNewline:)` gives
/// them, and a line past the limit counted and dropped, never held.
@Suite struct LineReaderTests {
    /// A reader over `bytes`, handing out at most `chunk` bytes per read.
    private func reader(_ bytes: [UInt8], maximumLength: Int, blockSize: Int = 4, chunk: Int = 3) -> LineReader {
        var offset = 0
        return LineReader(maximumLength: maximumLength, blockSize: blockSize) { buffer in
            let count = min(chunk, buffer.count, bytes.count - offset)
            for index in 0..<count { buffer[index] = bytes[offset + index] }
            offset += count
            return count
        }
    }

    private func lines(_ text: String, maximumLength: Int = 8, blockSize: Int = 4, chunk: Int = 3) -> [InputLine] {
        let input = reader(Array(text.utf8), maximumLength: maximumLength, blockSize: blockSize, chunk: chunk)
        var lines: [InputLine] = []
        while let line = input.next() { lines.append(line) }
        return lines
    }

    @Test func splitsLinesAcrossBlocksLikeReadLine() {
        for (blockSize, chunk) in [(1, 1), (4, 3), (64, 64)] {
            #expect(lines("", blockSize: blockSize, chunk: chunk) == [])
            #expect(lines("\n", blockSize: blockSize, chunk: chunk) == [.text("")])
            #expect(
                lines("ab\ncdefgh\r\n\nlast", blockSize: blockSize, chunk: chunk)
                    == [.text("ab"), .text("cdefgh"), .text(""), .text("last")])
            // A `\r` is only part of the newline when a `\n` follows.
            #expect(lines("a\r", blockSize: blockSize, chunk: chunk) == [.text("a\r")])
            #expect(lines("é\u{FEFF}\n", blockSize: blockSize, chunk: chunk) == [.text("é\u{FEFF}")])
        }
        // Invalid UTF-8 is repaired, one U+FFFD per bad byte run, as `String(decoding:)` does.
        let repaired = reader([0x61, 0xFF, 0x62, 0x0A], maximumLength: 8).next()
        #expect(repaired == .text("a\u{FFFD}b"))
    }

    @Test func aLineAtTheLimitIsReadAndOnePastItIsCountedOnly() {
        #expect(
            lines("12345678\n123456789\n12345678\r\nok") == [
                .text("12345678"), .tooLong(byteCount: 9), .text("12345678"), .text("ok"),
            ])
        #expect(lines("123456789\r\n") == [.tooLong(byteCount: 9)])
        #expect(lines(String(repeating: "x", count: 1_000)) == [.tooLong(byteCount: 1_000)])
    }

    /// The real binary refuses a line past the limit in place (the lines around it are answered) without
    /// reading it into memory: its peak stays far below the line's size.
    @Test func theBinaryRefusesAnOverlongLineWithoutHoldingIt() throws {
        let tool = try #require(EndToEndTests.executable(), "textfit not built")
        let longLength = JSONLinesLoop.maximumLineLength + 1_000_000
        var input = Data(#"{"id":1,"text":"Hello world"}"#.utf8 + [0x0A])
        input.append(Data(#"{"id":2,"text":""#.utf8))
        input.append(Data(repeating: UInt8(ascii: "x"), count: longLength - 18))
        input.append(Data(#""}"#.utf8 + [0x0A]))
        input.append(Data(#"{"id":3,"text":"Hello world"}"#.utf8 + [0x0A]))
        let process = Process()
        process.executableURL = tool
        process.arguments = ["batch"]
        process.environment = EndToEndTests.environment
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let handle = stdin.fileHandleForWriting
        let bytes = input
        let writer = Thread {
            handle.write(bytes); try? handle.close()
        }
        writer.start()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n").map(String.init)
        #expect(process.terminationStatus == 1)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix(#"{"id":1,"width":"#) == true)
        // The id was scanned while the line was counted (issue 35).
        #expect(
            lines.dropFirst().first
                == #"{"id":2,"error":"line too long: \#(longLength) bytes; the limit is 16777216 bytes (16 MiB), newline excluded"}"#
        )
        #expect(lines.last?.hasPrefix(#"{"id":3,"width":"#) == true)
    }

    /// The in-process entry applies the same limit to the lines it is given.
    @Test func theInProcessEntryAppliesTheSameLimit() throws {
        let long = String(repeating: "x", count: JSONLinesLoop.maximumLineLength + 1)
        let run = runTool(["breaks"], input: [long, #"{"id": 1, "text": "a b"}"#])
        #expect(run.code == 1)
        #expect(
            run.output == [
                #"{"id":null,"error":"line too long: 16777217 bytes; the limit is 16777216 bytes (16 MiB), newline excluded"}"#,
                #"{"id":1,"breaks":[2,3],"mandatory":[]}"#,
            ])
    }
}
