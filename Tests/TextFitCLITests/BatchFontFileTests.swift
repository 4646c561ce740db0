import Foundation
import Testing
import TextFit
@testable import TextFitCLI

/// `textfit batch` with a `fontFile` that is not a regular font file at exactly that path: the case gets
/// an error object in its place, at once, and the cases around it are answered.
@Suite struct BatchFontFileTests {
    static let good = #"{"id": "ok", "text": "Hello world", "width": 60}"#

    /// Runs `batch` on a thread of its own and fails instead of hanging when it takes over `seconds`.
    private func runBatch(_ input: [String], within seconds: Double) throws -> RunResult {
        nonisolated(unsafe) var result: RunResult?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            result = runTool(["batch"], input: input)
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            Issue.record("batch gave no answer within \(seconds) s")
            throw CancellationError()
        }
        return try #require(result)
    }

    @Test func aFIFOCaseIsAnsweredWithAnErrorAndTheRunGoesOn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "textfit-fifo-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("font.ttf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try runBatch([Self.good, #"{"id": "fifo", "text": "x", "fontFile": "\#(fifo)"}"#, Self.good], within: 10)
        #expect(run.code == 1)
        #expect(run.output.count == 3)
        #expect(run.output.first?.hasPrefix(#"{"id":"ok","#) == true && run.output.last?.hasPrefix(#"{"id":"ok","#) == true)
        #expect(
            run.output.dropFirst().first == #"{"id":"fifo","error":"font file \#(fifo) is not readable as a font: "#
                + #"not a regular file (a directory, FIFO, socket or device)"}"#)
    }

    /// A NUL would cut the path C sees down to the bundled font: the case is refused instead.
    @Test func aNULInTheFontPathIsAnError() throws {
        let real = try Font(family: "Noto Sans", size: 17).filePath
        let run = try runBatch(
            [
                Self.good, #"{"id": 2, "text": "x", "fontFile": "\#(real)\u0000.png"}"#,
                #"{"id": 3, "text": "x", "fontFile": "\#(real)"}"#,
            ], within: 10)
        #expect(run.output.count == 3)
        #expect(
            run.output.dropFirst().first == #"{"id":2,"error":"font file \#(real)\u0000.png is not readable as a font: "#
                + #"the path contains a NUL character"}"#)
        #expect(run.output.last?.hasPrefix(#"{"id":3,"#) == true && run.output.last?.contains("error") == false)
    }
}
