// The machine's own ceiling for a 2-thread speed-up: the same fixed amount of work done by one thread,
// then split in two halves on two threads, for kinds of work unrelated to TextFit. If these top out
// below 2x, so does TextFit's batch (its parallel mode reports the same two numbers: wall speed-up and
// CPU time on two threads / one).
//
//   clang -O2 -pthread -o /tmp/ceiling Benchmarks/Tools/scaling_ceiling.c
//   /tmp/ceiling            # all kernels, 9 interleaved rounds each
//   /tmp/ceiling 15 mem     # rounds, and only kernels whose name contains "mem"
//
// Kernels:
//   alu-latency   one dependent multiply-xorshift chain: latency bound, leaves the core's ports idle
//                 (scales 2x even on SMT siblings)
//   alu-throughput eight independent chains: saturates the multiplier; on two SMT siblings of one physical
//                 core this would scale near 1x, on two real cores 2x
//   mem-rand-S    independent random 8-byte reads in a table of S shared by both threads (a hash-table
//                 hit path: the warm segment cache is tens of MB), several misses in flight
//   mem-chase-S   a dependent random pointer chase in S (one miss at a time): latency bound
//   malloc        per "text" 12 allocations of 16..2 KiB, each written once, then freed (glibc, per-thread
//                 arenas): TextFit's per-text allocation pattern
//   shared-line   one relaxed atomic add per step on a counter both threads update (the cost of a cache line
//                 that moves between cores), against the same on a private counter in the 1-thread run
//
// Per round the 1-thread and 2-thread runs alternate in order. Reported, as medians over rounds:
//   speedup, CPU 2/1  whole runs: 1-thread wall / 2-thread wall, and 2-thread CPU / 1-thread CPU (1.00 = no
//                     cost of sharing); only rounds where neither run's threads waited >= 3 % of its wall time
//                     for a CPU (/proc/thread-self/schedstat), i.e. no other process held a core
//   chunk 2/1         robust on a busy machine: each thread times its work in 2 000 chunks (wall and CPU);
//                     CPU per chunk of chunks that ran unpreempted while the other thread ran unpreempted
//                     over the same interval, over a lone thread's unpreempted chunks (the method of
//                     segment_cache_contention.c). 2/that is the speed-up two fully available cores give;
//                     ns/step1 and ns/step2 are CPU ns per step of those chunks alone and together.
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t mix(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
static double run_delay(void) {
    FILE *f = fopen("/proc/thread-self/schedstat", "r");
    unsigned long long run = 0, wait = 0;
    if (f) { if (fscanf(f, "%llu %llu", &run, &wait) != 2) wait = 0; fclose(f); }
    return (double)wait;
}

typedef struct { const char *name; uint64_t (*fn)(uint64_t seed, long steps, void *arg); void *arg; long steps; } kernel;

// MARK: - kernels (each does `steps` units of work and returns a value that depends on all of it)

static uint64_t alu_latency(uint64_t x, long steps, void *arg) {
    (void)arg;
    for (long i = 0; i < steps; i++) { x = x * 6364136223846793005ull + 1442695040888963407ull; x ^= x >> 29; }
    return x;
}
static uint64_t alu_throughput(uint64_t s, long steps, void *arg) {
    (void)arg;
    uint64_t a = s, b = s + 1, c = s + 2, d = s + 3, e = s + 4, f = s + 5, g = s + 6, h = s + 7;
    for (long i = 0; i < steps; i++) {
#define STEP(v) v = v * 6364136223846793005ull + 1442695040888963407ull; v ^= v >> 29;
        STEP(a) STEP(b) STEP(c) STEP(d) STEP(e) STEP(f) STEP(g) STEP(h)
        __asm__ volatile("" : "+r"(a), "+r"(b), "+r"(c), "+r"(d), "+r"(e), "+r"(f), "+r"(g), "+r"(h));
    }
    return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
}
typedef struct { uint64_t *table; size_t mask; } table_arg;
static uint64_t mem_rand(uint64_t s, long steps, void *arg) {
    table_arg *t = arg; uint64_t sum = 0, r = s;
    for (long i = 0; i < steps; i++) { r = mix(r); sum += t->table[r & t->mask]; }
    return sum;
}
static uint64_t mem_chase(uint64_t s, long steps, void *arg) {
    table_arg *t = arg; uint64_t p = s & t->mask;
    for (long i = 0; i < steps; i++) p = t->table[p];
    return p;
}
static uint64_t malloc_free(uint64_t s, long steps, void *arg) {
    (void)arg; uint64_t r = s, sum = 0; void *blocks[12];
    for (long i = 0; i < steps; i++) {
        for (int k = 0; k < 12; k++) {
            r = mix(r);
            size_t size = 16 + (r % (k < 8 ? 256 : 2048));
            char *b = malloc(size); memset(b, (int)k, size); sum += (uintptr_t)b[size / 2]; blocks[k] = b;
        }
        for (int k = 0; k < 12; k++) free(blocks[k]);
    }
    return sum;
}
static _Alignas(128) _Atomic uint64_t shared_counter;
static __thread _Alignas(128) _Atomic uint64_t private_counter;
static int shared_mode;
static uint64_t shared_line(uint64_t s, long steps, void *arg) {
    (void)arg; uint64_t x = s;
    _Atomic uint64_t *c = shared_mode ? &shared_counter : &private_counter;
    for (long i = 0; i < steps; i++) {
        for (int k = 0; k < 40; k++) { x = x * 6364136223846793005ull + 1; x ^= x >> 29; }  // ≈ 50 ns of work
        atomic_fetch_add_explicit(c, 1, memory_order_relaxed);
    }
    return x;
}

// MARK: - runs

#define CHUNKS 2000
typedef struct { kernel *k; uint64_t seed; long steps; double wall, cpu, wait; uint64_t out; pthread_t t;
                 double start[CHUNKS], end[CHUNKS], ccpu[CHUNKS]; } job;
static void *run(void *p) {
    job *j = p; uint64_t state = j->seed; long per = j->steps / CHUNKS;
    double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID), d0 = run_delay();
    for (int c = 0; c < CHUNKS; c++) {
        double cw = now(CLOCK_MONOTONIC), cc = now(CLOCK_THREAD_CPUTIME_ID);
        state = j->k->fn(state, per, j->k->arg);
        j->ccpu[c] = now(CLOCK_THREAD_CPUTIME_ID) - cc; j->start[c] = cw; j->end[c] = now(CLOCK_MONOTONIC);
    }
    j->out = state;
    j->cpu = now(CLOCK_THREAD_CPUTIME_ID) - c0; j->wall = now(CLOCK_MONOTONIC) - w0; j->wait = run_delay() - d0;
    return NULL;
}
// Chunk c of a thread ran unpreempted: its wall time is within 10 % of its CPU time.
static int clean(job *j, int c) { return j->end[c] - j->start[c] < 1.1 * j->ccpu[c]; }
typedef struct { double wall, cpu, wait, chunk_cpu; long chunks; } result;
static volatile uint64_t sink;
static job jobs[2];
// Whole-run totals, plus the CPU time of chunks that ran unpreempted: alone (1 thread), or while the
// other thread ran unpreempted chunks covering the same interval (2 threads: both really on a core).
static result go(kernel *k, int threads, uint64_t seed) {
    result r = {0, 0, 0, 0, 0};
    double w0 = now(CLOCK_MONOTONIC);
    for (int i = 0; i < threads; i++) {
        jobs[i].k = k; jobs[i].seed = seed + (uint64_t)i * 977; jobs[i].steps = k->steps / threads;
        pthread_create(&jobs[i].t, NULL, run, &jobs[i]);
    }
    for (int i = 0; i < threads; i++) { pthread_join(jobs[i].t, NULL); r.cpu += jobs[i].cpu; r.wait += jobs[i].wait; sink += jobs[i].out; }
    r.wall = now(CLOCK_MONOTONIC) - w0;
    if (threads == 1) {
        for (int c = 0; c < CHUNKS; c++) if (clean(&jobs[0], c)) { r.chunk_cpu += jobs[0].ccpu[c]; r.chunks++; }
        return r;
    }
    for (int a = 0; a < 2; a++) {
        job *x = &jobs[a], *y = &jobs[1 - a]; int yc = 0;
        for (int c = 0; c < CHUNKS; c++) {
            if (!clean(x, c)) continue;
            while (yc < CHUNKS && y->end[yc] < x->start[c]) yc++;
            if (yc >= CHUNKS || y->start[yc] > x->start[c]) continue;
            int m = yc, ok = 1; double covered = x->start[c];
            while (m < CHUNKS && y->start[m] < x->end[c]) {
                if (!clean(y, m) || y->start[m] > covered + 2000) { ok = 0; break; }
                covered = y->end[m]; m++;
            }
            if (ok && covered >= x->end[c]) { r.chunk_cpu += x->ccpu[c]; r.chunks++; }
        }
    }
    return r;
}
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
static double median(double *v, int n) { if (n == 0) return 0; qsort(v, n, sizeof *v, cmp); return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2; }

static table_arg make_table(size_t bytes, int chase) {
    size_t n = bytes / 8; table_arg t = {malloc(bytes), n - 1};
    if (!chase) { for (size_t i = 0; i < n; i++) t.table[i] = mix(i); return t; }
    // One random cycle through every slot (Sattolo), so the chase never settles in a short loop.
    for (size_t i = 0; i < n; i++) t.table[i] = i;
    for (size_t i = n - 1; i > 0; i--) { size_t j = mix(i) % i; uint64_t x = t.table[i]; t.table[i] = t.table[j]; t.table[j] = x; }
    return t;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    const char *only = argc > 2 ? argv[2] : NULL;
    static table_arg tables[8]; size_t sizes[] = {512 << 10, 8 << 20, 32 << 20, 128 << 20};
    char names[8][32];
    kernel kernels[16]; int nk = 0;
    kernels[nk++] = (kernel){"alu-latency", alu_latency, NULL, 60000000};
    kernels[nk++] = (kernel){"alu-throughput", alu_throughput, NULL, 30000000};
    for (int s = 0; s < 4; s++) {
        if (only && !strstr("mem-rand", only) && !strstr(only, "mem-rand")) break;
        tables[s] = make_table(sizes[s], 0);
        snprintf(names[s], 32, "mem-rand-%zuM", sizes[s] >> 20);
        if (sizes[s] < (1 << 20)) snprintf(names[s], 32, "mem-rand-%zuK", sizes[s] >> 10);
        kernels[nk++] = (kernel){names[s], mem_rand, &tables[s], 20000000};
    }
    for (int s = 2; s < 3; s++) {
        if (only && !strstr("mem-chase", only) && !strstr(only, "mem-chase")) break;
        tables[4 + s] = make_table(sizes[s], 1);
        snprintf(names[4 + s], 32, "mem-chase-%zuM", sizes[s] >> 20);
        kernels[nk++] = (kernel){names[4 + s], mem_chase, &tables[4 + s], 3000000};
    }
    kernels[nk++] = (kernel){"malloc", malloc_free, NULL, 600000};
    kernels[nk++] = (kernel){"shared-line", shared_line, NULL, 3000000};
    printf("%-16s %8s %8s %8s %8s | %9s %7s %8s %8s\n", "kernel", "1t ms", "2t ms", "speedup", "CPU 2/1",
           "chunk 2/1", "2/that", "ns/step1", "ns/step2");
    for (int i = 0; i < nk; i++) {
        kernel *k = &kernels[i];
        if (only && !strstr(k->name, only)) continue;
        double speed[64], ratio[64], one_ms[64], two_ms[64], chunk_ratio[64], one_ns[64], two_ns[64];
        int clean_runs = 0, clean_chunks = 0;
        go(k, 1, 1); go(k, 2, 1);  // warm-up: page in, arenas made
        for (int r = 0; r < rounds && r < 64; r++) {
            result one, two;
            shared_mode = 0;
            if (r % 2 == 0) { one = go(k, 1, r + 3); shared_mode = 1; two = go(k, 2, r + 3); }
            else { shared_mode = 1; two = go(k, 2, r + 3); shared_mode = 0; one = go(k, 1, r + 3); }
            if (one.chunks > CHUNKS / 4 && two.chunks > CHUNKS / 4) {
                one_ns[clean_chunks] = one.chunk_cpu / one.chunks / (double)(k->steps / CHUNKS);
                two_ns[clean_chunks] = two.chunk_cpu / two.chunks / (double)(k->steps / 2 / CHUNKS);
                chunk_ratio[clean_chunks++] = (two.chunk_cpu / two.chunks * 2) / (one.chunk_cpu / one.chunks);  // a 2-thread chunk is half the steps
            }
            if (two.wait > 0.03 * two.wall || one.wait > 0.03 * one.wall) continue;
            one_ms[clean_runs] = one.wall / 1e6; two_ms[clean_runs] = two.wall / 1e6;
            speed[clean_runs] = one.wall / two.wall; ratio[clean_runs] = two.cpu / one.cpu; clean_runs++;
        }
        double cr = median(chunk_ratio, clean_chunks);
        printf("%-16s %8.1f %8.1f %7.2fx %8.3f | %9.3f %6.2fx %8.2f %8.2f  clean runs %d/%d, rounds with clean chunks %d\n",
               k->name, median(one_ms, clean_runs), median(two_ms, clean_runs), median(speed, clean_runs),
               median(ratio, clean_runs), cr, cr > 0 ? 2 / cr : 0, median(one_ns, clean_chunks), median(two_ns, clean_chunks),
               clean_runs, rounds, clean_chunks);
        fflush(stdout);
    }
    return 0;
}
