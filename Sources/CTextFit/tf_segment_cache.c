// The segment cache's tables and their concurrency (see CTextFitSegmentCache.h for why this is C).
//
// Readers (a hit) write nothing shared: per shard, a writer holds the mutex and keeps a sequence number
// odd while it changes anything; a reader loads the sequence (acquire), probes and copies into the
// caller's buffers, and keeps the result only if the sequence is unchanged afterwards (acquire fence),
// else it takes the lock. This is the seqlock of Boehm, "Can seqlocks get along with programming language
// memory models?" (MSPC 2012): every access to memory a reader can see is an atomic built-in (relaxed on
// both sides), so a race is defined behaviour and ThreadSanitizer checks this file like any other.
//
// A reader that races a writer may read stale or half-written bytes, never freed or unmapped memory and
// never forever:
// * a generation's storage is mapped once at the largest capacities its byte limit allows (untouched
//   pages cost no memory) and is never unmapped: rotation reuses it, `remove_all` hands its pages back
//   with MADV_DONTNEED (they read as zeros afterwards; `remove_all_keeping_capacity` keeps them). Only a
//   raised budget needs a bigger mapping; the smaller one is then kept, emptied, on the shard's `retired`
//   list.
// * every index a reader computes from racy data is bounded by the capacities of the storage it loaded
//   (immutable), and its probe sequence by OPTIMISTIC_PROBES.
// Hits and misses are counted per thread (each thread its own cache lines), summed on demand.
#define _GNU_SOURCE
#include "CTextFitSegmentCache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SHARD_COUNT TF_SEGMENT_CACHE_SHARDS
/// Probes a lock-free look-up makes before it asks the lock instead (a valid table is at most half
/// full, so a real probe sequence is almost always far shorter).
#define OPTIMISTIC_PROBES 32

#define LOAD(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)

typedef struct {
    uint64_t hash;
    int64_t face;
    int32_t scale;
    uint32_t script;
    uint32_t offset;     // of the entry's units, advances and flags in the arenas
    uint16_t length;
    uint8_t has_flags;   // some flag is not 0 (most words have none: a hit then copies the advances only)
    uint8_t unused;
} entry;
_Static_assert(sizeof(entry) == 32, "an entry is counted as 32 bytes, as the Swift version was");

/// One generation's memory at the largest capacities its limit allows. Immutable once published (a
/// reader trusts its capacities to bound indices), never unmapped, never freed.
typedef struct storage {
    int32_t *slots;      // entry numbers by hash, −1 empty
    entry *entries;
    uint16_t *units;     // the keys' text
    int32_t *advances;
    uint8_t *flags;
    uint32_t slot_capacity;   // a power of two
    uint32_t entry_capacity;
    uint32_t unit_capacity;
    void *base;
    size_t mapped;
    struct storage *retired_next;
} storage;

/// A flat open-addressing table over fixed-size entries whose text, advances and flags sit in arenas.
/// `store` and `slot_count` are read by readers; the rest only under the shard's mutex.
typedef struct {
    storage *store;
    uint32_t slot_count;       // a power of two, 2 × entry_capacity; 0 when empty
    uint32_t entry_count;
    uint32_t entry_capacity;   // the capacities in use: doubled when full, within the byte limit
    uint32_t unit_count;
    uint32_t unit_capacity;
    uint32_t touched_entries;  // the highest capacities since the pages were last handed back: what the
    uint32_t touched_units;    // statistics count as bytes, so they bound the memory really held
} generation;

/// Own cache lines, so threads working on different shards never write the same line.
typedef struct {
    uint64_t sequence;         // odd while a writer changes the shard
    uint32_t current;          // which generation is the current one
    generation generations[2];
    storage *retired;
    int64_t evictions;
    pthread_mutex_t mutex;
} __attribute__((aligned(128))) shard;

/// The one cache of the process: static, so a look-up needs no initialisation check.
static shard shards[SHARD_COUNT] = {[0 ... SHARD_COUNT - 1] = {.mutex = PTHREAD_MUTEX_INITIALIZER}};
static size_t byte_limit = 64 << 20;

static size_t bytes(size_t slots, size_t entries, size_t units) {
    return slots * sizeof(int32_t) + entries * sizeof(entry) + units * (sizeof(uint16_t) + sizeof(int32_t) + 1);
}

static size_t generation_bytes(const generation *g) {
    return bytes(2 * (size_t)g->touched_entries, g->touched_entries, g->touched_units);
}

// MARK: - Storage

static size_t page_round(size_t n) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return (n + page - 1) / page * page;
}

/// Maps storage for a generation of at most `limit` bytes: the largest power-of-two entry capacity
/// whose slots and entries fit `limit`, and likewise for units (the table grows within these).
static storage *storage_create(size_t limit) {
    size_t entries = 1, units = 1;
    while (entries < (1u << 29) && bytes(4 * entries, 2 * entries, 0) <= limit) entries *= 2;
    while (units < (1u << 30) && bytes(0, 0, 2 * units) <= limit) units *= 2;
    size_t slots_size = page_round(2 * entries * sizeof(int32_t));
    size_t entries_size = page_round(entries * sizeof(entry));
    size_t units_size = page_round(units * sizeof(uint16_t));
    size_t advances_size = page_round(units * sizeof(int32_t));
    size_t flags_size = page_round(units);
    size_t mapped = slots_size + entries_size + units_size + advances_size + flags_size;
    storage *s = malloc(sizeof(storage));
    if (!s) return NULL;
    // MAP_NORESERVE: the cache touches only what its budget allows; no need to commit the rest.
    char *base = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) {
        free(s);
        return NULL;
    }
    s->slots = (int32_t *)base;
    s->entries = (entry *)(base + slots_size);
    s->units = (uint16_t *)(base + slots_size + entries_size);
    s->advances = (int32_t *)(base + slots_size + entries_size + units_size);
    s->flags = (uint8_t *)(base + slots_size + entries_size + units_size + advances_size);
    s->slot_capacity = (uint32_t)(2 * entries);
    s->entry_capacity = (uint32_t)entries;
    s->unit_capacity = (uint32_t)units;
    s->base = base;
    s->mapped = mapped;
    s->retired_next = NULL;
    return s;
}

/// Hands the pages back to the system; the mapping stays, so a racing reader reads zeros.
static void storage_discard(storage *s) {
    madvise(s->base, s->mapped, MADV_DONTNEED);
}

// MARK: - Reading (with or without the lock)

enum { NOT_FOUND = -1, UNSURE = -2 };

/// Looks `key` up in `g`, copying the advances and flags out when `copy`. Returns TF_SEGMENT_ADVANCES or
/// TF_SEGMENT_ADVANCES_AND_FLAGS when found, NOT_FOUND, or UNSURE when the data was inconsistent or the
/// probe sequence longer than `max_probes` (only possible without the lock, or in a pathological table).
static inline __attribute__((always_inline)) int32_t probe(const generation *g, const tf_segment_key *key, int32_t *advances, uint8_t *flags,
                     uint32_t max_probes, int copy) {
    // Acquire: a storage mapped and filled by a writer is published with a release store.
    const storage *s = __atomic_load_n(&g->store, __ATOMIC_ACQUIRE);
    if (!s) return NOT_FOUND;
    uint32_t count = LOAD(&g->slot_count);
    if (count == 0) return NOT_FOUND;
    uint32_t mask = (count - 1) & (s->slot_capacity - 1);
    uint32_t slot = (uint32_t)key->hash & mask;
    uint32_t length = (uint32_t)key->length;
    for (uint32_t probes = 0; probes < max_probes; probes++, slot = (slot + 1) & mask) {
        int32_t index = LOAD(&s->slots[slot]);
        if (index < 0) return NOT_FOUND;
        if ((uint32_t)index >= s->entry_capacity) return UNSURE;
        const entry *e = &s->entries[index];
        if (LOAD(&e->hash) != key->hash || LOAD(&e->length) != length || LOAD(&e->face) != key->face
            || LOAD(&e->scale) != key->scale || LOAD(&e->script) != key->script) continue;
        uint32_t offset = LOAD(&e->offset);
        if (offset > s->unit_capacity || length > s->unit_capacity - offset) return UNSURE;
        const uint16_t *units = s->units + offset;
        uint32_t i = 0;
        while (i < length && LOAD(&units[i]) == key->text[i]) i++;
        if (i < length) continue;
        int has_flags = LOAD(&e->has_flags) != 0;
        if (copy) {
            const int32_t *source = s->advances + offset;
            for (i = 0; i < length; i++) advances[i] = LOAD(&source[i]);
            if (has_flags) {
                const uint8_t *source_flags = s->flags + offset;
                for (i = 0; i < length; i++) flags[i] = LOAD(&source_flags[i]);
            }
        }
        return has_flags ? TF_SEGMENT_ADVANCES_AND_FLAGS : TF_SEGMENT_ADVANCES;
    }
    return UNSURE;
}

// MARK: - Writing (under the shard's mutex, between write_begin and write_end)

static uint64_t write_begin(shard *s) {
    uint64_t sequence = LOAD(&s->sequence);
    STORE(&s->sequence, sequence + 1);
    // Orders the odd sequence before every store that follows (pairs with the readers' acquire fence).
    __atomic_thread_fence(__ATOMIC_RELEASE);
    return sequence + 2;
}

static void write_end(shard *s, uint64_t sequence) {
    __atomic_store_n(&s->sequence, sequence, __ATOMIC_RELEASE);
}

static void place(storage *s, uint32_t slot_count, uint32_t index, uint64_t hash) {
    uint32_t mask = slot_count - 1;
    uint32_t slot = (uint32_t)hash & mask;
    while (s->slots[slot] >= 0) slot = (slot + 1) & mask;
    STORE(&s->slots[slot], (int32_t)index);
}

/// Empties `g`; hands its pages back when asked or when they hold more than `limit` bytes (the budget
/// was lowered), else keeps them for reuse.
static void generation_reset(generation *g, size_t limit, int give_back) {
    STORE(&g->slot_count, 0);
    g->entry_count = 0;
    g->entry_capacity = 0;
    g->unit_count = 0;
    g->unit_capacity = 0;
    if (g->store && (give_back || generation_bytes(g) > limit)) {
        storage_discard(g->store);
        g->touched_entries = 0;
        g->touched_units = 0;
    }
}

/// Adds `key` (not present) unless the generation would then hold more than `limit` bytes; returns 0
/// when it is full (1 when added, or left uncached because the system has no memory for it). When added,
/// `*any_flag` receives whether some flag is not 0.
static int append(shard *sh, generation *g, const tf_segment_key *key, const int32_t *advances,
                  const uint8_t *flags, size_t limit, int *any_flag) {
    uint32_t length = (uint32_t)key->length;
    if (length == 0 || length > UINT16_MAX) return 1;
    // Capacities after this entry: doubled when full, so growth costs O(1) per entry.
    size_t entry_capacity = g->entry_capacity, unit_capacity = g->unit_capacity;
    if (entry_capacity == 0) {
        // Small budgets (tests, a caller that lowered the limit) start small.
        entry_capacity = 32;
        while (entry_capacity > 1 && bytes(2 * entry_capacity, entry_capacity, 8 * entry_capacity) > limit) entry_capacity /= 2;
        unit_capacity = 8 * entry_capacity;
    }
    if (g->entry_count == entry_capacity) entry_capacity *= 2;
    while (g->unit_count + length > unit_capacity) unit_capacity *= 2;
    if (bytes(2 * entry_capacity, entry_capacity, unit_capacity) > limit) return 0;

    storage *s = g->store;
    int rebuild = 2 * entry_capacity != g->slot_count;
    if (!s || entry_capacity > s->entry_capacity || unit_capacity > s->unit_capacity) {
        // No storage yet, or the budget was raised since it was mapped.
        storage *bigger = storage_create(limit);
        if (!bigger || entry_capacity > bigger->entry_capacity || unit_capacity > bigger->unit_capacity) return 1;
        if (s) {
            memcpy(bigger->entries, s->entries, g->entry_count * sizeof(entry));
            memcpy(bigger->units, s->units, g->unit_count * sizeof(uint16_t));
            memcpy(bigger->advances, s->advances, g->unit_count * sizeof(int32_t));
            memcpy(bigger->flags, s->flags, g->unit_count);
            storage_discard(s);
            s->retired_next = sh->retired;
            sh->retired = s;
        }
        // Release: a reader that loads the new pointer sees what was copied into it.
        __atomic_store_n(&g->store, bigger, __ATOMIC_RELEASE);
        s = bigger;
        rebuild = 1;
    }
    if (rebuild) {
        uint32_t slot_count = (uint32_t)(2 * entry_capacity);
        for (uint32_t i = 0; i < slot_count; i++) STORE(&s->slots[i], -1);
        for (uint32_t i = 0; i < g->entry_count; i++) place(s, slot_count, i, s->entries[i].hash);
        STORE(&g->slot_count, slot_count);
    }

    uint32_t offset = g->unit_count;
    int has_flags = 0;
    for (uint32_t i = 0; i < length; i++) {
        STORE(&s->units[offset + i], key->text[i]);
        STORE(&s->advances[offset + i], advances[i]);
        STORE(&s->flags[offset + i], flags[i]);
        has_flags |= flags[i] != 0;
    }
    uint32_t index = g->entry_count;
    entry *e = &s->entries[index];
    STORE(&e->hash, key->hash);
    STORE(&e->face, key->face);
    STORE(&e->scale, key->scale);
    STORE(&e->script, key->script);
    STORE(&e->offset, offset);
    STORE(&e->length, (uint16_t)length);
    STORE(&e->has_flags, (uint8_t)has_flags);
    *any_flag = has_flags;
    place(s, g->slot_count, index, key->hash);
    g->unit_count += length;
    g->entry_count += 1;
    g->entry_capacity = (uint32_t)entry_capacity;
    g->unit_capacity = (uint32_t)unit_capacity;
    if (g->touched_entries < entry_capacity) g->touched_entries = (uint32_t)entry_capacity;
    if (g->touched_units < unit_capacity) g->touched_units = (uint32_t)unit_capacity;
    return 1;
}

/// Appends to the current generation; when it is full it becomes the old one and the old one, emptied,
/// the current one (an approximate LRU with O(1) eviction). `*any_flag` as `append`'s (left alone when
/// the entry could not be added).
static void insert_locked(shard *s, const tf_segment_key *key, const int32_t *advances, const uint8_t *flags,
                          size_t limit, int *any_flag) {
    if (append(s, &s->generations[s->current], key, advances, flags, limit, any_flag)) return;
    uint32_t next = s->current ^ 1;
    s->evictions += s->generations[next].entry_count;
    generation_reset(&s->generations[next], limit, 0);
    STORE(&s->current, next);
    (void)append(s, &s->generations[next], key, advances, flags, limit, any_flag);
}

// MARK: - Per-thread counters

/// A thread's hits and misses, on cache lines of their own. Written by its thread only (relaxed
/// stores), read by `get_statistics` under the registry lock.
typedef struct counters {
    uint64_t hits;
    uint64_t misses;
    struct counters *next;
    struct counters *previous;
} __attribute__((aligned(128))) counters;

static __thread counters *thread_counters __attribute__((tls_model("initial-exec")));
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static counters *registry;                        // live threads' counters
static uint64_t exited_hits, exited_misses;       // of threads that have ended
static uint64_t base_hits, base_misses;           // the totals at the last remove_all
static uint64_t unregistered_hits, unregistered_misses;  // threads whose counters could not be allocated
static pthread_key_t counters_key;
static pthread_once_t counters_once = PTHREAD_ONCE_INIT;
static int counters_key_ok;

/// At thread exit: folds the thread's counts into the totals and frees its counters.
static void counters_exit(void *pointer) {
    counters *c = pointer;
    pthread_mutex_lock(&registry_lock);
    exited_hits += c->hits;
    exited_misses += c->misses;
    if (c->previous) c->previous->next = c->next; else registry = c->next;
    if (c->next) c->next->previous = c->previous;
    pthread_mutex_unlock(&registry_lock);
    thread_counters = NULL;
    free(c);
}

static void counters_make_key(void) {
    counters_key_ok = pthread_key_create(&counters_key, counters_exit) == 0;
}

static counters *counters_register(void) {
    pthread_once(&counters_once, counters_make_key);
    if (!counters_key_ok) return NULL;
    counters *c = aligned_alloc(128, sizeof(counters));
    if (!c) return NULL;
    c->hits = 0;
    c->misses = 0;
    c->previous = NULL;
    pthread_mutex_lock(&registry_lock);
    c->next = registry;
    if (registry) registry->previous = c;
    registry = c;
    pthread_mutex_unlock(&registry_lock);
    if (pthread_setspecific(counters_key, c) != 0) {
        counters_exit(c);
        return NULL;
    }
    thread_counters = c;
    return c;
}

/// Adds to this thread's counters (a run of look-ups counts once).
static inline __attribute__((always_inline)) void count(uint64_t hits, uint64_t misses) {
    counters *c = thread_counters;
    if (!c) c = counters_register();
    if (!c) {
        __atomic_fetch_add(&unregistered_hits, hits, __ATOMIC_RELAXED);
        __atomic_fetch_add(&unregistered_misses, misses, __ATOMIC_RELAXED);
        return;
    }
    STORE(&c->hits, c->hits + hits);
    STORE(&c->misses, c->misses + misses);
}

/// Totals since the process started; under `registry_lock`.
static void counter_totals(uint64_t *hits, uint64_t *misses) {
    *hits = exited_hits + __atomic_load_n(&unregistered_hits, __ATOMIC_RELAXED);
    *misses = exited_misses + __atomic_load_n(&unregistered_misses, __ATOMIC_RELAXED);
    for (counters *c = registry; c; c = c->next) {
        *hits += LOAD(&c->hits);
        *misses += LOAD(&c->misses);
    }
}

// MARK: - API

size_t tf_segment_cache_byte_limit(void) {
    return __atomic_load_n(&byte_limit, __ATOMIC_RELAXED);
}

void tf_segment_cache_set_byte_limit(size_t limit) {
    __atomic_store_n(&byte_limit, limit, __ATOMIC_RELAXED);
}

/// The byte budget of one generation of one shard.
static size_t generation_limit(void) {
    return tf_segment_cache_byte_limit() / SHARD_COUNT / 2;
}

static shard *shard_for(const tf_segment_key *key) {
    return &shards[(key->hash >> 60) & (SHARD_COUNT - 1)];
}

/// `tf_segment_cache_find` without counting.
static inline __attribute__((always_inline)) int32_t find(const tf_segment_key *key, int32_t *advances, uint8_t *flags) {
    shard *s = shard_for(key);
    int flags_written = 0;
    uint64_t begin = __atomic_load_n(&s->sequence, __ATOMIC_ACQUIRE);
    if (!(begin & 1)) {
        int32_t found = probe(&s->generations[LOAD(&s->current) & 1], key, advances, flags, OPTIMISTIC_PROBES, 1);
        flags_written = found == TF_SEGMENT_ADVANCES_AND_FLAGS;
        if (found == NOT_FOUND) {
            // A hit in the old generation must be copied into the current one: that takes the lock.
            int32_t old = probe(&s->generations[(LOAD(&s->current) & 1) ^ 1], key, NULL, NULL, OPTIMISTIC_PROBES, 0);
            found = old == NOT_FOUND ? TF_SEGMENT_MISS : UNSURE;
        }
        // Orders the reads above before the second look at the sequence (pairs with write_begin's fence).
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        if (found != UNSURE && LOAD(&s->sequence) == begin) return found;
    }
    // A writer was busy, the entry is in the old generation, or a probe ran long: ask under the lock.
    pthread_mutex_lock(&s->mutex);
    int32_t found = probe(&s->generations[s->current], key, advances, flags, UINT32_MAX, 1);
    if (found == TF_SEGMENT_ADVANCES && flags_written) {
        // The attempt above wrote flags this entry does not have.
        memset(flags, 0, (size_t)key->length);
        found = TF_SEGMENT_ADVANCES_AND_FLAGS;
    } else if (found == NOT_FOUND) {
        found = probe(&s->generations[s->current ^ 1], key, advances, flags, UINT32_MAX, 1);
        if (found == NOT_FOUND) {
            found = TF_SEGMENT_MISS;
        } else {
            if (found == TF_SEGMENT_ADVANCES) memset(flags, 0, (size_t)key->length);
            found = TF_SEGMENT_ADVANCES_AND_FLAGS;
            // Promote from the caller's copy: making room in the current generation may empty the old one.
            uint64_t end = write_begin(s);
            int any_flag;
            insert_locked(s, key, advances, flags, generation_limit(), &any_flag);
            write_end(s, end);
        }
    }
    pthread_mutex_unlock(&s->mutex);
    return found;
}

int32_t tf_segment_cache_find(tf_segment_key key, int32_t *advances, uint8_t *flags) {
    int32_t found = find(&key, advances, flags);
    count(found != TF_SEGMENT_MISS, found == TF_SEGMENT_MISS);
    return found;
}

int32_t tf_segment_cache_find_run(const tf_segment_lookup *lookups, int32_t n, int32_t *advances, uint8_t *flags,
                                  uint8_t *found) {
    uint64_t hits = 0;
    for (int32_t i = 0; i < n; i++) {
        const tf_segment_lookup *lookup = &lookups[i];
        if (lookup->uncached) {
            found[i] = TF_SEGMENT_MISS;
            count(hits, 0);
            return i;
        }
        int32_t result = find(&lookup->key, advances + lookup->start, flags + lookup->start);
        found[i] = (uint8_t)result;
        if (result == TF_SEGMENT_MISS) {
            count(hits, 1);
            return i;
        }
        hits++;
    }
    count(hits, 0);
    return n;
}

int32_t tf_segment_cache_insert(tf_segment_key k, const int32_t *advances, const uint8_t *flags) {
    const tf_segment_key *key = &k;
    shard *s = shard_for(key);
    // The copy into the arena reads every flag; present already, an entry says so itself.
    int any_flag = -1;
    pthread_mutex_lock(&s->mutex);
    int32_t found = probe(&s->generations[s->current], key, NULL, NULL, UINT32_MAX, 0);
    if (found == NOT_FOUND) {
        uint64_t end = write_begin(s);
        insert_locked(s, key, advances, flags, generation_limit(), &any_flag);
        write_end(s, end);
    } else if (found != UNSURE) {
        any_flag = found == TF_SEGMENT_ADVANCES_AND_FLAGS;
    }
    pthread_mutex_unlock(&s->mutex);
    if (any_flag < 0) {
        // Not added (no memory for it, or a pathological table): the caller's own flags say.
        any_flag = 0;
        for (int32_t i = 0; i < key->length; i++) any_flag |= flags[i] != 0;
    }
    return any_flag ? TF_SEGMENT_ADVANCES_AND_FLAGS : TF_SEGMENT_ADVANCES;
}

void tf_segment_cache_get_statistics(tf_segment_cache_statistics *statistics) {
    memset(statistics, 0, sizeof(*statistics));
    for (int i = 0; i < SHARD_COUNT; i++) {
        shard *s = &shards[i];
        pthread_mutex_lock(&s->mutex);
        for (int k = 0; k < 2; k++) {
            statistics->bytes += (int64_t)generation_bytes(&s->generations[k]);
            statistics->entries += s->generations[k].entry_count;
        }
        statistics->evictions += s->evictions;
        pthread_mutex_unlock(&s->mutex);
    }
    uint64_t hits, misses;
    pthread_mutex_lock(&registry_lock);
    counter_totals(&hits, &misses);
    statistics->hits = (int64_t)(hits - base_hits);
    statistics->misses = (int64_t)(misses - base_misses);
    pthread_mutex_unlock(&registry_lock);
}

static void remove_all(int give_back) {
    size_t limit = generation_limit();
    for (int i = 0; i < SHARD_COUNT; i++) {
        shard *s = &shards[i];
        pthread_mutex_lock(&s->mutex);
        uint64_t end = write_begin(s);
        for (int k = 0; k < 2; k++) generation_reset(&s->generations[k], limit, give_back);
        s->evictions = 0;
        write_end(s, end);
        pthread_mutex_unlock(&s->mutex);
    }
    pthread_mutex_lock(&registry_lock);
    counter_totals(&base_hits, &base_misses);
    pthread_mutex_unlock(&registry_lock);
}

void tf_segment_cache_remove_all(void) { remove_all(1); }

void tf_segment_cache_remove_all_keeping_capacity(void) { remove_all(0); }
