// A spare object per thread, kept between calls: the line records' buffer that the last layout on this
// thread used (Swift: Results/LineRecords+Spare.swift).
//
// Why in C: Swift has no thread-local storage of its own on Linux; a `_Thread_local` slot is a few
// instructions to reach, and a `pthread_key_t` destructor releases the object when its thread exits.
#ifndef CTEXTFIT_SPARE_H
#define CTEXTFIT_SPARE_H

#ifdef __cplusplus
extern "C" {
#endif

/// The calling thread's spare object (a +1 reference, which moves to the caller), or NULL; the slot is
/// empty afterwards.
void *tf_spare_take(void);

/// The calling thread's spare object, still the slot's (no reference moves), or NULL.
void *tf_spare_peek(void);

/// Makes `object` (a +1 reference, which moves to the slot) the calling thread's spare, releasing the
/// one it held (through `release`, which also releases `object` when its thread exits). The slot must be
/// empty (`tf_spare_take`) or hold an object `release` can release.
void tf_spare_put(void *object, void (*release)(void *));

#ifdef __cplusplus
}
#endif

#endif
