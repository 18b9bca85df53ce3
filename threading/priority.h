/* The priority pools of an ES: units created with a priority > 0 (OpenMP's
 * task priorities), one pool for those of its shared pool, which thieves
 * take too, and one for those of its private pool, which only it runs. A
 * binary heap behind a spinlock: highest priority first, FIFO among
 * equals. Any thread may push, so it is locked; the scheduler looks at it
 * only when its count is non-zero, and when both have units, takes from
 * the one whose first unit has the higher priority (`top`, read without
 * the lock: a stale value only orders two units of the two pools). */
#ifndef BTI_PRIORITY_H
#define BTI_PRIORITY_H

#include "unit.h"

#include <stdatomic.h>

typedef struct bti_prio_entry {
    int priority;
    uint64_t seq;
    bt_unit_t *unit;
} bti_prio_entry_t;

typedef struct bti_prio {
    _Atomic int lock;
    _Atomic uint32_t count;
    _Atomic int top; /* the first unit's priority while count > 0 */
    uint32_t capacity;
    uint64_t seq;
    bti_prio_entry_t *heap;
} bti_prio_t;

struct bti_es;
/* Pushes u into es's pool of its private (own) or shared pool's units (any
 * thread); wakes the ES if it may sleep. */
void bti_priority_push(struct bti_es *es, bt_unit_t *u, bool own);
bt_unit_t *bti_priority_pop(bti_prio_t *p);
void bti_priority_destroy(bti_prio_t *p);

static inline bool bti_priority_empty(bti_prio_t *p)
{
    return !atomic_load_explicit(&p->count, memory_order_relaxed);
}

/* In the child of a fork: forgets p's units, threads the child lacks, and
 * the lock, which one of them may have held; the heap's memory stays. */
static inline void bti_priority_forget(bti_prio_t *p)
{
    atomic_store_explicit(&p->lock, 0, memory_order_relaxed);
    atomic_store_explicit(&p->count, 0, memory_order_relaxed);
}

static inline int bti_priority_top(bti_prio_t *p)
{
    return atomic_load_explicit(&p->top, memory_order_relaxed);
}

#endif
