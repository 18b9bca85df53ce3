/* This file implements bt_barrier. The last of `count` arrivals detaches
 * all queued waiters and wakes them; as each round's waiters leave the
 * queue at once, a fast thread entering the next round can never be counted
 * in, or woken by, the round it just left. */
#include "waitq.h"

#include <assert.h>

typedef struct barrier {
    bti_waitq_t q;
    uint32_t count;
    uint32_t arrived;
} barrier_t;

static_assert(sizeof(barrier_t) <= sizeof(bt_barrier_t), "bt_barrier_t too small");

void bt_barrier_init(bt_barrier_t *bb, uint32_t count)
{
    *bb = (bt_barrier_t){{0}};
    ((barrier_t *)bb)->count = count ? count : 1;
}

int bt_barrier_wait(bt_barrier_t *bb)
{
    barrier_t *b = (barrier_t *)bb;
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_barrier_wait");
    bti_waitq_lock(&b->q);
    if (++b->arrived < b->count) {
        bti_waitq_sleep(&b->q, &w);
        return 0;
    }
    b->arrived = 0;
    bti_waiter_t *all = bti_waitq_take_all(&b->q);
    bti_waitq_unlock(&b->q);
    bti_waitq_wake_all(all);
    return 1;
}
