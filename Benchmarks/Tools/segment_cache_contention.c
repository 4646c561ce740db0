// Segment-cache hits on two threads at once: the lock-free hit path (a seqlock per shard) against a
// control, the same hits each taken under one of 16 shared mutexes that also bumps a counter beside it
// (what a locked hit path costs, so the method is seen to detect contention).
//
// A client of the cache's C API only: it includes the public header and links the object file SwiftPM
// built for TextFit, so it times the code that ships, compiled with the package's flags:
//   swift build -c release --target CTextFit
//   clang -O2 -pthread -I Sources/CTextFit/include -o /tmp/contention \
//       Benchmarks/Tools/segment_cache_contention.c .build/release/CTextFit.build/tf_segment_cache.c.o
//   /tmp/contention 2000      # keys: 2 000 stay in L2, 100 000 do not
//
// Why chunks: on a shared 2-core machine the two threads rarely run at the same time for a whole run,
// so whole-run CPU time hides contention. Each thread records wall and CPU time per chunk of 1 000
// look-ups; a chunk counts as "both threads running" when it ran unpreempted (wall < 1.1 × CPU) and
// the other thread ran unpreempted chunks covering the same interval. Its CPU per look-up over a lone
// thread's is the cost of sharing (1.0 = none).
#include "CTextFitSegmentCache.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <time.h>
static uint64_t mix(uint64_t z) { z += 0x9E3779B97F4A7C15ull; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull; z = (z ^ (z >> 27)) * 0x94D049BB133111EBull; return z ^ (z >> 31); }
#define LEN 6
#define CHUNK 1000
#define CHUNKS 4000
static int nkeys, mode, key_length; static volatile int key_length_source = LEN;
static uint16_t (*texts)[LEN]; static uint64_t *hashes;
static tf_segment_key key_of(int i) { tf_segment_key k = {.hash = hashes[i], .face = 1, .scale = 13312, .script = 0, .text = texts[i], .length = key_length}; return k; }
// The control's locks, one per shard as the cache has, each with a counter on its cache line.
static struct { pthread_mutex_t mutex; long hits; } __attribute__((aligned(64))) locks[TF_SEGMENT_CACHE_SHARDS];
__attribute__((noinline)) static int32_t find_locked(tf_segment_key k, int32_t *adv, uint8_t *flags) {
    int shard = (int)(k.hash >> 60) % TF_SEGMENT_CACHE_SHARDS;
    pthread_mutex_lock(&locks[shard].mutex);
    int32_t r = tf_segment_cache_find(k, adv, flags);
    locks[shard].hits++;
    pthread_mutex_unlock(&locks[shard].mutex);
    return r;
}
static double now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec * 1e9 + t.tv_nsec; }
typedef struct { int seed; double start[CHUNKS], end[CHUNKS], cpu[CHUNKS]; long sink; } job;
static void *run(void *p) {
    job *j = p; int32_t adv[LEN]; uint8_t fl[LEN]; uint64_t r = j->seed; long sink = 0;
    for (int c = 0; c < CHUNKS; c++) {
        double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_THREAD_CPUTIME_ID);
        for (int n = 0; n < CHUNK; n++) {
            r = mix(r); int i = (int)(r % (uint64_t)nkeys);
            sink += (mode == 0 ? tf_segment_cache_find(key_of(i), adv, fl) : find_locked(key_of(i), adv, fl)) + adv[0];
        }
        j->cpu[c] = now(CLOCK_THREAD_CPUTIME_ID) - c0; j->start[c] = w0; j->end[c] = now(CLOCK_MONOTONIC);
    }
    j->sink = sink; return NULL;
}
static int clean(job *j, int c) { double w = j->end[c] - j->start[c]; return w < 1.1 * j->cpu[c]; }
static job jobs[2];
int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s KEYS\n", argv[0]); return 2; }
    for (int i = 0; i < TF_SEGMENT_CACHE_SHARDS; i++) pthread_mutex_init(&locks[i].mutex, NULL);
    key_length = key_length_source; nkeys = atoi(argv[1]);
    texts = malloc(sizeof(*texts) * nkeys); hashes = malloc(8 * nkeys);
    int32_t adv[LEN] = {1, 2, 3, 4, 5, 6}; uint8_t fl[LEN] = {0};
    for (int i = 0; i < nkeys; i++) { for (int k = 0; k < LEN; k++) texts[i][k] = 'a' + mix(i * 8 + k) % 26; hashes[i] = mix(i ^ 0x5555); tf_segment_cache_insert(key_of(i), adv, fl); }
    for (int rep = 0; rep < 4; rep++) for (int m = 0; m < 2; m++) {
        mode = (m + rep) % 2;
        double lone = 0; long lone_n = 0, conc_n = 0; double conc = 0;
        for (int threads = 1; threads <= 2; threads++) {
            pthread_t t[2];
            for (int k = 0; k < threads; k++) { jobs[k].seed = k + 1 + rep * 7; pthread_create(&t[k], NULL, run, &jobs[k]); }
            for (int k = 0; k < threads; k++) pthread_join(t[k], NULL);
            if (threads == 1) { for (int c = 0; c < CHUNKS; c++) if (clean(&jobs[0], c)) { lone += jobs[0].cpu[c]; lone_n++; } continue; }
            for (int a = 0; a < 2; a++) {
                job *x = &jobs[a], *y = &jobs[1 - a]; int yc = 0;
                for (int c = 0; c < CHUNKS; c++) {
                    if (!clean(x, c)) continue;
                    // The other thread's chunks overlapping this one must all be clean and cover it.
                    while (yc < CHUNKS && y->end[yc] < x->start[c]) yc++;
                    if (yc >= CHUNKS || y->start[yc] > x->start[c]) continue;
                    int k = yc, ok = 1; double covered = x->start[c];
                    while (k < CHUNKS && y->start[k] < x->end[c]) { if (!clean(y, k) || y->start[k] > covered + 2000) { ok = 0; break; } covered = y->end[k]; k++; }
                    if (ok && covered >= x->end[c]) { conc += x->cpu[c]; conc_n++; }
                }
            }
        }
        printf("%-7s %6d keys: lone thread %.1f ns/look-up (%ld chunks), both threads running %.1f ns/look-up (%ld chunks): ratio %.3f\n",
               mode ? "mutex" : "seqlock", nkeys, lone / lone_n / CHUNK, lone_n, conc_n ? conc / conc_n / CHUNK : 0, conc_n, conc_n ? (conc / conc_n) / (lone / lone_n) : 0);
    }
    return 0;
}
