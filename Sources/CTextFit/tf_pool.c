// TextFit's worker pool (see CTextFitPool.h).
//
// Each worker owns a slot on a cache line of its own. The slot's `state` is the futex word both sides wait
// on: IDLE (nothing to do), POSTED (the caller published a job), RUNNING (the worker took it).
//
//   caller                                   worker
//   job = {body, context}                    spin (≤ spin_ns) while state == IDLE, then futex-wait
//   state = POSTED; wake if it sleeps        CAS POSTED → RUNNING (acquire: sees `job`)
//   body(context, 0)                         body(context, i)
//   CAS POSTED → IDLE: never started, done   state = IDLE (release: the caller sees its writes);
//   else spin (≤ spin_ns), then futex-wait   wake the caller if it sleeps
//     while state == RUNNING
//
// A worker that wakes after the caller cancelled finds IDLE and waits again; one that finds a later job
// POSTED runs that one (its CAS acquires that job's publication). The caller's store of POSTED and its
// load of `worker_sleeping`, like the worker's store of `worker_sleeping` and its load of `state` before
// it sleeps, are sequentially consistent, so one side always sees the other (no lost wake-up); the futex
// re-checks the word in the kernel. `claim` (a pthread mutex, which ThreadSanitizer understands) makes
// calls one at a time and orders one call's `job` after the previous call's.
#define _GNU_SOURCE
#include "CTextFitPool.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { IDLE = 0, POSTED = 1, RUNNING = 2 };

typedef struct {
    uint32_t state;            // the futex word
    uint32_t worker_sleeping;  // 1 while the worker may be in futex_wait(state, IDLE)
    uint32_t caller_sleeping;  // 1 while the caller may be in futex_wait(state, RUNNING)
    int32_t participant;       // 1-based: the `participant` its bodies get
} __attribute__((aligned(64))) slot;

static pthread_mutex_t claim = PTHREAD_MUTEX_INITIALIZER;
static slot slots[TF_POOL_MAX_WORKERS];
static int32_t started;        // workers started (under `claim`)
static tf_pool_body job_body;  // the current job (written under `claim`, published by `state`)
static void *job_context;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int64_t spin_budget_ns = 50 * 1000;
static int32_t processors = 1;  // CPUs this process may run on, when the pool was first used

static void after_fork_in_child(void) {
    // Only the forking thread exists in the child: no worker, and `claim` may be held by a thread that
    // is gone.
    pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
    claim = fresh;
    started = 0;
    memset(slots, 0, sizeof(slots));
}

static void initialise(void) {
    const char *text = getenv("TEXTFIT_POOL_SPIN_US");
    if (text != NULL && *text != '\0') {
        char *end = NULL;
        long value = strtol(text, &end, 10);
        if (end != NULL && *end == '\0' && value >= 0 && value <= 10000) spin_budget_ns = (int64_t)value * 1000;
    }
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0) {
        processors = CPU_COUNT(&allowed);
    } else {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        processors = online > 0 ? (int32_t)online : 1;
    }
    if (processors < 1) processors = 1;
    pthread_atfork(NULL, NULL, after_fork_in_child);
}

int32_t tf_pool_max_participants(void) {
    pthread_once(&once, initialise);
    int32_t most = processors < TF_POOL_MAX_WORKERS + 1 ? processors : TF_POOL_MAX_WORKERS + 1;
    return most;
}

int64_t tf_pool_spin_ns(void) {
    pthread_once(&once, initialise);
    return spin_budget_ns;
}

int32_t tf_pool_worker_count(void) {
    pthread_mutex_lock(&claim);
    int32_t count = started;
    pthread_mutex_unlock(&claim);
    return count;
}

// MARK: - Waiting

static void futex_wait(uint32_t *word, uint32_t value) {
    // Returns on a wake, a signal, or at once when *word != value (EAGAIN); callers loop on the word.
    syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, value, NULL, NULL, 0);
}

static void futex_wake(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// Spins while *word == value, for at most spin_budget_ns. Returns 1 when the word changed (acquire).
///
/// Every 64 pauses (1.6 µs on this VM's EPYC: 25 ns each) it reads the clock and yields the CPU: when the
/// machine is busy, the thread being waited for may be queued on this very CPU, and a spin that did not
/// yield held it off for a whole time slice (back-to-back 24-text calls with another process on one
/// core: 49 µs per call against 30 µs on one thread; both threads waited half the time). With nothing
/// else runnable, sched_yield returns at once.
static int spin_while(uint32_t *word, uint32_t value) {
    if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != value) return 1;
    if (spin_budget_ns <= 0) return 0;
    uint64_t deadline = monotonic_ns() + (uint64_t)spin_budget_ns;
    for (uint32_t i = 1;; i++) {
        cpu_relax();
        if (__atomic_load_n(word, __ATOMIC_ACQUIRE) != value) return 1;
        if ((i & 63) == 0) {
            if (monotonic_ns() >= deadline) return 0;
            sched_yield();
        }
    }
}

// MARK: - Workers

static void *worker_main(void *argument) {
    slot *s = argument;
    int32_t participant = s->participant;
    for (;;) {
        if (!spin_while(&s->state, IDLE)) {
            __atomic_store_n(&s->worker_sleeping, 1, __ATOMIC_SEQ_CST);
            while (__atomic_load_n(&s->state, __ATOMIC_SEQ_CST) == IDLE) futex_wait(&s->state, IDLE);
            __atomic_store_n(&s->worker_sleeping, 0, __ATOMIC_RELAXED);
        }
        uint32_t expected = POSTED;
        if (!__atomic_compare_exchange_n(&s->state, &expected, RUNNING, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            continue;  // cancelled before it started (IDLE again)
        }
        job_body(job_context, participant);
        __atomic_store_n(&s->state, IDLE, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&s->caller_sleeping, __ATOMIC_SEQ_CST)) futex_wake(&s->state);
    }
    return NULL;
}

/// Starts workers up to `wanted` (under `claim`); returns how many there are.
static int32_t start_workers(int32_t wanted) {
    if (wanted > TF_POOL_MAX_WORKERS) wanted = TF_POOL_MAX_WORKERS;
    if (started >= wanted) return started;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return started;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // The same stack as a main thread's usual 8 MiB (reserved, touched only as used).
    pthread_attr_setstacksize(&attributes, 8u << 20);
    // Workers inherit a mask without asynchronous signals, as Dispatch's do, so a process's signals still go
    // to its own threads (a program that waits for SIGINT with sigwait keeps working).
    sigset_t all, previous;
    sigfillset(&all);
    int synchronous[] = {SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV, SIGSYS};
    for (size_t i = 0; i < sizeof(synchronous) / sizeof(synchronous[0]); i++) sigdelset(&all, synchronous[i]);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    while (started < wanted) {
        slot *s = &slots[started];
        s->participant = started + 1;
        __atomic_store_n(&s->state, IDLE, __ATOMIC_RELAXED);
        pthread_t thread;
        if (pthread_create(&thread, &attributes, worker_main, s) != 0) break;
        pthread_setname_np(thread, "textfit-pool");
        started++;
    }
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
    return started;
}

// MARK: - Running

int32_t tf_pool_run(int32_t participants, tf_pool_body body, void *context) {
    int32_t most = tf_pool_max_participants();
    if (participants > most) participants = most;
    if (participants <= 1) {
        body(context, 0);
        return 1;
    }
    if (pthread_mutex_trylock(&claim) != 0) return 0;
    int32_t workers = start_workers(participants - 1);
    if (workers > participants - 1) workers = participants - 1;
    job_body = body;
    job_context = context;
    for (int32_t i = 0; i < workers; i++) {
        slot *s = &slots[i];
        __atomic_store_n(&s->state, POSTED, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&s->worker_sleeping, __ATOMIC_SEQ_CST)) futex_wake(&s->state);
    }
    body(context, 0);
    int32_t ran = 1;
    for (int32_t i = 0; i < workers; i++) {
        slot *s = &slots[i];
        uint32_t expected = POSTED;
        if (__atomic_compare_exchange_n(&s->state, &expected, IDLE, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            continue;  // it had not started: it never will
        }
        ran++;
        if (!spin_while(&s->state, RUNNING)) {
            __atomic_store_n(&s->caller_sleeping, 1, __ATOMIC_SEQ_CST);
            while (__atomic_load_n(&s->state, __ATOMIC_SEQ_CST) == RUNNING) futex_wait(&s->state, RUNNING);
            __atomic_store_n(&s->caller_sleeping, 0, __ATOMIC_RELAXED);
        }
    }
    pthread_mutex_unlock(&claim);
    return ran;
}
