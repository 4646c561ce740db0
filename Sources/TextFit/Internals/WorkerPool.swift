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
/// Why not `DispatchQueue.concurrentPerform`: on a 2-core VM its worker started its first chunk 27–110 µs
/// after the call, and on every call it was a thread whose core had been idle (halted) since the last one,
/// whose CPU per text was 11–90 % above the calling thread's (Benchmarks/README.md, "parallel"). The pool's
/// workers spin for `spinNanoseconds` after each call before they sleep, so calls that follow one another
/// find them awake, and a caller whose batch is done before a worker woke does not wait for it.
///
/// Idle cost: after each call, each worker that took part spins for at most `spinNanoseconds` (50 µs by
/// default, `TEXTFIT_POOL_SPIN_US` to change it, 0 to sleep at once) on a pause loop that reads only its
/// own cache line, then sleeps on a futex until the next call; a caller waiting for a worker's last
/// piece spins as long before it sleeps. Threads are started on first use (one fewer than the participants
/// asked for, at most 63) and live for the process; they hold nothing while idle and never keep it from
/// exiting.
enum WorkerPool {
    /// Runs `body(0)` on the calling thread and `body(i)` for participants i in 1..<`participants` on the
    /// pool's threads; returns when every body that started has returned.
    ///
    /// A participant other than 0 runs only if its thread wakes before the caller's body returns, so the
    /// body must take its work from a shared cursor, never rely on a given participant. When another
    /// thread's call holds the pool, the participants run on Dispatch's threads instead
    /// (`concurrentPerform`), so concurrent batches still share the cores.
    static func perform(participants requested: Int, _ body: @Sendable (Int) -> Void) {
        let participants = min(requested, maxParticipants)
        if participants <= 1 {
            body(0)
            return
        }
        let ran = withoutActuallyEscaping(body) { body in
            var closure = body
            return withUnsafeMutablePointer(to: &closure) { pointer in
                tf_pool_run(Int32(clamping: participants), { context, participant in
                    context!.assumingMemoryBound(to: (@Sendable (Int) -> Void).self).pointee(Int(participant))
                }, pointer)
            }
        }
        if ran == 0 { DispatchQueue.concurrentPerform(iterations: participants, execute: body) }
    }

    /// The most participants a call runs: the CPUs this process may use (more threads would only take
    /// turns, and a spinning one would take turns with a working one).
    static let maxParticipants = Int(tf_pool_max_participants())

    /// How long an idle worker, or a caller waiting for a worker, spins before it sleeps.
    static var spinNanoseconds: Int { Int(tf_pool_spin_ns()) }

    /// Threads the pool has started (for tests).
    static var workerCount: Int { Int(tf_pool_worker_count()) }
}
