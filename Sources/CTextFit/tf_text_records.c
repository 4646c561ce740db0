// The per-thread cache of whole prepared texts (include/CTextFitTextRecords.h).
#include "CTextFitTextRecords.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "tf_thread_exit.h"

// Twice the entry bound, a power of two: linear probing stays short.
#define SLOTS 8192

typedef struct {
    uint64_t hash;
    int64_t face;
    int32_t scale;
    uint32_t options;
    uint32_t length;
    uint32_t payload_size;
    // What the payload refers to outside it (a text's fallback faces, bidi levels), released with the
    // record; NULL when nothing.
    void *owner;
    void (*release)(void *);
    // Then the text's bytes, padded to 16, then the payload.
} record;

typedef struct {
    uint64_t hash;  // 0: empty
    record *record; // NULL: a text seen once
} slot;

typedef struct {
    slot *slots;  // SLOTS, allocated on the thread's first look-up
    size_t entries;
    size_t records;
    size_t bytes;
    size_t refused;  // texts turned away since the table was last emptied (it was full)
    uint64_t generation;
} table;

// Each thread's own table: no other thread reads or writes it.
static _Thread_local table tables;
// Bumped by `tf_text_records_remove_all`: a table of an older generation is emptied before use.
static uint64_t generation;
static uint64_t seed;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void free_record(record *r) {
    if (r == NULL) return;
    if (r->owner != NULL && r->release != NULL) r->release(r->owner);
    free(r);
}

static void free_slots(slot *slots) {
    for (size_t i = 0; i < SLOTS; i++) free_record(slots[i].record);
}

// Runs when a thread that made a table exits (the key's value is its slots).
static void free_at_exit(void *slots) {
    free_slots(slots);
    free(slots);
    if (tables.slots == slots) tables.slots = NULL;
}

static tf_thread_exit exit_hook = TF_THREAD_EXIT_INIT(free_at_exit);

static void setup(void) {
    // A random seed, so text cannot be made offline to collide (the probes stay bounded by SLOTS anyway).
    uint64_t value = 0;
    if (getrandom(&value, sizeof value, 0) != (ssize_t)sizeof value) value = (uint64_t)(uintptr_t)&value;
    seed = value | 1;
}

static void clear(table *t) {
    // Every occupied slot (a mark or a record) is counted in `entries`: an empty table has nothing to
    // free, and walking its 8,192 slots and zeroing 128 KiB is what every removeAll on every thread cost.
    t->refused = 0;
    if (t->entries == 0) return;
    free_slots(t->slots);
    memset(t->slots, 0, sizeof(slot) * SLOTS);
    t->entries = 0;
    t->records = 0;
    t->bytes = 0;
}

// A full table turns new texts away and keeps what it holds: emptying it whenever one more text came
// made a working set just over the bound re-record everything on every pass (the benchmark's 1,533
// recordable texts take 2.4 MiB: each pass emptied the table, paid for recording and copied nothing).
// Only when it has turned away four times what it holds, plus some, has what it holds likely gone stale
// (a feed scrolled on): then it starts again. A cycle over W texts with room for C < W keeps C of them
// and empties every 4C / (W - C) cycles. Returns whether the table was emptied.
static int make_room(table *t) {
    if (++t->refused <= 4 * t->entries + 64) return 0;
    clear(t);
    return 1;
}

static inline uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v;
    h *= 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

static inline uint64_t hash_key(const uint8_t *text, size_t length, int64_t face, int32_t scale, uint32_t options) {
    uint64_t h = mix(seed, (uint64_t)face);
    h = mix(h, (uint64_t)(uint32_t)scale | (uint64_t)options << 32 | (uint64_t)length << 40);
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, text + i, 8);
        h = mix(h, word);
    }
    if (i < length) {
        uint64_t word = 0;
        memcpy(&word, text + i, length - i);
        h = mix(h, word);
    }
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h ? h : 1;
}

static inline int matches(const record *r, uint64_t hash, const uint8_t *text, size_t length, int64_t face,
                          int32_t scale, uint32_t options) {
    return r->hash == hash && r->face == face && r->scale == scale && r->options == options && r->length == length &&
           memcmp((const uint8_t *)(r + 1), text, length) == 0;
}

static inline size_t text_bytes(size_t length) { return (length + 15) & ~(size_t)15; }

// The thread's table, made or emptied as needed; NULL without memory.
static inline table *current(void) {
    table *t = &tables;
    uint64_t g = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
    if (__builtin_expect(t->slots == NULL, 0)) {
        pthread_once(&once, setup);
        slot *slots = calloc(SLOTS, sizeof(slot));
        if (slots == NULL) return NULL;
        if (!tf_thread_exit_arm(&exit_hook, slots)) {
            free(slots);
            return NULL;
        }
        t->slots = slots;
        t->generation = g;
    } else if (__builtin_expect(t->generation != g, 0)) {
        clear(t);
        t->generation = g;
    }
    return t;
}

const void *tf_text_record_find(const uint8_t *text, size_t length, int64_t face, int32_t scale, uint32_t options,
                                tf_text_record_lookup *lookup, size_t *payload_size) {
    lookup->seen = 0;
    table *t = current();
    if (t == NULL) {
        lookup->hash = 0;
        return NULL;
    }
    uint64_t hash = hash_key(text, length, face, scale, options);
    lookup->hash = hash;
    size_t i = hash & (SLOTS - 1);
    for (;;) {
        slot *s = &t->slots[i];
        if (s->hash == 0) break;
        if (s->hash == hash) {
            record *r = s->record;
            if (r == NULL) {
                lookup->seen = 1;  // a text of this hash was seen once
                return NULL;
            }
            if (matches(r, hash, text, length, face, scale, options)) {
                *payload_size = r->payload_size;
                return (const uint8_t *)(r + 1) + text_bytes(length);
            }
        }
        i = (i + 1) & (SLOTS - 1);
    }
    // Remembered as seen: its next look-up may insert it.
    if (t->entries >= TF_TEXT_RECORDS_MAX_ENTRIES) {
        if (!make_room(t)) return NULL;  // not remembered: its next look-up will not insert it
        i = hash & (SLOTS - 1);
    }
    t->slots[i].hash = hash;
    t->slots[i].record = NULL;
    t->entries++;
    return NULL;
}

int tf_text_record_insert(const uint8_t *text, size_t length, int64_t face, int32_t scale, uint32_t options,
                          const tf_text_record_lookup *lookup, const void *payload, size_t payload_size, void *owner,
                          void (*release)(void *), size_t owner_bytes) {
    size_t stored = sizeof(record) + text_bytes(length) + payload_size;
    // What the owner holds counts against the budget too, so the table's bound covers what it keeps alive.
    size_t size = stored + owner_bytes;
    if (lookup->hash == 0 || size > TF_TEXT_RECORDS_MAX_BYTES || length > UINT32_MAX || payload_size > UINT32_MAX)
        return 0;
    table *t = current();
    if (t == NULL) return 0;
    uint64_t hash = lookup->hash;
    if (t->bytes + size > TF_TEXT_RECORDS_MAX_BYTES && !make_room(t)) return 0;
    // The key's mark, or else an empty slot (the table was emptied since the look-up).
    size_t i = hash & (SLOTS - 1);
    slot *target = NULL;
    for (;;) {
        slot *s = &t->slots[i];
        if (s->hash == 0) break;
        if (s->hash == hash) {
            if (s->record == NULL) {
                if (target == NULL) target = s;
            } else if (matches(s->record, hash, text, length, face, scale, options)) {
                return 0;  // already recorded
            }
        }
        i = (i + 1) & (SLOTS - 1);
    }
    if (target == NULL && t->entries >= TF_TEXT_RECORDS_MAX_ENTRIES) {
        if (!make_room(t)) return 0;
        i = hash & (SLOTS - 1);
    }
    record *r = malloc(stored);
    if (r == NULL) return 0;
    r->hash = hash;
    r->face = face;
    r->scale = scale;
    r->options = options;
    r->length = (uint32_t)length;
    r->payload_size = (uint32_t)payload_size;
    r->owner = owner;
    r->release = release;
    memcpy(r + 1, text, length);
    memcpy((uint8_t *)(r + 1) + text_bytes(length), payload, payload_size);
    if (target == NULL) {
        target = &t->slots[i];
        target->hash = hash;
        t->entries++;
    }
    target->record = r;
    t->records++;
    t->bytes += size;
    return 1;
}

void tf_text_records_remove_all(void) {
    __atomic_fetch_add(&generation, 1, __ATOMIC_ACQ_REL);
    if (tables.slots != NULL) {
        clear(&tables);
        tables.generation = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
    }
}

void tf_text_records_statistics(size_t *entries, size_t *records, size_t *bytes) {
    table *t = current();
    *entries = t ? t->entries : 0;
    *records = t ? t->records : 0;
    *bytes = t ? t->bytes : 0;
}
