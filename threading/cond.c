/* This file implements bt_cond, a condition variable for bt_mutex. A waiter
 * is queued before it releases the mutex, so a signal sent after that
 * release always finds it: no wakeup is lost. */
#include "waitq.h"

#include <assert.h>

static_assert(sizeof(bti_waitq_t) <= sizeof(bt_cond_t), "bt_cond_t too small");

void bt_cond_init(bt_cond_t *c) { *c = (bt_cond_t)BT_COND_INITIALIZER; }

void bt_cond_wait(bt_cond_t *c, bt_mutex_t *m)
{
    bti_waitq_t *q = (bti_waitq_t *)c;
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_cond_wait");
    bti_waitq_lock(q);
    bti_waitq_push(q, &w);
    bti_waitq_unlock(q);
    bt_mutex_unlock(m);
    bti_waiter_block(&w);
    bt_mutex_lock(m);
}

void bt_cond_signal(bt_cond_t *c)
{
    bti_waitq_t *q = (bti_waitq_t *)c;
    bti_waitq_lock(q);
    bti_waiter_t *w = bti_waitq_pop(q);
    bti_waitq_unlock(q);
    if (w)
        bti_waiter_wake(w);
}

void bt_cond_broadcast(bt_cond_t *c)
{
    bti_waitq_t *q = (bti_waitq_t *)c;
    bti_waitq_lock(q);
    bti_waiter_t *all = bti_waitq_take_all(q);
    bti_waitq_unlock(q);
    bti_waitq_wake_all(all);
}
