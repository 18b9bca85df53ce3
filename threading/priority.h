/* The priority pool of an ES: units created with a priority > 0 (OpenMP's
 * task priorities). A binary heap behind a spinlock: highest priority first,
 * FIFO among equals. Any thread may push and pop (thieves too), so it is
 * locked; the scheduler looks at it only when its count is non-zero. */
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
    uint32_t capacity;
    uint64_t seq;
    bti_prio_entry_t *heap;
} bti_prio_t;

struct bti_es;
/* Pushes u (any thread); wakes the ES if it may sleep. */
void bti_priority_push(struct bti_es *es, bt_unit_t *u);
bt_unit_t *bti_priority_pop(bti_prio_t *p);
void bti_priority_destroy(bti_prio_t *p);

static inline bool bti_priority_empty(bti_prio_t *p)
{
    return !atomic_load_explicit(&p->count, memory_order_relaxed);
}

#endif
