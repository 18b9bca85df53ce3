/* This file is the waiter: how a caller of a blocking substrate call (a
 * join, a mutex, a condition, a barrier, an eventual, a futex word) waits
 * until one wake-up. A ULT
 * parks (scheduler.c), so its ES runs other units meanwhile; a thread that
 * is no unit (an application thread) sleeps on the waiter's own futex word.
 * Exactly one bti_waiter_wake pairs with each bti_waiter_block. */
#include "scheduler.h"

#include "futex.h"
#include "log.h"

void bti_waiter_prepare(bti_waiter_t *w, const char *call)
{
    bti_es_t *es = bti_es_self();
    w->unit = es ? es->current : NULL;
    w->call = call;
    atomic_init(&w->futex, 0);
    w->next = NULL;
}

void bti_waiter_block(bti_waiter_t *w)
{
    if (w->unit && w->unit->is_tasklet)
        bti_fatal("a tasklet cannot wait in %s (tasklets run to completion on "
                  "the scheduler's stack); create the unit as a ULT", w->call);
    if (w->unit) {
        bti_park(bti_es_self(), w->unit);
        return;
    }
    /* acquire: pairs with the waker's release, so what the waker wrote
     * before the wake is seen; the loop outlasts spurious futex returns */
    while (!atomic_load_explicit(&w->futex, memory_order_acquire))
        bti_futex_wait(&w->futex, 0);
}

void bti_waiter_wake(bti_waiter_t *w)
{
    bt_unit_t *u = w->unit; /* read first: w dies once its owner wakes */
    if (u) {
        bti_unpark(u);
        return;
    }
    atomic_store_explicit(&w->futex, 1, memory_order_release);
    bti_futex_wake(&w->futex, 1);
}
