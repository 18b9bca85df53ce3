/* A FIFO of waiters behind a spinlock: the body of every suspending sync
 * object. The lock is held only to link or unlink waiters, never across a
 * block, so spinning on it is short. */
#ifndef BTI_WAITQ_H
#define BTI_WAITQ_H

#include "scheduler.h"
#include "spinlock.h"

typedef struct bti_waitq {
    _Atomic int lock;
    bti_waiter_t *head, *tail;
} bti_waitq_t;

/* acquire/release: the lock orders the list and the object's fields. */
static inline void bti_waitq_lock(bti_waitq_t *q) { bti_spin_lock(&q->lock); }
static inline void bti_waitq_unlock(bti_waitq_t *q) { bti_spin_unlock(&q->lock); }

static inline void bti_waitq_push(bti_waitq_t *q, bti_waiter_t *w)
{
    w->next = NULL;
    if (q->tail)
        q->tail->next = w;
    else
        q->head = w;
    q->tail = w;
}

static inline bti_waiter_t *bti_waitq_pop(bti_waitq_t *q)
{
    bti_waiter_t *w = q->head;
    if (w && !(q->head = w->next))
        q->tail = NULL;
    return w;
}

/* Detaches all waiters; wake them with bti_waitq_wake_all after unlocking. */
static inline bti_waiter_t *bti_waitq_take_all(bti_waitq_t *q)
{
    bti_waiter_t *w = q->head;
    q->head = q->tail = NULL;
    return w;
}

static inline void bti_waitq_wake_all(bti_waiter_t *w)
{
    while (w) {
        bti_waiter_t *next = w->next; /* read first: w dies once woken */
        bti_waiter_wake(w);
        w = next;
    }
}

/* Queues the caller's waiter, unlocks, and blocks until woken. */
static inline void bti_waitq_sleep(bti_waitq_t *q, bti_waiter_t *w)
{
    bti_waitq_push(q, w);
    bti_waitq_unlock(q);
    bti_waiter_block(w);
}

#endif
