import Foundation
import Testing

@testable import TextFitCLI

/// A result too long to hold whole leaves in pieces (`JSONOutput.spillIfLong`, issue 43): the pieces and
/// the line's end are the same bytes as the whole line, an error still replaces a case whole, and the
/// executable writes the same output. A long line read by the fast path is dropped before it is answered.
@Suite struct BatchSpillTests {
    /// Prose long enough for a result of several `JSONOutput.spillByteCount` blocks: the corpus's Latin texts.
    static func prose(utf8Count: Int) throws -> String {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Corpus/cases.jsonl")
        var texts: [String] = []
        for line in try String(contentsOf: corpus, encoding: .utf8).split(separator: "\n") {
            let json = try JSONReader.parse(String(line))
            guard case .string(let id)? = json["id"], id.hasPrefix("latin-"), case .string(let text)? = json["text"]
            else { continue }
            texts.append(text)
        }
        let joined = texts.joined(separator: " ")
        return String(String(repeating: joined + " ", count: utf8Count / joined.utf8.count + 1).prefix(utf8Count))
    }

    static func input(_ text: String) -> [String] {
        let long = JSONWriter.string(
            .object([
                JSONMember("id", .string("long")), JSONMember("text", .string(text)),
                JSONMember("family", .string("Noto Sans")), JSONMember("size", .int(17)), JSONMember("width", .int(300)),
            ]))
        // A long case with a bad width: an error object, nothing of it spilled.
        let bad = JSONWriter.string(
            .object([JSONMember("id", .string("bad")), JSONMember("text", .string(text)), JSONMember("width", .int(-3))]))
        return [#"{"id":"a","text":"Hello world","width":300}"#, long, bad, #"{"id":"b","text":"Goodbye","width":80}"#]
    }

    @Test func piecesAndTheLineEndAreTheWholeLine() throws {
        let text = try Self.prose(utf8Count: 80_000)
        let lines = Self.input(text)
        let whole = batchAnswers(to: lines.map { Array($0.utf8) }, generalPathOnly: false)
        var remaining = lines.map { RawInputLine.bytes(Array($0.utf8)[...]) }[...]
        var output: [String] = []
        var pending: [UInt8] = []
        var partCount = 0
        let code = runTextFit(
            arguments: ["batch"], rawLines: { remaining.popFirst() }, output: { output.append($0) },
            outputBytes: {
                output.append(String(decoding: pending + Array($0), as: UTF8.self))
                pending = []
            }, error: { _ in },
            outputPart: {
                partCount += 1
                pending += Array($0)
            })
        #expect(code == whole.exitCode.rawValue && code == ExitCode.recordsFailed.rawValue)
        #expect(output == whole.output)
        // Not vacuous: the long result left in pieces, and its lines hold the text.
        #expect(partCount >= 2)
        #expect(output.count == 4 && output[1].utf8.count > 2 * JSONOutput.spillByteCount)
        guard case .array(let resultLines)? = try JSONReader.parse(output[1])["lines"] else {
            Issue.record("no lines in \(output[1].prefix(200))")
            return
        }
        let shown = resultLines.compactMap { line -> String? in
            guard case .string(let text)? = line["text"] else { return nil }
            return text
        }
        #expect(shown.count == resultLines.count && shown.joined() == text)
        #expect(output[2].contains("\"error\""))
    }

    /// The executable spills through its own output stream: the same lines as in process, flushed per line
    /// or in blocks.
    @Test func theExecutableWritesTheSameLines() throws {
        let lines = Self.input(try Self.prose(utf8Count: 80_000))
        let whole = batchAnswers(to: lines.map { Array($0.utf8) }, generalPathOnly: false)
        let stdin = lines.joined(separator: "\n") + "\n"
        for arguments in [["batch"], ["batch", "--flush", "blocks"]] {
            let run = try EndToEndTests.run(arguments, stdin: stdin)
            #expect(run.code == ExitCode.recordsFailed.rawValue)
            #expect(run.stdout == whole.output.joined(separator: "\n") + "\n", "\(arguments)")
        }
    }

    /// `BatchCommand.fastAnswer` empties a line of `releasedLineLength` bytes or more once read and answers
    /// as the general path does; it keeps a shorter line, and a long one it leaves to the general path (a
    /// negative width, which that path refuses).
    @Test func aLongLineIsDroppedOnceRead() throws {
        let lines = Self.input(try Self.prose(utf8Count: 80_000))
        let general = batchAnswers(to: lines.map { Array($0.utf8) }, generalPathOnly: true)
        let fonts = FontCache()
        for (index, text) in lines.enumerated() {
            let bytes = RawInputLine.bytes(Array(text.utf8)[...])
            var line = bytes
            var output = JSONOutput()
            let answered = BatchCommand.fastAnswer(&line, fonts: fonts, into: &output)
            let long = text.utf8.count >= BatchCommand.releasedLineLength
            #expect(long == (index == 1 || index == 2))
            if index == 2 {
                #expect(answered == nil && output.bytes.isEmpty)
                #expect(line == bytes, "left whole for the general path")
            } else {
                #expect(answered == true)
                #expect(String(decoding: output.bytes, as: UTF8.self) == general.output[index])
                #expect(line == (long ? .bytes([]) : bytes), "line \(index)")
            }
        }
    }
}
