// `--mode scaling` parts about the threads TextBatch hands work to: `locality` (what a second thread's CPU per
// text depends on), `batch` (one call's CPU split by thread), `pages` (back-to-back calls: pool vs Dispatch).
import CBenchPeers
import Dispatch
import Foundation
import Synchronization
import TextFit

/// `SCALING_PARTS=locality`: why a second thread's CPU per text is higher than the calling thread's.
///
/// The same half of a set (the chunks `TextBatch` would give a second worker) is timed by its thread's own
/// CPU clock after different histories:
///
/// * `main after main`: the main thread passes over the whole set, then runs the half (the one-thread case);
/// * `T1 after main, slept` / `spun`: the main thread passes over the set while T1 (a thread of its own,
///   kept for the run) sleeps on a semaphore or spins on a flag, then T1 runs the half: the data was last
///   touched on the other core (the parallel mode's warm-up and one-thread passes do that);
/// * `T1 after T1`: T1 passes over the set, then runs the half at once (T1's own warm baseline);
/// * `T1 after T1, slept` / `spun`: T1 passes over the set, the main thread passes over it while T1
///   sleeps or spins, then T1 runs the half: whether a core that halted loses its state (a vCPU's
///   physical core lent to someone else) apart from where the data was last used.
extension Bench {
    func runScalingLocality() {
        let rounds = max(5, options.samples)
        let worker = LocalityWorker()
        // LOCALITY_PIN=01: the main thread on CPU 0 and T1 on CPU 1; 10 the other way round.
        let pin = ProcessInfo.processInfo.environment["LOCALITY_PIN"].map { Array($0).compactMap { Int32(String($0)) } }
        if let pin, pin.count == 2 {
            _ = bench_pin_thread(pin[0])
            _ = worker.run { Int(bench_pin_thread(pin[1])) }
        }
        let cpus = (bench_current_cpu(), worker.run { Int(bench_current_cpu()) }.value)
        print("")
        print(
            "scaling: CPU µs per text of the same half, after different histories (median of \(rounds) rounds); main on CPU \(cpus.0), T1 on CPU \(cpus.1)"
        )
        let variants = [
            "main after main", "T1 after main, slept", "T1 after main, spun", "T1 after T1",
            "T1 after T1, slept", "T1 after T1, spun",
        ]
        print(pad("set", 10) + variants.map { pad($0, 22) }.joined())
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            let half = Self.halves(requests)[1]  // the chunks a second worker would get
            func run(_ indices: [Int]) -> Int {
                var sum = 0
                for i in indices {
                    let r = requests[i]
                    if let m = try? PreparedText(r.text, font: r.font).measure(
                        width: r.width, numberOfLines: r.numberOfLines,
                        lineBreakMode: r.lineBreakMode)
                    {
                        sum &+= m.lineCount
                    }
                }
                return sum
            }
            let all = Array(requests.indices)
            var samples = [[Double]](repeating: [], count: variants.count)
            for round in 0..<(rounds + 1) {
                var cpu = [Double](repeating: 0, count: variants.count)
                var clean = true
                func keep(_ phase: Phase) -> Double {
                    if phase.wait > 0.03 * phase.wall || phase.wall > 1.1 * phase.cpu { clean = false }
                    consume(phase.value)
                    return phase.cpu
                }
                // 0: main after main.
                consume(run(all))
                cpu[0] = keep(Phase.measure { run(half) })
                // 1, 2: T1 after main, T1 slept or spun meanwhile.
                for (v, spin) in [(1, false), (2, true)] {
                    worker.park(spinning: spin)
                    consume(run(all))
                    cpu[v] = keep(worker.run { run(half) })
                }
                // 3: T1 after T1.
                consume(worker.run { run(all) }.value)
                cpu[3] = keep(worker.run { run(half) })
                // 4, 5: T1 after T1, then main's pass while T1 slept or spun.
                for (v, spin) in [(4, false), (5, true)] {
                    consume(worker.run { run(all) }.value)
                    worker.park(spinning: spin)
                    consume(run(all))
                    cpu[v] = keep(worker.run { run(half) })
                }
                guard round > 0, clean else { continue }
                for v in variants.indices { samples[v].append(cpu[v] / 1000 / Double(half.count)) }
            }
            guard !samples[0].isEmpty else { print(pad(set.name, 10) + " no clean rounds"); continue }
            let base = median(samples[0])
            print(
                pad(set.name, 10)
                    + variants.indices.map { v in
                        let m = median(samples[v])
                        return pad(String(format: "%.3f (%.2f)", m, m / base), 22)
                    }.joined() + "  \(samples[0].count)/\(rounds)")
        }
        worker.stop()
        _ = bench_pin_thread(-1)
    }
}

/// A thread that runs one job at a time and, between jobs, either sleeps on a semaphore or spins on a counter.
final class LocalityWorker: @unchecked Sendable {
    // @unchecked: `job`, `spinRequest` and `result` are handed over through `posted` / `finished`
    // (release/acquire); `wake` is signalled only while the worker sleeps.
    private let wake = DispatchSemaphore(value: 0)
    private let posted = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)
    private var job: (() -> Int)?
    private var spinRequest: Bool?
    private var result = Phase()
    /// The worker's way of waiting now (changed only by `park`, which waits until the worker took it).
    private var spinning = false

    init() {
        let thread = Thread { [unowned self] in self.loop() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func loop() {
        var seen = 0
        var spin = false
        while true {
            if spin {
                while posted.load(ordering: .acquiring) == seen {}
            } else {
                wake.wait()
                _ = posted.load(ordering: .acquiring)
            }
            seen += 1
            if let request = spinRequest {
                spin = request
            } else if let job {
                result = Phase.measure(job)
            } else {
                finished.add(1, ordering: .releasing)
                return
            }
            finished.add(1, ordering: .releasing)
        }
    }

    private func post(job: (() -> Int)?, spin: Bool?) {
        let before = finished.load(ordering: .acquiring)
        self.job = job
        spinRequest = spin
        posted.add(1, ordering: .releasing)
        if !spinning { wake.signal() }
        while finished.load(ordering: .acquiring) == before {}
    }

    /// Runs `job` on the worker and waits (spinning) for it; the worker then waits as it did before.
    @discardableResult
    func run(_ job: @escaping () -> Int) -> Phase {
        post(job: job, spin: nil)
        return result
    }

    /// From now until the next `park`, the worker spins (or sleeps) between jobs.
    func park(spinning spin: Bool) {
        post(job: nil, spin: spin)
        spinning = spin
    }

    func stop() { post(job: nil, spin: nil) }
}

extension Bench {
    /// `SCALING_PARTS=batch`: `TextBatch.measure` at concurrency 2 after a one-thread pass of the same set
    /// (the parallel mode's default order) and right after another two-thread call, per call: wall time,
    /// the calling thread's CPU, the other threads' CPU, and the share of the wall both cores were busy.
    func runScalingBatch() {
        let rounds = max(5, options.samples)
        print("")
        print(
            "scaling: TextBatch.measure(concurrency: 2) per call, µs (median of \(rounds)); 1t = one-thread pass of the set")
        print(
            pad("set", 10) + pad("after", 8) + "   1t wall   2t wall  speedup  caller CPU  others CPU  CPU 2t/1t  busy cores"
        )
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            for after in ["1t", "2t"] {
                var rows: [[Double]] = []
                for _ in 0..<(rounds + 1) {
                    consume(Passes.textfitBatch(requests, concurrency: 1))
                    let t0 = Phase.threadCPU(), w0 = now()
                    consume(Passes.textfitBatch(requests, concurrency: 1))
                    let oneWall = Double(now() - w0), oneCPU = Phase.threadCPU() - t0
                    if after == "2t" { consume(Passes.textfitBatch(requests, concurrency: 2)) }
                    let d0 = bench_run_delay_ns()
                    let clocks0 = ThreadClocks.read(), c0 = Phase.threadCPU(), start = now()
                    consume(Passes.textfitBatch(requests, concurrency: 2))
                    let wall = Double(now() - start)
                    let caller = Phase.threadCPU() - c0
                    let clocks1 = ThreadClocks.read()
                    let waited = Double(bench_run_delay_ns() - d0)
                    let me = bench_gettid()
                    let others = clocks1.reduce(0.0) { sum, entry in
                        entry.key == me ? sum : sum + Double(entry.value - (clocks0[entry.key] ?? 0))
                    }
                    guard waited < 0.03 * wall else { continue }
                    rows.append([
                        oneWall / 1000, wall / 1000, oneWall / wall, caller / 1000, others / 1000,
                        (caller + others) / oneCPU, (caller + others) / wall,
                    ])
                }
                guard rows.count > 1 else { print(pad(set.name, 10) + pad(after, 8) + " no clean rounds"); continue }
                let c = (0..<rows[0].count).map { i in median(rows.dropFirst().map { $0[i] }) }
                print(
                    pad(set.name, 10) + pad(after, 8)
                        + String(
                            format: " %9.1f %9.1f %7.2fx %11.1f %11.1f %10.3f %11.2f  %d",
                            c[0], c[1], c[2], c[3], c[4], c[5], c[6], rows.count - 1))
            }
        }
    }
}

extension Bench {
    /// `SCALING_PARTS=pages`: a set measured as a feed asks for it, in pages of `SCALING_PAGE` texts (default
    /// 24) one call after another, on one thread, through `TextBatch` on two (its pool) and through the former
    /// Dispatch path on two; the three interleaved round by round. Back-to-back calls are where a pool kept
    /// awake between calls should differ from Dispatch's worker, which sleeps after every call.
    func runScalingPages() {
        let rounds = max(5, options.samples)
        let page = Int(ProcessInfo.processInfo.environment["SCALING_PAGE"] ?? "") ?? 24
        print("")
        print(
            "scaling: pages of \(page) texts, one call per page back to back; µs per text (median of \(rounds)), speed-up over one thread"
        )
        print(pad("set", 10) + "  1 thread   pool 2t  Dispatch 2t   pool ×  Dispatch ×  pool CPU/1t  Dispatch CPU/1t")
        for set in setsWithAll {
            let requests = set.cases.map(\.request)
            let pages = stride(from: 0, to: requests.count, by: page).map {
                Array(requests[$0..<min(requests.count, $0 + page)])
            }
            var rows: [[Double]] = []
            var dropped: [[Double]] = []
            for round in 0..<(rounds + 1) {
                var wall = [0.0, 0.0, 0.0], cpu = [0.0, 0.0, 0.0], waits = [0.0, 0.0, 0.0]
                let order = [[0, 1, 2], [1, 2, 0], [2, 0, 1]][round % 3]
                var clean = true
                for configuration in order {
                    let p0 = Double(bench_process_cpu_ns()), d0 = bench_run_delay_ns(), start = now()
                    for pageRequests in pages {
                        switch configuration {
                        case 0: consume(Passes.textfitBatch(pageRequests, concurrency: 1))
                        case 1: consume(Passes.textfitBatch(pageRequests, concurrency: 2))
                        default: consume(Passes.dispatchBatch(pageRequests, concurrency: 2))
                        }
                    }
                    wall[configuration] = Double(now() - start)
                    usleep(2000)  // the pool's spin after the last page counts
                    cpu[configuration] = Double(bench_process_cpu_ns()) - p0
                    waits[configuration] = Double(bench_run_delay_ns() - d0) / wall[configuration]
                    if waits[configuration] > 0.03 { clean = false }
                }
                if !clean { dropped.append(waits) }
                guard round > 0, clean else { continue }
                let n = Double(requests.count)
                rows.append([
                    wall[0] / 1000 / n, wall[1] / 1000 / n, wall[2] / 1000 / n, wall[0] / wall[1], wall[0] / wall[2],
                    cpu[1] / cpu[0], cpu[2] / cpu[0],
                ])
            }
            let droppedNote =
                dropped.isEmpty
                ? ""
                : "; dropped (waited for a CPU, share of wall: 1t/pool/Dispatch) "
                    + dropped.map { $0.map { String(format: "%.2f", $0) }.joined(separator: "/") }.joined(separator: " ")
            guard !rows.isEmpty else { print(pad(set.name, 10) + " no clean rounds" + droppedNote); continue }
            let c = (0..<rows[0].count).map { i in median(rows.map { $0[i] }) }
            print(
                pad(set.name, 10)
                    + String(
                        format: " %9.3f %9.3f %12.3f %8.2fx %10.2fx %12.3f %16.3f  %d", c[0], c[1], c[2], c[3], c[4], c[5],
                        c[6], rows.count)
                    + droppedNote)
        }
    }
}

/// Each thread's CPU time by thread id, from its own clock.
enum ThreadClocks {
    static func read() -> [Int32: Int64] {
        var tids = [Int32](repeating: 0, count: 256), times = [Int64](repeating: 0, count: 256)
        let count = Int(bench_threads_cpu(&tids, &times, 256))
        return Dictionary(uniqueKeysWithValues: (0..<count).map { (tids[$0], times[$0]) })
    }
}
