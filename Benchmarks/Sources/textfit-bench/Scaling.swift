import CBenchPeers
import Dispatch
import Foundation
import Synchronization
import TextFit

/// `--mode scaling` (not part of `all`): where the parallel mode's CPU time on two threads goes.
///
/// The parallel mode compares `TextBatch.measure` on all cores with one thread. Its CPU ratio (two threads'
/// CPU / one thread's, same work) mixes three things: contention between the threads (shared cache lines,
/// memory bandwidth), the second core being cold (its caches and predictors last ran something else), and
/// Dispatch's start and end. This mode separates them with two threads of its own, the main thread (T0)
/// and one more (T1), kept for the whole run so both cores are equally warm. Each round, on the same split
/// of one set's cases (chunks alternating between the threads, as `TextBatch` deals them out):
///
/// * **alone**: T0 does its half while T1 sleeps, then T1 its half while T0 sleeps;
/// * **together**: both at once, started together (T0 spins until T1 is awake);
/// * **batch**: `TextBatch.measure` at concurrency 1 and 2 over the whole set (the parallel mode's pair).
///
/// CPU is each thread's own clock. `together/alone` = the two threads' CPU together ÷ alone for the same
/// halves: 1.00 means no cost of running at once. Rounds where a thread waited for a CPU more than 3 % of
/// its phase (another process held the core) are dropped. Work variants isolate the parts of the work:
/// `full` = prepare + measure (the batch's work), `prepare` = `PreparedText` only, `measure` = `measure` on
/// texts prepared before (no allocation), `alu` = integer arithmetic of similar length (the machine),
/// `face` = `full` with T1's cases in a font loaded from a copy of the font file (no face shared).
extension Bench {
    /// The case sets, then all cases as one set when there are several (the scaling mode's rows).
    var setsWithAll: [CaseSet] {
        loaded.sets.count > 1 ? loaded.sets + [CaseSet(name: "all", cases: loaded.all)] : loaded.sets
    }

    func runScaling() {
        let parts = ProcessInfo.processInfo.environment["SCALING_PARTS"] ?? "chunks,phases,timeline"
        if parts.contains("chunks") { runScalingChunks() }
        if parts.contains("phases") { runScalingPhases() }
        if parts.contains("timeline") { runScalingTimeline() }
        if parts.contains("faults") { runScalingFaults() }
        if parts.contains("locality") { runScalingLocality() }
        if parts.contains("batch") { runScalingBatch() }
        if parts.contains("pages") { runScalingPages() }
        if parts.contains("rows") { runScalingRows() }
        if parts.contains("cells") { runScalingCells() }
    }

    /// Page faults and context switches per pass of `TextBatch.measure` at concurrency 1 and 2 (getrusage:
    /// counts, so a busy machine does not blur them). Faults on two threads that one does not take point at
    /// the allocator giving memory back and taking it again (a thread's own arena trimmed between texts).
    func runScalingFaults() {
        let passes = max(3, options.samples)
        print("")
        print("scaling: per pass of TextBatch.measure: minor page faults, voluntary / involuntary context switches")
        print("set        1 thread: faults  vol  invol   2 threads: faults  vol  invol")
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            var row: [Double] = []
            for concurrency in [1, 2] {
                for _ in 0..<2 { consume(Passes.textfitBatch(requests, concurrency: concurrency)) }
                var before = rusage(), after = rusage()
                getrusage(RUSAGE_SELF.rawValue, &before)
                for _ in 0..<passes { consume(Passes.textfitBatch(requests, concurrency: concurrency)) }
                getrusage(RUSAGE_SELF.rawValue, &after)
                let n = Double(passes)
                row += [
                    Double(after.ru_minflt - before.ru_minflt) / n, Double(after.ru_nvcsw - before.ru_nvcsw) / n,
                    Double(after.ru_nivcsw - before.ru_nivcsw) / n,
                ]
            }
            print(
                pad(set.name, 10)
                    + String(
                        format: " %16.1f %5.1f %6.1f %19.1f %5.1f %6.1f", row[0], row[1], row[2], row[3], row[4], row[5]))
        }
    }

    /// The cost of running at once, robust on a busy machine: each thread times its half in chunks of a few
    /// texts (wall and own CPU); a chunk run together counts when it and the other thread's chunks over the
    /// same interval ran unpreempted (wall < 1.1 × CPU), and it is compared with the same chunk run alone
    /// (also unpreempted). Summed over rounds: CPU together / CPU alone for the same texts, and 2 / that, the
    /// speed-up two cores would give with nothing else lost (no start, tail or Dispatch cost).
    func runScalingChunks() {
        let rounds = max(3, options.samples)
        let partner = Partner()
        print("")
        print("scaling: chunks of ~20 µs, each run alone and together on warm threads; CPU together / alone, same chunks")
        print("set        variant   together/alone  2/that  chunks matched (of)")
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            let halves = Self.halves(requests)
            // Chunks of about 2 000 bytes of text (+40 per text), within each half.
            let chunks: [[[Int]]] = halves.map { half in
                var result: [[Int]] = [[]]
                var cost = 0
                for i in half {
                    result[result.count - 1].append(i)
                    cost += requests[i].text.utf8.count + 40
                    if cost >= 2000 { result.append([]); cost = 0 }
                }
                return result.filter { !$0.isEmpty }
            }
            for variant in ["full", "alu"] {
                func body(_ i: Int) -> Int {
                    let r = requests[i]
                    if variant == "alu" {
                        var x = UInt64(i)
                        for _ in 0..<(r.text.utf8.count + 40) * 6 {
                            x = x &* 6364136223846793005 &+ 1442695040888963407; x ^= x >> 29
                        }
                        return Int(truncatingIfNeeded: x)
                    }
                    return
                        (try? PreparedText(r.text, font: r.font).measure(
                            width: r.width, numberOfLines: r.numberOfLines,
                            lineBreakMode: r.lineBreakMode
                        ).lineCount) ?? 0
                }
                let jobs = [0, 1].map { t in { ChunkTimes.run(chunks[t], body) } }
                var together = 0.0, alone = 0.0, matched = 0, total = 0
                var warm = [ChunkTimes](), _ = 0
                warm = [jobs[0](), partner.runValue(jobs[1])]
                _ = warm
                for _ in 0..<rounds {
                    let alone0 = jobs[0]()
                    let alone1 = partner.runValue(jobs[1])
                    let (both0, both1) = partner.togetherValues(jobs[0], jobs[1])
                    for (mine, other, lone) in [(both0, both1, alone0), (both1, both0, alone1)] {
                        total += mine.cpu.count
                        for c in mine.cpu.indices
                        where lone.clean(c) && mine.clean(c) && other.covers(mine.start[c], mine.end[c]) {
                            together += mine.cpu[c]
                            alone += lone.cpu[c]
                            matched += 1
                        }
                    }
                }
                let ratio = together / alone
                print(
                    pad(set.name, 10) + " " + pad(variant, 8)
                        + String(format: " %14.3f  %5.2fx  %6d (%d)", ratio, 2 / ratio, matched, total))
            }
        }
        partner.stop()
    }

    func runScalingPhases() {
        let rounds = max(3, options.samples)
        progress(
            "scaling: \(rounds) rounds per set and variant; load average \(String(format: "%.2f", Report.loadAverage()))")
        let partner = Partner()
        // A second face of the same font (another id, so its own cache entries), for the `face` variant.
        let copiedFonts = copyFonts()
        print("")
        print("scaling: CPU µs per text; together/alone = both threads' CPU running at once ÷ each alone, same halves")
        print("set        variant   alone T0  alone T1  together tog/alone  harness    batch batchCPU  clean")
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            let prepared = set.cases.map { PreparedText($0.text, font: $0.font) }
            let halves = Self.halves(requests)
            let otherFont: [LayoutRequest] = requests.map { request in
                var copy = request
                if let font = copiedFonts[request.font.filePath] {
                    copy.font = (try? font.withSize(request.font.pointSize)) ?? request.font
                }
                return copy
            }
            for variant in ["full", "prepare", "measure", "alu", "face"] {
                if variant == "face" && copiedFonts.isEmpty { continue }
                // The work of one half: returns a checksum.
                func work(_ thread: Int) -> () -> Int {
                    let indices = halves[thread]
                    let source = variant == "face" && thread == 1 ? otherFont : requests
                    switch variant {
                    case "prepare":
                        return {
                            indices.reduce(0) { $0 &+ PreparedText(source[$1].text, font: source[$1].font).utf16Count }
                        }
                    case "measure":
                        return {
                            indices.reduce(0) { sum, i in
                                let r = requests[i]
                                let m = try? prepared[i].measure(
                                    width: r.width, numberOfLines: r.numberOfLines, lineBreakMode: r.lineBreakMode)
                                return sum &+ (m?.lineCount ?? 0)
                            }
                        }
                    case "alu":
                        // About 40 ns of dependent arithmetic per UTF-8 byte: the same spread of lengths.
                        return {
                            var x = UInt64(thread + 1)
                            for i in indices {
                                for _ in 0..<(requests[i].text.utf8.count + 40) * 24 {
                                    x = x &* 6364136223846793005 &+ 1442695040888963407; x ^= x >> 29
                                }
                            }
                            return Int(truncatingIfNeeded: x)
                        }
                    default:
                        return {
                            indices.reduce(0) { sum, i in
                                let r = source[i]
                                let m = try? PreparedText(r.text, font: r.font).measure(
                                    width: r.width, numberOfLines: r.numberOfLines,
                                    lineBreakMode: r.lineBreakMode)
                                return sum &+ (m?.lineCount ?? 0)
                            }
                        }
                    }
                }
                // Each phase repeats its half until it lasts about 4 ms, so a thread's start is a small part of it.
                let single = [work(0), work(1)]
                let once = Phase.measure(single[0]).wall
                let repeats = max(1, Int((4e6 / max(once, 1)).rounded(.up)))
                let jobs: [() -> Int] = single.map { job in { (0..<repeats).reduce(0) { sum, _ in sum &+ job() } } }
                // Warm both threads (and, for `face`, the copied face's cache entries).
                consume(jobs[0]()); consume(partner.run(jobs[1]).value)
                consume(jobs[1]()); consume(partner.run(jobs[0]).value)
                var alone0: [Double] = [], alone1: [Double] = [], together: [Double] = [], ratio: [Double] = []
                var harness: [Double] = [], batch: [Double] = [], batchCPU: [Double] = []
                var clean = 0
                for round in 0..<rounds {
                    // Alone: T0's half here, then T1's half on T1.
                    let a0 = Phase.measure(jobs[0])
                    let a1 = partner.run(jobs[1])
                    let (t0, t1) = partner.together(jobs[0], jobs[1])
                    var b1 = (wall: 0.0, cpu: 0.0), b2 = (wall: 0.0, cpu: 0.0)
                    if variant == "full" {
                        let order = round % 2 == 0 ? [1, 2] : [2, 1]
                        for concurrency in order {
                            let cpu0 = bench_process_cpu_ns()
                            let start = now()
                            consume(Passes.textfitBatch(requests, concurrency: concurrency))
                            let result = (wall: Double(now() - start), cpu: Double(bench_process_cpu_ns() - cpu0))
                            if concurrency == 1 { b1 = result } else { b2 = result }
                        }
                    }
                    for phase in [a0, a1, t0, t1] { consume(phase.value) }
                    guard [a0, a1, t0, t1].allSatisfy({ $0.wait < 0.03 * $0.wall }) else { continue }
                    clean += 1
                    let n = Double(requests.count)
                    let r = Double(repeats)
                    alone0.append(a0.cpu / 1000 / Double(halves[0].count) / r)
                    alone1.append(a1.cpu / 1000 / Double(halves[1].count) / r)
                    together.append((t0.cpu + t1.cpu) / 1000 / n / r)
                    ratio.append((t0.cpu + t1.cpu) / (a0.cpu + a1.cpu))
                    harness.append((a0.wall + a1.wall) / max(t0.wall, t1.wall))
                    if variant == "full" { batch.append(b1.wall / b2.wall); batchCPU.append(b2.cpu / b1.cpu) }
                }
                print(
                    pad(set.name, 10) + " " + pad(variant, 8)
                        + String(
                            format: " %9.3f %9.3f %9.3f %8.3f %7.2fx %7.2fx %8.3f %3d/%d",
                            median(alone0), median(alone1), median(together), median(ratio), median(harness),
                            median(batch), median(batchCPU), clean, rounds))
            }
        }
        partner.stop()
    }

    func runScalingTimeline() {
        let rounds = max(3, options.samples)
        print("")
        print(
            "scaling: TextBatch's former way (concurrentPerform over 32 cost-balanced chunks), each chunk timed; µs per pass"
        )
        print(
            "set        1t wall  2t wall  speedup  setup  2nd-start  tail  after  CPU/text main  worker  1t   2t-wait kept")
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            var rows: [[Double]] = []
            for round in 0..<(rounds + 2) {
                let timeline =
                    round % 2 == 0
                    ? [Timeline.run(requests, concurrency: 1), Timeline.run(requests, concurrency: 2)]
                    : [Timeline.run(requests, concurrency: 2), Timeline.run(requests, concurrency: 1)].reversed()
                // Kept unless the 1-thread pass waited for a CPU (the 2-thread pass's wait includes waking its worker).
                guard round >= 2, timeline[0].wait < 0.03 * timeline[0].wall else { continue }
                rows.append(
                    Timeline.summary(one: timeline[0], two: timeline[1], texts: requests.count) + [timeline[1].wait / 1000])
            }
            let columns = rows.isEmpty ? [] : (0..<rows[0].count).map { c in median(rows.map { $0[c] }) }
            guard columns.count == 11 else { print(pad(set.name, 10) + " no clean rounds"); continue }
            print(
                pad(set.name, 10)
                    + String(
                        format: " %7.1f  %7.1f  %6.2fx  %5.1f  %9.1f  %4.1f  %5.1f  %13.3f  %6.3f  %5.3f %6.1f %2d/%d",
                        columns[0], columns[1], columns[2], columns[3], columns[4], columns[5], columns[6],
                        columns[7], columns[8], columns[9], columns[10], rows.count, rounds))
        }
    }

    /// The cases split as `TextBatch` deals them: 32 chunks of about equal cost, alternating between two threads.
    static func halves(_ requests: [LayoutRequest]) -> [[Int]] {
        let costs = requests.map { $0.text.utf8.count + 40 }
        let target = max(1, costs.reduce(0, +) / 32)
        var halves: [[Int]] = [[], []]
        var chunk = 0, cost = 0
        for (index, c) in costs.enumerated() {
            halves[chunk % 2].append(index)
            cost += c
            if cost >= target { chunk += 1; cost = 0 }
        }
        return halves
    }

    /// Copies of the fonts' files in a temporary folder, loaded as fonts of their own (their own faces).
    private func copyFonts() -> [String: Font] {
        var fonts: [String: Font] = [:]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textfit-scaling-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for c in loaded.all where fonts[c.font.filePath] == nil {
            let source = URL(fileURLWithPath: c.font.filePath)
            let target = folder.appendingPathComponent(source.lastPathComponent)
            try? FileManager.default.removeItem(at: target)
            guard (try? FileManager.default.copyItem(at: source, to: target)) != nil,
                let font = try? Font(file: target.path, faceIndex: c.font.faceIndex, size: c.font.pointSize)
            else { continue }
            fonts[c.font.filePath] = font
        }
        return fonts
    }
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One thread's run of a job: its wall time, its own CPU time and its wait for a CPU, in ns.
struct Phase {
    var wall = 0.0, cpu = 0.0, wait = 0.0, value = 0

    static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    static func measure(_ job: () -> Int) -> Phase {
        let wait0 = bench_thread_run_delay_ns()
        let cpu0 = threadCPU()
        let start = now()
        let value = job()
        let wall = Double(now() - start)
        return Phase(wall: wall, cpu: threadCPU() - cpu0, wait: Double(bench_thread_run_delay_ns() - wait0), value: value)
    }
}

/// The second thread (T1): sleeps between jobs; for a `together` phase it reports itself awake and then
/// waits for the main thread's go, so both start within a few hundred nanoseconds.
final class Partner: @unchecked Sendable {
    // @unchecked: `job` and `result` are handed over through the semaphores, which order the accesses.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let ready = Atomic<Int>(0)
    private let go = Atomic<Int>(0)
    private var job: (() -> Int)?
    private var synchronised = false
    private var result = Phase()
    private var thread: Thread?

    init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
    }

    private func loop() {
        while true {
            wake.wait()
            guard let job else { return }
            if synchronised {
                ready.store(1, ordering: .releasing)
                while go.load(ordering: .acquiring) == 0 {}
            }
            result = Phase.measure(job)
            finished.signal()
        }
    }

    /// `job` alone on T1, this thread sleeping.
    func run(_ job: @escaping () -> Int) -> Phase {
        self.job = job
        synchronised = false
        wake.signal()
        finished.wait()
        return result
    }

    /// `mine` here and `theirs` on T1 at the same time.
    func together(_ mine: () -> Int, _ theirs: @escaping () -> Int) -> (Phase, Phase) {
        job = theirs
        synchronised = true
        ready.store(0, ordering: .relaxed)
        go.store(0, ordering: .relaxed)
        wake.signal()
        while ready.load(ordering: .acquiring) == 0 {}
        go.store(1, ordering: .releasing)
        let here = Phase.measure(mine)
        finished.wait()
        return (here, result)
    }

    func stop() {
        job = nil
        wake.signal()
    }
}

/// `TextBatch.map`'s parallel path as it was up to 2f1ebfe (32 fixed cost-balanced chunks; it now hands out
/// ranges by guided self-scheduling), copied with each chunk's thread, start, end and CPU recorded: fixed
/// chunks are what make the worker's late start and the tail visible chunk by chunk.
struct Timeline {
    var start = 0.0, setupEnd = 0.0, performEnd = 0.0, end = 0.0, wall = 0.0, wait = 0.0
    var chunkThread: [UInt] = [], chunkStart: [Double] = [], chunkEnd: [Double] = [], chunkCPU: [Double] = [],
        chunkTexts: [Int] = []
    var mainThread: UInt = 0

    final class Record: @unchecked Sendable {
        // @unchecked: each chunk's slots are written by the one thread that ran it, read after the join.
        let thread: UnsafeMutablePointer<UInt>, start: UnsafeMutablePointer<Double>, end: UnsafeMutablePointer<Double>
        let cpu: UnsafeMutablePointer<Double>
        init(_ n: Int) {
            thread = .allocate(capacity: n); start = .allocate(capacity: n); end = .allocate(capacity: n);
            cpu = .allocate(capacity: n)
        }
        deinit { thread.deallocate(); start.deallocate(); end.deallocate(); cpu.deallocate() }
    }

    static func run(_ requests: [LayoutRequest], concurrency: Int) -> Timeline {
        var t = Timeline()
        t.mainThread = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
        let wait0 = bench_run_delay_ns()
        t.start = Double(now())
        if concurrency == 1 {
            let cpu0 = Phase.threadCPU()
            var checksum = 0
            for r in requests {
                if let m = try? PreparedText(r.text, font: r.font).measure(
                    width: r.width, numberOfLines: r.numberOfLines,
                    lineBreakMode: r.lineBreakMode)
                {
                    checksum &+= m.lineCount
                }
            }
            consume(checksum)
            t.end = Double(now())
            t.chunkCPU = [Phase.threadCPU() - cpu0]
            t.chunkTexts = [requests.count]
            t.wall = t.end - t.start
            t.wait = Double(bench_run_delay_ns() - wait0)
            return t
        }
        let count = requests.count
        let bounds = chunkBounds(requests, chunks: concurrency * 16)
        let chunks = bounds.count - 1
        let record = Record(chunks)
        t.setupEnd = Double(now())
        let results = [Result<TextMetrics, Error>](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            nonisolated(unsafe) let output = buffer
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                record.thread[chunk] = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
                record.start[chunk] = Double(now())
                let cpu0 = Phase.threadCPU()
                for index in bounds[chunk]..<bounds[chunk + 1] {
                    let r = requests[index]
                    (output.baseAddress! + index).initialize(
                        to: Result {
                            try PreparedText(r.text, font: r.font).measure(
                                width: r.width, numberOfLines: r.numberOfLines,
                                lineBreakMode: r.lineBreakMode)
                        })
                }
                record.cpu[chunk] = Phase.threadCPU() - cpu0
                record.end[chunk] = Double(now())
            }
            initializedCount = count
        }
        t.performEnd = Double(now())
        consume(results.count)
        t.end = Double(now())
        t.wall = t.end - t.start
        t.wait = Double(bench_run_delay_ns() - wait0)
        t.chunkThread = Array(UnsafeBufferPointer(start: record.thread, count: chunks))
        t.chunkStart = Array(UnsafeBufferPointer(start: record.start, count: chunks))
        t.chunkEnd = Array(UnsafeBufferPointer(start: record.end, count: chunks))
        t.chunkCPU = Array(UnsafeBufferPointer(start: record.cpu, count: chunks))
        t.chunkTexts = (0..<chunks).map { bounds[$0 + 1] - bounds[$0] }
        return t
    }

    /// 1t wall, 2t wall (µs), speed-up, setup (before concurrentPerform), the second thread's first chunk after
    /// concurrentPerform began, the tail (one thread done, the other still working), after (from the end of
    /// concurrentPerform to the return), CPU per text of the main thread's chunks, of the other's, and of 1 thread.
    static func summary(one: Timeline, two: Timeline, texts: Int) -> [Double] {
        var firstStart: [UInt: Double] = [:], lastEnd: [UInt: Double] = [:], cpu: [UInt: Double] = [:],
            count: [UInt: Int] = [:]
        for c in two.chunkThread.indices {
            let thread = two.chunkThread[c]
            firstStart[thread] = min(firstStart[thread] ?? .infinity, two.chunkStart[c])
            lastEnd[thread] = max(lastEnd[thread] ?? 0, two.chunkEnd[c])
            cpu[thread, default: 0] += two.chunkCPU[c]
            count[thread, default: 0] += two.chunkTexts[c]
        }
        let others = firstStart.keys.filter { $0 != two.mainThread }
        let secondStart = others.map { firstStart[$0]! }.min().map { $0 - two.setupEnd } ?? .nan
        let ends = lastEnd.values.sorted()
        let tail = ends.count > 1 ? ends.last! - ends.first! : .nan
        let mainCPU = cpu[two.mainThread].map { $0 / Double(count[two.mainThread]!) } ?? .nan
        let otherCPU = others.reduce(0.0) { $0 + cpu[$1]! } / Double(max(1, others.reduce(0) { $0 + count[$1]! }))
        return [
            one.wall / 1000, two.wall / 1000, one.wall / two.wall, (two.setupEnd - two.start) / 1000, secondStart / 1000,
            tail / 1000, (two.end - two.performEnd) / 1000, mainCPU / 1000, otherCPU / 1000,
            one.chunkCPU[0] / 1000 / Double(texts),
        ]
    }

    /// `TextBatch.chunkBounds`, copied.
    static func chunkBounds(_ requests: [LayoutRequest], chunks: Int) -> [Int] {
        let perText = 40
        let costs = requests.map { $0.text.utf8.count + perText }
        let total = costs.reduce(0, +)
        let target = max(1, total / max(1, chunks))
        var bounds = [0]
        var cost = 0
        for (index, textCost) in costs.enumerated() {
            cost += textCost
            if cost >= target, index + 1 < requests.count {
                bounds.append(index + 1)
                cost = 0
            }
        }
        bounds.append(requests.count)
        return bounds
    }
}

/// One thread's chunks: each chunk's start and end (monotonic ns) and the thread's CPU time over it.
struct ChunkTimes: Sendable {
    var start: [Double] = [], end: [Double] = [], cpu: [Double] = [], sink = 0

    static func run(_ chunks: [[Int]], _ body: (Int) -> Int) -> ChunkTimes {
        var t = ChunkTimes()
        t.start.reserveCapacity(chunks.count); t.end.reserveCapacity(chunks.count); t.cpu.reserveCapacity(chunks.count)
        var sink = 0
        for chunk in chunks {
            let s = Double(now())
            let c = Phase.threadCPU()
            for i in chunk { sink &+= body(i) }
            t.cpu.append(Phase.threadCPU() - c)
            t.start.append(s)
            t.end.append(Double(now()))
        }
        t.sink = sink
        return t
    }

    /// Chunk `c` ran unpreempted.
    func clean(_ c: Int) -> Bool { end[c] - start[c] < 1.1 * cpu[c] }

    /// Whether this thread ran unpreempted chunks over all of [from, to].
    func covers(_ from: Double, _ to: Double) -> Bool {
        // The first chunk ending after `from` (binary search), then consecutive clean chunks to `to`.
        var low = 0, high = end.count
        while low < high { let mid = (low + high) / 2; if end[mid] < from { low = mid + 1 } else { high = mid } }
        guard low < end.count, start[low] <= from else { return false }
        var covered = from, c = low
        while c < end.count, start[c] < to {
            guard clean(c), start[c] <= covered + 2000 else { return false }
            covered = end[c]
            c += 1
        }
        return covered >= to
    }
}

extension Partner {
    func runValue<T>(_ job: @escaping () -> T) -> T {
        nonisolated(unsafe) var value: T?
        _ = run {
            value = job(); return 0
        }
        return value!
    }

    func togetherValues<T>(_ mine: () -> T, _ theirs: @escaping () -> T) -> (T, T) {
        nonisolated(unsafe) var value: T?
        var here: T?
        _ = together(
            {
                here = mine(); return 0
            },
            {
                value = theirs(); return 0
            })
        return (here!, value!)
    }
}

/// Threads that spin (reading one flag) while held, so no other process gets those cores; `release`
/// returns the CPU time they spent, in ns.
final class CoreHolder: @unchecked Sendable {
    // @unchecked: the counters are atomics; `wake` orders the rest.
    private let holding = Atomic<Int>(0)
    private let spentNanoseconds = Atomic<Int>(0)
    private let running = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    private let count: Int

    init(count: Int) {
        self.count = count
        for _ in 0..<count {
            let thread = Thread { [self] in
                while true {
                    wake.wait()
                    let start = Phase.threadCPU()
                    running.add(1, ordering: .relaxed)
                    while holding.load(ordering: .relaxed) == 1 {}
                    spentNanoseconds.add(Int(Phase.threadCPU() - start), ordering: .relaxed)
                    running.subtract(1, ordering: .releasing)
                }
            }
            thread.start()
        }
    }

    func hold() {
        holding.store(1, ordering: .relaxed)
        for _ in 0..<count { wake.signal() }
        // Until every holder spins.
        while running.load(ordering: .acquiring) < count {}
    }

    func release() -> Double {
        holding.store(0, ordering: .relaxed)
        while running.load(ordering: .acquiring) > 0 {}
        return Double(spentNanoseconds.exchange(0, ordering: .relaxed))
    }
}
