// A per-thread cache of whole prepared texts (Swift: Prepare/TextRecords.swift).
//
// Why in C: Swift has no thread-local storage of its own on Linux; a `_Thread_local` table is a few
// instructions to reach, needs no lock (no other thread reads it), and a `pthread_key_t` destructor frees
// it when its thread exits. Cleared with the segment cache (`tf_text_records_remove_all`): every thread
// drops its table at its next look-up, the calling thread at once.
#ifndef CTEXTFIT_TEXT_RECORDS_H
#define CTEXTFIT_TEXT_RECORDS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Entries per thread at most (records and texts seen once). A full table turns new texts away, and is
/// emptied only once it has turned away four times as many as it holds (tf_text_records.c, make_room).
#define TF_TEXT_RECORDS_MAX_ENTRIES 4096
/// Bytes of records per thread at most (2 MiB): past it, new records are turned away as above.
#define TF_TEXT_RECORDS_MAX_BYTES ((size_t)2048 * 1024)

/// A look-up's key and what it found (filled in by `tf_text_record_find`, handed to `tf_text_record_insert`).
typedef struct {
    uint64_t hash;
    /// Whether this key was looked up before on this thread without a record: the caller may insert one.
    int seen;
} tf_text_record_lookup;

/// The calling thread's record for (`text`, `length` bytes; `face`, `scale`, `options`): its payload
/// (16-byte aligned, `*payload_size` bytes, valid until this thread's next insert or clear), or NULL. On
/// NULL, `lookup->seen` says whether the key was asked before (else it is remembered as seen now).
const void *tf_text_record_find(
    const uint8_t *text, size_t length, int64_t face, int32_t scale, uint32_t options,
    tf_text_record_lookup *lookup, size_t *payload_size);

/// Stores a copy of `payload` for the key `lookup` was found with (same arguments), with `owner` (may be
/// NULL): what the payload refers to outside itself, handed to `release` when the record is freed (on this
/// thread: when its table is emptied, or at its exit); `owner_bytes` (about what `owner` holds) counts
/// against `TF_TEXT_RECORDS_MAX_BYTES` with the record. Returns 1 when stored (the record now holds
/// `owner`), or 0 (the caller keeps `owner`): out of memory, the record alone exceeds
/// `TF_TEXT_RECORDS_MAX_BYTES`, or the key is already recorded.
int tf_text_record_insert(
    const uint8_t *text, size_t length, int64_t face, int32_t scale, uint32_t options,
    const tf_text_record_lookup *lookup, const void *payload, size_t payload_size, void *owner,
    void (*release)(void *), size_t owner_bytes);

/// Empties every thread's table: the calling thread's now, the others' at their next look-up.
void tf_text_records_remove_all(void);

/// The calling thread's table: entries (records and texts seen once), records, bytes of records.
void tf_text_records_statistics(size_t *entries, size_t *records, size_t *bytes);

#ifdef __cplusplus
}
#endif

#endif
