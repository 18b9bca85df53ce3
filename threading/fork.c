/* This file keeps the substrate usable in the child of a fork(). The child
 * has one thread, the one that forked; every other ES's OS thread is gone.
 *
 * If ES 0's main ULT forked (the usual case: the application's main thread
 * between parallel regions), the child keeps ES 0 and gets new OS threads
 * for the other ESs, whose pools start empty: whatever was queued there
 * belonged to threads the child does not have. If any other thread forked,
 * the child cannot resume ES 0's main ULT, so the substrate starts afresh at
 * the next bt_init (the old state is abandoned, not freed: it may be in
 * use by nothing, but freeing it is not worth the risk in a child). Locks
 * held by threads that did not survive are released. */
#include "call_soon.h"
#include "es.h"
#include "klt.h"
#include "log.h"
#include "pause.h"
#include "preempt.h"
#include "scheduler.h"
#include "stack.h"
#include "unit_mem.h"

#include <string.h>

void bti_futex_table_reset(void);

/* Drops the proxies of KLTs frozen in threads the child lacks. */
static void drop_proxies(bti_fifo_t *q)
{
    bti_fifo_t kept = {0};
    for (bt_unit_t *u; (u = bti_fifo_pop(q));)
        if (u->fn != bti_klt_proxy_fn)
            bti_fifo_push(&kept, u);
        else
            bti_uncount(u);
    *q = kept;
}

/* A thief of another ES may have held the lock at the fork, and left the
 * counts behind the queue: the queue's links are written first. */
static void yielded_after_fork(bti_yieldq_t *y)
{
    drop_proxies(&y->q);
    uint32_t roamers = 0;
    for (bt_unit_t *u = y->q.head; u; u = u->next)
        roamers += bti_roams(u);
    atomic_store_explicit(&y->lock, 0, memory_order_relaxed);
    atomic_store_explicit(&y->length, (uint32_t)y->q.length, memory_order_relaxed);
    atomic_store_explicit(&y->roamers, roamers, memory_order_relaxed);
    atomic_store_explicit(&y->passed, false, memory_order_relaxed);
}

static void reset_es(bti_es_t *es)
{
    es->current = es->dead = es->parking = es->yielding = es->moving = NULL;
    es->local = es->set_aside = (bti_fifo_t){0};
    es->yielded = (bti_yieldq_t){0};
    es->home_frozen = false;
    es->frozen_threads = 0;
    atomic_store_explicit(&es->spares, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->spawning, 0, memory_order_relaxed);
    atomic_store_explicit(&es->private_inbox.top, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->shared_inbox.top, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->shared.top, 0, memory_order_relaxed);
    atomic_store_explicit(&es->shared.bottom, 0, memory_order_relaxed);
    atomic_store_explicit(&es->sleep, 0, memory_order_relaxed);
    atomic_store_explicit(&es->waiting, 0, memory_order_relaxed);
    es->idle_probes = 0;
}

static void in_child(void)
{
    bti_call_soon_after_fork();
    bti_pause_after_fork();
    if (!bti_g.initialized)
        return;
    bti_futex_table_reset();
    bti_stack_spill_reset();
    bti_unit_spill_reset();
    atomic_store(&bti_g.nsleeping, 0);
    bti_es_t *es = bti_es_self();
    if (!es || es->rank != 0 || es->current != &bti_g.main_unit) {
        memset(&bti_g, 0, sizeof bti_g);
        bti_tls_es = NULL;
        return;
    }
    atomic_store_explicit(&es->sleep, 0, memory_order_relaxed);
    bti_klt_after_fork(es);
    drop_proxies(&es->local);
    yielded_after_fork(&es->yielded);
    for (bt_unit_t *u; (u = bti_fifo_pop(&es->set_aside));)
        bti_fifo_push(&es->local, u);
    for (int i = 1; i < bti_g.num_es; i++) {
        reset_es(bti_g.es[i]);
        bti_es_restart(bti_g.es[i]);
    }
    bti_preempt_after_fork();
}

void bti_fork_handlers_install(void)
{
    if (pthread_atfork(NULL, NULL, in_child))
        bti_warn("cannot install the fork handler; the child of a fork() must not "
                 "use Bobbin");
}
