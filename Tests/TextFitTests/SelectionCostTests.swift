import Foundation
import Testing
@testable import TextFit

/// The cost of a hit test, a caret and a range's rects (rules R1–R3), stated in operations: they read
/// one line (found by binary search) from the stored advances, so the work does not grow with the
/// number of lines and nothing is shaped (no HarfBuzz call).
@Suite struct SelectionCostTests {
    @Test func oneLineOfWorkWhateverTheLineCount() throws {
        guard OperationCounts.isEnabled else { return }
        let font = try Fixtures.font()
        let sentence = "Hello שלום world, a line of mixed text. "
        var widths: [Int] = []
        for repeats in [10, 1000] {
            let prepared = PreparedText(String(repeating: sentence, count: repeats), font: font)
            let layout = try prepared.layout(width: 200)
            let middle = layout.lines[layout.lineCount / 2]
            let (_, counts) = try OperationCounts.counting {
                _ = layout.offset(at: CGPoint(x: 50, y: middle.rect.midY))
                _ = try layout.caretRect(for: middle.range.lowerBound + 3)
                _ = try layout.rects(for: middle.range.lowerBound..<middle.range.upperBound)
            }
            #expect(counts.shapingCalls == 0 && counts.harfBuzzCalls == 0)
            widths.append(counts.widths)
        }
        // The same line's work at 10 and at 1000 repeats.
        #expect(widths[0] == widths[1], "\(widths)")
        #expect(widths[0] < 60)
    }
}
