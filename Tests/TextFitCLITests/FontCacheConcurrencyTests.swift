import Foundation
import Testing
import TextFit

@testable import TextFitCLI

/// Issue 35: the `FontCache` that `textfit check` and `batch` share between their workers. Its table was a
/// `Synchronization.Mutex`, whose contended path (a spin, then `FUTEX_LOCK_PI`) runs inside the
/// uninstrumented `libswiftSynchronization`, so ThreadSanitizer saw no happens-before edge between two
/// workers storing fonts and reported a data race that was not there. It is `Locked` (a `pthread_mutex_t`)
/// now. These tests keep many workers storing new fonts into one cache at once: a plain run checks the
/// answers, `scripts/sanitize thread --filter FontCacheConcurrency` checks the locking (2 false reports
/// with `Mutex`, 0 with `Locked`, docs/engineering.md "Sanitizers").
@Suite struct FontCacheConcurrencyTests {
    /// 720 requests over 240 (family, size, weight) keys, each key asked three times, interleaved so the
    /// workers keep storing new answers (and reading others') into the one table while others read it.
    static let requests: [(family: String, size: Double, weight: Font.Weight)] = (0..<720).map { index in
        let key = index % 240
        let families = ["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", "DejaVu Sans"]
        return (families[key % 4], 9 + Double(key / 4) * 0.5, key % 8 < 4 ? .regular : .bold)
    }

    @Test func workersStoringAtOnceGetTheFontsAskedFor() throws {
        let cache = FontCache()
        let fonts = TextBatch.map(Self.requests, concurrency: 8) { request in
            try cache.font(
                .family(request.family), size: request.size, face: .init(weight: request.weight))
        }
        // Each answer is the font made directly, outside any cache (the engine's own lookup).
        var made: [String: Font] = [:]
        for (request, answer) in zip(Self.requests, fonts) {
            let font = try answer.get()
            let key = "\(request.family) \(request.size) \(request.weight)"
            let expected = try made[key] ?? Font(family: request.family, size: CGFloat(request.size), weight: request.weight)
            made[key] = expected
            #expect(font == expected, "\(key)")
            #expect(font.pointSize == CGFloat(request.size))
        }
        #expect(made.count == 240)
        #expect(cache.count == 240)
    }

    /// `CheckRun.measure` on eight workers fills the same fits as on one: 600 strings in 24 fonts and
    /// sizes, Latin, Hebrew and Arabic, so the workers' first cases all ask the shared cache for new fonts.
    @Test func concurrentCheckMeasuringGivesTheSerialFits() throws {
        let texts = [
            "Settings", "Delete all messages?", "שלום עולם", "مرحبا بالعالم", "Download 12 files",
            "Einstellungen für Benachrichtigungen", "Save changes before closing?", "כמה 42 ₪",
        ]
        let families = ["Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic"]
        let outcomes = (0..<600).map { index in
            let text = texts[index % texts.count]
            var measureCase = MeasureCase(
                text: text, font: .family(families[index % 3]), size: 11 + Double(index % 8), width: 90,
                maxLines: index % 2)
            measureCase.lineBreakMode = index % 4 == 1 ? .byTruncatingTail : .byWordWrapping
            return CheckOutcome(
                string: CatalogString(key: "k\(index)", language: "en", variation: nil, value: text), file: "t.strings",
                text: text, measureCase: measureCase)
        }
        var concurrent = outcomes, serial = outcomes
        CheckRun.measure(&concurrent, concurrency: 8)
        CheckRun.measure(&serial, concurrency: 1)
        var fitting = 0
        for (a, b) in zip(concurrent, serial) {
            #expect(a.failure == nil && b.failure == nil, "\(a.failure ?? b.failure ?? "")")
            #expect(a.fit != nil && a.fit == b.fit, "\(a.string.key)")
            if b.fit?.fits == true { fitting += 1 }
        }
        // The cases do what they say: some fit, some do not.
        #expect(fitting > 100 && fitting < 500, "\(fitting) fit")
    }
}
