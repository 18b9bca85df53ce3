/* This file runs calls posted where almost nothing is allowed: a signal
 * handler may interrupt an ES in the middle of its scheduler, a pool or a
 * futex table bucket, so it can do no more than an atomic push and a wake
 * of a kernel futex (both async-signal-safe). A service thread of the
 * substrate's, an OS thread outside every ES started beforehand by
 * bt_call_soon_ready, makes the calls, in the order they were posted. */
#include "fork.h"
#include "futex.h"
#include "log.h"

#include <bobbin/threading.h>
#include <pthread.h>
#include <stdbool.h>

static _Atomic(bt_call_t *) posted;
static _Atomic int bell; /* futex word: moves with every post */
static _Atomic bool running, stopping;
static pthread_t service;
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;

/* Makes every call posted so far. A call may free its node: next is read
 * first. */
static void run_posted(void)
{
    bt_call_t *lifo = atomic_exchange_explicit(&posted, NULL, memory_order_acquire), *fifo = NULL;
    while (lifo) {
        bt_call_t *next = lifo->next;
        lifo->next = fifo;
        fifo = lifo;
        lifo = next;
    }
    while (fifo) {
        bt_call_t *next = fifo->next;
        fifo->fn(fifo);
        fifo = next;
    }
}

static void *service_main(void *unused)
{
    (void)unused;
    bti_spawned();
    for (;;) {
        int seen = atomic_load(&bell);
        run_posted();
        if (atomic_load(&stopping))
            return NULL;
        if (!atomic_load_explicit(&posted, memory_order_relaxed))
            bti_futex_wait(&bell, seen); /* a post since `seen` moved the bell */
    }
}

int bt_call_soon_ready(void)
{
    if (atomic_load_explicit(&running, memory_order_acquire))
        return 0;
    pthread_mutex_lock(&start_lock);
    int rc = 0;
    if (!atomic_load(&running)) {
        atomic_store(&stopping, false);
        rc = bti_spawn(&service, NULL, service_main, NULL) ? -1 : 0;
        if (rc == 0)
            atomic_store_explicit(&running, true, memory_order_release);
    }
    pthread_mutex_unlock(&start_lock);
    return rc;
}

void bt_call_soon(bt_call_t *call)
{
    bt_call_t *head = atomic_load_explicit(&posted, memory_order_relaxed);
    do
        call->next = head;
    while (!atomic_compare_exchange_weak_explicit(&posted, &head, call, memory_order_release,
                                                  memory_order_relaxed));
    atomic_fetch_add(&bell, 1);
    bti_futex_wake(&bell, 1);
}

/* At bt_finalize: the calls posted so far are made, then the thread ends. */
void bti_call_soon_fini(void)
{
    if (!atomic_load(&running))
        return;
    atomic_store(&stopping, true);
    atomic_fetch_add(&bell, 1);
    bti_futex_wake(&bell, 1);
    pthread_join(service, NULL);
    run_posted();
    atomic_store(&running, false);
}

/* The child of a fork has no service thread; the next bt_call_soon_ready
 * starts one. */
void bti_call_soon_after_fork(void)
{
    pthread_mutex_init(&start_lock, NULL);
    atomic_store(&running, false);
}
