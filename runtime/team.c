/* This file handles the PARALLEL construct: forking a team of OpenMP
 * threads as work units and joining them, and finding the calling thread.
 *
 * Placement. Members of a first-level team (no active region encloses it)
 * go to the private pools of distinct ESs, member i to the ES i places after
 * the master's, so a flat team spreads over the machine and stays put.
 * Members of a nested team go to the shared pool of the master's ES; idle
 * ESs steal them. Either way a region costs work units, never OS threads.
 *
 * The implicit barrier at the end of a region is the master joining every
 * member's unit: a member ends when its microtask returns, so the join both
 * waits for it and gives the master its writes. */
#include "rt.h"

#include <bobbin/threading.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static _Atomic int32_t next_gtid;
/* The descriptor of an application thread that is not a work unit. */
static _Thread_local bob_thread_t *external_self;

static bob_team_t *team_new(int nthreads)
{
    size_t size = sizeof(bob_team_t) + (size_t)nthreads * sizeof(bob_thread_t);
    bob_team_t *team = aligned_alloc(64, (size + 63) & ~(size_t)63);
    if (!team)
        bob_fatal("out of memory creating a team of %d threads", nthreads);
    memset(team, 0, size);
    team->nthreads = nthreads;
    int32_t gtid = atomic_fetch_add_explicit(&next_gtid, nthreads, memory_order_relaxed);
    for (int i = 0; i < nthreads; i++) {
        team->threads[i].team = team;
        team->threads[i].tid = i;
        team->threads[i].gtid = gtid + i;
    }
    return team;
}

/* An initial thread: the root of a contention group, alone in a team at
 * level 0. */
static bob_thread_t *initial_thread_new(void)
{
    bob_team_t *team = team_new(1);
    team->threads[0].icv = bob_config.initial_icv;
    return &team->threads[0];
}

static void runtime_init(void)
{
    if (bt_init())
        bob_fatal("the threading substrate could not start");
    bob_read_environment();
}

void bob_init(void) { pthread_once(&init_once, runtime_init); }

__attribute__((noinline)) static bob_thread_t *self_slow(void)
{
    bob_init();
    if (bt_self()) { /* the thread that started the substrate: ES 0's main ULT */
        bob_thread_t *t = bt_self_arg();
        if (!t) {
            t = initial_thread_new();
            bt_self_set_arg(t);
        }
        return t;
    }
    if (!external_self)
        external_self = initial_thread_new();
    return external_self;
}

bob_thread_t *bob_self(void)
{
    bob_thread_t *t = bt_self_arg();
    return t ? t : self_slow();
}

static void set_self(bob_thread_t *t)
{
    if (bt_self())
        bt_self_set_arg(t);
    else
        external_self = t;
}

static int team_size(bob_thread_t *self)
{
    int n = self->push_num_threads > 0 ? self->push_num_threads : self->icv.nthreads;
    self->push_num_threads = 0;
    if (self->team->active_level >= self->icv.max_active_levels)
        return 1;
    if (n > self->icv.thread_limit)
        n = self->icv.thread_limit;
    return n < 1 ? 1 : n;
}

/* The data environment a member starts with: its parent's, with nthreads-var
 * taken from the next entry of the OMP_NUM_THREADS list if there is one. */
static bob_icv_t child_icv(const bob_thread_t *parent)
{
    bob_icv_t icv = parent->icv;
    if (icv.nthreads_next < bob_config.nthreads_list_len)
        icv.nthreads = bob_config.nthreads_list[icv.nthreads_next];
    icv.nthreads_next++;
    return icv;
}

static void run_member(bob_thread_t *t)
{
    bob_team_t *team = t->team;
    int32_t gtid = t->gtid, tid = t->tid;
    bob_invoke_microtask(team->fn, &gtid, &tid, team->argc, team->argv);
}

static void member_main(void *arg) { run_member(arg); }

static bool level_is_tasklet(int level)
{
    int n = bob_config.unit_kind_levels;
    if (n == 0)
        return false;
    return bob_config.unit_is_tasklet[level <= n ? level - 1 : n - 1];
}

static bob_team_t *team_enter(bob_thread_t *self, int nthreads)
{
    bob_team_t *team = team_new(nthreads);
    team->level = self->team->level + 1;
    team->active_level = self->team->active_level + (nthreads > 1);
    team->parent = self->team;
    team->master = self;
    bob_icv_t icv = child_icv(self);
    for (int i = 0; i < nthreads; i++)
        team->threads[i].icv = icv;
    team->threads[0].outer = self;
    set_self(&team->threads[0]);
    return team;
}

static void team_leave(bob_team_t *team)
{
    set_self(team->master);
    free(team);
}

static void launch(bob_team_t *team)
{
    int nes = bt_num_es(), es = bt_self_es();
    bool first_level = team->active_level == 1;
    bool tasklet = level_is_tasklet(team->level);
    for (int i = 1; i < team->nthreads; i++) {
        bt_pool_t *pool = first_level ? bt_pool_private(((es < 0 ? 0 : es) + i) % nes)
                                      : bt_pool_shared(es);
        bob_thread_t *t = &team->threads[i];
        t->unit = tasklet ? bt_tasklet_create(pool, member_main, t)
                          : bt_ult_create(pool, member_main, t);
        if (!t->unit)
            bob_fatal("out of memory creating OpenMP thread %d of %d", i,
                      team->nthreads);
    }
}

void bob_fork(void (*fn)(void), int argc, void **argv, bool if_cond)
{
    bob_thread_t *self = bob_self();
    int nthreads = if_cond ? team_size(self) : 1;
    if (!if_cond)
        self->push_num_threads = 0;
    bob_team_t *team = team_enter(self, nthreads);
    team->fn = fn;
    team->argc = argc;
    team->argv = argv;
    launch(team);
    run_member(&team->threads[0]);
    for (int i = 1; i < nthreads; i++)
        bt_join_free(team->threads[i].unit);
    team_leave(team);
}

void bob_serialized_begin(void)
{
    bob_thread_t *self = bob_self();
    self->push_num_threads = 0;
    team_enter(self, 1);
}

void bob_serialized_end(void)
{
    team_leave(bob_self()->team);
}

int bob_num_procs(void)
{
    bob_init();
    return bt_num_es();
}
