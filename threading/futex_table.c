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
} bucket_t;

static bucket_t buckets[BUCKETS];

static bti_waitq_t *bucket_of(const uint32_t *word)
{
    uintptr_t a = (uintptr_t)word;
    return &buckets[((a >> 2) ^ (a >> 12)) % BUCKETS].q;
}

void bt_futex_wait(const uint32_t *word, uint32_t expected)
{
    bti_waitq_t *q = bucket_of(word);
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_futex_wait");
    w.key = word;
    bti_waitq_lock(q);
    if (__atomic_load_n(word, __ATOMIC_RELAXED) != expected) {
        bti_waitq_unlock(q);
        return;
    }
    bti_waitq_sleep(q, &w);
}

int bt_futex_wake(const uint32_t *word, int count)
{
    bti_waitq_t *q = bucket_of(word);
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
