/* This file keeps the substrate usable in the child of a fork(). The child
 * has one thread, the one that forked; every other ES's OS thread is gone.
 *
 * If ES 0's main ULT forked (the usual case: the application's main thread
 * between parallel regions), the child keeps ES 0 and gets new OS threads
 * for the other ESs. Every pool starts empty, ES 0's too: a unit that was
 * ready there is one of the threads the child does not have, and would
 * run its code a second time in the child (a team-mate of the forker,
 * with the TLS block the forker runs with). Units parked in the parent
 * stay parked: their waits are forgotten (bti_futex_table_reset), so no
 * wake reaches them. If any other thread forked,
 * the child cannot resume ES 0's main ULT, so the substrate starts afresh at
 * the next bt_init (the old state is abandoned, not freed: it may be in
 * use by nothing, but freeing it is not worth the risk in a child). Locks
 * held by threads that did not survive are released.
 *
 * The child goes on with the TLS block the forking unit ran with (its
 * own, borrowed, or an ES's): the unit's compiled code holds addresses in
 * it. The C library takes that block for the child's one thread (tls.c
 * prepares every block for that), and bti_tls_fork_child moves the
 * kernel's rseq registration to it.
 *
 * Thread starts. A new thread's first steps allocate (the C library's and
 * a sanitizer's records of it, its stack's attributes), and a lock of the
 * allocator held by a thread the child lacks stays held there for ever:
 * the child's first allocation of that size waits on it. glibc's malloc
 * takes its locks around fork() itself, but an allocator that replaces it
 * may not (gcc 12's libasan takes none), and the substrate starts threads
 * at any time: a spare when a thread is frozen, the monitor's. So every
 * OS thread of the substrate starts through bti_spawn and says when it is
 * past its first steps (bti_spawned); a fork waits for the threads on
 * their way and lets none start until it has returned. */
#include "call_soon.h"
#include "es.h"
#include "fork.h"
#include "futex.h"
#include "klt.h"
#include "log.h"
#include "pause.h"
#include "preempt.h"
#include "scheduler.h"
#include "stack.h"
#include "unit_mem.h"

#include <limits.h>
#include <string.h>

void bti_futex_table_reset(void);

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int starting; /* threads started, not yet past their first steps */

int bti_spawn_held(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                   void *arg)
{
    atomic_fetch_add(&starting, 1);
    int rc = pthread_create(thread, attr, fn, arg);
    if (rc)
        bti_spawned();
    return rc;
}

int bti_spawn(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
    pthread_mutex_lock(&spawn_lock);
    int rc = bti_spawn_held(thread, attr, fn, arg);
    pthread_mutex_unlock(&spawn_lock);
    return rc;
}

bool bti_spawn_try_hold(void) { return !pthread_mutex_trylock(&spawn_lock); }
void bti_spawn_release(void) { pthread_mutex_unlock(&spawn_lock); }

void bti_spawned(void)
{
    if (atomic_fetch_sub(&starting, 1) == 1)
        bti_futex_wake(&starting, INT_MAX);
}

static pthread_mutex_t walk_lock = PTHREAD_MUTEX_INITIALIZER;

int bti_dl_iterate(int (*fn)(struct dl_phdr_info *info, size_t size, void *arg), void *arg)
{
    pthread_mutex_lock(&walk_lock);
    int rc = dl_iterate_phdr(fn, arg);
    pthread_mutex_unlock(&walk_lock);
    return rc;
}

static void *forker_block; /* the forking OS thread's own TLS block */

/* From here to the handler after the fork, the fork holds the right to
 * start threads and, past the last handler before it, the C library's
 * locks (the allocator's, stdio's, the fork handlers'). It is not frozen
 * meanwhile (bti_nopreempt): frozen, it would wait for its turn behind
 * what its ES runs next, which may wait for those locks, as would the
 * monitor to start the spare that lets the ES go on (it starts none while
 * a fork holds the right: bti_klt_try_spawn_spare). So it waits for those
 * locks as a thread does, its ES with it: one held by a unit frozen on the
 * same ES would stay held, but the handler is slow to freeze a unit in the
 * C library, where its locks are held (preempt.c). */
static void before(void)
{
    pthread_mutex_lock(&spawn_lock);
    bti_nopreempt_enter();
    for (int n; (n = atomic_load(&starting));)
        bti_futex_wait(&starting, n);
    pthread_mutex_lock(&walk_lock); /* after the starts: one may walk */
    forker_block = bti_klt_own_block();
}

static void in_parent(void)
{
    pthread_mutex_unlock(&walk_lock);
    pthread_mutex_unlock(&spawn_lock);
    bti_nopreempt_leave();
}

/* Abandons every unit ready in es's pools (a lock held at the fork by a
 * thread the child lacks goes with them). */
static void empty_pools(bti_es_t *es)
{
    es->local = es->set_aside = (bti_fifo_t){0};
    es->yielded = (bti_yieldq_t){0};
    es->home_kept = 0; /* its units that kept the block are abandoned */
    atomic_store_explicit(&es->private_inbox.top, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->shared_inbox.top, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->aside_inbox.top, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->shared.top, 0, memory_order_relaxed);
    atomic_store_explicit(&es->shared.bottom, 0, memory_order_relaxed);
    bti_priority_forget(&es->prio);
    bti_priority_forget(&es->prio_own);
    atomic_store_explicit(&es->waiting, 0, memory_order_relaxed);
}

static void reset_es(bti_es_t *es)
{
    es->current = es->dead = es->parking = es->yielding = es->moving = NULL;
    empty_pools(es);
    es->home_frozen = false;
    es->frozen_threads = 0;
    atomic_store_explicit(&es->spares, NULL, memory_order_relaxed);
    atomic_store_explicit(&es->spawning, 0, memory_order_relaxed);
    atomic_store_explicit(&es->sleep, 0, memory_order_relaxed);
    es->idle_probes = 0;
}

static void in_child(void)
{
    bti_tls_fork_child(forker_block);
    pthread_mutex_unlock(&walk_lock); /* the forking thread's, as in the parent */
    pthread_mutex_unlock(&spawn_lock);
    bti_nopreempt_leave();
    bti_klt_fork_child();
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
        bti_tls_leave_es();
        return;
    }
    atomic_store_explicit(&es->sleep, 0, memory_order_relaxed);
    bti_klt_after_fork(es);
    empty_pools(es);
    for (int i = 1; i < bti_g.num_es; i++) {
        reset_es(bti_g.es[i]);
        bti_es_restart(bti_g.es[i]);
    }
    bti_preempt_after_fork();
}

void bti_fork_handlers_install(void)
{
    if (pthread_atfork(before, in_parent, in_child))
        bti_warn("cannot install the fork handler; the child of a fork() must not "
                 "use Bobbin");
}
