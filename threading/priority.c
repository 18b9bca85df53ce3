/* This file implements the per-ES priority pool (see priority.h). */
#include "priority.h"

#include "es.h"
#include "log.h"
#include "preempt.h"
#include "scheduler.h"
#include "spinlock.h"

#include <stdlib.h>

static void lock(bti_prio_t *p) { bti_spin_lock(&p->lock); }
static void unlock(bti_prio_t *p) { bti_spin_unlock(&p->lock); }

static bool before(const bti_prio_entry_t *a, const bti_prio_entry_t *b)
{
    return a->priority > b->priority || (a->priority == b->priority && a->seq < b->seq);
}

static void swap(bti_prio_entry_t *a, bti_prio_entry_t *b)
{
    bti_prio_entry_t t = *a;
    *a = *b;
    *b = t;
}

void bti_priority_push(struct bti_es *es, bt_unit_t *u, bool own)
{
    bti_prio_t *p = own ? &es->prio_own : &es->prio;
    bool progress = bti_count(es, u);
    lock(p);
    uint32_t n = atomic_load_explicit(&p->count, memory_order_relaxed);
    if (n == p->capacity) {
        uint32_t capacity = p->capacity ? 2 * p->capacity : 64;
        bti_prio_entry_t *heap = realloc(p->heap, capacity * sizeof *heap);
        if (!heap)
            bti_fatal("out of memory growing a priority pool to %u units", capacity);
        p->heap = heap;
        p->capacity = capacity;
    }
    p->heap[n] = (bti_prio_entry_t){u->priority, p->seq++, u};
    for (uint32_t i = n; i > 0 && before(&p->heap[i], &p->heap[(i - 1) / 2]); i = (i - 1) / 2)
        swap(&p->heap[i], &p->heap[(i - 1) / 2]);
    atomic_store_explicit(&p->top, p->heap[0].priority, memory_order_relaxed);
    atomic_store_explicit(&p->count, n + 1, memory_order_relaxed);
    unlock(p);
    bti_pool_notify(es);
    bti_watch(progress);
}

bt_unit_t *bti_priority_pop(bti_prio_t *p)
{
    lock(p);
    uint32_t n = atomic_load_explicit(&p->count, memory_order_relaxed);
    if (!n) {
        unlock(p);
        return NULL;
    }
    bt_unit_t *u = p->heap[0].unit;
    p->heap[0] = p->heap[--n];
    for (uint32_t i = 0;;) {
        uint32_t l = 2 * i + 1, r = l + 1, top = i;
        if (l < n && before(&p->heap[l], &p->heap[top]))
            top = l;
        if (r < n && before(&p->heap[r], &p->heap[top]))
            top = r;
        if (top == i)
            break;
        swap(&p->heap[i], &p->heap[top]);
        i = top;
    }
    if (n)
        atomic_store_explicit(&p->top, p->heap[0].priority, memory_order_relaxed);
    atomic_store_explicit(&p->count, n, memory_order_relaxed);
    unlock(p);
    return u;
}

void bti_priority_destroy(bti_prio_t *p)
{
    free(p->heap);
    *p = (bti_prio_t){0};
}
