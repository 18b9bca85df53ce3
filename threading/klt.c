/* This file keeps the OS threads that serve ESs (klt.h): starting them,
 * handing an ES from one to another, and stopping them.
 *
 * A KLT waits with a block loaded that another KLT of its ES may be
 * running with (the home block, or a frozen unit's in the signal
 * handler): futex.h's waits and wakes write no errno.
 *
 * Spares are a stack per ES that anyone pushes on and only the ES's
 * active KLT pops from (also in its signal handler, which never
 * interrupts Bobbin's own code): one consumer, so no ABA. */
#include "klt.h"

#include "fork.h"
#include "futex.h"
#include "log.h"
#include "overflow.h"
#include "preempt.h"
#include "scheduler.h"
#include "stack.h"
#include "switch.h"
#include "topology.h"

#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static bti_klt_t *registry;

void bti_klt_proxy_fn(void *klt) { (void)klt; }

static void wake(bti_klt_t *k, int what)
{
    atomic_store_explicit(&k->go, what, memory_order_release);
    bti_futex_wake(&k->go, 1);
}

static int wait_go(bti_klt_t *k)
{
    int go;
    while ((go = atomic_exchange_explicit(&k->go, BTI_KLT_WAIT, memory_order_acquire)) ==
           BTI_KLT_WAIT)
        bti_futex_wait(&k->go, BTI_KLT_WAIT);
    return go;
}

static void save_seat(bti_klt_t *k, const bti_es_t *es)
{
#define SAVE(f) k->seat.f = es->f;
    BTI_SEAT(SAVE)
#undef SAVE
}

static void load_seat(bti_es_t *es, const bti_klt_t *k)
{
#define LOAD(f) es->f = k->seat.f;
    BTI_SEAT(LOAD)
#undef LOAD
}

static void spare_push(bti_es_t *es, bti_klt_t *k)
{
    bti_klt_t *top = atomic_load_explicit(&es->spares, memory_order_relaxed);
    do
        k->next_spare = top;
    while (!atomic_compare_exchange_weak_explicit(&es->spares, &top, k, memory_order_release,
                                                  memory_order_relaxed));
}

static bti_klt_t *spare_pop(bti_es_t *es)
{
    bti_klt_t *top = atomic_load_explicit(&es->spares, memory_order_acquire);
    while (top && !atomic_compare_exchange_weak_explicit(&es->spares, &top, top->next_spare,
                                                         memory_order_acquire,
                                                         memory_order_acquire))
        ;
    return top;
}

bool bti_klt_has_spare(bti_es_t *es)
{
    return atomic_load_explicit(&es->spares, memory_order_relaxed) != NULL;
}

static bti_klt_t *record_new(bti_es_t *es)
{
    bti_klt_t *k = aligned_alloc(64, (sizeof *k + 63) & ~(size_t)63);
    if (!k)
        bti_fatal("out of memory creating an OS thread for ES %d", es->rank);
    memset(k, 0, sizeof *k);
    k->es = es;
    pthread_mutex_lock(&registry_lock);
    k->next_all = registry;
    registry = k;
    pthread_mutex_unlock(&registry_lock);
    return k;
}

/* The calling thread's own facts. */
static void bind_self(bti_klt_t *k)
{
    k->tid = (pid_t)syscall(SYS_gettid);
    k->native = bti_tls_current();
    pthread_sigmask(SIG_BLOCK, NULL, &k->base_mask);
    k->altstack = bti_overflow_thread_init();
    bti_tls_es = k->es;
#ifdef BTI_ASAN
    bti_tls_asan_save(k->native, k->asan_save);
    k->seat.asan_save = k->asan_save;
#endif
}

static void thread_stack(bti_stack_t *s)
{
    pthread_attr_t attr;
    s->lo = NULL;
    s->size = 0;
    if (pthread_getattr_np(pthread_self(), &attr))
        return;
    pthread_attr_getstack(&attr, &s->lo, &s->size);
    pthread_attr_destroy(&attr);
}

/* es's first KLT: its block is the ES's home. */
static void become_first(bti_es_t *es, bti_klt_t *k)
{
    bind_self(k);
#ifdef BTI_ASAN
    es->asan_save = k->asan_save;
#endif
    es->home_tls = es->native_tls = es->cur_tls = k->native;
    thread_stack(&es->os_stack);
    atomic_store_explicit(&es->klt, k, memory_order_release);
}

bti_klt_t *bti_klt_adopt(bti_es_t *es, bool application)
{
    bti_klt_t *k = record_new(es);
    k->adopted = application;
    k->thread = pthread_self();
    become_first(es, k);
    return k;
}

static void *klt_main(void *arg)
{
    bti_klt_t *k = arg;
    bti_es_t *es = k->es;
    /* ES 0's first thread is the application's, which keeps its mask
     * (init.c). Its spares run on ES 0's CPU, as other ESs' threads on
     * theirs, whatever thread made them: a spare that may run anywhere
     * serves ES 0 while the application's thread waits, and the kernel
     * often wakes it on the CPU of the ES that woke it, bound there, and
     * leaves it there while ES 0's own CPU idles. Only where the caller
     * binds the application's thread to a place does a spare run where
     * that thread may. */
    if (es->rank != 0 || !bti_g.es0_bound_by_caller)
        bti_topology_bind(es->cpu);
    else if (bti_g.adopter)
        bti_topology_follow(bti_g.adopter->tid);
    if (k->seat.sched_stack.lo) { /* a spare: wait to be given the ES */
        bind_self(k);
        k->seat.cur_tls = k->native;
        thread_stack(&k->seat.os_stack);
        spare_push(es, k);
        atomic_store_explicit(&es->spawning, 0, memory_order_release);
        bti_spawned();
        if (wait_go(k) == BTI_KLT_STOP)
            goto out;
    } else {
        become_first(es, k);
        bti_spawned();
    }
    /* Returns when the scheduler stops at finalize. */
    bti_switch(&es->os_ctx, &es->sched_ctx, &es->sched_stack);
out:
    bti_overflow_thread_fini(k->altstack);
    bti_tls_leave_es();
    return NULL;
}

/* held: the caller holds the right to start threads (fork.h). */
static void start(bti_klt_t *k, bool held)
{
    if ((held ? bti_spawn_held : bti_spawn)(&k->thread, NULL, klt_main, k))
        bti_fatal("cannot create an OS thread for ES %d", k->es->rank);
}

void bti_klt_spawn(bti_es_t *es)
{
    bti_ctx_make(&es->sched_ctx, &es->sched_stack, bti_sched_main, NULL);
    start(record_new(es), false);
}

static void spare_new(bti_es_t *es)
{
    if (atomic_exchange_explicit(&es->spawning, 1, memory_order_acq_rel))
        return;
    bti_klt_t *k = record_new(es);
    if (!bti_stack_map(bti_g.stack_size, &k->seat.sched_stack))
        bti_fatal("cannot map a scheduler stack for ES %d", es->rank);
    bti_ctx_make(&k->seat.sched_ctx, &k->seat.sched_stack, bti_sched_main, NULL);
    start(k, true);
}

/* Allocating too, under the right to start threads: a fork holds that
 * from before it takes the allocator's locks until it has released them. */
void bti_klt_try_spawn_spare(bti_es_t *es)
{
    if (!bti_spawn_try_hold())
        return;
    spare_new(es);
    bti_spawn_release();
}

/* k now serves es, with its seat loaded: the block its scheduler runs with
 * follows the home block's state. */
static void activate(bti_es_t *es, bti_klt_t *k)
{
    load_seat(es, k);
    /* the block it resumes with may have run on other OS threads meanwhile */
    bti_tls_asan_load(BTI_ASAN_SEAT(es), es->cur_tls);
    es->native_tls = es->home_frozen ? k->native : es->home_tls;
    atomic_store_explicit(&es->nswitch, es->nswitch + 1, memory_order_relaxed);
    atomic_store_explicit(&k->preempt, 0, memory_order_relaxed);
    atomic_store_explicit(&es->klt, k, memory_order_release);
}

static bt_unit_t *proxy_of(bti_klt_t *k)
{
    bt_unit_t *p = &k->proxy;
    memset(p, 0, sizeof *p);
    p->fn = bti_klt_proxy_fn;
    p->arg = k;
    p->es = k->es;
    p->started = true;
    p->progress = true; /* what it holds may be what others wait for */
    return p;
}

/* k, es's active KLT, waits until its proxy is picked while spare s serves
 * es; home: its block is the home one and cannot be used meanwhile;
 * thread: it stopped a thread outside a scheduling point. */
static void stand_by(bti_es_t *es, bti_klt_t *k, bti_klt_t *s, bool home, bool thread)
{
    k->frozen = true;
    k->held_home = home;
    k->held_thread = thread;
    es->frozen_threads += thread;
    save_seat(k, es);
    if (home)
        es->home_frozen = true;
    activate(es, s);
    wake(s, BTI_KLT_RUN);
    wait_go(k);
}

void bti_klt_freeze(bti_es_t *es, bti_klt_t *k)
{
    bti_klt_t *s = spare_pop(es);
    if (!s) {
        atomic_store_explicit(&es->spare_wanted, 1, memory_order_relaxed);
        return;
    }
    bt_unit_t *p = proxy_of(k), *u = es->current;
    /* The block stays loaded here, but others may load it meanwhile (the
     * home block, the application's thread's): the slots of a unit whose
     * code was interrupted go with the unit. (A program's signal handler
     * may have interrupted a switch to u, before its slots were loaded.) */
    bool slots = bti_tls_unit == u;
    if (slots)
        bti_arg_save(u);
    bti_yield_push(es, p);
    stand_by(es, k, s, es->cur_tls == es->home_tls, bti_in_thread(u));
    if (slots)
        bti_arg_load(u);
}

/* The active KLT, at its scheduler, gives es to k and waits until es is
 * given back: as a spare, or, the application's thread, through its proxy,
 * as only it may run the units pinned to it (bti_pinned); at finalize it
 * leaves through the context its thread entered the scheduler from. */
static void hand_over(bti_es_t *es, bti_klt_t *k)
{
    bti_klt_t *self = atomic_load_explicit(&es->klt, memory_order_relaxed);
    bti_tls_enter(es, self->native);
    save_seat(self, es);
    if (k->frozen && (k->held_home || k->held_thread)) {
        es->home_frozen &= !k->held_home;
        es->frozen_threads -= k->held_thread;
        bti_aside_return(es);
    }
    k->frozen = false;
    if (self == bti_g.adopter)
        bti_yield_push(es, proxy_of(self)); /* while it still owns the pools */
    activate(es, k);
    if (self != bti_g.adopter)
        spare_push(es, self);
    wake(k, BTI_KLT_RUN);
    if (wait_go(self) == BTI_KLT_STOP)
        bti_jump(&self->seat.os_ctx, &self->seat.os_stack);
}

void bti_klt_resume(bti_es_t *es, bti_klt_t *k) { hand_over(es, k); }

static void unregister(bti_klt_t *k)
{
    pthread_mutex_lock(&registry_lock);
    for (bti_klt_t **p = &registry; *p; p = &(*p)->next_all)
        if (*p == k) {
            *p = k->next_all;
            break;
        }
    pthread_mutex_unlock(&registry_lock);
}

void bti_klt_end_spares(bti_es_t *es)
{
    /* a spare on its way pushes itself before it clears the flag */
    while (atomic_load_explicit(&es->spawning, memory_order_acquire))
        syscall(SYS_sched_yield);
    for (bti_klt_t *k; (k = spare_pop(es));) {
        wake(k, BTI_KLT_STOP);
        pthread_join(k->thread, NULL);
        unregister(k);
        bti_stack_unmap(&k->seat.sched_stack);
        free(k);
    }
}

void bti_klt_end_active(bti_es_t *es)
{
    bti_klt_t *k;
    /* a first KLT just started names itself (become_first) */
    while (!(k = atomic_load_explicit(&es->klt, memory_order_acquire)))
        syscall(SYS_sched_yield);
    pthread_join(k->thread, NULL);
    unregister(k);
    free(k);
    atomic_store_explicit(&es->klt, NULL, memory_order_relaxed);
}

void bti_klt_stop_all(void)
{
    bti_klt_t *self = atomic_load_explicit(&bti_es_self()->klt, memory_order_relaxed);
    pthread_mutex_lock(&registry_lock);
    bti_klt_t *all = registry;
    registry = NULL;
    pthread_mutex_unlock(&registry_lock);
    for (bti_klt_t *k = all; k; k = k->next_all)
        if (k != self && atomic_load(&k->es->klt) != k)
            wake(k, BTI_KLT_STOP);
    while (all) {
        bti_klt_t *k = all;
        all = k->next_all;
        if (k != self && !k->adopted)
            pthread_join(k->thread, NULL);
        if (k->seat.sched_stack.lo && atomic_load(&k->es->klt) != k)
            bti_stack_unmap(&k->seat.sched_stack);
        free(k);
    }
}

void *bti_klt_own_block(void)
{
    bti_es_t *es = bti_es_self();
    bti_klt_t *k = es ? atomic_load_explicit(&es->klt, memory_order_relaxed) : NULL;
    return k && k->tid == (pid_t)syscall(SYS_gettid) ? k->native : bti_tls_current();
}

/* The records of threads the child lacks are abandoned, and their lock,
 * which one of them may have held. */
void bti_klt_fork_child(void)
{
    pthread_mutex_init(&registry_lock, NULL);
    registry = NULL;
}

void bti_klt_after_fork(bti_es_t *es)
{
    bti_klt_t *self = atomic_load_explicit(&es->klt, memory_order_relaxed);
    registry = self;
    self->next_all = NULL;
    self->tid = (pid_t)syscall(SYS_gettid);
    self->thread = pthread_self();
    self->adopted = true;
    bti_g.adopter = self;
    atomic_store_explicit(&es->spares, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->spawning, 0, memory_order_relaxed);
    es->home_frozen = false;
    es->frozen_threads = 0;
}
