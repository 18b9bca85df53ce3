/* This file is the per-ES scheduler: what runs next, how a ULT parks and is
 * woken, and how an idle ES goes to sleep.
 *
 * Order of pick: the private pool (local part, then its inbox), the own
 * shared pool, one steal attempt from a random other ES's shared pool, and
 * last the ULTs that yielded, so a yield lets everything else go first.
 *
 * The scheduler loop keeps no state in locals across running a unit: all of
 * it lives in the ES, re-read each round. Any stack may therefore take over
 * as the scheduler of an ES (dynamic promotion relies on it).
 *
 * Deferred work. A context cannot finish leaving on its own stack: an ended
 * ULT's stack must not be reused while it still runs on it, and a parking
 * ULT must not be woken (and run elsewhere) before its registers are saved.
 * So the leaving context records the work in its ES (dead, parking,
 * yielding, moving) and whoever gains control next does it in
 * bti_after_switch().
 *
 * Parking. unit->park goes RUNNING -> PARKED (by the ES, after the switch)
 * and PARKED -> RUNNING (by the waker, who then makes it ready); a wake that
 * comes first leaves PERMIT, which the next park consumes without switching.
 * Each park pairs with exactly one wake, so a waker never touches a unit
 * that has already moved on.
 *
 * Sleeping. An idle ES sets its `sleep` word and the global sleeper count,
 * re-checks for work, and futex-waits. A thread that pushes where an ES may
 * be asleep fences and then reads those words. The two fences (Dekker
 * style) guarantee that either the sleeper sees the work or the pusher sees
 * the sleeper and wakes it. */
#include "scheduler.h"
#include "wake.h"

#include "futex.h"
#include "klt.h"
#include "log.h"
#include "preempt.h"
#include "stack.h"
#include "switch.h"
#include "unit_mem.h"

__thread bti_es_t *bti_tls_es __attribute__((tls_model("initial-exec")));
__thread void *bti_tls_arg __attribute__((tls_model("initial-exec")));
__thread int bti_tls_flag __attribute__((tls_model("initial-exec")));
__thread bt_unit_t *bti_tls_unit __attribute__((tls_model("initial-exec")));

/* ---- Sleeping ----------------------------------------------------------- */

static bool has_stealable(bti_es_t *es)
{
    return !bti_deque_maybe_empty(&es->shared) || !bti_inbox_empty(&es->shared_inbox) ||
           !bti_priority_empty(&es->prio) || bti_yieldq_stealable(&es->yielded);
}

bool bti_es_has_own_work(bti_es_t *es)
{
    return !bti_fifo_empty(&es->local) || !bti_yieldq_maybe_empty(&es->yielded) ||
           !bti_inbox_empty(&es->private_inbox) || !bti_priority_empty(&es->prio_own) ||
           has_stealable(es);
}

int bt_spin_pays(void)
{
    bti_es_t *es = bti_es_self();
    return es && bti_g.wait_policy != BTI_WAIT_PASSIVE && !bti_es_has_own_work(es);
}

int bt_spin_count(void) { return (int)bti_g.spin_count; }

int bt_yield_if_ready(void)
{
    bti_es_t *es = bti_es_self();
    if (!es || !es->current || es->current->is_tasklet || !bti_es_has_own_work(es))
        return 0;
    bt_yield();
    return 1;
}

/* Whether es may take what other ESs set aside (set_aside): not while it
 * would set it aside itself, or two ESs would pass it back and forth and
 * never reach the proxies of their frozen KLTs. */
static bool takes_aside(const bti_es_t *es)
{
    return !es->frozen_threads && !es->home_frozen;
}

static bool has_work(bti_es_t *es)
{
    if (bti_es_has_own_work(es))
        return true;
    bool aside = takes_aside(es);
    for (int i = 0; i < bti_g.num_es; i++) {
        bti_es_t *other = bti_g.es[i];
        if (has_stealable(other) ||
            (aside && other != es && !bti_inbox_empty(&other->aside_inbox)))
            return true;
    }
    return false;
}

static bool must_stop(bti_es_t *es)
{
    return es->rank != 0 && atomic_load(&bti_g.stopping);
}

static void es_sleep(bti_es_t *es)
{
    atomic_store(&es->sleep, 1);
    atomic_fetch_add(&bti_g.nsleeping, 1);
    atomic_thread_fence(memory_order_seq_cst);
    if (!has_work(es) && !must_stop(es))
        while (atomic_load_explicit(&es->sleep, memory_order_relaxed))
            bti_futex_wait(&es->sleep, 1);
    atomic_store_explicit(&es->sleep, 0, memory_order_relaxed);
    atomic_fetch_sub(&bti_g.nsleeping, 1);
}

/* Spins, then sleeps (passive: at once; active: never). Where it would
 * sleep, an ES first trims the stacks its cache took in (stack.c): no unit
 * waits for it then. */
static void idle(bti_es_t *es)
{
    bool sleeps = bti_g.wait_policy != BTI_WAIT_ACTIVE;
    if ((!sleeps || bti_g.wait_policy == BTI_WAIT_SPIN_THEN_SLEEP) &&
        ++es->idle_probes < bti_g.spin_count) {
        bti_cpu_relax();
        return;
    }
    es->idle_probes = 0;
    /* asleep or trimming, it holds no unit's block: a unit that roams may
     * go on elsewhere at once (bti_block_elsewhere) */
    if (sleeps || es->stack_cache.dirty)
        bti_tls_enter(es, es->native_tls);
    bti_stack_trim(es);
    if (sleeps)
        es_sleep(es);
}

/* ---- Pools -------------------------------------------------------------- */

void bti_pool_notify(bti_es_t *es)
{
    if (es == bti_es_self())
        bti_notify_thieves(es);
    else
        bti_notify_shared(es);
}

void bti_pool_push(struct bt_pool *pool, bt_unit_t *u)
{
    bti_es_t *es = pool->es;
    bool progress = bti_count(es, u), own = es == bti_es_self();
    if (!pool->shared) {
        if (own) {
            bti_fifo_push(&es->local, u);
        } else {
            bti_inbox_push(&es->private_inbox, u);
            bti_notify(es);
        }
    } else if (own) {
        bti_deque_push(&es->shared, u);
        if (bti_g.num_es > 1)
            bti_notify_thieves(es);
    } else {
        bti_inbox_push(&es->shared_inbox, u);
        bti_notify_shared(es);
    }
    bti_watch(progress);
}

void bti_yield_push(bti_es_t *es, bt_unit_t *u)
{
    bool progress = bti_count(es, u);
    bti_yieldq_push(&es->yielded, u);
    bti_watch(progress);
}

/* Moves the shared inbox into the deque, where the owner and thieves find
 * it; the oldest unit is pushed first, so thieves take it first. */
static bool drain_shared_inbox(bti_es_t *es)
{
    bti_fifo_t batch = {0};
    if (!bti_inbox_drain(&es->shared_inbox, &batch))
        return false;
    for (bt_unit_t *u; (u = bti_fifo_pop(&batch));)
        bti_deque_push(&es->shared, u);
    return true;
}

static uint64_t next_random(bti_es_t *es)
{
    uint64_t x = es->rng; /* xorshift64 */
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return es->rng = x;
}

/* A unit set aside by some ES (set_aside), now ready in es's stealable
 * pools again: the priority pool if it has a priority, as it had before. */
static void requeue_aside(bti_es_t *es, bt_unit_t *u)
{
    if (u->priority > 0) {
        bti_priority_push(es, u, false);
        return;
    }
    bool progress = bti_count(es, u);
    bti_deque_push(&es->shared, u);
    bti_watch(progress);
}

static bt_unit_t *steal(bti_es_t *es)
{
    uint32_t r = (uint32_t)(next_random(es) % (uint64_t)(bti_g.num_es - 1));
    bti_es_t *victim = bti_g.es[r >= (uint32_t)es->rank ? r + 1 : r];
    bt_unit_t *u = NULL;
    if (!bti_priority_empty(&victim->prio) && (u = bti_priority_pop(&victim->prio)))
        return u;
    /* The relaxed look first keeps idle probing free of fences. */
    if (!bti_deque_maybe_empty(&victim->shared))
        u = bti_deque_steal(&victim->shared);
    if (u)
        return u;
    /* The victim is busy and has not seen its inbox, or may not run what
     * it set aside: take all of it (the latter was counted nowhere). */
    bti_fifo_t batch = {0};
    bool aside = false;
    if (!bti_inbox_drain(&victim->shared_inbox, &batch) &&
        !(aside = takes_aside(es) && bti_inbox_drain(&victim->aside_inbox, &batch)))
        return bti_yieldq_steal(&victim->yielded,
                                __atomic_load_n(&victim->cur_tls, __ATOMIC_ACQUIRE));
    u = bti_fifo_pop(&batch);
    for (bt_unit_t *v; (v = bti_fifo_pop(&batch));) {
        if (aside)
            requeue_aside(es, v);
        else
            bti_deque_push(&es->shared, v);
    }
    return u;
}

/* The next unit to run on es, or NULL. *stealable: another ES could have
 * taken it (it waited in a priority or shared pool, or roams). */
static bt_unit_t *pick(bti_es_t *es, bool *stealable)
{
    bt_unit_t *u;
    bool shared = !bti_priority_empty(&es->prio), own = !bti_priority_empty(&es->prio_own);
    if (own && shared)
        own = bti_priority_top(&es->prio_own) > bti_priority_top(&es->prio);
    *stealable = !own;
    if (own ? (u = bti_priority_pop(&es->prio_own)) != NULL
            : shared && (u = bti_priority_pop(&es->prio)))
        return u;
    *stealable = false;
    if ((u = bti_fifo_pop(&es->local)))
        return u;
    if (bti_inbox_drain(&es->private_inbox, &es->local))
        return bti_fifo_pop(&es->local);
    *stealable = true;
    if (!bti_deque_maybe_empty(&es->shared) && (u = bti_deque_pop(&es->shared)))
        return u;
    if (drain_shared_inbox(es) && (u = bti_deque_pop(&es->shared)))
        return u;
    if (bti_g.num_es > 1 && (u = steal(es)))
        return u;
    u = bti_yieldq_pop(&es->yielded);
    *stealable = u && bti_roams(u);
    return u;
}

/* u may not run on es now: a thread of es is frozen outside a scheduling
 * point, or es's home block is (klt.h). It waits until the frozen KLT
 * resumes (bti_aside_return), and if another ES could have taken it, it
 * stays there for thieves, and a sleeping one is woken: kept where only
 * es looks, it could be what the frozen code spins for, which would then
 * resume only to spin forever. */
static void set_aside(bti_es_t *es, bt_unit_t *u, bool stealable)
{
    if (!stealable || bti_g.num_es == 1) {
        bti_fifo_push(&es->set_aside, u);
        return;
    }
    bti_inbox_push(&es->aside_inbox, u);
    bti_notify_thieves(es);
}

void bti_aside_return(bti_es_t *es)
{
    for (bt_unit_t *u; (u = bti_fifo_pop(&es->set_aside));)
        bti_local_push(es, u);
    bti_fifo_t batch = {0};
    if (!bti_inbox_drain(&es->aside_inbox, &batch))
        return;
    for (bt_unit_t *u; (u = bti_fifo_pop(&batch));)
        requeue_aside(es, u);
    bti_notify_thieves(es); /* as after any push into the own shared pool */
}

static bool take(bti_es_t *es, bt_unit_t *u)
{
    if (bti_fifo_empty(&es->local))
        bti_inbox_drain(&es->private_inbox, &es->local);
    if (es->local.head == u) {
        bti_fifo_pop(&es->local);
        return true;
    }
    if (bti_yieldq_take(&es->yielded, u))
        return true;
    return bti_deque_take(&es->shared, u);
}

bool bti_take_ready(bti_es_t *es, bt_unit_t *u)
{
    if (!take(es, u))
        return false;
    bti_uncount(u);
    return true;
}

/* ---- Running units ------------------------------------------------------ */

void bti_unit_end(bti_es_t *es, bt_unit_t *u)
{
    if (u->detached) {
        bti_unit_free(es, u);
        return;
    }
    /* acq_rel: the joiner sees all the unit did; we see the joiner's waiter.
     * No look first: the exchange is then this ES's one access to the
     * line the joiner spins on. DONE already: handed straight to its
     * joiner (ult_exit). */
    uintptr_t w = atomic_exchange_explicit(&u->join, BTI_JOIN_DONE, memory_order_acq_rel);
    if (w > BTI_JOIN_DONE)
        bti_waiter_wake((bti_waiter_t *)w);
}

void bti_unit_finish(bti_es_t *es, bt_unit_t *u)
{
    if (u->stack.lo)
        bti_stack_release(es, u);
    bti_unit_end(es, u);
}

/* u, parked or about to be, is ready: where idle ESs may take it, if it
 * may go on elsewhere, as its own ES may be held by a unit that waits for
 * it without a scheduling point. */
static void make_ready(bt_unit_t *u)
{
    bti_pool_push(&u->es->pools[bti_roams(u) ? 1 : 0], u);
}

/* u, its context saved, waits for a wake: RUNNING -> PARKED. */
static void park(bt_unit_t *u)
{
    int expected = BTI_RUNNING;
    if (!atomic_compare_exchange_strong_explicit(&u->park, &expected, BTI_PARKED,
                                                 memory_order_acq_rel, memory_order_acquire)) {
        /* The wake came first: consume the permit, stay ready where the
         * wake would have put it. */
        atomic_store_explicit(&u->park, BTI_RUNNING, memory_order_relaxed);
        make_ready(u);
    }
}

void bti_after_switch(bti_es_t *es)
{
    if (es->current) /* the scheduler writes nothing in the block it keeps (tls.h) */
        bti_arg_load(es->current);
    bt_unit_t *u = es->parking;
    if (u) {
        es->parking = NULL;
        park(u);
    }
    if ((u = es->yielding)) {
        es->yielding = NULL;
        bti_yield_push(es, u);
        /* handed straight to a unit (bt_yield_to), not to the scheduler,
         * whose pick would pass it over: so does this */
        if (es->current && bti_yieldq_pass(&es->yielded) && bti_g.num_es > 1)
            bti_notify_thieves(es);
    }
    if ((u = es->moving)) {
        es->moving = NULL;
        bti_pool_push(es->moving_to, u);
    }
    if ((u = es->dead)) {
        es->dead = NULL;
        bti_unit_finish(es, u);
    }
}

/* PARKED -> RUNNING: the caller now owns the right to run u. */
static bool claim(bt_unit_t *u)
{
    int expected = BTI_PARKED;
    return atomic_compare_exchange_strong_explicit(&u->park, &expected, BTI_RUNNING,
                                                   memory_order_acquire,
                                                   memory_order_relaxed);
}

__attribute__((noreturn)) static void ult_exit(bt_unit_t *u)
{
    bti_arg_clear();
    bti_unit_release_keys(u);
    bti_es_t *es = bti_es_self();
    bti_tls_end(es, u);
    es->dead = u;
    /* A joiner parked on this ES runs next, without the scheduler between.
     * The joiner is on this ES, so marking u done before leaving its stack
     * is safe: nobody can free u until the joiner runs. */
    uintptr_t jw = atomic_load_explicit(&u->join, memory_order_acquire);
    bt_unit_t *joiner = jw > BTI_JOIN_DONE ? ((bti_waiter_t *)jw)->unit : NULL;
    if (joiner && !u->unpromoted && joiner->es == es && bti_may_run(es, joiner) &&
        (!bti_pinned(joiner) || bti_klt_may_run_pinned(es)) &&
        claim(joiner)) {
        atomic_store_explicit(&u->join, BTI_JOIN_DONE, memory_order_relaxed);
        es->current = joiner;
        bti_tls_enter(es, bti_unit_tls(es, joiner));
        bti_jump(&joiner->ctx, bti_unit_stack(&es->sched_stack, joiner));
    }
    es->current = NULL;
    bti_tls_leave_ended(es, u);
    if (u->unpromoted) /* SS that never suspended: no scheduler waits for it */
        bti_run_on(&es->sched_stack, bti_sched_main, NULL);
    bti_jump(&es->sched_ctx, &es->sched_stack);
}

static void ult_entry(void *arg)
{
    BTI_ASAN_ARRIVE(NULL);
    bt_unit_t *u = arg;
    bti_after_switch(bti_es_self());
    u->fn(u->arg);
    ult_exit(u);
}

void bti_run_ult(bti_es_t *es, btd_ctx_t *from, bt_unit_t *u)
{
    u->es = es;
    bti_tls_enter(es, u->started ? bti_unit_tls(es, u) : bti_tls_start(es, u));
    if (u->started) {
        bti_switch(from, &u->ctx, bti_unit_stack(&es->sched_stack, u));
        return;
    }
    u->started = true;
    u->unpromoted = false; /* it starts with a stack of its own */
    u->in_place = false;
    if (!u->stack.lo)
        bti_stack_attach(es, u);
    u->stack_floor = u->stack.lo;
    bti_stack_t colored = bti_stack_colored(&u->stack);
    bti_start(from, &colored, ult_entry, u);
}

/* ---- Dynamic promotion -------------------------------------------------- */

/* An SC unit runs on the scheduler's stack only if that has its size (the
 * default size may have changed since the scheduler's stack was made). */
static bool fits_scheduler_stack(const bti_es_t *es, const bt_unit_t *u)
{
    return bti_stack_span(u->stack_size) == es->sched_stack.size;
}

/* The joiner that called ROC or SS unit u (bti_run_roc), if one did. */
static bt_unit_t *joiner_below(const bt_unit_t *u)
{
    return u->joiner_below
               ? ((bti_waiter_t *)atomic_load_explicit(&u->join, memory_order_relaxed))->unit
               : NULL;
}

/* ROC: its first frame on its own stack, called by a scheduler or a joiner
 * that left nothing for bti_after_switch to finish. */
static void roc_entry(void *arg)
{
    BTI_ASAN_ARRIVE(NULL);
    bt_unit_t *u = arg;
    bti_arg_load(u);
    u->fn(u->arg);
    if (u->unpromoted) { /* it never suspended: back to its caller */
        bti_es_t *es = bti_es_self();
        es->roc_completed = true;
        bt_unit_t *joiner = joiner_below(u);
        BTI_ASAN_LEAVE(NULL, joiner ? bti_unit_stack(&es->sched_stack, joiner)
                                    : &es->sched_stack);
    } /* else the return address leads to roc_promoted_exit */
}

/* SS: its first frame on its own stack, called by a scheduler that has
 * gone and left nothing to finish. */
static void ss_entry(void *arg)
{
    BTI_ASAN_ARRIVE(NULL);
    bt_unit_t *u = arg;
    bti_arg_load(u);
    u->fn(u->arg);
    ult_exit(u);
}

/* Where a ROC unit that suspended goes when its body returns. It is
 * entered by a ret, not a call, so the stack is 8 bytes off the alignment
 * a function expects: realign it. */
__attribute__((noreturn, force_align_arg_pointer)) static void roc_promoted_exit(void)
{
    ult_exit(bti_es_self()->current);
}

#ifdef BTD_HAVE_ROC
bool bti_run_roc(bti_es_t *es, bt_unit_t *joiner, bt_unit_t *u)
{
    u->es = es;
    u->started = true;
    u->joiner_below = joiner != NULL;
    es->current = u;
    if (!u->stack.lo)
        bti_stack_attach(es, u);
    u->stack_floor = u->stack.lo;
    u->unpromoted = true;
    bti_stack_t colored = bti_stack_colored(&u->stack);
    void *top = (void *)(((uintptr_t)colored.lo + colored.size) & ~(uintptr_t)15);
    u->ret_slot = btd_roc_ret_slot(top);
    void *fake = NULL;
    bti_tls_enter(es, bti_tls_start(es, u));
    BTI_ASAN_LEAVE(&fake, &u->stack);
    btd_roc_call(joiner ? &joiner->ctx : &es->sched_ctx, top, roc_entry, u);
    BTI_ASAN_ARRIVE(fake);
    /* after a switch, perhaps on another ES, whose flag is not set */
    es = bti_es_self();
    if (!es->roc_completed)
        return false;
    es->roc_completed = false;
    u->joiner_below = false;
    bti_arg_clear();
    bti_unit_release_keys(u);
    bti_tls_end(es, u);
    bti_stack_release(es, u);
    return true;
}
#endif

/* The scheduler starts a unit of a promotable kind. The loop keeps nothing
 * in locals that it needs after the call, as an SC unit that suspends takes
 * this stack along and a new scheduler continues on another. */
static void run_promotable(bti_es_t *es, bt_unit_t *u)
{
    u->es = es;
    u->started = true;
    es->current = u;
    switch (u->kind) {
#ifdef BTD_HAVE_ROC
    case BT_ULT_ROC:
        if (bti_run_roc(es, NULL, u)) { /* done, without a single switch */
            es->current = NULL;
            bti_tls_leave_ended(es, u);
            bti_unit_end(es, u);
        } else {
            bti_after_switch(bti_es_self());
        }
        return;
#endif
    case BT_ULT_SC: {
        void *mine = es->sched_stack.lo;
        u->stack_floor = mine;
        u->unpromoted = true;
        bti_tls_enter(es, bti_tls_start(es, u));
        bti_arg_load(u);
        u->fn(u->arg);
        bti_unit_release_keys(u);
        es = bti_es_self();
        if (es->sched_stack.lo == mine) { /* never suspended */
            bti_arg_clear();
            bti_tls_end(es, u);
            bti_tls_leave_ended(es, u);
            u->unpromoted = false;
            es->current = NULL;
            bti_unit_end(es, u);
            return;
        }
        /* It suspended, so this stack is its own and another scheduler runs
         * the ES: this loop ends with the unit. */
        ult_exit(u);
    }
    default: { /* SS: this loop's frame is dropped, the unit called on its
                * own stack; a new scheduler starts when it is done (ult_exit)
                * or first suspends (bti_promote) */
        if (!u->stack.lo)
            bti_stack_attach(es, u);
        u->stack_floor = u->stack.lo;
        u->unpromoted = true;
        bti_tls_enter(es, bti_tls_start(es, u));
        bti_stack_t colored = bti_stack_colored(&u->stack);
        bti_run_on(&colored, ss_entry, u);
    }
    }
}

/* Called by a ROC or SC unit before it leaves its context for the first
 * time: from then on it completes like any ULT. A unit run by its joiner
 * takes its host along, and so on down to the first unit of the chain that
 * has already been promoted or that owns the stack they share. */
void bti_promote(bti_es_t *es, bt_unit_t *self)
{
    for (;;) {
        self->unpromoted = false;
        self->in_place = false; /* it may now wait in a pool, started */
        if (!self->host)
            break;
        self = self->host;
        if (!self->unpromoted)
            return;
    }
#ifdef BTD_HAVE_ROC
    bt_unit_t *joiner = joiner_below(self);
    if (self->kind == BT_ULT_ROC || joiner) { /* an SS unit its joiner called too */
        *self->ret_slot = (void *)roc_promoted_exit;
        if (joiner) { /* it waits beneath, parked, for u's end (ult_exit) */
            self->joiner_below = false;
            park(joiner);
            if (joiner->unpromoted)
                bti_promote(es, joiner);
        }
        return;
    }
#endif
    if (self->kind == BT_ULT_SC) { /* the scheduler's stack becomes the unit's */
        self->stack = es->sched_stack;
        bt_unit_t carrier = {.stack_size = bti_g.stack_size};
        bti_stack_attach(es, &carrier);
        es->sched_stack = carrier.stack;
    }
    /* SC or SS: a new scheduler starts */
    bti_stack_t colored = bti_stack_colored(&es->sched_stack);
    bti_ctx_make(&es->sched_ctx, &colored, bti_sched_main, NULL);
}

void bti_sched_main(void *unused)
{
    (void)unused;
    BTI_ASAN_ARRIVE(NULL);
    bti_es_t *es = bti_es_self();
    bti_after_switch(es);
    for (;;) {
        bool stealable;
        bt_unit_t *u = pick(es, &stealable);
        if (u) {
            atomic_store_explicit(&es->nswitch, es->nswitch + 1, memory_order_relaxed);
            bti_uncount(u);
            if (bti_yieldq_pass(&es->yielded) && bti_g.num_es > 1)
                bti_notify_thieves(es);
        }
        if (!u) {
            if (must_stop(es))
                break;
            idle(es);
        } else if (u->fn == bti_klt_proxy_fn) { /* a frozen OS thread's turn */
            if (bti_klt_may_resume(es, u->arg)) {
                es->idle_probes = 0;
                bti_klt_resume(es, u->arg);
            } else {
                set_aside(es, u, false); /* a proxy never leaves its ES */
            }
        } else if (bti_block_elsewhere(es, u)) { /* taken too soon: give it back */
            bti_pool_push(&u->es->pools[1], u);
        } else if ((es->frozen_threads && !u->progress && /* a stale count only delays */
                    !atomic_load_explicit(&bti_g.units_wanted, memory_order_relaxed)) ||
                   !bti_may_run(es, u)) {
            set_aside(es, u, stealable);
        } else if (bti_pinned(u) && !bti_klt_may_run_pinned(es)) {
            /* its OS thread waits frozen, or for its proxy's turn: after that */
            bti_yield_push(es, u);
        } else if (u->is_tasklet) {
            es->idle_probes = 0;
            bti_run_here(es, u, true);
            bti_unit_end(es, u);
        } else if (!u->started && u->kind >= BT_ULT_ROC &&
                   (u->kind != BT_ULT_SC || fits_scheduler_stack(es, u))) {
            es->idle_probes = 0;
            run_promotable(es, u);
        } else {
            es->idle_probes = 0;
            es->current = u;
            bti_run_ult(es, &es->sched_ctx, u);
            bti_after_switch(es);
        }
        es = bti_es_self();
    }
    /* the OS thread's own, to exit with */
    bti_tls_enter(es, atomic_load_explicit(&es->klt, memory_order_relaxed)->native);
    bti_jump(&es->os_ctx, &es->os_stack);
}

/* ---- Parking ------------------------------------------------------------ */

void bti_park(bti_es_t *es, bt_unit_t *self)
{
    if (atomic_load_explicit(&self->park, memory_order_acquire) == BTI_PERMIT) {
        atomic_store_explicit(&self->park, BTI_RUNNING, memory_order_relaxed);
        return;
    }
    es->parking = self;
    es->current = NULL;
    bti_switch_to_sched(es, self);
}

void bti_switch_to_sched(bti_es_t *es, bt_unit_t *self)
{
    bti_arg_save(self);
    if (self->unpromoted)
        bti_promote(es, self);
    bool kept = bti_home_leave(es, self);
    if (es->moving == self) /* it goes on elsewhere (tls.h) */
        bti_tls_enter(es, es->native_tls);
    bti_switch(&self->ctx, &es->sched_ctx, &es->sched_stack);
    bti_after_switch(bti_es_self());
    bti_home_return(kept);
}

void bti_unpark(bt_unit_t *u)
{
    int p = atomic_load_explicit(&u->park, memory_order_relaxed);
    for (;;) {
        if (p == BTI_PARKED) {
            if (claim(u)) {
                make_ready(u);
                return;
            }
            p = atomic_load_explicit(&u->park, memory_order_relaxed);
        } else if (p == BTI_RUNNING) {
            /* release: the parker's acquire load of PERMIT sees our writes. */
            if (atomic_compare_exchange_weak_explicit(&u->park, &p, BTI_PERMIT,
                                                      memory_order_release,
                                                      memory_order_relaxed))
                return;
        } else {
            return;
        }
    }
}
