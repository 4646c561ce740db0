import Foundation
import Testing
import TextFit

/// UAX #14 conformance: `lineBreakOpportunities(in:)` against the Unicode 15.0 LineBreakTest.txt, less the cases
/// where ICU's default line rules knowingly differ (listed with reasons in Data/LineBreakTest-known-deviations.txt).
@Suite struct LineBreakConformanceTests {
    @Test func lineBreakTestFileMatchesExceptKnownDeviations() throws {
        let fileName = "LineBreakTest.txt"
        guard let cases = UnicodeBreakTestData.load(fileName),
            let known = UnicodeBreakTestData.knownDeviations(named: "LineBreakTest-known-deviations")
        else { return }

        var failures: [(testCase: UnicodeBreakTestCase, actual: [Int])] = []
        for testCase in cases {
            let actual = lineBreakOpportunities(in: testCase.text).breaks
            if actual != testCase.breaks { failures.append((testCase, actual)) }
        }
        if ProcessInfo.processInfo.environment["TEXTFIT_DUMP_DEVIATIONS"] != nil {
            for (testCase, actual) in failures {
                print(
                    "\(testCase.line)\t\(testCase.sequence)\t# expected \(testCase.breaks) actual \(actual) | \(testCase.comment)"
                )
            }
        }
        let passed = cases.count - failures.count
        print("LineBreakTest.txt: \(passed) of \(cases.count) cases pass; \(known.count) known deviations")
        UnicodeBreakTestData.compare(
            fileName: fileName, deviationsName: "LineBreakTest-known-deviations", cases: cases,
            failures: failures, known: known)
    }
}
