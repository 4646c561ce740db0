import Foundation
import Testing
@testable import TextFit

/// `PreparedText.width(_:_:)` remembers reshaped pieces across layouts (`ReshapedPieces`). Both breaker
/// paths read the same memory, so `DifferentialBreakerTests` cannot see a wrong entry: these tests
/// compare every remembered width with a fresh reshaping (`remembering: false`), for lines that start
/// and end at and around unsafe-to-break positions, in orders that make one call store an entry that
/// another call with a different line start or end then reads. `FastBreaker.width` reads the same memory
/// without `PreparedText.width`'s calls, so it is compared too.
@Suite struct ReshapedPiecesTests {
    /// Kerned and ligated words, where HarfBuzz flags clusters unsafe to break.
    static let texts: [String] = [
        "AVATAR WAVY TAVERN VAVAVAVAVA AWAY YAWATA",
        "ffffffffffffffffffffffflllllllllll office affluent",
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "Typography: \"LT AV Yo To Ta\" — kerning pairs everywhere, WAVE, VAT, Te, Yu.",
        "美商務部對中興通訊暫時部分解禁 mixed with Latin AVATAR words",
    ]

    /// Compares remembered and fresh widths for lines around each unsafe position of `prepared`.
    static func compareAll(_ prepared: PreparedText, label: String) -> (checked: Int, failures: [String]) {
        let count = prepared.utf16Count
        let unsafe = (0..<count).filter { prepared.isUnsafe($0) }
        var checked = 0
        var failures: [String] = []
        // Starts and ends near unsafe positions: before, at and after, so a stored piece meets lines that
        // cover it and lines that cut it short.
        var points = Set<Int>([0, count])
        for p in unsafe { for d in -3...3 where p + d >= 0 && p + d <= count { points.insert(p + d) } }
        let sorted = points.sorted()
        // Twice: the first pass stores, the second reads what other lines stored.
        for pass in 0..<2 {
            for start in sorted {
                for end in sorted where end > start && end - start <= 400 {
                    // The fast breaker's width reads remembered pieces itself (W2); asked first, it meets
                    // pieces not yet stored on the first pass and stored ones on the second.
                    let fast = prepared.withFastView { FastBreaker.width($0, prepared, start, end) }
                    let remembered = prepared.width(start, end)
                    let fresh = prepared.width(start, end, remembering: false)
                    checked += 1
                    if (remembered != fresh || fast != fresh), failures.count < 10 {
                        failures.append(
                            "\(label) pass \(pass) \(start)..<\(end): remembered \(remembered), fast \(fast), fresh \(fresh)"
                        )
                    }
                }
            }
        }
        return (checked, failures)
    }

    @Test func rememberedWidthsEqualFreshReshaping() throws {
        var checked = 0
        var failures: [String] = []
        for size in [11, 17, 31] as [CGFloat] {
            let font = try Fixtures.font(size)
            for (index, text) in (Self.texts + Fixtures.samples).enumerated() {
                let result = Self.compareAll(PreparedText(text, font: font), label: "text \(index) at \(size) pt")
                checked += result.checked
                failures += result.failures
            }
        }
        #expect(checked > 30_000, "\(checked)")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The parity corpus, one text per case, lines ending at every grapheme boundary from a few starts.
    @Test func rememberedWidthsEqualFreshReshapingOnParityCorpus() throws {
        let corpus = try PangoParityTests.loadJSONLines("corpus")
        let font = try Fixtures.font(17)
        var checked = 0
        var failures: [String] = []
        for object in corpus.prefix(200) {
            let prepared = PreparedText(object["text"] as? String ?? "", font: font)
            let boundaries = prepared.graphemes.map(Int.init)
            for start in boundaries.prefix(12) + boundaries.suffix(4) {
                for end in boundaries where end > start {
                    let remembered = prepared.width(start, end)
                    let fresh = prepared.width(start, end, remembering: false)
                    checked += 1
                    if remembered != fresh, failures.count < 10 {
                        failures.append("\(object["id"] ?? "?") \(start)..<\(end): remembered \(remembered), fresh \(fresh)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(checked > 50_000, "\(checked)")
    }

    /// A text longer than `maxPages` pages of positions: pieces past the bound are reshaped each time and
    /// still measure the same.
    @Test func pieceMemoryIsBoundedPerText() throws {
        let word = "AVATAR WAVY "
        let repeats = ReshapedPieces.maxPages * ReshapedPieces.positionsPerPage / word.utf16.count + 200
        let prepared = PreparedText(String(repeating: word, count: repeats), font: try Fixtures.font(17))
        let count = prepared.utf16Count
        #expect(count > ReshapedPieces.maxPages * ReshapedPieces.positionsPerPage)
        let unsafe = (0..<count).filter { prepared.isUnsafe($0) }
        #expect(unsafe.count > 1_000)
        for p in unsafe {
            #expect(prepared.width(max(0, p - 20), p) == prepared.width(max(0, p - 20), p, remembering: false))
        }
        #expect(prepared.reshapedPieces.allocatedPages == ReshapedPieces.maxPages)
        // Relaying out at widths that break inside words still agrees with the general path.
        for width in [37.0, 53.5, 90.0] as [CGFloat] {
            #expect(
                try prepared.measure(
                    width: width, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineBreakStrategy: [],
                    lastLineMaxWidth: nil, fastPath: true)
                    == prepared.measure(
                        width: width, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineBreakStrategy: [],
                        lastLineMaxWidth: nil, fastPath: false))
        }
    }

    /// Threads measuring one shared text at once store and read pieces concurrently; every answer equals
    /// a single-threaded one (ThreadSanitizer runs this suite too).
    @Test func concurrentLayoutsOfOneTextAgree() async throws {
        let font = try Fixtures.font(15)
        let text = Self.texts.joined(separator: " ") + " " + Fixtures.samples.joined(separator: " ")
        let reference = PreparedText(text, font: font)
        let widths: [CGFloat] = stride(from: 20.0, through: 200.0, by: 7.25).map { $0 }
        let expected = try widths.map {
            try reference.measure(
                width: $0, numberOfLines: 0, lineBreakMode: .byWordWrapping, lineBreakStrategy: [],
                lastLineMaxWidth: nil, fastPath: false)
        }
        let shared = PreparedText(text, font: font)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<4 {
                        for (index, width) in widths.enumerated() {
                            let i = (index + task * 3 + round) % widths.count
                            let metrics = try? shared.measure(
                                width: widths[i], numberOfLines: 0, lineBreakMode: .byWordWrapping)
                            if metrics != expected[i] { mismatches += 1 }
                            _ = width
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
