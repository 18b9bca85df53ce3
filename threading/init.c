/* This file starts and stops the substrate: it reads the environment,
 * creates the ESs (the calling thread becomes ES 0's main ULT), binds them
 * to CPUs, and at finalize joins their OS threads and frees their memory. */
#include "env.h"
#include "es.h"
#include "log.h"
#include "overflow.h"
#include "scheduler.h"
#include "stack.h"
#include "switch.h"
#include "topology.h"
#include "unit_mem.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct bti_global bti_g;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int *cpus;
static int ncpus;

enum { DEFAULT_SPIN_COUNT = 10000 };

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

static bti_es_t *es_new(int rank)
{
    bti_es_t *es = aligned_alloc(64, (sizeof *es + 63) & ~(size_t)63);
    if (!es)
        bti_fatal("out of memory creating ES %d", rank);
    memset(es, 0, sizeof *es);
    es->rank = rank;
    es->cpu = ncpus ? cpus[rank % ncpus] : -1;
    es->rng = 0x9E3779B97F4A7C15ull * (uint64_t)(rank + 1);
    es->pools[0] = (struct bt_pool){es, false};
    es->pools[1] = (struct bt_pool){es, true};
    bti_deque_init(&es->shared);
    if (!bti_stack_map(bti_g.stack_size, &es->sched_stack))
        bti_fatal("cannot map the scheduler stack of ES %d", rank);
    btd_ctx_make(&es->sched_ctx, es->sched_stack.lo, es->sched_stack.size,
                 bti_sched_main, NULL);
    return es;
}

static void es_delete(bti_es_t *es)
{
    bti_deque_destroy(&es->shared);
    bti_stack_cache_drain(es);
    bti_unit_cache_drain(es);
    bti_stack_unmap(&es->sched_stack);
    free(es);
}

static void *es_thread(void *arg)
{
    bti_es_t *es = arg;
    bti_tls_es = es;
    bti_topology_bind(es->cpu);
    es->altstack = bti_overflow_thread_init();
    thread_stack(&es->os_stack);
    /* Returns when the scheduler stops at finalize. */
    bti_switch(&es->os_ctx, &es->sched_ctx, &es->sched_stack);
    bti_overflow_thread_fini(es->altstack);
    bti_tls_es = NULL;
    return NULL;
}

static void read_environment(void)
{
    static const char *const policies[] = {"active", "passive", NULL};
    long page = sysconf(_SC_PAGESIZE);
    size_t stack = bti_env_size("BOBBIN_STACK_SIZE", (size_t)1 << 20, (size_t)16 << 10,
                                (size_t)1 << 30);
    bti_g.stack_size = (stack + (size_t)page - 1) & ~((size_t)page - 1);
    bti_g.num_es = (int)bti_env_long("BOBBIN_NUM_ES", "KMP_ABT_NUM_ESS",
                                     ncpus > 0 ? ncpus : 1, 1, 4096);
    bti_g.wait_policy = (enum bti_wait_policy)bti_env_choice(
        "BOBBIN_WAIT_POLICY", policies, BTI_WAIT_SPIN_THEN_SLEEP, "spin then sleep");
    bti_g.spin_count = (uint32_t)bti_env_long("BOBBIN_SPIN_COUNT", NULL,
                                              DEFAULT_SPIN_COUNT, 0, 1L << 30);
}

static void adopt_main_thread(bti_es_t *es)
{
    bt_unit_t *m = &bti_g.main_unit;
    memset(m, 0, sizeof *m);
    m->is_main = true;
    m->started = true;
    m->es = es;
    thread_stack(&m->stack);
    bti_tls_es = es;
    es->current = m;
    bti_topology_bind(es->cpu);
    es->altstack = bti_overflow_thread_init();
}

int bt_init(void)
{
    pthread_mutex_lock(&init_lock);
    if (bti_g.initialized) {
        pthread_mutex_unlock(&init_lock);
        return 0;
    }
    ncpus = bti_topology_init(&cpus);
    read_environment();
    bti_g.es = calloc((size_t)bti_g.num_es, sizeof *bti_g.es);
    if (!bti_g.es)
        bti_fatal("out of memory creating %d ESs", bti_g.num_es);
    for (int i = 0; i < bti_g.num_es; i++)
        bti_g.es[i] = es_new(i);
    atomic_store(&bti_g.stopping, 0);
    atomic_store(&bti_g.nsleeping, 0);
    adopt_main_thread(bti_g.es[0]);
    bti_overflow_install();
    bti_g.initialized = true;
    for (int i = 1; i < bti_g.num_es; i++)
        if (pthread_create(&bti_g.es[i]->thread, NULL, es_thread, bti_g.es[i]))
            bti_fatal("cannot create the OS thread of ES %d", i);
    pthread_mutex_unlock(&init_lock);
    return 0;
}

void bt_finalize(void)
{
    pthread_mutex_lock(&init_lock);
    bti_es_t *es = bti_es_self();
    if (!bti_g.initialized || es != bti_g.es[0] || es->current != &bti_g.main_unit) {
        if (bti_g.initialized)
            bti_warn("bt_finalize must be called by the thread that called bt_init; "
                     "ignored");
        pthread_mutex_unlock(&init_lock);
        return;
    }
    while (bti_es_has_own_work(es))
        bt_yield();
    atomic_store(&bti_g.stopping, 1);
    for (int i = 1; i < bti_g.num_es; i++)
        bti_es_wake(bti_g.es[i]);
    for (int i = 1; i < bti_g.num_es; i++)
        pthread_join(bti_g.es[i]->thread, NULL);
    bti_overflow_uninstall();
    bti_overflow_thread_fini(es->altstack);
    for (int i = 0; i < bti_g.num_es; i++)
        es_delete(bti_g.es[i]);
    free(bti_g.es);
    bti_g.es = NULL;
    bti_tls_es = NULL;
    bti_topology_fini();
    free(cpus);
    cpus = NULL;
    bti_g.initialized = false;
    pthread_mutex_unlock(&init_lock);
}

int bt_initialized(void) { return bti_g.initialized; }
int bt_num_es(void) { return bti_g.num_es; }
size_t bt_stack_size(void) { return bti_g.stack_size; }
