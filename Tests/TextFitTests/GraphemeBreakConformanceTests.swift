import Foundation
import Testing

/// UAX #29 grapheme clusters: TextFit takes grapheme clusters from Swift's `Character`, so this documents that the
/// toolchain's segmentation agrees with the Unicode 15.0 GraphemeBreakTest.txt (less the cases listed in
/// Data/GraphemeBreakTest-known-deviations.txt, if any).
@Suite struct GraphemeBreakConformanceTests {
    @Test func swiftCharacterSegmentationMatchesGraphemeBreakTestFile() throws {
        let fileName = "GraphemeBreakTest.txt"
        guard let cases = UnicodeBreakTestData.load(fileName),
            let known = UnicodeBreakTestData.knownDeviations(named: "GraphemeBreakTest-known-deviations")
        else { return }

        var failures: [(testCase: UnicodeBreakTestCase, actual: [Int])] = []
        for testCase in cases {
            var actual: [Int] = []
            var offset = 0
            for character in testCase.text {
                offset += character.utf16.count
                actual.append(offset)
            }
            if actual != testCase.breaks { failures.append((testCase, actual)) }
        }
        let passed = cases.count - failures.count
        print("GraphemeBreakTest.txt: \(passed) of \(cases.count) cases pass; \(known.count) known deviations")
        UnicodeBreakTestData.compare(
            fileName: fileName, deviationsName: "GraphemeBreakTest-known-deviations", cases: cases,
            failures: failures, known: known)
    }
}
