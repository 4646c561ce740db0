// The per-thread scratch block (include/CTextFitScratch.h).
#include "CTextFitScratch.h"

#include <stdlib.h>

#include "tf_thread_exit.h"

typedef struct {
    void *block;
    size_t size;
    int held;
} tf_scratch_slot;

// Each thread's own slot: no other thread ever reads or writes it, so nothing here needs a lock.
static _Thread_local tf_scratch_slot slot;
// Runs when a thread that allocated a block exits (the key's value is that block).
static void free_at_exit(void *block) {
    free(block);
    if (slot.block == block) {
        slot.block = NULL;
        slot.size = 0;
    }
}

static tf_thread_exit exit_hook = TF_THREAD_EXIT_INIT(free_at_exit);

void *tf_scratch_acquire(size_t bytes) {
    if (slot.held || bytes > TF_SCRATCH_MAX_BYTES) return NULL;
    if (slot.size < bytes) {
        // Doubling from 4 KiB: a thread settles on the size of the longest texts it prepares after a few
        // reallocations.
        size_t size = 4096;
        while (size < bytes) size *= 2;
        void *block = malloc(size);  // 16-byte aligned on the platforms TextFit builds for
        if (block == NULL) return NULL;
        if (!tf_thread_exit_arm(&exit_hook, block)) {
            free(block);
            return NULL;
        }
        free(slot.block);
        slot.block = block;
        slot.size = size;
    }
    slot.held = 1;
    return slot.block;
}

int tf_scratch_release(void *block) {
    if (block == NULL || block != slot.block) return 0;
    slot.held = 0;
    return 1;
}
