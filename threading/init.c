/* This file starts and stops the substrate: it reads the environment,
 * creates the ESs (the calling thread becomes ES 0's main ULT), binds them
 * to CPUs, and at finalize joins their OS threads and frees their memory. */
#include "call_soon.h"
#include "env.h"
#include "es.h"
#include "fork.h"
#include "klt.h"
#include "log.h"
#include "overflow.h"
#include "pause.h"
#include "preempt.h"
#include "scheduler.h"
#include "stack.h"
#include "switch.h"
#include "tls.h"
#include "topology.h"
#include "unit_mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

struct bti_global bti_g;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int *cpus;
static int ncpus;

enum { DEFAULT_SPIN_COUNT = 100000, MAX_NUM_ES = 4096 };
static const char NUM_ES_VAR[] = "BOBBIN_NUM_ES", NUM_ES_ALIAS[] = "KMP_ABT_NUM_ESS";
/* 4 MiB: libomp's own default for its threads on x86-64 (KMP_DEFAULT_STKSIZE).
 * libomp 14 and 19 actually give their workers ulimit -s (8 MiB here, at
 * most 64 MiB) and libgomp ulimit -s, but a unit joined in place needs room
 * for its whole stack below its joiner's frame (unit.c), and the
 * application's thread has only ulimit -s in all: at 8 MiB it could never
 * run a member of its team in place, and waits for each instead (another
 * OS thread, a hand-over of its ES). A stack spans twice its size
 * (stack.h), so a unit on a stack of its own has 8 MiB all the same; a
 * larger ulimit -s raises the default (default_stack_size). Untouched
 * pages cost nothing (stack.c). */
#ifdef BTI_ASAN
/* The sanitizer unpoisons a cached stack's whole span each time it is
 * reused (stack.c): at 4M, a megabyte of shadow written per unit. */
enum { DEFAULT_STACK_MB = 1 };
#else
enum { DEFAULT_STACK_MB = 4 };
#endif
static const size_t MIN_STACK = 16 << 10, MAX_STACK = BT_STACK_SIZE_MAX,
                    DEFAULT_STACK = (size_t)DEFAULT_STACK_MB << 20;
/* The application thread's stack that units inherit: past this, ulimit -s
 * is capped, as libomp caps it for its workers (an unlimited one too). */
static const size_t PRIMARY_STACK_MAX = (size_t)64 << 20,
                    LIBOMP_DEFAULT_STACK = (size_t)4 << 20;

/* The default stack size without BOBBIN_STACK_SIZE: DEFAULT_STACK, or half
 * the application thread's stack limit where that half is more than
 * libomp's 4 MiB. A unit on a stack of its own (which spans twice the size)
 * then has as much stack as the application's thread, as libomp's workers
 * get the primary's when no variable sets theirs, while the application's
 * thread, half of whose stack is room enough, still runs its team's
 * members in place. The usual 8 MiB limit changes nothing, also not the
 * sanitizer build's smaller default. */
static size_t default_stack_size(void)
{
    struct rlimit r;
    if (getrlimit(RLIMIT_STACK, &r))
        return DEFAULT_STACK;
    size_t primary = r.rlim_cur == RLIM_INFINITY || r.rlim_cur > PRIMARY_STACK_MAX
                         ? PRIMARY_STACK_MAX
                         : (size_t)r.rlim_cur;
    size_t half = primary / BTI_STACK_SPAN;
    return half > LIBOMP_DEFAULT_STACK ? half : DEFAULT_STACK;
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
    return es;
}

static void es_delete(bti_es_t *es)
{
    bti_deque_destroy(&es->shared);
    bti_priority_destroy(&es->prio);
    bti_priority_destroy(&es->prio_own);
    bti_stack_cache_drain(es);
    bti_unit_cache_drain(es);
    bti_tls_cache_drain(es);
    bti_stack_unmap(&es->sched_stack);
    free(es);
}

/* bytes as a default stack size: within [MIN_STACK, MAX_STACK], in pages. */
static size_t stack_size_of(size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    bytes = bytes < MIN_STACK ? MIN_STACK : bytes > MAX_STACK ? MAX_STACK : bytes;
    return (bytes + page - 1) & ~(page - 1);
}

/* Stacks per ES that must fit besides the ESs' own, beyond DEFAULT_STACK:
 * stacks are mapped later too (a unit that suspends takes the scheduler's,
 * a FULL unit comes with one, a spare OS thread needs one), and a refusal
 * then ends the program. A guess: enough for small teams of any kind. */
enum { ROOM_PER_ES = 4 };

/* Maps every ES's scheduler stack at the default size, after making sure
 * that ROOM_PER_ES more per ES would fit; false, errno set and nothing
 * mapped, if the kernel refuses. */
static bool map_sched_stacks(void)
{
    int n = bti_g.num_es, mapped = 0;
    bti_stack_t room = {0};
    bool ok = bti_g.stack_size <= DEFAULT_STACK ||
              bti_stack_map(bti_g.stack_size * (size_t)n * ROOM_PER_ES, &room);
    while (ok && mapped < n) {
        ok = bti_stack_map(bti_g.stack_size, &bti_g.es[mapped]->sched_stack);
        mapped += ok;
    }
    int err = errno;
    if (room.lo)
        bti_stack_unmap(&room);
    while (!ok && mapped)
        bti_stack_unmap(&bti_g.es[--mapped]->sched_stack);
    errno = err;
    return ok;
}

/* Where stacks of the size asked for (by `setting`) do not fit in the
 * address space (ulimit -v, strict overcommit), halves it down to
 * DEFAULT_STACK until they do, and says so. */
static void map_stacks_as_room_allows(const char *setting)
{
    size_t asked = bti_g.stack_size;
    while (!map_sched_stacks()) {
        if (bti_g.stack_size <= DEFAULT_STACK)
            bti_fatal("cannot map the scheduler stacks of %d ESs (%s); lower "
                      "BOBBIN_STACK_SIZE or the number of ESs", bti_g.num_es, strerror(errno));
        int err = errno;
        size_t half = bti_g.stack_size / 2;
        bti_g.stack_size = stack_size_of(half < DEFAULT_STACK ? DEFAULT_STACK : half);
        errno = err;
    }
    if (bti_g.stack_size != asked) {
        char was[32], now[32];
        bti_format_size(was, sizeof was, asked);
        bti_format_size(now, sizeof now, bti_g.stack_size);
        bti_warn("%s: %d stacks of %s (%d per ES) do not fit in the address space (%s); "
                 "using %s", setting, bti_g.num_es * (1 + ROOM_PER_ES), was, 1 + ROOM_PER_ES,
                 strerror(errno), now);
    }
}

void bti_es_restart(bti_es_t *es) { bti_klt_spawn(es); }

static void read_environment(void)
{
    static const char *const policies[] = {"active", "passive", NULL};
    bti_g.stack_size = stack_size_of(bti_env_size("BOBBIN_STACK_SIZE", default_stack_size(),
                                                  MIN_STACK, MAX_STACK));
    bti_g.num_es = (int)bti_env_long(NUM_ES_VAR, NUM_ES_ALIAS, ncpus > 0 ? ncpus : 1, 1,
                                     MAX_NUM_ES);
    bti_g.wait_policy = (enum bti_wait_policy)bti_env_choice(
        "BOBBIN_WAIT_POLICY", policies, BTI_WAIT_SPIN_THEN_SLEEP, "spin then sleep");
    if (!getenv("BOBBIN_WAIT_POLICY") && getenv("KMP_ABT_SCHED_SLEEP"))
        bti_g.wait_policy = bti_env_long("KMP_ABT_SCHED_SLEEP", NULL, 0, 0, 1)
                                ? BTI_WAIT_PASSIVE
                                : BTI_WAIT_ACTIVE;
    bti_g.spin_count = (uint32_t)bti_env_long("BOBBIN_SPIN_COUNT", NULL,
                                              DEFAULT_SPIN_COUNT, 0, 1L << 30);
    static const char *const kinds[] = {"default", "full", "lsa", "roc", "ss", "sc", NULL};
    bti_g.ult_kind = (enum bt_ult_kind)bti_env_choice("BOBBIN_ULT_KIND", kinds + 1,
                                                      BTI_DEFAULT_ULT_KIND - 1,
                                                      kinds[BTI_DEFAULT_ULT_KIND]) + 1;
}

/* ES 0 outlives the thread that started the substrate: if that thread
 * exits (an application pthread that happened to make the first call), a
 * new OS thread takes over ES 0's scheduler, and the units in ES 0's pools
 * keep running. */
static pthread_key_t adopter_key;

static void *es0_takeover(void *arg)
{
    bti_es_t *es = arg;
    bti_klt_adopt(es, false);
    bti_spawned();
    bti_jump(&es->sched_ctx, &es->sched_stack);
}

static void on_adopter_exit(void *arg)
{
    bti_es_t *es = arg;
    if (!bti_g.initialized || bti_g.es[0] != es)
        return;
    bti_g.adopter = NULL;
    es->current = NULL;
    bti_tls_leave_es(); /* this thread stops being ES 0 before the new one starts */
    pthread_attr_t attr;
    pthread_t thread;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (bti_spawn(&thread, &attr, es0_takeover, es))
        bti_fatal("the thread running ES 0 exited and no OS thread could replace it");
    pthread_attr_destroy(&attr);
}

static void adopter_key_create(void)
{
    if (pthread_key_create(&adopter_key, on_adopter_exit))
        bti_fatal("cannot create a thread-exit hook for ES 0");
}

/* The calling thread keeps its own CPU mask: it is the application's thread,
 * and threads it creates would inherit a binding to one CPU. */
static void adopt_main_thread(bti_es_t *es)
{
    static pthread_once_t key_once = PTHREAD_ONCE_INIT;
    bt_unit_t *m = &bti_g.main_unit;
    memset(m, 0, sizeof *m);
    m->started = true;
    m->progress = true;
    m->es = es;
    bti_g.adopter = bti_klt_adopt(es, true);
    m->stack = es->os_stack;
    m->stack_floor = m->stack.lo;
    es->current = m;
    bti_arg_load(m);
    pthread_once(&key_once, adopter_key_create);
    pthread_setspecific(adopter_key, es);
}

static void apply_options(const bt_options_t *o)
{
    if (o->stack_size)
        bti_g.stack_size = stack_size_of(o->stack_size);
    if (o->wait_policy == BT_WAIT_ACTIVE)
        bti_g.wait_policy = BTI_WAIT_ACTIVE;
    else if (o->wait_policy == BT_WAIT_PASSIVE)
        bti_g.wait_policy = BTI_WAIT_PASSIVE;
}

int bt_init(void) { return bt_init_with(&(bt_options_t){0}); }

int bt_init_with(const bt_options_t *options)
{
    pthread_mutex_lock(&init_lock);
    if (bti_g.initialized) {
        pthread_mutex_unlock(&init_lock);
        return 0;
    }
    ncpus = bti_topology_init(&cpus, options->es0_bound_by_caller ? options->es0_cpu : -1);
    bti_g.es0_bound_by_caller = options->es0_bound_by_caller;
    read_environment();
    apply_options(options);
    bti_tls_init();
    bti_g.es = calloc((size_t)bti_g.num_es, sizeof *bti_g.es);
    if (!bti_g.es)
        bti_fatal("out of memory creating %d ESs", bti_g.num_es);
    for (int i = 0; i < bti_g.num_es; i++)
        bti_g.es[i] = es_new(i);
    char setting[64] = "half of ulimit -s";
    if (bti_g.stack_size == stack_size_of(DEFAULT_STACK))
        snprintf(setting, sizeof setting, "the default stack size");
    if (options->stack_size && options->stack_size_setting)
        snprintf(setting, sizeof setting, "%s", options->stack_size_setting);
    else if (!options->stack_size && getenv("BOBBIN_STACK_SIZE"))
        snprintf(setting, sizeof setting, "BOBBIN_STACK_SIZE='%s'", getenv("BOBBIN_STACK_SIZE"));
    map_stacks_as_room_allows(setting);
    atomic_store(&bti_g.stopping, 0);
    atomic_store(&bti_g.nsleeping, 0);
    adopt_main_thread(bti_g.es[0]);
    bti_overflow_install();
    static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
    pthread_once(&fork_once, bti_fork_handlers_install);
    bti_g.initialized = true;
    bti_ctx_make(&bti_g.es[0]->sched_ctx, &bti_g.es[0]->sched_stack, bti_sched_main, NULL);
    for (int i = 1; i < bti_g.num_es; i++)
        bti_es_restart(bti_g.es[i]);
    bti_preempt_init();
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
    bt_unpause(); /* what a pause ended is ended again below, with the rest */
    bti_call_soon_fini();
    while (bti_es_has_own_work(es))
        bt_yield();
    bti_preempt_fini();
    atomic_store(&bti_g.stopping, 1);
    for (int i = 1; i < bti_g.num_es; i++)
        bti_es_wake(bti_g.es[i]);
    void *altstack = bti_g.adopter ? bti_g.adopter->altstack : NULL;
    bti_klt_stop_all();
    bti_g.adopter = NULL;
    pthread_setspecific(adopter_key, NULL);
    bti_overflow_uninstall();
    bti_overflow_thread_fini(altstack);
    for (int i = 0; i < bti_g.num_es; i++)
        es_delete(bti_g.es[i]);
    bti_stack_spill_drain();
    bti_unit_spill_drain();
    free(bti_g.es);
    bti_g.es = NULL;
    bti_tls_leave_es();
    bti_topology_fini();
    free(cpus);
    cpus = NULL;
    bti_g.initialized = false;
    pthread_mutex_unlock(&init_lock);
}

int bt_initialized(void) { return bti_g.initialized; }
int bt_num_es(void) { return bti_g.num_es; }
enum bt_ult_kind bt_default_ult_kind(void) { return bti_g.ult_kind; }
int bt_num_cpus(void)
{
    int n = bti_g.initialized ? ncpus : bti_topology_count();
    return n > 0 ? n : 1;
}

int bt_num_es_planned(void)
{
    if (bti_g.initialized)
        return bti_g.num_es;
    return (int)bti_env_long_quiet(NUM_ES_VAR, NUM_ES_ALIAS, bt_num_cpus(), 1, MAX_NUM_ES);
}

int bt_es_cpu(int rank)
{
    return bti_g.initialized && rank >= 0 && rank < bti_g.num_es ? bti_g.es[rank]->cpu : -1;
}
size_t bt_stack_size(void) { return bti_g.stack_size; }

void bt_set_stack_size(size_t bytes) { bti_g.stack_size = stack_size_of(bytes); }
