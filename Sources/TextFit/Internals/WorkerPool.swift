import CTextFit
import Dispatch

/// The door to TextFit's worker pool (`Sources/CTextFit/tf_pool.c`): threads of the process's own that
/// `TextBatch` hands work to, kept warm between calls.
///
/// ```swift
/// WorkerPool.perform(participants: 2) { participant in
///     while let range = schedule.take(from: cursor) { … }   // every participant takes from one cursor
/// }
/// ```
///
/// Why not `DispatchQueue.concurrentPerform`: Dispatch's worker sleeps after
/// every call, so each call waits for it to wake (20–110 µs on this 2-core VM, on a core whose caches went
/// cold meanwhile), and a call whose work the caller finishes first still waits for it. The pool's workers
/// spin for `spinNanoseconds` after each call before they sleep, so calls that follow one another find
/// them awake, and a worker that has not woken by the time the caller ran out of work is cancelled, not
/// waited for. Measured (Benchmarks/README.md, "parallel"): a set measured in pages of 24 texts back to
/// back, 1.7–2.0× one thread against Dispatch's 1.5–1.8×, with less CPU; single large calls after an idle
/// gap (the parallel mode) the same as Dispatch, since a sleeping core wakes as slowly for either.
///
/// Idle cost: after each call, each worker that took part spins for at most `spinNanoseconds` (50 µs by
/// default, `TEXTFIT_POOL_SPIN_US` to change it, 0 to sleep at once) on a pause loop that reads only its
/// own cache line and yields the CPU every 64 pauses (1.6 µs here, so on a busy machine it never holds off
/// a thread queued behind it), then sleeps on a futex until the next call; a caller waiting for a worker's
/// last piece spins as long before it sleeps. So at most 50 µs of CPU per worker and 50 µs for the caller
/// per call, beyond the work, and none between calls. Threads are
/// started on first use (one fewer than the participants asked for, at most 63) and live for the
/// process; they hold nothing while idle and never keep it from exiting.
enum WorkerPool {
    /// Runs `body(0)` on the calling thread and `body(i)` for participants i in 1..<`participants` on the
    /// pool's threads; returns when every body that started has returned.
    ///
    /// A participant other than 0 runs only if its thread wakes before the caller's body returns, so the
    /// body must take its work from a shared cursor, never rely on a given participant. When another
    /// thread's call holds the pool, the participants run on Dispatch's threads instead
    /// (`concurrentPerform`), so concurrent batches still share the cores; Dispatch then decides which
    /// thread runs which participant, 0 included.
    /// - Returns: whether the pool ran the call (false: Dispatch did, or there was one participant).
    @discardableResult
    static func perform(participants requested: Int, _ body: @Sendable (Int) -> Void) -> Bool {
        let participants = min(requested, maxParticipants)
        if participants <= 1 {
            body(0)
            return false
        }
        let ran = withoutActuallyEscaping(body) { body in
            var closure = body
            return withUnsafeMutablePointer(to: &closure) { pointer in
                tf_pool_run(
                    Int32(clamping: participants),
                    { context, participant in
                        context!.assumingMemoryBound(to: (@Sendable (Int) -> Void).self).pointee(Int(participant))
                    }, pointer)
            }
        }
        if ran == 0 { DispatchQueue.concurrentPerform(iterations: participants, execute: body) }
        return ran > 0
    }

    /// The most participants a call runs: the CPUs this process may use (more threads would only take
    /// turns, and a spinning one would take turns with a working one).
    static let maxParticipants = Int(tf_pool_max_participants())

    /// How long an idle worker, or a caller waiting for a worker, spins before it sleeps.
    static var spinNanoseconds: Int { Int(tf_pool_spin_ns()) }

    /// Threads the pool has started (for tests).
    static var workerCount: Int { Int(tf_pool_worker_count()) }
}
