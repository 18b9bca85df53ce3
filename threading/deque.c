/* This file holds the slow paths of the work-stealing deque: creation,
 * growth and destruction. */
#include "deque.h"

#include "log.h"

#include <stdlib.h>

enum { INITIAL_SLOTS = 256 };

static bti_deque_array_t *array_new(int64_t slots)
{
    bti_deque_array_t *a = malloc(sizeof *a + (size_t)slots * sizeof a->slot[0]);
    if (!a)
        bti_fatal("out of memory growing a shared pool to %lld units", (long long)slots);
    a->mask = slots - 1;
    a->retired = NULL;
    return a;
}

void bti_deque_init(bti_deque_t *d)
{
    atomic_init(&d->top, 0);
    atomic_init(&d->bottom, 0);
    atomic_init(&d->array, array_new(INITIAL_SLOTS));
}

/* The deque is read again after each call out of Bobbin's code (malloc,
 * free): the owner's KLT may be frozen there (preempt.c freezes code
 * outside Bobbin's), and the spare serving the ES meanwhile pushes and
 * pops as the owner, and may grow the deque itself. */
bti_deque_array_t *bti_deque_grow(bti_deque_t *d)
{
    for (;;) {
        bti_deque_array_t *a = atomic_load_explicit(&d->array, memory_order_relaxed);
        int64_t top = atomic_load_explicit(&d->top, memory_order_acquire);
        int64_t bottom = atomic_load_explicit(&d->bottom, memory_order_relaxed);
        if (bottom - top <= a->mask)
            return a;
        bti_deque_array_t *bigger = array_new(2 * (a->mask + 1));
        a = atomic_load_explicit(&d->array, memory_order_relaxed);
        top = atomic_load_explicit(&d->top, memory_order_acquire);
        bottom = atomic_load_explicit(&d->bottom, memory_order_relaxed);
        if (bottom - top > a->mask && bigger->mask > a->mask) {
            bigger->retired = a;
            for (int64_t i = top; i < bottom; i++)
                atomic_store_explicit(&bigger->slot[i & bigger->mask],
                                      atomic_load_explicit(&a->slot[i & a->mask],
                                                           memory_order_relaxed),
                                      memory_order_relaxed);
            /* release: a thief that loads the new array sees its slots. */
            atomic_store_explicit(&d->array, bigger, memory_order_release);
            return bigger;
        }
        free(bigger); /* room now, or grown past this size meanwhile: look again */
    }
}

void bti_deque_destroy(bti_deque_t *d)
{
    bti_deque_array_t *a = atomic_load_explicit(&d->array, memory_order_relaxed);
    while (a) {
        bti_deque_array_t *older = a->retired;
        free(a);
        a = older;
    }
    atomic_store_explicit(&d->array, NULL, memory_order_relaxed);
}
