/* Work-stealing deque (Chase and Lev, SPAA 2005) in C11 atomics, after Le,
 * Pop, Cohen and Zappa Nardelli (PPoPP 2013): the owner pushes and pops at
 * the bottom, any ES steals at the top.
 *
 * Invariant: slots [top, bottom) hold the units; only the owner writes
 * `bottom` and the slots, thieves (and the owner, for the last unit) move
 * `top` forward with a CAS, which is what makes each unit taken exactly once.
 * The race it avoids is owner and thief both taking the last unit: the owner
 * publishes bottom-1 and then reads top (a store-load pair that only a
 * seq_cst fence orders), a thief reads top and then bottom (ditto), so at
 * least one of them sees the other and the CAS on top settles the tie.
 * Grown arrays are kept until the deque dies, because a thief may still be
 * reading a slot of the array it loaded before the owner grew it. */
#ifndef BTI_DEQUE_H
#define BTI_DEQUE_H

#include "unit.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct bti_deque_array {
    int64_t mask;
    struct bti_deque_array *retired; /* the array this one replaced */
    _Atomic(bt_unit_t *) slot[];
} bti_deque_array_t;

typedef struct bti_deque {
    _Alignas(64) _Atomic int64_t top;
    _Alignas(64) _Atomic int64_t bottom;
    _Atomic(bti_deque_array_t *) array;
} bti_deque_t;

void bti_deque_init(bti_deque_t *d);
void bti_deque_destroy(bti_deque_t *d);
/* Owner only, for a push that found d full: an array with room for one more
 * unit, which may be the current one again (see deque.c). */
bti_deque_array_t *bti_deque_grow(bti_deque_t *d);

/* A hint for the scheduler: may be stale, costs no fence. */
static inline bool bti_deque_maybe_empty(bti_deque_t *d)
{
    return atomic_load_explicit(&d->bottom, memory_order_relaxed) <=
           atomic_load_explicit(&d->top, memory_order_relaxed);
}

/* Owner only. */
static inline void bti_deque_push(bti_deque_t *d, bt_unit_t *u)
{
    int64_t b = atomic_load_explicit(&d->bottom, memory_order_relaxed);
    /* acquire: a slot freed by a steal may be reused only after that steal
     * has read it. */
    int64_t t = atomic_load_explicit(&d->top, memory_order_acquire);
    bti_deque_array_t *a = atomic_load_explicit(&d->array, memory_order_relaxed);
    if (b - t > a->mask) {
        a = bti_deque_grow(d);
        b = atomic_load_explicit(&d->bottom, memory_order_relaxed);
    }
    atomic_store_explicit(&a->slot[b & a->mask], u, memory_order_relaxed);
    /* release: a thief that sees the new bottom sees the slot and the unit. */
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&d->bottom, b + 1, memory_order_relaxed);
}

/* Owner only: the most recently pushed unit, or NULL. */
static inline bt_unit_t *bti_deque_pop(bti_deque_t *d)
{
    int64_t b = atomic_load_explicit(&d->bottom, memory_order_relaxed) - 1;
    bti_deque_array_t *a = atomic_load_explicit(&d->array, memory_order_relaxed);
    atomic_store_explicit(&d->bottom, b, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst); /* see the header comment */
    int64_t t = atomic_load_explicit(&d->top, memory_order_relaxed);
    if (t > b) {
        atomic_store_explicit(&d->bottom, b + 1, memory_order_relaxed);
        return NULL;
    }
    bt_unit_t *u = atomic_load_explicit(&a->slot[b & a->mask], memory_order_relaxed);
    if (t == b) {
        if (!atomic_compare_exchange_strong_explicit(&d->top, &t, t + 1,
                                                     memory_order_seq_cst,
                                                     memory_order_relaxed))
            u = NULL;
        atomic_store_explicit(&d->bottom, b + 1, memory_order_relaxed);
    }
    return u;
}

/* Any thread: the oldest unit, or NULL if empty or lost to another thief. */
static inline bt_unit_t *bti_deque_steal(bti_deque_t *d)
{
    int64_t t = atomic_load_explicit(&d->top, memory_order_acquire);
    atomic_thread_fence(memory_order_seq_cst); /* see the header comment */
    /* acquire: pairs with the push's release fence. */
    int64_t b = atomic_load_explicit(&d->bottom, memory_order_acquire);
    if (t >= b)
        return NULL;
    bti_deque_array_t *a = atomic_load_explicit(&d->array, memory_order_acquire);
    bt_unit_t *u = atomic_load_explicit(&a->slot[t & a->mask], memory_order_relaxed);
    if (!atomic_compare_exchange_strong_explicit(&d->top, &t, t + 1,
                                                 memory_order_seq_cst,
                                                 memory_order_relaxed))
        return NULL;
    return u;
}

/* Owner only: takes `u` if it is the newest or the oldest unit. This is how a
 * joiner removes an unstarted unit from its own shared pool. */
static inline bool bti_deque_take(bti_deque_t *d, bt_unit_t *u)
{
    int64_t b = atomic_load_explicit(&d->bottom, memory_order_relaxed);
    int64_t t = atomic_load_explicit(&d->top, memory_order_acquire);
    if (t >= b)
        return false;
    bti_deque_array_t *a = atomic_load_explicit(&d->array, memory_order_relaxed);
    if (atomic_load_explicit(&a->slot[(b - 1) & a->mask], memory_order_relaxed) == u)
        return bti_deque_pop(d) == u;
    if (atomic_load_explicit(&a->slot[t & a->mask], memory_order_relaxed) != u)
        return false;
    return atomic_compare_exchange_strong_explicit(&d->top, &t, t + 1,
                                                   memory_order_seq_cst,
                                                   memory_order_relaxed);
}

#endif
