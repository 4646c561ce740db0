import Foundation
import Synchronization
import Testing
@testable import TextFit

/// TextBatch's worker pool (`Internals/WorkerPool.swift`, `Sources/CTextFit/tf_pool.c`).
@Suite struct WorkerPoolTests {
    /// Participant 0 runs on the calling thread, each participant at most once, and every body that started
    /// has returned when `perform` does; participants that ran took all the work between them. Tiny batches
    /// (the caller done before a worker wakes: the worker is cancelled, not waited for) and larger ones.
    @Test func everyItemOnceAndEveryBodyDoneWhenPerformReturns() {
        let caller = pthread_self()
        for participants in [1, 2, 3, 8] {
            for round in 0..<300 {
                let items = [0, 1, 2, 7, 100, 5_000][round % 6]
                let next = Atomic<Int>(0)
                let done = Atomic<Int>(0)
                let seen = Atomic<Int>(0)
                let running = Atomic<Int>(0)
                let wrong = Atomic<Int>(0)
                let elsewhere = Atomic<Int>(0)  // participant 0 ran off the calling thread
                let pooled = WorkerPool.perform(participants: participants) { participant in
                    running.add(1, ordering: .relaxed)
                    if participant == 0, pthread_equal(pthread_self(), caller) == 0 { elsewhere.add(1, ordering: .relaxed) }
                    if participant < 0 || participant >= max(1, min(participants, WorkerPool.maxParticipants)) {
                        wrong.add(1, ordering: .relaxed)
                    }
                    if seen.bitwiseOr(1 << participant, ordering: .relaxed).oldValue & (1 << participant) != 0 {
                        wrong.add(1, ordering: .relaxed)
                    }
                    while next.add(1, ordering: .relaxed).oldValue < items { done.add(1, ordering: .relaxed) }
                    running.subtract(1, ordering: .releasing)
                }
                #expect(running.load(ordering: .acquiring) == 0)
                #expect(done.load(ordering: .relaxed) == items)
                #expect(seen.load(ordering: .relaxed) & 1 == 1)
                #expect(wrong.load(ordering: .relaxed) == 0, "participants \(participants), round \(round)")
                // Only the pool promises the caller participant 0: when another suite's batch holds it (tests
                // run in parallel), Dispatch runs the call and places participants as it likes.
                if pooled || participants == 1 { #expect(elsewhere.load(ordering: .relaxed) == 0) }
            }
        }
        #expect(WorkerPool.workerCount <= WorkerPool.maxParticipants - 1)
    }

    /// A call made while the pool is busy (here from inside a body, as another thread's batch would) runs on
    /// Dispatch instead: every participant still runs, nothing waits for the pool.
    @Test func aCallWhileThePoolIsBusyRunsOnDispatch() {
        let inner = Atomic<Int>(0)
        WorkerPool.perform(participants: 2) { participant in
            guard participant == 0 else { return }
            WorkerPool.perform(participants: 2) { _ in inner.add(1, ordering: .relaxed) }
        }
        #expect(inner.load(ordering: .relaxed) == min(2, WorkerPool.maxParticipants))
    }

    /// Several threads batching at once (one gets the pool, the others Dispatch) give the serial answers,
    /// in order.
    @Test func concurrentBatchesGiveTheSerialAnswers() async throws {
        let font = try Fixtures.font(14)
        var generator = Fixtures.Generator(state: 21)
        let requests = (0..<240).map { index in
            LayoutRequest(
                text: Fixtures.randomText(&generator), font: font, width: CGFloat(60 + index % 250),
                numberOfLines: index % 3, lineBreakMode: index % 2 == 0 ? .byTruncatingTail : .byWordWrapping)
        }
        let serial = TextBatch.measure(requests, concurrency: 1).map { try? $0.get() }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<6 {
                        let start = (task * 7 + round) % 40
                        let slice = [LayoutRequest](requests[start...])
                        let parallel: [TextMetrics?] = TextBatch.measure(slice, concurrency: 2).map { try? $0.get() }
                        let expected = [TextMetrics?](serial[start...])
                        if parallel != expected { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// Idle workers sleep: shortly after a batch every pool thread is asleep (state S in /proc) and takes no
    /// CPU while nothing is asked of it; the spin before sleeping is bounded.
    @Test func idleWorkersSleepAndTakeNoCPU() throws {
        guard WorkerPool.maxParticipants > 1 else { return }
        let font = try Fixtures.font(15)
        let requests = (0..<64).map {
            LayoutRequest(text: "Row \($0) of a feed with a few words in it", font: font, width: 200)
        }
        _ = TextBatch.measure(requests, concurrency: 2)
        #expect(WorkerPool.spinNanoseconds <= 10_000_000)
        usleep(UInt32(WorkerPool.spinNanoseconds / 1000) + 20_000)
        #expect(!PoolThreads.tasks().isEmpty)
        // Other suites may run batches meanwhile (tests run in parallel), so a window where another batch
        // woke a worker is retried; a worker that never stopped spinning fails every window.
        var quietWindow = false
        for _ in 0..<10 where !quietWindow {
            let before = PoolThreads.cpuTicks()
            usleep(100_000)
            let after = PoolThreads.cpuTicks()
            // Clock ticks (10 ms): a thread that spun would gain 10 in 100 ms.
            quietWindow =
                after.allSatisfy { $0.value - (before[$0.key] ?? 0) <= 1 }
                && PoolThreads.states().allSatisfy { $0 == "S" }
        }
        #expect(quietWindow, "the pool's threads kept running while idle")
    }

    /// A process that used the pool exits normally, at once after a batch (workers still spinning) and
    /// later (workers asleep): they never keep it alive or crash it at exit.
    @Test func aProcessExitsNormallyAfterUsingThePool() async {
        await #expect(processExitsWith: .success) {
            let font = try Font(family: "Noto Sans", size: 15)
            let requests = (0..<200).map { LayoutRequest(text: "Text \($0) 世界 with fallback", font: font, width: 120) }
            _ = TextBatch.measure(requests, concurrency: 2)
            usleep(20_000)
            _ = TextBatch.measure(requests, concurrency: 2)
        }
    }
}

/// The pool's threads, found by name in /proc/self/task.
enum PoolThreads {
    static func tasks() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return names.filter { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == "textfit-pool"
        }
    }

    /// Fields of /proc/self/task/T/stat after the command name (state is the first).
    static func stat(_ task: String) -> [Substring] {
        guard let text = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return [] }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// utime + stime per pool thread, in clock ticks.
    static func cpuTicks() -> [String: Int] {
        var result: [String: Int] = [:]
        for task in tasks() {
            let fields = stat(task)
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { continue }
            result[task] = user + system
        }
        return result
    }

    static func states() -> [String] { tasks().compactMap { stat($0).first.map(String.init) } }
}
