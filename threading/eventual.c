/* This file implements bt_eventual: a value that waiters block on until
 * someone sets it (a one-shot future that can be reset). */
#include "waitq.h"

#include <assert.h>

typedef struct eventual {
    bti_waitq_t q;
    _Atomic int ready;
    void *value;
} eventual_t;

static_assert(sizeof(eventual_t) <= sizeof(bt_eventual_t), "bt_eventual_t too small");

void bt_eventual_init(bt_eventual_t *e) { *e = (bt_eventual_t)BT_EVENTUAL_INITIALIZER; }

int bt_eventual_test(bt_eventual_t *be, void **value)
{
    eventual_t *e = (eventual_t *)be;
    /* acquire: pairs with the release in set, so value is complete. */
    if (!atomic_load_explicit(&e->ready, memory_order_acquire))
        return 0;
    if (value)
        *value = e->value;
    return 1;
}

void *bt_eventual_wait(bt_eventual_t *be)
{
    eventual_t *e = (eventual_t *)be;
    void *value;
    if (bt_eventual_test(be, &value))
        return value;
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_eventual_wait");
    bti_waitq_lock(&e->q);
    if (atomic_load_explicit(&e->ready, memory_order_relaxed)) {
        bti_waitq_unlock(&e->q);
        return e->value;
    }
    bti_waitq_sleep(&e->q, &w);
    return e->value;
}

void bt_eventual_set(bt_eventual_t *be, void *value)
{
    eventual_t *e = (eventual_t *)be;
    bti_waitq_lock(&e->q);
    e->value = value;
    atomic_store_explicit(&e->ready, 1, memory_order_release);
    bti_waiter_t *all = bti_waitq_take_all(&e->q);
    bti_waitq_unlock(&e->q);
    bti_waitq_wake_all(all);
}

void bt_eventual_reset(bt_eventual_t *be)
{
    eventual_t *e = (eventual_t *)be;
    e->value = NULL;
    atomic_store_explicit(&e->ready, 0, memory_order_relaxed);
}
