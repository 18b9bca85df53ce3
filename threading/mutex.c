/* This file implements bt_mutex: a lock whose waiters suspend (ULTs) or
 * sleep in the kernel (external threads).
 *
 * state: 0 free, 1 held, 2 held with waiters queued. The uncontended paths
 * are one CAS each. A contended unlock hands the mutex directly to the
 * oldest waiter (state stays held), so waiters are served in FIFO order and
 * a woken waiter never has to compete again. state becomes 2 and a waiter
 * is queued under the queue lock in one step, and unlock reads the queue
 * under that lock, so a waiter is never left behind. */
#include "waitq.h"

#include <assert.h>

typedef struct mutex {
    _Atomic int state;
    bti_waitq_t q;
} mutex_t;

static_assert(sizeof(mutex_t) <= sizeof(bt_mutex_t), "bt_mutex_t too small");

void bt_mutex_init(bt_mutex_t *m) { *m = (bt_mutex_t)BT_MUTEX_INITIALIZER; }

int bt_mutex_trylock(bt_mutex_t *bm)
{
    mutex_t *m = (mutex_t *)bm;
    int expected = 0;
    return atomic_compare_exchange_strong_explicit(&m->state, &expected, 1,
                                                   memory_order_acquire,
                                                   memory_order_relaxed);
}

void bt_mutex_lock(bt_mutex_t *bm)
{
    mutex_t *m = (mutex_t *)bm;
    if (bt_mutex_trylock(bm))
        return;
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_mutex_lock");
    bti_waitq_lock(&m->q);
    for (int s = atomic_load_explicit(&m->state, memory_order_relaxed);;) {
        if (s == 0 && atomic_compare_exchange_weak_explicit(&m->state, &s, 1,
                                                            memory_order_acquire,
                                                            memory_order_relaxed)) {
            bti_waitq_unlock(&m->q);
            return;
        }
        if (s == 2 || (s == 1 && atomic_compare_exchange_weak_explicit(
                                     &m->state, &s, 2, memory_order_relaxed,
                                     memory_order_relaxed)))
            break;
    }
    bti_waitq_sleep(&m->q, &w); /* returns owning the mutex */
}

void bt_mutex_unlock(bt_mutex_t *bm)
{
    mutex_t *m = (mutex_t *)bm;
    int expected = 1;
    if (atomic_compare_exchange_strong_explicit(&m->state, &expected, 0,
                                                memory_order_release,
                                                memory_order_relaxed))
        return;
    bti_waitq_lock(&m->q);
    bti_waiter_t *w = bti_waitq_pop(&m->q);
    if (!w)
        atomic_store_explicit(&m->state, 0, memory_order_release);
    else if (!m->q.head)
        atomic_store_explicit(&m->state, 1, memory_order_relaxed);
    bti_waitq_unlock(&m->q);
    if (w)
        bti_waiter_wake(w);
}
