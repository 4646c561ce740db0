import Foundation
import Testing
@testable import TextFit

/// A thread's HarfBuzz buffers are given back after a text longer than 65,536 units (`release_long_buffers`
/// in tf_harfbuzz.c): they take about 43 bytes a glyph and only grow, so a thread that shaped one huge
/// unbroken word (shaped whole, as one segment) kept them for the rest of its life, beside everything built
/// after (Benchmarks/README.md, "Memory per input byte"). Shaping after the release makes new buffers and
/// gives the same answers.
@Suite(.serialized) struct ShapingBufferReleaseTests {
    @Test func aHugeWordLeavesNoShapingBuffersBehind() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let word = String(repeating: "abcdefghijklmnopqrstuvwxyz", count: 12_000)  // 312,000 units, no opportunity
        // Words no other test uses, so the segment cache misses and this thread shapes them.
        _ = try PreparedText("first \(UUID().uuidString)", font: font).layout(width: 300)
        // One, or two when a run of marks on this thread needed the chunk buffer too.
        #expect(HarfBuzzFont.threadShapingBufferCount >= 1)
        // A test runs on one thread from start to end (no suspension point), the thread these calls shape on.
        let lines = try PreparedText(word, font: font).layout(width: 300).lineCount
        #expect(lines > 1_000)
        // Kept, the buffer would hold about 43 bytes × 312,000 glyphs ≈ 13 MB for the thread's life.
        #expect(HarfBuzzFont.threadShapingBufferCount == 0)
        _ = try PreparedText("after \(UUID().uuidString)", font: font).layout(width: 300)
        #expect(HarfBuzzFont.threadShapingBufferCount >= 1)
    }

    @Test func shapingAfterTheReleaseGivesTheSameAnswers() throws {
        let font = try Font(family: "Noto Sans", size: 17)
        let word = String(repeating: "office waffle ", count: 6_000).replacingOccurrences(of: " ", with: "")
        let first = try PreparedText(word, font: font).layout(width: 250)
        // A short text in between: the thread's buffer is made again.
        let short = try PreparedText("office waffle", font: font).layout(width: nil)
        let again = try PreparedText(word, font: font).layout(width: 250)
        #expect(first.lineCount == again.lineCount && first.size == again.size)
        #expect(first.lines.map(\.range) == again.lines.map(\.range))
        #expect(first.lines.map(\.width) == again.lines.map(\.width))
        #expect(short.lineCount == 1 && short.size.width > 0)
    }
}
