/* The units that yielded on an ES, and the proxies of its frozen KLTs
 * (klt.h): they run after everything else ready there, oldest first.
 *
 * The owner pushes and pops. A thief takes a unit that roams (bti_roams)
 * from anywhere in the queue, but only once the owner has passed it over
 * to run another unit: a unit that yields while others hold its ES goes
 * on where an ES is idle, and one that yields alone on its ES, which the
 * owner picks again at once, stays there, so two idle ESs neither pass a
 * lone spinner back and forth nor wake each other for it. A lock, held
 * for a few stores, lets both take; only scheduler and substrate code,
 * which is never frozen (preempt.c), and the freezing signal handler,
 * which runs only where the interrupted code holds no lock of the
 * substrate's, take it. The counts are read unlocked, as hints. */
#ifndef BTI_YIELDQ_H
#define BTI_YIELDQ_H

#include "fifo.h"
#include "futex.h"

#include <stdatomic.h>

typedef struct bti_yieldq {
    _Atomic int lock;
    _Atomic uint32_t length;
    _Atomic uint32_t roamers; /* queued units that bti_roams */
    /* The owner ran another unit while roamers were queued; cleared with
     * the last roamer, so that it never outlives them. */
    _Atomic bool passed;
    bti_fifo_t q;
} bti_yieldq_t;

/* A unit may resume on another ES than its last (its block moving with
 * it), as may every unit on whose stack it runs in place: none of the
 * chain uses a block that belongs to an ES, and none is the application's
 * thread (whose unit is never migratable). */
static inline bool bti_roams(const bt_unit_t *u)
{
    for (; u; u = u->host)
        if (!u->migratable)
            return false;
    return true;
}

static inline void bti_yieldq_lock(bti_yieldq_t *y)
{
    while (atomic_exchange_explicit(&y->lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&y->lock, memory_order_relaxed))
            bti_cpu_relax();
}

static inline void bti_yieldq_unlock(bti_yieldq_t *y)
{
    atomic_store_explicit(&y->lock, 0, memory_order_release);
}

static inline bool bti_yieldq_maybe_empty(bti_yieldq_t *y)
{
    return !atomic_load_explicit(&y->length, memory_order_relaxed);
}

/* Whether a thief may find a unit here: see the top of the file. */
static inline bool bti_yieldq_stealable(bti_yieldq_t *y)
{
    return atomic_load_explicit(&y->passed, memory_order_relaxed);
}

/* Under the lock, after u joined or left the queue. */
static inline void bti_yieldq_count(bti_yieldq_t *y, const bt_unit_t *u, int by)
{
    atomic_store_explicit(&y->length, (uint32_t)y->q.length, memory_order_relaxed);
    if (bti_roams(u) &&
        atomic_fetch_add_explicit(&y->roamers, (uint32_t)by, memory_order_relaxed) == 1 &&
        by < 0)
        atomic_store_explicit(&y->passed, false, memory_order_relaxed);
}

static inline void bti_yieldq_push(bti_yieldq_t *y, bt_unit_t *u)
{
    bti_yieldq_lock(y);
    bti_fifo_push(&y->q, u);
    bti_yieldq_count(y, u, 1);
    bti_yieldq_unlock(y);
}

/* The owner is about to run a unit: roamers still queued are passed over.
 * Returns whether thieves may now find one, which they could not before. */
static inline bool bti_yieldq_pass(bti_yieldq_t *y)
{
    if (__builtin_expect(!atomic_load_explicit(&y->roamers, memory_order_relaxed), 1) ||
        atomic_load_explicit(&y->passed, memory_order_relaxed))
        return false;
    bti_yieldq_lock(y);
    bool now = atomic_load_explicit(&y->roamers, memory_order_relaxed) != 0;
    atomic_store_explicit(&y->passed, now, memory_order_relaxed);
    bti_yieldq_unlock(y);
    return now;
}

static inline bt_unit_t *bti_yieldq_pop(bti_yieldq_t *y)
{
    if (bti_yieldq_maybe_empty(y))
        return NULL;
    bti_yieldq_lock(y);
    bt_unit_t *u = bti_fifo_pop(&y->q);
    if (u)
        bti_yieldq_count(y, u, -1);
    bti_yieldq_unlock(y);
    return u;
}

/* Takes u if it is the oldest (the owner's join of a yielder). */
static inline bool bti_yieldq_take(bti_yieldq_t *y, bt_unit_t *u)
{
    if (bti_yieldq_maybe_empty(y))
        return false;
    bti_yieldq_lock(y);
    bool taken = y->q.head == u;
    if (taken) {
        bti_fifo_pop(&y->q);
        bti_yieldq_count(y, u, -1);
    }
    bti_yieldq_unlock(y);
    return taken;
}

/* A thief's take: the oldest unit that roams, once passed over, but for
 * one whose block is still loaded on the ES (tls.h): `loaded`, read before
 * the call, since only the unit's running can load its block again. */
static inline bt_unit_t *bti_yieldq_steal(bti_yieldq_t *y, const void *loaded)
{
    if (!bti_yieldq_stealable(y))
        return NULL;
    bti_yieldq_lock(y);
    bt_unit_t *prev = NULL, *u = NULL;
    if (atomic_load_explicit(&y->passed, memory_order_relaxed))
        for (u = y->q.head;
             u && (!bti_roams(u) || (u->tls_mode != BTI_TLS_NONE && u->tls == loaded));
             u = u->next)
            prev = u;
    if (u) {
        bti_fifo_unlink(&y->q, prev, u);
        bti_yieldq_count(y, u, -1);
    }
    bti_yieldq_unlock(y);
    return u;
}

#endif
