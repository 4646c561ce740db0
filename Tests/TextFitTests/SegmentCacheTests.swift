import Foundation
import Testing
@testable import TextFit

/// The segment cache is shared process-wide; these tests run serially so counters are theirs alone.
@Suite(.serialized) struct SegmentCacheTests {
    @Test func repeatedWordsHitTheCacheAndCountersAdd() throws {
        SegmentCache.removeAll()
        let font = try Fixtures.font(13)
        _ = PreparedText("zebra quokka zebra quokka", font: font)
        let first = SegmentCache.statistics
        // Segments "zebra ", "quokka ", "zebra ", "quokka": three misses, one hit. Other suites may run at
        // the same time, so counters are compared with ≥.
        #expect(first.misses >= 3)
        #expect(first.hits >= 1)
        _ = PreparedText("zebra quokka zebra quokka", font: font)
        let second = SegmentCache.statistics
        #expect(second.hits >= first.hits + 4)
        #expect(second.bytes > 0)
    }

    /// A run of look-ups (how preparation asks) finds what one look-up per segment finds, in order, and
    /// stops at the first miss or segment too long to cache, counting its hits and misses.
    @Test func aRunOfLookUpsStopsAtTheFirstMiss() {
        SegmentCache.removeAll()
        let face = -7_001  // no real face has this id
        let words = (0..<6).map { Self.racedWord($0 * 7 + 3) }
        for word in words.prefix(4) { SegmentCache.insert(face: face, scale: 1, script: 0, text: word.text, word.shaped) }
        let before = SegmentCache.statistics
        let texts = [words[0].text, words[3].text, words[1].text, words[5].text, words[2].text]
        let run = SegmentCache.lookupRun(face: face, scale: 1, script: 0, texts: texts)
        #expect(run.stop == 3)
        #expect(run.found == [words[0].shaped, words[3].shaped, words[1].shaped])
        for (found, text) in zip(run.found, texts) {
            #expect(found == SegmentCache.lookup(face: face, scale: 1, script: 0, text: text))
        }
        // The run's 3 hits and 1 miss, then the 3 single look-ups' hits (other suites may be counting too).
        let after = SegmentCache.statistics
        #expect(after.hits - before.hits >= 6 && after.misses - before.misses >= 1)
        #expect(
            SegmentCache.lookupRun(face: face, scale: 1, script: 0, texts: Array(texts.suffix(1))).found == [words[2].shaped]
        )
        // A segment too long to cache stops the run.
        let uncached = SegmentCache.lookupRun(face: face, scale: 1, script: 0, texts: [words[2].text, [], words[0].text])
        #expect(uncached.stop == 1 && uncached.found == [words[2].shaped])
        SegmentCache.removeAll()
    }

    /// The cache's key is the text as written and HarfBuzz sees controls substituted (a tab as a space,
    /// other controls as U+200B): a text with controls measures as the substituted text, cold and warm.
    @Test func controlsAreSubstitutedForHarfBuzzOnly() throws {
        let font = try Fixtures.font(15)
        for (written, substituted) in [("a\tb c", "a b c"), ("x\u{1}y\u{7F}z", "x\u{200B}y\u{200B}z")] {
            SegmentCache.removeAll()
            let cold = PreparedText(written, font: font)
            let warm = PreparedText(written, font: font)
            let reference = PreparedText(substituted, font: font)
            #expect(
                cold.prefix == Array(reference.prefix) && warm.prefix == Array(reference.prefix),
                "\(written.debugDescription)")
            for segment in cold.segments {
                let text = Array(cold.units[Int(segment.start)..<Int(segment.end)])
                let script = segment.script == HarfBuzzScript.common ? 0 : segment.script
                #expect(
                    SegmentCache.lookup(face: cold.face(Int(segment.face)).id, scale: font.scale, script: script, text: text)
                        != nil,
                    "\(written.debugDescription): \(text)")
            }
        }
    }

    /// `removeAll(keepingCapacity: true)` forgets every entry like `removeAll()`; what is cached after it
    /// reads back exactly, a plain word's flags as zeros even where an earlier entry's flags were written
    /// (an entry without flags leaves the flags arena alone, and the kept pages are not zeroed).
    @Test func aClearThatKeepsItsPagesForgetsEveryEntry() throws {
        let face = -7_002  // no real face has this id
        let text = Array("kept".utf16)
        let flagged = ShapedSegment(advances: [1, 2, 3, 4], flags: [0, 1, 3, 2])
        let plain = ShapedSegment(advances: [5, 6, 7, 8], flags: [0, 0, 0, 0])
        // Other suites insert into the process-wide cache meanwhile, so "every entry" is checked on entries
        // of a face only this test uses, not on the cache's entry count.
        let others = ["gone", "each", "word"].map { Array($0.utf16) }
        for keepingCapacity in [true, false] {
            SegmentCache.removeAll()
            SegmentCache.insert(face: face, scale: 1, script: 0, text: text, flagged)
            for other in others { SegmentCache.insert(face: face, scale: 1, script: 0, text: other, plain) }
            #expect(SegmentCache.lookup(face: face, scale: 1, script: 0, text: text) == flagged)
            SegmentCache.removeAll(keepingCapacity: keepingCapacity)
            #expect(SegmentCache.lookup(face: face, scale: 1, script: 0, text: text) == nil)
            for other in others { #expect(SegmentCache.lookup(face: face, scale: 1, script: 0, text: other) == nil) }
            // The same key, so the same shard, and in an emptied generation the same arena offset.
            SegmentCache.insert(face: face, scale: 1, script: 0, text: text, plain)
            #expect(SegmentCache.lookup(face: face, scale: 1, script: 0, text: text) == plain, "keeping: \(keepingCapacity)")
        }
        SegmentCache.removeAll()
    }

    /// What a miss reports: a word shaped with no flag set says so (`.advancesOnly`, flags written as zeros),
    /// so preparation copies no flags for it; one with flags says `.advancesAndFlags`. Both are cached.
    @Test func aMissSaysWhetherTheWordHasFlags() throws {
        SegmentCache.removeAll()
        let font = try Fixtures.font(17)
        let harfBuzz = try #require(FontCatalog.shared.harfBuzzFont(face: font.face, scale: font.scale))
        var seen: Set<String> = []
        // Plain words, ligatures and kerned pairs (unsafe to break inside), a word with a missing glyph.
        for word in ["quokka", "offish", "flat", "AVATAR", "Te", "x\u{E000}y"] {
            let units = Array(word.utf16)
            var advances = [Int32](repeating: -1, count: units.count)
            var flags = [UInt8](repeating: 0xFF, count: units.count)
            let result = units.withUnsafeBufferPointer { text in
                SegmentShaper.shapeMissed(
                    SegmentCache.Key(face: font.face.id, scale: font.scale, script: 0, text: text),
                    advances: &advances, flags: &flags
                ) { harfBuzz }
            }
            let reference = SegmentShaper.shapeUncached(units[...], script: 0, font: harfBuzz)
            let expected: SegmentShaper.Result = reference.flags.allSatisfy { $0 == 0 } ? .advancesOnly : .advancesAndFlags
            seen.insert("\(expected)")
            #expect(result == expected, "\(word)")
            #expect(advances == reference.advances && flags == reference.flags, "\(word)")
            #expect(
                SegmentCache.lookup(face: font.face.id, scale: font.scale, script: 0, text: units) == reference, "\(word)")
        }
        #expect(seen.count == 2, "both kinds of word: \(seen)")
        SegmentCache.removeAll()
    }

    @Test func theCacheStaysWithinItsByteBudget() throws {
        SegmentCache.removeAll()
        let saved = SegmentCache.byteLimit
        defer { SegmentCache.byteLimit = saved }
        SegmentCache.byteLimit = 64 * 1024
        let font = try Fixtures.font(11)
        var generator = Fixtures.Generator(state: 99)
        for _ in 0..<200 {
            let words = (0..<50).map { _ in
                String((0..<8).map { _ in "abcdefghijklmnopqrstuvwxyz".randomElement(using: &generator)! })
            }
            _ = PreparedText(words.joined(separator: " "), font: font)
            #expect(SegmentCache.statistics.bytes <= 64 * 1024)
        }
        #expect(SegmentCache.statistics.evictions > 0)
    }

    /// Measuring from many threads at once gives the same answers as from one thread.
    @Test func concurrentMeasuringMatchesSerial() async throws {
        SegmentCache.removeAll()
        let font = try Fixtures.font(15)
        var generator = Fixtures.Generator(state: 7)
        let texts = (0..<300).map { _ in Fixtures.randomText(&generator) }
        func measure(_ text: String) throws -> [Range<Int>] {
            try PreparedText(text, font: font).layout(width: 180, numberOfLines: 3, lineBreakMode: .byTruncatingTail)
                .lines.flatMap { [$0.range, 0..<Int(($0.width * 1024).rounded())] }
        }
        let serial = try texts.map(measure)
        SegmentCache.removeAll()
        let parallel = try await withThrowingTaskGroup(of: (Int, [Range<Int>]).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try measure(text)) }
            }
            var results = [[Range<Int>]](repeating: [], count: texts.count)
            for try await (index, value) in group { results[index] = value }
            return results
        }
        #expect(parallel == serial)
        // A prepared text is shared across threads as well.
        let shared = PreparedText(texts.joined(separator: " "), font: font)
        let expected = try shared.layout(width: 200).lines.map(\.range)
        try await withThrowingTaskGroup(of: [Range<Int>].self) { group in
            for _ in 0..<8 { group.addTask { try shared.layout(width: 200).lines.map(\.range) } }
            for try await lines in group { #expect(lines == expected) }
        }
    }
}

@Suite struct TextBatchTests {
    /// The batch API's answers, in order, equal one thread's.
    @Test func batchOnAllCoresEqualsOneThread() throws {
        var generator = Fixtures.Generator(state: 5)
        let fonts = try [Fixtures.font(13), Fixtures.font(17)]
        var requests = (0..<400).map { index in
            LayoutRequest(
                text: Fixtures.randomText(&generator), font: fonts[index % 2],
                width: CGFloat(80 + index % 300), numberOfLines: index % 4,
                lineBreakMode: index % 3 == 0 ? .byTruncatingTail : .byWordWrapping)
        }
        requests.append(LayoutRequest(text: "bad", font: fonts[0], width: -1))
        let parallel = TextBatch.layout(requests, concurrency: 4)
        let serial = TextBatch.layout(requests, concurrency: 1)
        #expect(parallel.count == requests.count)
        for (a, b) in zip(parallel, serial) {
            switch (a, b) {
            case (.success(let x), .success(let y)): #expect(x == y)
            case (.failure(let x), .failure(let y)): #expect("\(x)" == "\(y)")
            default: Issue.record("parallel and serial disagree: \(a) vs \(b)")
            }
        }
        guard case .failure(let error) = parallel.last else { Issue.record("a negative width must fail"); return }
        #expect(error as? MeasureError == .invalidWidth(-1))
        let metrics = TextBatch.measure(Array(requests.dropLast()), concurrency: 2)
        #expect(try metrics.map { try $0.get().lineCount } == serial.dropLast().map { try $0.get().lineCount })
    }

    /// Chunks follow the texts' lengths: very uneven lengths (empty strings, titles, a few long articles,
    /// fewer requests than chunks) still give every answer once, in order.
    @Test func unevenLengthsAreAllAnsweredInOrder() throws {
        let font = try Fixtures.font(15)
        let article = String(repeating: Fixtures.samples.joined(separator: " ") + " ", count: 40)
        for count in [1, 2, 3, 5, 40, 301] {
            let requests = (0..<count).map { (index: Int) -> LayoutRequest in
                let text: String
                if index % 17 == 3 { text = article } else if index % 5 == 0 { text = "" } else { text = "Title \(index)" }
                return LayoutRequest(text: text, font: font, width: CGFloat(100 + index))
            }
            let serial = TextBatch.measure(requests, concurrency: 1).map { try? $0.get() }
            for workers in [2, 3, 7] {
                #expect(
                    TextBatch.measure(requests, concurrency: workers).map { try? $0.get() } == serial,
                    "\(count) requests on \(workers) workers")
            }
        }
    }

    /// `TextBatch.map`: the caller's own work on the pool, every element once, in order, with its own
    /// errors, however uneven the costs (a zero, negative or huge estimate only changes the ranges).
    @Test func mapRunsEveryElementOnceInOrder() throws {
        struct Odd: Error, Equatable { let value: Int }
        let count = 400
        // `Locked` (a pthread mutex), not `Mutex`: ThreadSanitizer cannot see a futex-based lock.
        let calls = Locked([Int](repeating: 0, count: count))
        let costs: [(Int) -> Int] = [{ _ in 0 }, { $0 % 7 == 0 ? 10_000 : 1 }, { _ in -5 }, { _ in Int.max }]
        for cost in costs {
            for workers in [1, 2, 5] {
                calls.withLock { $0 = [Int](repeating: 0, count: count) }
                let results = TextBatch.map(Array(0..<count), concurrency: workers, cost: cost) { value in
                    calls.withLock { $0[value] += 1 }
                    if value % 97 == 13 { throw Odd(value: value) }
                    return value * 2
                }
                #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count), "\(workers) workers")
                #expect(results.count == count)
                for (value, result) in results.enumerated() {
                    switch result {
                    case .success(let doubled): #expect(value % 97 != 13 && doubled == value * 2)
                    case .failure(let error): #expect(error as? Odd == Odd(value: value))
                    }
                }
            }
        }
        #expect(TextBatch.map([Int](), { $0 }).isEmpty)
    }
}
