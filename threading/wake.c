/* This file wakes sleeping ESs after a push (wake.h): the ES that must run
 * the unit, or one that could steal it. */
#include "wake.h"

#include "futex.h"
#include "scheduler.h"

/* Wakes es if it sleeps or is about to; returns whether it did. */
static bool wake(bti_es_t *es)
{
    if (!atomic_load_explicit(&es->sleep, memory_order_relaxed) ||
        !atomic_exchange_explicit(&es->sleep, 0, memory_order_relaxed))
        return false;
    bti_futex_wake(&es->sleep, 1);
    return true;
}

void bti_es_wake(bti_es_t *es) { wake(es); }

/* After a push into another ES's pool: that ES must run the unit. */
void bti_notify(bti_es_t *es)
{
    atomic_thread_fence(memory_order_seq_cst);
    bti_es_wake(es);
}

static void wake_a_thief(bti_es_t *owner)
{
    if (!atomic_load_explicit(&bti_g.nsleeping, memory_order_relaxed))
        return;
    for (int i = 1; i < bti_g.num_es; i++)
        if (wake(bti_g.es[(owner->rank + i) % bti_g.num_es]))
            return;
}

/* After a push into the own shared pool: a sleeping ES could steal it. */
void bti_notify_thieves(bti_es_t *self)
{
    atomic_thread_fence(memory_order_seq_cst);
    wake_a_thief(self);
}

/* After a push into another ES's shared pool: that ES, if it sleeps, or
 * else one that could steal the unit, since the owner may run something
 * else for long, without a look at its pools (a unit that waits without a
 * scheduling point for the one pushed). */
void bti_notify_shared(bti_es_t *es)
{
    atomic_thread_fence(memory_order_seq_cst);
    if (!wake(es) && bti_g.num_es > 1)
        wake_a_thief(es);
}
