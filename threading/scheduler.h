/* The scheduler's internal interface: running units, parking and waking
 * them, and putting them into pools. */
#ifndef BTI_SCHEDULER_H
#define BTI_SCHEDULER_H

#include "es.h"
#include "tls.h"
#include "unit_mem.h"

/* Entry of every ES's scheduler context. */
void bti_sched_main(void *unused);
/* Wakes es if it sleeps. */
void bti_es_wake(bti_es_t *es);
/* Whether es has units ready in its own pools. */
bool bti_es_has_own_work(bti_es_t *es);

/* Must run first in every context that gains control through a switch:
 * finishes what the context that left could not do on its own stack. */
void bti_after_switch(bti_es_t *es);

/* Transfers control from the context saved in *from to ULT u (starting it
 * if new) on ES es; returns when control comes back. es->current must
 * already be u. The caller then calls bti_after_switch(bti_es_self()). */
void bti_run_ult(bti_es_t *es, btd_ctx_t *from, bt_unit_t *u);
/* Calls u, not started, on its own stack, return on completion: a ROC
 * unit from the scheduler (joiner NULL), or a ROC or SS unit from its
 * joiner, whose waiter is in u->join (a joiner has state that SS's
 * dropped scheduler would lose). The caller's context is saved once, and
 * u's return comes back to it. Returns
 * true if u ended so: its keys and TLS are done with and its stack
 * released, es->current still u. Returns false if u suspended: control
 * came back through a switch, after u ended for a joiner (ult_exit), and
 * the caller must call bti_after_switch(bti_es_self()). */
bool bti_run_roc(bti_es_t *es, bt_unit_t *joiner, bt_unit_t *u);
/* Runs u to completion on the calling stack, like a call: a tasklet, or an
 * SC unit run in place by its joiner, which may suspend meanwhile and, if
 * it and every unit beneath it roam (yieldq.h), come back on another ES:
 * the caller then goes on there. A unit
 * without a TLS block of its own runs with the caller's (the ES's own for
 * the scheduler), and keeps it should it suspend and be resumed by the
 * scheduler. lazy: the caller runs nothing but the substrate's code until
 * it switches back to its own block itself, so a borrowed block may stay
 * loaded (tls.h). */
static inline void bti_run_here(bti_es_t *es, bt_unit_t *u, bool lazy)
{
    bt_unit_t *prev = es->current;
    void *caller_tls = prev ? bti_unit_tls(es, prev) : es->native_tls;
    if (prev)
        bti_arg_save(prev);
    atomic_store_explicit(&es->nswitch, es->nswitch + 1, memory_order_relaxed);
    u->es = es;
    u->started = true;
    if (prev) /* the scheduler's own are left alone: see bt_unit's lines */
        u->host = prev; /* it runs on prev's stack (bti_unit_stack) */
    es->current = u;
    void *mine = caller_tls;
    if (u->tls_mode != BTI_TLS_NONE) {
        mine = bti_tls_start(es, u);
    } else if (!u->is_tasklet) {
        u->tls_mode = BTI_TLS_OWN;
        u->tls = caller_tls;
        if (!prev || prev->tls_mode == BTI_TLS_NONE)
            u->migratable = false; /* the block is the ES's */
    }
    bti_tls_enter(es, mine);
    bti_arg_load(u);
    u->fn(u->arg);
    bti_unit_release_keys(u);
    if (__builtin_expect(bti_es_self() != es, 0)) { /* it roamed, and took us along */
        es = bti_es_self();
        prev->es = es;
        caller_tls = bti_unit_tls(es, prev);
    }
    bti_tls_end(es, u);
    es->current = prev;
    if (!lazy || u->tls_mode != BTI_TLS_BORROW)
        bti_tls_enter(es, caller_tls);
    if (prev) /* u may have run with the caller's block; the scheduler's keeps nothing */
        bti_arg_load(prev);
}

/* ULT self leaves its context on es, running with es's home block: if it
 * keeps the block while it waits (bt_self_keep_block) and goes on on es,
 * units that start meanwhile take another (es->home_kept), as they would
 * not run on a Pthread that waits: one of them frozen halfway with the
 * block would keep self from going on (klt.h), for good if it spins for
 * self. Returns what bti_home_return takes when self runs again, on es. */
static inline bool bti_home_leave(bti_es_t *es, const bt_unit_t *self)
{
    bool keeps = self->keeps_block && !self->migratable && es->moving != self &&
                 bti_unit_tls(es, self) == es->home_tls;
    es->home_kept += keeps;
    return keeps;
}
static inline void bti_home_return(bool kept) { bti_es_self()->home_kept -= kept; }

/* Saves ULT self and runs the scheduler of es; returns when self runs again
 * (on whatever ES), after bti_after_switch. es->current must be updated. */
void bti_switch_to_sched(bti_es_t *es, bt_unit_t *self);
/* A ROC or SC unit leaves its context for the first time (see
 * bti_switch_to_sched, and every other place a ULT switches away). */
void bti_promote(bti_es_t *es, bt_unit_t *self);
/* Suspends the calling ULT until one bti_unpark(self). */
void bti_park(bti_es_t *es, bt_unit_t *self);
void bti_unpark(bt_unit_t *u);

void bti_pool_push(struct bt_pool *pool, bt_unit_t *u);
/* Queues u, a ULT that yielded or a frozen KLT's proxy, behind every other
 * ready unit of es, the caller's ES (yieldq.h). */
void bti_yield_push(bti_es_t *es, bt_unit_t *u);
/* After a push into es's stealable pools by any thread: wakes whoever
 * must see it. */
void bti_pool_notify(bti_es_t *es);
/* The units es set aside while it could not run them go back to its
 * pools, where it sets aside again those that still must wait. */
void bti_aside_return(bti_es_t *es);
/* Removes u from es's pools if it is ready there and can be taken. */
bool bti_take_ready(bti_es_t *es, bt_unit_t *u);

/* Waiters: the one way to wait. prepare() names the call for the error a
 * tasklet gets if it would block; block() returns after exactly one wake(). */
void bti_waiter_prepare(bti_waiter_t *w, const char *call);
void bti_waiter_block(bti_waiter_t *w);
void bti_waiter_wake(bti_waiter_t *w);

/* A unit has ended and nothing runs on its stack: release the stack and
 * wake the joiner. */
void bti_unit_finish(bti_es_t *es, bt_unit_t *u);
/* bti_unit_finish for a unit that never had a stack of its own (a tasklet,
 * an SC unit that ran on its scheduler's or its joiner's stack and never
 * suspended): it leaves the stack's line unread. */
void bti_unit_end(bti_es_t *es, bt_unit_t *u);

#endif
