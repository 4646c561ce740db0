// The storage and concurrency of TextFit's segment cache (Swift: Shaping/SegmentCache.swift).
//
// Why in C: a hit must write nothing shared, so readers run without the lock (a seqlock) and may race a
// writer. That is only defined when every access to memory a reader can see is atomic; Swift can do
// atomic loads and stores only through `Synchronization.Atomic` values, never on the elements of raw
// arenas (and outside packages are not allowed), so both sides of the race live here and use C11 atomic
// built-ins (relaxed, which are plain moves on x86-64 and arm64) plus the seqlock's fences. Policy (what
// to cache, the byte budget, hashing) stays in Swift.
#ifndef CTEXTFIT_SEGMENT_CACHE_H
#define CTEXTFIT_SEGMENT_CACHE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// One cache per process: 16 shards, each a mutex for writers, a sequence number for readers and two
// generations. Static, so nothing to create and no initialisation check per look-up.

/// Shards of the cache; the byte budget is split evenly between them.
#define TF_SEGMENT_CACHE_SHARDS 16

/// A look-up key: the text is borrowed; `hash` is the Swift side's hash of all the other fields.
typedef struct {
    uint64_t hash;
    int64_t face;
    int32_t scale;
    uint32_t script;
    const uint16_t *text;
    int32_t length;  // 1 ... 65 535
} tf_segment_key;

enum {
    TF_SEGMENT_MISS = 0,
    /// The advances were copied; every flag is 0 and `flags` was left as it was.
    TF_SEGMENT_ADVANCES = 1,
    /// The advances and the flags were copied.
    TF_SEGMENT_ADVANCES_AND_FLAGS = 2,
};

typedef struct {
    int64_t hits;
    int64_t misses;
    int64_t bytes;
    int64_t entries;
    int64_t evictions;
} tf_segment_cache_statistics;

/// The byte budget of the whole cache (default 64 MiB), split evenly between the shards' generations.
size_t tf_segment_cache_byte_limit(void);
void tf_segment_cache_set_byte_limit(size_t limit);

/// Copies the cached advances (and flags, unless all are 0) of `key` into `advances` and `flags` (each
/// `key.length` long) and returns a `TF_SEGMENT_*` value. A hit in the current generation takes no lock
/// and writes no shared memory; a hit in the old generation is copied into the current one (under the
/// shard's lock). The key is passed by value: no address of a Swift local to take.
int32_t tf_segment_cache_find(tf_segment_key key, int32_t *advances, uint8_t *flags);

/// One segment of a text to look up in a run (`tf_segment_cache_find_run`).
typedef struct {
    tf_segment_key key;
    /// Where the segment's advances and flags go in the run's output arrays (`advances + start`, ...).
    int32_t start;
    /// Not 0: not to be looked up (too long to cache); the run stops at it as at a miss, uncounted.
    int32_t uncached;
} tf_segment_lookup;

/// Looks `lookups[0 ..< count]` up in order, each exactly as `tf_segment_cache_find` would: its advances
/// go to `advances + start` (its flags to `flags + start` unless all are 0) and its `TF_SEGMENT_*` value
/// to `found[i]`. Stops at the first miss (counted; `found[i]` is `TF_SEGMENT_MISS`) or uncached lookup
/// and returns its index, so the caller can shape and insert it before the look-ups after it; `count`
/// when all hit. One call per run of a text's segments instead of one per segment: a warm preparation
/// then pays the call, the key's copy and the per-thread counter once per run.
int32_t tf_segment_cache_find_run(const tf_segment_lookup *lookups, int32_t count, int32_t *advances, uint8_t *flags,
                                  uint8_t *found);

/// Caches `key` (`key.length` advances and flags) unless present; may rotate the shard's generations.
/// Returns TF_SEGMENT_ADVANCES when every flag is 0 (the caller need not read them either), else
/// TF_SEGMENT_ADVANCES_AND_FLAGS.
int32_t tf_segment_cache_insert(tf_segment_key key, const int32_t *advances, const uint8_t *flags);

/// Sums over the shards and the threads' counters since the last `tf_segment_cache_remove_all`.
void tf_segment_cache_get_statistics(tf_segment_cache_statistics *statistics);

/// Empties every shard, gives the memory back to the system and resets the counters.
void tf_segment_cache_remove_all(void);

/// `tf_segment_cache_remove_all` keeping the pages the shards have written (unless the budget was lowered
/// below them), so filling the cache again takes no page faults; the statistics still count them as bytes.
void tf_segment_cache_remove_all_keeping_capacity(void);

#ifdef __cplusplus
}
#endif

#endif
