import Foundation
import Synchronization
import Testing
@testable import TextFit

/// Issue 4, the parallel target: a segment-cache hit takes no lock (a seqlock per shard), so a reader
/// may race a writer. These tests race them on purpose and check that a reader never keeps a torn or
/// wrong copy. An extension of `SegmentCacheTests` so it runs serialized with the other tests that empty
/// the cache or change its budget.
extension SegmentCacheTests {
    /// Word `index` of the synthetic set: 1 to 40 units (longer than the 16 the look-up compares in a
    /// loop, shorter than the cache's limit), its units, advances and flags all derived from `index`.
    static func racedWord(_ index: Int) -> (text: [UInt16], shaped: ShapedSegment) {
        let length = 1 + index % 40
        let text = (0..<length).map { UInt16(truncatingIfNeeded: 0x4E00 + (index &* 31 &+ $0 &* 7) % 5_000) }
        let advances = (0..<length).map { Int32(index * 64 + $0) }
        // A third of the words have flags (a hit copies them), the rest none (a hit leaves them alone).
        let flags = (0..<length).map { index % 3 == 0 ? UInt8(($0 + index) % 4) : 0 }
        return (text, ShapedSegment(advances: advances, flags: flags))
    }

    /// Readers look words up while writers insert them, rotate generations (a small budget), empty the
    /// cache (handing its pages back or keeping them) and raise and lower the budget (a raise maps bigger storage and retires the old one while
    /// readers may be in it): every hit equals exactly what was inserted for that word.
    @Test func lockFreeReadersNeverKeepATornEntry() {
        let saved = SegmentCache.byteLimit
        defer {
            SegmentCache.byteLimit = saved
            SegmentCache.removeAll()
        }
        SegmentCache.removeAll()
        SegmentCache.byteLimit = 8 << 10
        let face = -4_242  // no real face has this id, so no other suite's entry can match
        let words = 400
        let table = (0..<words).map(Self.racedWord)
        let wrong = Atomic<Int>(0)
        let hits = Atomic<Int>(0)
        // Mostly tiny budgets: a shard's generation then holds one to a few words, so nearly every insertion
        // rotates and overwrites an entry a reader may be copying.
        let budgets = [8 << 10, 4 << 10, 16 << 10, 4 << 20, 8 << 10, 32 << 20, 4 << 10, 64 << 10]
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var generator = Fixtures.Generator(state: UInt64(worker + 1))
            for round in 0..<100_000 {
                let index = Int(generator.next() % UInt64(words))
                let (text, shaped) = table[index]
                switch worker {
                case 0:
                    // The writer that also empties the cache and moves the budget.
                    SegmentCache.insert(face: face, scale: 1, script: 0, text: text, shaped)
                    // Every other clear keeps the pages: racing readers then find the old entries' bytes
                    // where the new ones go, not zeros.
                    if round % 4_000 == 3_999 { SegmentCache.removeAll(keepingCapacity: round % 8_000 == 3_999) }
                    if round % 2_500 == 2_499 { SegmentCache.byteLimit = budgets[round / 2_500 % budgets.count] }
                case 3:
                    // A reader that asks in runs, as preparation does.
                    let indices = (0..<4).map { (index + $0 * 97) % words }
                    let run = SegmentCache.lookupRun(face: face, scale: 1, script: 0, texts: indices.map { table[$0].text })
                    hits.add(run.found.count, ordering: .relaxed)
                    for (found, i) in zip(run.found, indices) where found != table[i].shaped {
                        wrong.add(1, ordering: .relaxed)
                    }
                default:
                    // Readers; one also inserts what it missed, as `SegmentShaper` does.
                    if let found = SegmentCache.lookup(face: face, scale: 1, script: 0, text: text) {
                        hits.add(1, ordering: .relaxed)
                        if found != shaped { wrong.add(1, ordering: .relaxed) }
                    } else if worker == 1 {
                        SegmentCache.insert(face: face, scale: 1, script: 0, text: text, shaped)
                    }
                }
            }
        }
        #expect(wrong.load(ordering: .relaxed) == 0)
        #expect(hits.load(ordering: .relaxed) > 0)
        // Hits and misses are counted per thread; the totals include every worker's.
        let statistics = SegmentCache.statistics
        #expect(statistics.hits + statistics.misses > 0)
    }

    /// Texts measured on all cores while another thread keeps emptying the cache and changing its budget
    /// measure exactly as on one thread with a cold cache.
    @Test func measuringWhileTheCacheIsEmptiedMatchesSerial() throws {
        let saved = SegmentCache.byteLimit
        defer { SegmentCache.byteLimit = saved }
        let font = try Fixtures.font(13)
        var generator = Fixtures.Generator(state: 11)
        let requests = (0..<300).map { index in
            LayoutRequest(text: Fixtures.randomText(&generator), font: font, width: CGFloat(90 + index % 200))
        }
        SegmentCache.removeAll()
        let serial = TextBatch.measure(requests, concurrency: 1).map { try? $0.get() }
        let done = Atomic<Bool>(false)
        let churn = Thread {
            var round = 0
            while !done.load(ordering: .acquiring) {
                SegmentCache.removeAll(keepingCapacity: round % 4 < 2)
                SegmentCache.byteLimit = round % 2 == 0 ? 32 << 10 : 8 << 20
                round += 1
                usleep(200)
            }
        }
        churn.start()
        for _ in 0..<3 {
            let parallel = TextBatch.measure(requests, concurrency: 4).map { try? $0.get() }
            #expect(parallel == serial)
        }
        done.store(true, ordering: .releasing)
        while !churn.isFinished { usleep(1_000) }
    }
}
