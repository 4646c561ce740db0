// A reusable scratch block per thread for preparing text (Swift: Internals/ThreadScratch.swift).
//
// Why in C: Swift has no thread-local storage of its own on Linux; a `_Thread_local` slot is a few
// instructions to reach, and a `pthread_key_t` destructor frees the block when its thread exits.
#ifndef CTEXTFIT_SCRATCH_H
#define CTEXTFIT_SCRATCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The largest block a thread keeps between calls (256 KiB): a text needing more gets NULL, and its
/// caller allocates for that call alone, so no thread holds more than this however long a text it saw.
#define TF_SCRATCH_MAX_BYTES ((size_t)256 * 1024)

/// The calling thread's scratch block, at least `bytes` long and 16-byte aligned, or NULL when `bytes`
/// exceeds `TF_SCRATCH_MAX_BYTES`, when the block is already held on this thread (a nested call: the
/// holder is not disturbed), or without memory. Its contents are undefined. Hand it back with
/// `tf_scratch_release`.
void *tf_scratch_acquire(size_t bytes);

/// Hands back the block `tf_scratch_acquire` returned on this thread; returns 1, or 0 when `block` is not
/// this thread's block (one its caller allocated itself, and frees).
int tf_scratch_release(void *block);

#ifdef __cplusplus
}
#endif

#endif
