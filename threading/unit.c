/* This file holds the public operations on work units: create, join, free,
 * yield, yield_to, suspend, resume, migrate. */
#include "es.h"
#include "futex.h"
#include "klt.h"
#include "log.h"
#include "pause.h"
#include "preempt.h"
#include "priority.h"
#include "stack.h"
#include "scheduler.h"
#include "tls.h"
#include "unit_mem.h"

/* The caller's ES; on external threads, checks that the substrate runs. */
static bti_es_t *require_init(const char *call)
{
    bti_es_t *es = bti_es_self();
    if (__builtin_expect(!es, 0) && !bti_g.initialized)
        bti_fatal("%s called before bt_init", call);
    return es;
}

bt_unit_t *bt_create(bt_pool_t *pool, bt_fn_t fn, void *arg, const bt_unit_attr_t *attr)
{
    bti_es_t *es = require_init("a create call");
    bt_unit_t *u = bti_unit_alloc(es);
    if (!u)
        return NULL;
    u->fn = fn;
    u->arg = arg;
    u->flag = 0;
#ifdef BTI_ASAN
    u->arg_unsaved = false;
#endif
    u->es = NULL;
    u->is_tasklet = attr->tasklet;
    u->started = false;
    u->migratable = attr->migratable && !attr->tasklet;
    u->kind = attr->kind ? attr->kind : bti_g.ult_kind;
    u->in_place = attr->in_place && u->kind == BT_ULT_SC;
    /* so that a joiner running it in place need not say so (run_hosted);
     * the other starts of an SC unit set it themselves */
    u->unpromoted = u->in_place;
    u->detached = attr->detached;
    u->tls_mode = attr->tls == BT_TLS_BORROW ? BTI_TLS_BORROW
                  : attr->tls                 ? BTI_TLS_OWN
                                              : BTI_TLS_NONE;
    u->tls = u->tls_mode == BTI_TLS_OWN ? attr->tls : NULL; /* borrowed when it starts */
    u->priority = attr->priority;
    atomic_init(&u->park, BTI_RUNNING);
    atomic_init(&u->join, 0);
    u->stack.lo = NULL;
    size_t stack_size = attr->stack_size ? attr->stack_size : bti_g.stack_size;
    if (stack_size > UINT32_MAX)
        bti_fatal("a ULT stack of %zu bytes asked for; at most 4 GiB", stack_size);
    u->stack_size = (uint32_t)stack_size;
    u->progress = attr->progress;
    u->keeps_block = attr->keep_block;
    u->counted = NULL;
    u->keys = NULL;
    u->nkeys = 0;
    u->host = NULL;
    u->joiner_below = false;
    if (u->kind == BT_ULT_FULL && !u->is_tasklet && es)
        bti_stack_attach(es, u); /* FULL: the stack comes with the unit */
    if (!pool)
        pool = &(es ? es : bti_g.es[0])->pools[0];
    bti_restart_if_paused();
    if (u->priority > 0)
        bti_priority_push(pool->es, u, !pool->shared);
    else if (es && pool == &es->pools[0])
        bti_local_push(es, u); /* the common case, inline */
    else
        bti_pool_push(pool, u);
    return u;
}

bt_unit_t *bt_ult_create(bt_pool_t *pool, bt_fn_t fn, void *arg)
{
    return bt_create(pool, fn, arg, &(bt_unit_attr_t){0});
}

bt_unit_t *bt_ult_create_sized(bt_pool_t *pool, bt_fn_t fn, void *arg, size_t stack_size)
{
    return bt_create(pool, fn, arg, &(bt_unit_attr_t){.stack_size = stack_size});
}

bt_unit_t *bt_tasklet_create(bt_pool_t *pool, bt_fn_t fn, void *arg)
{
    return bt_create(pool, fn, arg, &(bt_unit_attr_t){.tasklet = 1});
}

enum { JOIN_SPIN = 4000 }; /* about 0.1 ms */

/* Runs u, just taken from es's pools, in place of the joining ULT: the
 * joiner parks and u's end hands control straight back (ult_exit). */
static void join_bypass(bti_es_t *es, bt_unit_t *self, bt_unit_t *u)
{
    bti_waiter_t w = {.unit = self};
    atomic_store_explicit(&u->join, (uintptr_t)&w, memory_order_relaxed);
    if (self->unpromoted)
        bti_promote(es, self);
    bti_arg_save(self);
    es->parking = self;
    es->current = u;
    bti_run_ult(es, &self->ctx, u);
    bti_after_switch(bti_es_self());
}

#ifdef BTD_HAVE_ROC
/* Runs ROC or SS unit u, just taken from es's pools, in place of the
 * joining ULT, on u's own stack like a call, as the scheduler runs ROC:
 * u's return comes back here, and only if u suspends does the joiner park
 * (bti_promote) for u's end to hand control back (ult_exit). Not inlined:
 * join_ready, which every join runs, then stays small enough to be. */
__attribute__((noinline)) static void join_call(bti_es_t *es, bt_unit_t *self, bt_unit_t *u)
{
    bti_waiter_t w = {.unit = self};
    atomic_store_explicit(&u->join, (uintptr_t)&w, memory_order_relaxed);
    bti_arg_save(self);
    if (!bti_run_roc(es, self, u)) {
        bti_after_switch(bti_es_self());
        return;
    }
    es->current = self;
    bti_tls_enter(es, bti_unit_tls(es, self));
    bti_arg_load(self);
    /* relaxed: as in join_hosted */
    atomic_store_explicit(&u->join, BTI_JOIN_DONE, memory_order_relaxed);
}
#endif

/* Whether self's block is the home block while another unit keeps it
 * (bti_home_leave): a unit self ran in place would run with it, as a
 * second thread on one TLS (self, a waiter that lent the block, runs none
 * of its own code with it meanwhile). */
static bool block_kept_elsewhere(const bti_es_t *es, const bt_unit_t *self)
{
    return es->home_kept && bti_unit_tls(es, self) == es->home_tls;
}

/* Whether the joiner can run u, just taken from a pool, in place
 * (join_hosted): u must allow it (an SC unit whose resumes come back to
 * this ES, where the joiner goes on once u ends) and so has not started
 * (see in_place), the joiner must be a ULT, and its stack must have room
 * for all the stack u would have on its own; stack.h maps stacks with room
 * to spare. Every running ULT has a floor. The check comes on every join
 * of a team member: it reads nothing but the first lines of the two
 * units. */
static bool can_host(const bt_unit_t *self, const bt_unit_t *u)
{
    uintptr_t room_top;
    return u->in_place && !self->is_tasklet &&
           !__builtin_add_overflow((uintptr_t)self->stack_floor, u->stack_size, &room_top) &&
           room_top <= (uintptr_t)__builtin_frame_address(0);
}

/* Runs the ULT u on self's stack, as a call, where u starts as cheaply as
 * a tasklet. If u suspends, bti_promote gives the stack to the chain of
 * units it runs on, which stay buried until u returns here. */
static void run_hosted(bti_es_t *es, bt_unit_t *self, bt_unit_t *u, bool lazy)
{
    u->stack_floor = self->stack_floor;
    bti_run_here(es, u, lazy); /* which makes self its host */
}

/* The joiner could not go on before u ends anyway. */
static void join_hosted(bti_es_t *es, bt_unit_t *self, bt_unit_t *u, bool lazy)
{
    run_hosted(es, self, u, lazy);
    /* relaxed: the one reader is this joiner (bt_free), on this thread */
    atomic_store_explicit(&u->join, BTI_JOIN_DONE, memory_order_relaxed);
}

/* The joiner runs u at once if u is ready in its ES's pools; returns
 * whether it did (u has then ended). lazy: see bti_run_here. */
static bool join_ready(bti_es_t *es, bt_unit_t *self, bt_unit_t *u, bool lazy)
{
    if (!self || !bti_take_ready(es, u))
        return false;
    bool here = !block_kept_elsewhere(es, self);
    if (here && can_host(self, u)) { /* the default kind's case goes first */
        join_hosted(es, self, u, lazy);
        return true;
    }
    if (here && u->is_tasklet) {
        bti_run_here(es, u, lazy);
        /* relaxed: as in join_hosted */
        atomic_store_explicit(&u->join, BTI_JOIN_DONE, memory_order_relaxed);
        return true;
    }
    if (!self->is_tasklet && bti_may_run(es, u)) {
#ifdef BTD_HAVE_ROC
        if (!u->started && (u->kind == BT_ULT_ROC || u->kind == BT_ULT_SS))
            join_call(es, self, u);
        else
#endif
            join_bypass(es, self, u);
        return true;
    }
    /* a tasklet does not switch: put it back */
    bool progress = bti_count(es, u);
    bti_fifo_push_front(&es->local, u);
    bti_watch(progress);
    return false;
}

/* bt_join; lazy: see bti_run_here. */
static void join(bt_unit_t *u, bool lazy)
{
    if (atomic_load_explicit(&u->join, memory_order_acquire) == BTI_JOIN_DONE)
        return;
    bti_es_t *es = bti_es_self();
    if (join_ready(es, es ? es->current : NULL, u, lazy))
        return;
    /* u runs elsewhere, and often ends within microseconds (the other half
     * of a fork-join): while this ES has nothing else to run, spinning beats
     * two switches here and a wake-up there. */
    for (int i = 0; i < JOIN_SPIN && bt_spin_pays(); i++) {
        if (atomic_load_explicit(&u->join, memory_order_acquire) == BTI_JOIN_DONE)
            return;
        bti_cpu_relax();
    }
    bti_waiter_t w;
    bti_waiter_prepare(&w, "bt_join");
    uintptr_t expected = 0;
    if (atomic_compare_exchange_strong_explicit(&u->join, &expected, (uintptr_t)&w,
                                                memory_order_acq_rel,
                                                memory_order_acquire))
        bti_waiter_block(&w);
}

void bt_join(bt_unit_t *u) { join(u, false); }

/* Whether the waiting self may run u, taken from a pool, in place
 * (bt_run_ready). Neither a tasklet nor an in_place unit waits in a pool
 * once started (see in_place). */
static bool runnable_here(const bt_unit_t *self, const bt_unit_t *u, bt_fn_t fn,
                          int (*wanted)(void *arg, void *ctx), void *ctx)
{
    return u->fn == fn && (u->is_tasklet || can_host(self, u)) && wanted(u->arg, ctx);
}

/* The newest unit of the shared pool, which is the owner's end of the
 * deque, or else the newest of the private one: most likely what the
 * waiter itself just made, and, as the waiter runs them so, what keeps a
 * tree of waiting units depth first; the oldest is as likely to be a
 * sibling of an ancestor, which the waiter may not run. The shared one is
 * popped before it is looked at, and pushed back if refused: a unit only
 * peeked at could be stolen, run and freed while its argument is read. A
 * unit run in place that suspends may take the waiter to another ES
 * (bti_run_here). */
int bt_run_ready(bt_fn_t fn, int (*wanted)(void *arg, void *ctx), void *ctx)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *self = es ? es->current : NULL;
    /* units of higher priority go first, and the scheduler orders them */
    if (!self || self->is_tasklet || !bti_priority_empty(&es->prio) ||
        !bti_priority_empty(&es->prio_own) || block_kept_elsewhere(es, self))
        return 0;
    bt_unit_t *u = bti_deque_pop(&es->shared);
    if (u && !runnable_here(self, u, fn, wanted, ctx)) {
        bti_deque_push(&es->shared, u);
        u = NULL;
    }
    if (!u) {
        if (bti_fifo_empty(&es->local))
            bti_inbox_drain(&es->private_inbox, &es->local);
        u = es->local.tail;
        if (!u || !runnable_here(self, u, fn, wanted, ctx))
            return 0;
        bti_fifo_pop_newest(&es->local);
    }
    bti_uncount(u);
    if (u->is_tasklet)
        bti_run_here(es, u, false);
    else
        run_hosted(es, self, u, false);
    bti_unit_end(bti_es_self(), u);
    return 1;
}

void bt_free(bt_unit_t *u)
{
    if (atomic_load_explicit(&u->join, memory_order_relaxed) != BTI_JOIN_DONE)
        bti_fatal("bt_free of a unit that has not finished; join it first");
    bti_unit_free(bti_es_self(), u);
}

void bt_join_free(bt_unit_t *u)
{
    bt_join(u);
    bt_free(u);
}

/* Between the units, the caller runs only this loop, on the block the last
 * unit run in place left loaded (tls.h), and switches back once. The units
 * ready on the caller's ES run first, so that waiting for the others, which
 * may leave the ES to a spare OS thread (bti_pinned), comes last. */
void bt_join_free_all(bt_unit_t *const *units, int n)
{
    bti_es_t *es = bti_es_self();
    if (es && es->current) /* reloaded at the end, whether or not a unit ran here */
        bti_arg_save(es->current);
    for (int i = 0; es && es->current && i < n; i++) {
        join_ready(es, es->current, units[i], true);
        es = bti_es_self();
    }
    for (int i = 0; i < n; i++) {
        join(units[i], true);
        bt_free(units[i]);
    }
    es = bti_es_self();
    if (es && es->current) {
        bti_tls_enter(es, bti_unit_tls(es, es->current));
        bti_arg_load(es->current);
    }
}

int bt_unit_es(const bt_unit_t *u)
{
    struct bti_es *es = __atomic_load_n(&u->es, __ATOMIC_RELAXED);
    return es ? es->rank : -1;
}

int bt_unit_is_tasklet(const bt_unit_t *u) { return u->is_tasklet; }

/* The sanitized builds check the slots on every read: a way into a unit's
 * code that does not load them would otherwise show only as a wrong
 * thread number, once in many runs. */
static inline void check_slots(void)
{
#ifdef BTI_ASAN
    bti_es_t *es = bti_es_self();
    bt_unit_t *u = es ? es->current : NULL;
    bool loaded = (bti_tls_arg == (u ? u->arg : NULL) && bti_tls_flag == (u ? u->flag : 0)) ||
                  (u && u->arg_unsaved);
    if (bti_tls_unit != u || !loaded)
        bti_fatal("a unit runs with another's argument in its TLS block's slot");
#endif
}

void *bt_self_arg(void)
{
    check_slots();
    return bti_tls_arg;
}

int bt_self_flag(void)
{
    check_slots();
    return bti_tls_flag;
}

void *bt_self_arg_async(void) { return bti_tls_arg; }
int bt_self_flag_async(void) { return bti_tls_flag; }

/* The calling unit as its TLS block records it (es.h), which in a unit's
 * code is es->current: the sanitized builds check that on every read. */
static bt_unit_t *tls_unit(void)
{
#ifdef BTI_ASAN
    bti_es_t *es = bti_es_self();
    if (bti_tls_unit != (es ? es->current : NULL))
        bti_fatal("a unit runs with another's pointer in its TLS block's slot");
#endif
    return bti_tls_unit;
}

/* The calling unit, about to write its slots: NULL on an external thread,
 * which has none to write. */
static bt_unit_t *slots_writer(void)
{
    bt_unit_t *u = tls_unit();
#ifdef BTI_ASAN
    if (u)
        u->arg_unsaved = true;
#endif
    return u;
}

int bt_self_set_arg(void *arg)
{
    if (!slots_writer())
        return 0;
    bti_tls_arg = arg;
    return 1;
}

void bt_self_set_flag(int flag)
{
#ifdef BTI_ASAN
    slots_writer();
#endif
    bti_tls_flag = flag != 0;
}

void bt_self_keep_block(int keep)
{
    bt_unit_t *u = tls_unit();
    if (u)
        u->keeps_block = keep;
}

bt_unit_t *bt_self(void)
{
    bti_es_t *es = bti_es_self();
    return es ? es->current : NULL;
}

/* These two are inline wherever they are called (link-time optimisation):
 * a caller's shortest path may test them (the layer above, before it runs
 * a task at once), and a call there would make that path save the
 * registers that hold the caller's arguments. */
__attribute__((always_inline)) inline int bt_self_is_tasklet(void)
{
    bt_unit_t *u = tls_unit();
    return u && u->is_tasklet;
}

__attribute__((always_inline)) inline int bt_self_es(void)
{
    bti_es_t *es = bti_es_self();
    return es ? es->rank : -1;
}

/* The calling ULT, or NULL for tasklets and external threads, which
 * cannot give up their stack. */
static bt_unit_t *self_ult(bti_es_t *es)
{
    bt_unit_t *u = es ? es->current : NULL;
    return u && !u->is_tasklet ? u : NULL;
}

void bt_yield(void)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *self = self_ult(es);
    if (!self)
        return;
    es->yielding = self; /* queued once saved: a thief may take it at once */
    es->current = NULL;
    bti_switch_to_sched(es, self);
}

int bt_yield_to_if_ready(bt_unit_t *target)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *self = self_ult(es);
    /* a started unit is made ready on the ES it last ran on: one that ran
     * elsewhere costs no look into the pools; then the scheduler's checks
     * before it runs a unit it picked */
    if (!self || !target || (target->started && target->es != es) || target == self ||
        !bti_may_run(es, target) ||
        (es->frozen_threads && !target->progress) ||
        (bti_pinned(target) && !bti_klt_may_run_pinned(es)) ||
        (target->is_tasklet && block_kept_elsewhere(es, self)) ||
        !bti_take_ready(es, target))
        return 0;
    atomic_store_explicit(&es->nswitch, es->nswitch + 1, memory_order_relaxed);
    if (target->is_tasklet) {
        bti_run_here(es, target, false);
        bti_unit_end(es, target);
        return 1;
    }
    if (self->unpromoted)
        bti_promote(es, self);
    bti_arg_save(self);
    bool kept = bti_home_leave(es, self);
    es->yielding = self;
    es->current = target;
    bti_run_ult(es, &self->ctx, target);
    bti_after_switch(bti_es_self());
    bti_home_return(kept);
    return 1;
}

void bt_yield_to(bt_unit_t *target)
{
    if (!bt_yield_to_if_ready(target))
        bt_yield();
}

void bt_suspend(void)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *self = es ? es->current : NULL;
    if (!self)
        bti_fatal("bt_suspend called outside a work unit");
    if (self->is_tasklet)
        bti_fatal("a tasklet cannot wait in bt_suspend (tasklets run to completion "
                  "on the scheduler's stack); create the unit as a ULT");
    bti_park(es, self);
}

void bt_resume(bt_unit_t *u) { bti_unpark(u); }

void bt_migrate_to(bt_pool_t *pool)
{
    bti_es_t *es = bti_es_self();
    bt_unit_t *self = self_ult(es);
    /* the application's thread stays where it is (bti_pinned) */
    if (!self || (pool->es == es && !pool->shared) || self == &bti_g.main_unit)
        return;
    if (self->host)
        bti_fatal("bt_migrate_to called by a unit that its joiner runs on its own "
                  "stack; create units that migrate without in_place");
    es->moving = self;
    es->moving_to = pool;
    es->current = NULL;
    bti_switch_to_sched(es, self);
}

bt_pool_t *bt_pool_private(int es)
{
    bti_es_t *self = require_init("bt_pool_private");
    return &(es < 0 ? (self ? self : bti_g.es[0]) : bti_g.es[es % bti_g.num_es])->pools[0];
}

bt_pool_t *bt_pool_shared(int es)
{
    bti_es_t *self = require_init("bt_pool_shared");
    return &(es < 0 ? (self ? self : bti_g.es[0]) : bti_g.es[es % bti_g.num_es])->pools[1];
}

static size_t shared_length(bti_es_t *es)
{
    int64_t n = atomic_load_explicit(&es->shared.bottom, memory_order_relaxed) -
                atomic_load_explicit(&es->shared.top, memory_order_relaxed);
    return n > 0 ? (size_t)n : 0;
}

size_t bt_pool_length(bt_pool_t *pool)
{
    bti_es_t *es = pool->es;
    if (!pool->shared) /* its FIFO is the owner's alone: others read 0 */
        return es == bti_es_self() ? es->local.length : 0;
    return shared_length(es);
}

size_t bt_self_pool_length(int shared)
{
    bti_es_t *es = bti_es_self();
    if (!shared)
        return es ? es->local.length : 0;
    return shared_length(es ? es : bti_g.es[0]);
}
