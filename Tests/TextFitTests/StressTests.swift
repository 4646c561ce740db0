import Foundation
import Testing
@testable import TextFit

/// Issue 5, concurrency: 8 tasks measuring mixed cases that share fonts, faces and caches give results
/// identical to a single-threaded run.
///
/// The cases mix scripts (Latin, CJK through the bundled fallback, Cyrillic, emoji, Thai through a
/// Fontconfig fallback when the system has one), three fonts, sizes, widths, line limits, every line-break
/// mode and both strategies. The parallel run starts from an empty segment cache, so the tasks race to
/// fill it, and each task makes its own `Font`s and `PreparedText`s, so they race in the font catalog too.
///
/// By default the test runs 4,000 cases so the suite stays fast in a debug build on two cores; set
/// `TEXTFIT_STRESS_FULL=1` for the full 100,000 (about 7 minutes for both runs in a debug build on this
/// 2-core machine; run it under `--sanitize=thread` too).
///
/// It belongs to the serialized `SegmentCacheTests` because it empties the process-wide cache.
extension SegmentCacheTests {
    enum Stress {}
}

extension SegmentCacheTests.Stress {
    struct Case: Sendable {
        var text: String
        var family: String
        var bold: Bool
        var size: CGFloat
        var width: CGFloat?
        var maxLines: Int
        var mode: LineBreakMode
        var strategy: LineBreakStrategy
    }

    /// What a case measured to, compared exactly (widths in 1/1024 pt are exact in a Double).
    struct Outcome: Equatable, Sendable {
        var lines: [Range<Int>]
        var widths: [CGFloat]
        var texts: [String]
        var size: CGSize
        var isTruncated: Bool
        var measured: TextMetrics
    }

    static var caseCount: Int {
        ProcessInfo.processInfo.environment["TEXTFIT_STRESS_FULL"] == "1" ? 100_000 : 4_000
    }

    static func cases(count: Int) -> [Case] {
        var generator = Fixtures.Generator(state: 2_718)
        let extra = ["ภาษาไทย ภาษา", "👩‍👩‍👧‍👦👍🏽 🇫🇷", "AVATAR office ffl", "e\u{301}\u{302} \u{202E}x\u{202C}"]
        let words = Fixtures.samples.joined(separator: " ").split(separator: " ").map(String.init) + extra
        let fonts: [(String, Bool)] = [("Noto Sans", false), ("Noto Sans", true), ("Droid Sans Fallback", false)]
        return (0..<count).map { _ in
            let wordCount = Int.random(in: 1...24, using: &generator)
            var text = ""
            for index in 0..<wordCount {
                if index > 0 { text += Int.random(in: 0..<10, using: &generator) == 0 ? "\n" : " " }
                text += words.randomElement(using: &generator)!
            }
            let (family, bold) = fonts.randomElement(using: &generator)!
            return Case(
                text: text, family: family, bold: bold,
                size: [11, 13, 15, 17, 20, 24].randomElement(using: &generator)!,
                width: Int.random(in: 0..<8, using: &generator) == 0
                    ? nil : CGFloat(Int.random(in: 8...400, using: &generator)),
                maxLines: [0, 0, 1, 2, 3].randomElement(using: &generator)!,
                mode: LineBreakMode.allCases.randomElement(using: &generator)!,
                strategy: Bool.random(using: &generator) ? [] : .standard)
        }
    }

    static func measure(_ item: Case) throws -> Outcome {
        let font = try Font(family: item.family, size: item.size, weight: item.bold ? .bold : .regular)
        let prepared = PreparedText(item.text, font: font)
        let layout = try prepared.layout(
            width: item.width, numberOfLines: item.maxLines, lineBreakMode: item.mode,
            lineBreakStrategy: item.strategy)
        let metrics = try prepared.measure(
            width: item.width, numberOfLines: item.maxLines, lineBreakMode: item.mode,
            lineBreakStrategy: item.strategy)
        return Outcome(
            lines: layout.lines.map(\.range), widths: layout.lines.map(\.width), texts: layout.lines.map(\.text),
            size: layout.size, isTruncated: layout.isTruncated, measured: metrics)
    }
}

extension SegmentCacheTests {
    @Test func eightTasksGiveTheSingleThreadedResults() async throws {
        let cases = Stress.cases(count: Stress.caseCount)
        let clock = ContinuousClock()
        SegmentCache.removeAll()
        let serialStart = clock.now
        let serial = try cases.map(Stress.measure)
        let serialTime = clock.now - serialStart

        SegmentCache.removeAll()
        let parallelStart = clock.now
        let tasks = 8
        let parallel = try await withThrowingTaskGroup(of: [(Int, Stress.Outcome)].self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // Task t takes every 8th case; odd tasks walk backwards, so tasks meet on the same
                    // words and fonts at different moments.
                    var indices = Array(stride(from: task, to: cases.count, by: tasks))
                    if task % 2 == 1 { indices.reverse() }
                    return try indices.map { ($0, try Stress.measure(cases[$0])) }
                }
            }
            var results = [Stress.Outcome?](repeating: nil, count: cases.count)
            for try await chunk in group {
                for (index, outcome) in chunk { results[index] = outcome }
            }
            return results
        }
        let parallelTime = clock.now - parallelStart
        var mismatches = 0
        for index in cases.indices where parallel[index] != serial[index] {
            mismatches += 1
            if mismatches <= 5 {
                Issue.record(
                    "case \(index) \(cases[index]) differs: \(String(describing: parallel[index])) vs \(serial[index])")
            }
        }
        #expect(mismatches == 0)
        let statistics = SegmentCache.statistics
        print(
            "Stress: \(cases.count) cases, \(tasks) tasks: serial \(serialTime), parallel \(parallelTime); "
                + "\(serial.reduce(0) { $0 + $1.lines.count }) lines; cache \(statistics.entries) entries, "
                + "hit rate \(String(format: "%.2f", statistics.hitRate)); \(mismatches) mismatches")
    }
}
