/* This file implements bt_futex_wait/wake: a futex for work units. Waiters
 * queue in one of a fixed set of buckets chosen by the word's address (the
 * "parking lot" design), so the word itself holds only the object's state.
 *
 * The race it avoids: a waker changes the word and then wakes; a waiter
 * checks the word under the bucket lock and queues under the same lock, so
 * either it sees the new value and does not wait, or it is queued before the
 * waker takes the lock to look for waiters. */
#include "waitq.h"

enum { BUCKETS = 256 };

typedef struct bucket {
    _Alignas(64) bti_waitq_t q;
    /* Waiters queued here or about to check their word, counted before the
     * check: what bt_futex_wake_sc reads to skip the lock. */
    _Atomic uint32_t waiting;
} bucket_t;

static bucket_t buckets[BUCKETS];

static bucket_t *bucket_of(const uint32_t *word)
{
    uintptr_t a = (uintptr_t)word;
    return &buckets[((a >> 2) ^ (a >> 12)) % BUCKETS];
}

void bt_futex_wait(const uint32_t *word, uint32_t expected)
{
    bucket_t *b = bucket_of(word);
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_futex_wait");
    w.key = word;
    bti_waitq_lock(&b->q);
    /* seq_cst, the count and the check: see bt_futex_wake_sc */
    atomic_fetch_add_explicit(&b->waiting, 1, memory_order_seq_cst);
    if (__atomic_load_n(word, __ATOMIC_SEQ_CST) != expected) {
        atomic_fetch_sub_explicit(&b->waiting, 1, memory_order_relaxed);
        bti_waitq_unlock(&b->q);
        return;
    }
    bti_waitq_sleep(&b->q, &w);
}

/* The waker's change of the word and its load of `waiting` are seq_cst, as
 * are a waiter's count and its check of the word: in their single total
 * order either the waiter checks after the change, and does not sleep, or
 * the waker loads after the count, and takes the lock, which the waiter
 * holds from its count until it is queued. A stale count (a decrement not
 * seen yet, or another word's waiter) only costs the lock. */
int bt_futex_wake_sc(const uint32_t *word, int count)
{
    if (!atomic_load_explicit(&bucket_of(word)->waiting, memory_order_seq_cst))
        return 0;
    return bt_futex_wake(word, count);
}

int bt_futex_wake(const uint32_t *word, int count)
{
    bucket_t *b = bucket_of(word);
    bti_waitq_t *q = &b->q;
    bti_waiter_t *woken = NULL, **tail = &woken;
    int n = 0;
    bti_waitq_lock(q);
    for (bti_waiter_t **p = &q->head, *prev = NULL; *p && n < count;) {
        bti_waiter_t *w = *p;
        if (w->key != word) {
            prev = w;
            p = &w->next;
            continue;
        }
        *p = w->next;
        if (q->tail == w)
            q->tail = prev;
        w->next = NULL;
        *tail = w;
        tail = &w->next;
        n++;
    }
    if (n)
        atomic_fetch_sub_explicit(&b->waiting, (uint32_t)n, memory_order_relaxed);
    bti_waitq_unlock(q);
    bti_waitq_wake_all(woken);
    return n;
}

/* fork.c: in a child, no other thread holds a bucket lock any more. */
void bti_futex_table_reset(void)
{
    for (int i = 0; i < BUCKETS; i++)
        bti_waitq_unlock(&buckets[i].q);
}
