/* This file holds the spill lists' lock and the hand-overs (spill.h). The
 * lock is held for a few stores, never across a call, so its waiters spin.
 * Its acquire and release hand over the lists' links with the lists. The
 * count read before locking is a hint, relaxed: a stale one costs a lock
 * round trip, or an allocation where a list was about to come, and is
 * read again under the lock before anything moves. */
#include "spill.h"

#include "spinlock.h"

static void lock(bti_spill_t *s) { bti_spin_lock(&s->lock); }

static void unlock(bti_spill_t *s, uint32_t nlists)
{
    atomic_store_explicit(&s->nlists, nlists, memory_order_relaxed);
    bti_spin_unlock(&s->lock);
}

bool bti_spill_give(bti_spill_t *s, bti_cache_t *c)
{
    if (atomic_load_explicit(&s->nlists, memory_order_relaxed) == BTI_SPILL_LISTS)
        return false;
    lock(s);
    uint32_t n = atomic_load_explicit(&s->nlists, memory_order_relaxed);
    bool room = n < BTI_SPILL_LISTS;
    if (room) {
        s->lists[n++] = *c;
        *c = (bti_cache_t){0};
    }
    unlock(s, n);
    return room;
}

bool bti_spill_take(bti_spill_t *s, bti_cache_t *c)
{
    if (!atomic_load_explicit(&s->nlists, memory_order_relaxed))
        return false;
    lock(s);
    uint32_t n = atomic_load_explicit(&s->nlists, memory_order_relaxed);
    bool some = n > 0;
    if (some)
        *c = s->lists[--n];
    unlock(s, n);
    return some;
}

void bti_spill_reset(bti_spill_t *s)
{
    atomic_store_explicit(&s->lock, 0, memory_order_relaxed);
}

void bti_cache_drain(bti_cache_t *c, void (*release)(void *obj))
{
    while (c->head)
        release(bti_cache_pop(c));
    c->dirty = 0;
}

void bti_spill_drain(bti_spill_t *s, void (*release)(void *obj))
{
    bti_cache_t c;
    while (bti_spill_take(s, &c))
        bti_cache_drain(&c, release);
}
