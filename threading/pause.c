/* This file releases the OS threads the substrate keeps while nothing runs
 * (bt_pause, for OpenMP's omp_pause_resource) and starts them again when
 * work next comes (bt_unpause, from bt_create).
 *
 * Every pause ends the spare OS threads of every ES, the preemption
 * monitor and the call_soon service thread: none holds anything of a unit.
 * A hard one also ends the OS threads of ESs 1..N-1 and frees every TLS
 * block given back (tls.c): what lived in their TLS is gone, and units
 * that next run there start with their variables' initial values, as on
 * new Pthreads. ES 0 keeps the caller's OS thread and its TLS.
 *
 * A stopped ES runs nothing until restarted, so its OS thread may end only
 * while no unit lives there: none in its pools (checked) and none parked
 * (the caller's promise: it has joined what it made, and no other thread
 * makes units meanwhile). Units on ES 0 may stay: its OS thread does, and
 * a spare is made again when the main ULT next waits. Restarting every ES
 * at the first create after a pause, whichever its pool, keeps idle
 * stealing as it was. */
#include "call_soon.h"
#include "klt.h"
#include "preempt.h"
#include "scheduler.h"
#include "tls.h"

enum { RUNNING, PAUSED, PAUSED_ES };

static pthread_mutex_t pause_lock = PTHREAD_MUTEX_INITIALIZER;

static bool others_idle(void)
{
    for (int i = 1; i < bti_g.num_es; i++)
        if (bti_es_has_own_work(bti_g.es[i]) || bti_g.es[i]->frozen_threads ||
            bti_g.es[i]->home_frozen)
            return false;
    return true;
}

/* Ends the OS threads of ESs 1..N-1: each leaves its scheduler when it
 * finds nothing to run (bti_g.stopping), switching to its own block. */
static void stop_others(void)
{
    atomic_store(&bti_g.stopping, 1);
    for (int i = 1; i < bti_g.num_es; i++)
        bti_es_wake(bti_g.es[i]);
    for (int i = 1; i < bti_g.num_es; i++) {
        bti_es_t *es = bti_g.es[i];
        bti_klt_end_active(es);
        es->home_tls = es->native_tls = es->cur_tls = NULL; /* freed with the thread */
        es->idle_probes = 0;
    }
    atomic_store(&bti_g.stopping, 0);
}

int bt_pause(int hard)
{
    bti_es_t *es = bti_es_self();
    if (!bti_g.initialized || es != bti_g.es[0] || es->current != &bti_g.main_unit)
        return -1;
    pthread_mutex_lock(&pause_lock);
    int state = atomic_load_explicit(&bti_g.paused, memory_order_relaxed);
    if (state == RUNNING) {
        bti_call_soon_fini();
        bti_preempt_pause();
    }
    for (int i = 0; i < bti_g.num_es; i++)
        if (state != PAUSED_ES || i == 0)
            bti_klt_end_spares(bti_g.es[i]);
    int rc = 0;
    if (hard && state != PAUSED_ES) {
        if (others_idle()) {
            stop_others();
            state = PAUSED_ES;
        } else {
            rc = 1;
        }
    }
    if (hard && state == PAUSED_ES)
        bti_tls_free_unused();
    atomic_store_explicit(&bti_g.paused, state == RUNNING ? PAUSED : state,
                          memory_order_release);
    pthread_mutex_unlock(&pause_lock);
    return rc;
}

int bt_unpause(void)
{
    pthread_mutex_lock(&pause_lock);
    int state = atomic_load_explicit(&bti_g.paused, memory_order_relaxed);
    if (state == PAUSED_ES)
        for (int i = 1; i < bti_g.num_es; i++)
            bti_es_restart(bti_g.es[i]);
    if (state != RUNNING)
        bti_preempt_resume();
    atomic_store_explicit(&bti_g.paused, RUNNING, memory_order_release);
    pthread_mutex_unlock(&pause_lock);
    return state == RUNNING;
}

/* The child of a fork starts every thread afresh (fork.c). */
void bti_pause_after_fork(void)
{
    pthread_mutex_init(&pause_lock, NULL);
    atomic_store_explicit(&bti_g.paused, RUNNING, memory_order_relaxed);
}
