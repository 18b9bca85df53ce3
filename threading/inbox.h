/* Inbox: where threads other than a pool's owner put units. A lock-free
 * stack (producers push one unit with a CAS); a consumer takes the whole
 * stack with one exchange and reverses it, so each batch keeps FIFO order.
 *
 * No ABA problem: a unit is only ever removed by taking the whole stack, so a
 * producer's CAS can only succeed on the head it read having stayed put. */
#ifndef BTI_INBOX_H
#define BTI_INBOX_H

#include "fifo.h"

#include <stdatomic.h>

typedef struct bti_inbox {
    _Atomic(bt_unit_t *) top;
} bti_inbox_t;

static inline void bti_inbox_push(bti_inbox_t *box, bt_unit_t *u)
{
    bt_unit_t *top = atomic_load_explicit(&box->top, memory_order_relaxed);
    do
        u->next = top;
    /* release: whoever takes u must see it fully initialised. */
    while (!atomic_compare_exchange_weak_explicit(&box->top, &top, u,
                                                  memory_order_release,
                                                  memory_order_relaxed));
}

static inline bool bti_inbox_empty(bti_inbox_t *box)
{
    return !atomic_load_explicit(&box->top, memory_order_relaxed);
}

/* Moves everything in the inbox to the end of q, oldest first. */
static inline bool bti_inbox_drain(bti_inbox_t *box, bti_fifo_t *q)
{
    if (bti_inbox_empty(box))
        return false;
    /* acquire: pairs with the release of each push. */
    bt_unit_t *u = atomic_exchange_explicit(&box->top, NULL, memory_order_acquire);
    bt_unit_t *rev = NULL, *last = u;
    size_t n = 0;
    while (u) {
        bt_unit_t *next = u->next;
        u->next = rev;
        if (rev)
            rev->prev = u;
        rev = u;
        u = next;
        n++;
    }
    if (!rev)
        return false;
    bti_fifo_append(q, rev, last, n);
    return true;
}

#endif
