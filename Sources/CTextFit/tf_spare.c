// The per-thread spare object (include/CTextFitSpare.h).
#include "CTextFitSpare.h"

#include <stddef.h>

#include "tf_thread_exit.h"

typedef struct {
    void *object;
    void (*release)(void *);
} tf_spare_slot;

// Each thread's own slot: no other thread reads or writes it, so nothing here needs a lock.
static _Thread_local tf_spare_slot slot;
// Runs when a thread whose slot held an object exits (the key's value is the slot's release function).
static void release_at_exit(void *release) {
    (void)release;
    if (slot.object != NULL && slot.release != NULL) slot.release(slot.object);
    slot.object = NULL;
}

static tf_thread_exit exit_hook = TF_THREAD_EXIT_INIT(release_at_exit);

void *tf_spare_take(void) {
    void *object = slot.object;
    slot.object = NULL;
    return object;
}

void *tf_spare_peek(void) { return slot.object; }

void tf_spare_put(void *object, void (*release)(void *)) {
    if (slot.object != NULL && slot.release != NULL) slot.release(slot.object);
    slot.object = NULL;
    if (slot.release == NULL) {
        // The first object on this thread: register the exit hook once (its value only needs to be
        // non-NULL for the destructor to run).
        if (!tf_thread_exit_arm(&exit_hook, (void *)release)) {
            release(object);  // no hook: keep nothing rather than leak at thread exit
            return;
        }
        slot.release = release;
    }
    slot.object = object;
}
