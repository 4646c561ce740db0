import Foundation
import Testing
@testable import TextFit

/// Emergency breaks (W2), char wrapping (W3) and truncation (T4, T5) cut only at grapheme-cluster
/// boundaries, checked against every case of Unicode's GraphemeBreakTest.txt.
@Suite struct ClusterSafetyTests {
    @Test func breaksAndTruncationNeverSplitAClusterOfGraphemeBreakTest() throws {
        guard let cases = UnicodeBreakTestData.load("GraphemeBreakTest.txt"),
              let known = UnicodeBreakTestData.knownDeviations(named: "GraphemeBreakTest-known-deviations")
        else { return }
        let font = try Fixtures.font(15)
        var checkedCuts = 0
        for testCase in cases where known[testCase.line] == nil {
            // Paragraph separators end lines by rule W1 whatever the clusters say; skip those cases.
            if testCase.text.unicodeScalars.contains(where: { [0x0A, 0x0D, 0x85, 0x2029].contains($0.value) }) { continue }
            let boundaries = Set([0] + testCase.breaks)
            let prepared = PreparedText(testCase.text, font: font)
            var cuts: [Int] = []
            for width in [0.5, 8, 20] as [CGFloat] {
                for mode in [LineBreakMode.byWordWrapping, .byCharWrapping] {
                    cuts += try prepared.layout(width: width, lineBreakMode: mode).lines.flatMap { [$0.range.lowerBound, $0.range.upperBound] }
                }
                for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
                    let lines = try prepared.layout(width: width, numberOfLines: 1, lineBreakMode: mode).lines
                    cuts += lines.flatMap { $0.visibleRanges.flatMap { [$0.lowerBound, $0.upperBound] } }
                }
            }
            for cut in cuts where !boundaries.contains(cut) {
                Issue.record("GraphemeBreakTest.txt:\(testCase.line) \(testCase.sequence): cut at \(cut) splits a cluster")
            }
            checkedCuts += cuts.count
        }
        print("Cluster safety: \(checkedCuts) cuts over \(cases.count - known.count) GraphemeBreakTest cases, all at cluster boundaries")
        #expect(checkedCuts > 10_000)
    }
}
