// A hook that runs a function when a thread exits, for the per-thread slots of tf_scratch.c, tf_spare.c
// and tf_text_records.c (private to CTextFit: not in include/).
//
// Why: each of those keeps a `_Thread_local` slot (a few instructions to reach, no lock) and must free
// what the slot holds when its thread ends; a `pthread_key_t` destructor does that, and the key is made
// once per process, on the first thread that needs it. This was written out three times.
#ifndef TF_THREAD_EXIT_H
#define TF_THREAD_EXIT_H

#include <pthread.h>

typedef struct {
    /// Called at a thread's exit with the value `tf_thread_exit_arm` last set on that thread.
    void (*destructor)(void *);
    pthread_key_t key;
    /// 0: no key yet; 1: made; -1: `pthread_key_create` failed (no hook: callers keep nothing).
    int state;
} tf_thread_exit;

#define TF_THREAD_EXIT_INIT(function) {.destructor = (function), .key = 0, .state = 0}

/// Makes `hook` call its destructor with `value` (not NULL) when the calling thread exits, replacing the
/// value set before on this thread. Returns 1, or 0 when no hook can be made (the caller then keeps
/// nothing it would leak at thread exit).
int tf_thread_exit_arm(tf_thread_exit *hook, void *value);

#endif
