/* This file keeps the integer lists that ICVs point into. A task copies its
 * ICVs by value, so the nthreads-var list a num_threads(a, b, ...) clause
 * gives the levels below must outlive the clause and every copy: each
 * distinct list is kept once, for the life of the process (a program has
 * as many as it has distinct clause values). Lookups take no lock: entries
 * are immutable and published by a release store of the head. */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

typedef struct int_list {
    struct int_list *next;
    int n;
    int v[];
} int_list_t;

static _Atomic(int_list_t *) lists;
static uint32_t insert_lock; /* a runtime spinlock: no preemption while held */

static const int *find(int_list_t *l, const int *v, int n)
{
    for (; l; l = l->next)
        if (l->n == n && !memcmp(l->v, v, (size_t)n * sizeof *v))
            return l->v;
    return NULL;
}

const int *bob_intern_ints(const int *v, int n)
{
    const int *found = find(atomic_load_explicit(&lists, memory_order_acquire), v, n);
    if (found)
        return found;
    int_list_t *l = malloc(sizeof *l + (size_t)n * sizeof *v); /* outside the lock (lock.c) */
    if (!l)
        bob_fatal("out of memory for a list of %d team sizes", n);
    l->n = n;
    memcpy(l->v, v, (size_t)n * sizeof *v);
    bob_spin_acquire(&insert_lock);
    int_list_t *head = atomic_load_explicit(&lists, memory_order_relaxed);
    if (!(found = find(head, v, n))) {
        l->next = head;
        atomic_store_explicit(&lists, l, memory_order_release);
        found = l->v;
        l = NULL;
    }
    bob_spin_release(&insert_lock);
    free(l);
    return found;
}
