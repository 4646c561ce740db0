// Thread-exit hooks for per-thread slots (tf_thread_exit.h).
#include "tf_thread_exit.h"

// Guards making a hook's key: once per hook per process, so a lock costs nothing that matters.
static pthread_mutex_t make_lock = PTHREAD_MUTEX_INITIALIZER;

int tf_thread_exit_arm(tf_thread_exit *hook, void *value) {
    int state = __atomic_load_n(&hook->state, __ATOMIC_ACQUIRE);
    if (__builtin_expect(state == 0, 0)) {
        pthread_mutex_lock(&make_lock);
        state = hook->state;
        if (state == 0) {
            state = pthread_key_create(&hook->key, hook->destructor) == 0 ? 1 : -1;
            __atomic_store_n(&hook->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&make_lock);
    }
    if (state != 1 || value == NULL) return 0;
    return pthread_setspecific(hook->key, value) == 0;
}
