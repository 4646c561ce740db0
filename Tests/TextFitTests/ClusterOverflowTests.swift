import Foundation
import Testing
@testable import TextFit

/// One grapheme cluster whose glyph advances sum past what an int32 holds still measures its true width.
@Suite struct ClusterOverflowTests {
    @Test func buginesVowelSignsAtAHugeSizeMeasurePositive() throws {
        let text = String(repeating: "\u{1A1A}", count: 60)
        let small = try PreparedText(text, font: Font(family: "Noto Sans", size: 1000)).layout(width: nil)
        let huge = try PreparedText(text, font: Font(family: "Noto Sans", size: 99999)).layout(width: nil)
        #expect(huge.size.width > 0)
        #expect(abs(huge.size.width - small.size.width * 99.999) < small.size.width * 0.01)
    }

    @Test func devanagariMarksInOneClusterMeasurePositive() throws {
        let text = String(repeating: "\u{093E}", count: 50_000)
        let layout = try PreparedText(text, font: Font(family: "Noto Sans", size: 200)).layout(width: nil)
        #expect(layout.size.width > 0)
    }
}
