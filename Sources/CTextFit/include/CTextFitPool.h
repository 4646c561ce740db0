// TextFit's worker pool (Swift: Measure/WorkerPool.swift, used by TextBatch).
//
// Why in C: the pool waits on futexes (one word per worker, a bounded spin first) and spins with the CPU's
// pause instruction, neither of which Swift reaches; every hand-over between threads is a C11 atomic
// built-in with acquire/release (or sequentially consistent) ordering, so ThreadSanitizer sees each
// happens-before edge and the futexes only block.
#ifndef CTEXTFIT_POOL_H
#define CTEXTFIT_POOL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Work for one participant of `tf_pool_run`: `participant` is 0 on the calling thread, 1... on workers.
typedef void (*tf_pool_body)(void *context, int32_t participant);

/// The most workers the pool starts (participants beyond 1 + this run on fewer threads).
#define TF_POOL_MAX_WORKERS 63

/// Runs `body(context, 0)` on the calling thread and `body(context, i)` for some i in 1..<`participants` on
/// the pool's threads (`participants` is capped at `tf_pool_max_participants()`: more threads than CPUs
/// only take turns), then returns once every body that started has returned. The caller starts at once;
/// a worker starts when it wakes, and one that has not started by the time the caller's body returns is
/// not waited for (it never runs), so the body must divide the work dynamically (participants take work
/// from a shared cursor) and must not assume any participant other than 0 runs.
///
/// One caller at a time: returns 0 without running anything when another thread's call holds the pool
/// (the caller then runs the work some other way), else the number of participants that ran, at least 1.
/// Workers are started on first need and live for the process: between calls each spins for at most
/// `tf_pool_spin_ns()` (a pause loop reading its own cache line, yielding the CPU every 64 pauses) and then
/// sleeps on a futex. They hold no
/// lock and no resource while idle, never keep the process from exiting, and a process that forks starts
/// new ones in the child.
int32_t tf_pool_run(int32_t participants, tf_pool_body body, void *context);

/// How long an idle worker, and a caller waiting for a worker's last piece, spin before they sleep: 50 µs,
/// or `TEXTFIT_POOL_SPIN_US` (0 ... 10 000) read once at the pool's first use.
int64_t tf_pool_spin_ns(void);

/// The CPUs this process may run on (its affinity mask when the pool was first used), at most
/// TF_POOL_MAX_WORKERS + 1: the most participants a call runs.
int32_t tf_pool_max_participants(void);

/// Workers started so far (for tests).
int32_t tf_pool_worker_count(void);

#ifdef __cplusplus
}
#endif

#endif
