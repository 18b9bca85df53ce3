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

#include "alloc/alloc.h"
#include "ompt/ompt.h"
#include "places/places.h"
#include "task.h"
#include "tls.h"

#include <bobbin/threading.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic int32_t next_gtid;
/* The descriptor of an application thread that is not a work unit. */
static _Thread_local bob_thread_t *external_self;

bob_team_t *bob_team_new(int nthreads)
{
    bob_team_t *team = bob_team_mem_take(nthreads);
    team->nthreads = nthreads;
    team->league_size = 1;
    int32_t gtid = atomic_fetch_add_explicit(&next_gtid, nthreads, memory_order_relaxed);
    for (int i = 0; i < nthreads; i++) {
        team->threads[i].team = team;
        team->threads[i].tid = i;
        team->threads[i].gtid = gtid + i;
        team->threads[i].pending = &team->threads[i].tasks_pending;
        team->threads[i].lists = nthreads == 1;
        team->threads[i].binding = (bob_binding_t){-1, 0, 0};
    }
    bob_seats_init(team);
    return team;
}

bob_thread_t *bob_initial_thread_new(void)
{
    bob_team_t *team = bob_team_new(1);
    team->threads[0].icv = bob_config.initial_icv;
    team->cgroup = bob_cgroup_new();
    return &team->threads[0];
}

void bob_root_team_free(bob_team_t *team)
{
    bob_context_fini(&team->threads[0]);
    bob_tls_cgroup_free(team->cgroup);
    free(team->cgroup);
    bob_team_free(team);
}

bob_cgroup_t *bob_cgroup_new(void)
{
    bob_cgroup_t *cg = calloc(1, sizeof *cg);
    if (!cg)
        bob_fatal("out of memory creating a contention group");
    atomic_init(&cg->threads, 1);
    return cg;
}

/* Takes up to `wanted` more threads from the contention group's allowance. */
static int reserve_threads(bob_cgroup_t *cg, int limit, int wanted)
{
    int have = atomic_load_explicit(&cg->threads, memory_order_relaxed), grant;
    do {
        grant = limit - have < wanted ? limit - have : wanted;
        if (grant <= 0)
            return 0;
    } while (!atomic_compare_exchange_weak_explicit(&cg->threads, &have, have + grant,
                                                    memory_order_relaxed,
                                                    memory_order_relaxed));
    return grant;
}

static _Atomic bool initialized;
static bob_thread_t *main_initial_thread(void);
static size_t requested_stack_size; /* kmp_set_stacksize before the start */

void *bob_per_es_new(size_t each, const char *what)
{
    size_t bytes = (size_t)bt_num_es() * each;
    void *objects = aligned_alloc(64, bytes);
    if (!objects)
        bob_fatal("out of memory for %s", what);
    return memset(objects, 0, bytes);
}

static void runtime_init(void)
{
    bob_places_init(); /* reads the affinity mask before the substrate starts */
    bob_alloc_init();
    bt_options_t options = bob_substrate_options();
    char setting[48];
    if (requested_stack_size) {
        snprintf(setting, sizeof setting, "kmp_set_stacksize(%zu)", requested_stack_size);
        options.stack_size = requested_stack_size;
        options.stack_size_setting = setting;
    }
    if (bt_init_with(&options))
        bob_fatal("the threading substrate could not start");
    bob_read_environment();
    bt_self_keep_block(bob_keeps_block()); /* as the runtime's units do (bob_unit_attr) */
    bob_blocks_init();
    bob_team_mem_init();
    if (bt_self()) /* this thread is ES 0's main ULT: the program's initial thread */
        bob_threadprivate_init();
    if (bob_config.display_env)
        bob_display_env(bob_config.display_env == 2);
    atomic_store(&initialized, true);
}

/* Like libomp, settings made before the first parallel region take effect,
 * even though the runtime starts earlier (at the first OpenMP call). */
static _Atomic bool forked;

void bob_set_stack_size(size_t bytes)
{
    if (atomic_load(&forked)) {
        bob_warn("kmp_set_stacksize(%zu) after the first parallel region has no effect",
                 bytes);
        return;
    }
    if (bytes > BT_STACK_SIZE_MAX) {
        bob_warn("kmp_set_stacksize(%zu) is more than %zuG, the largest stack size; using "
                 "%zuG", bytes, BT_STACK_SIZE_MAX >> 30, BT_STACK_SIZE_MAX >> 30);
        bytes = BT_STACK_SIZE_MAX;
    }
    requested_stack_size = bytes;
    if (atomic_load(&initialized))
        bt_set_stack_size(bytes);
}

size_t bob_stack_size(void)
{
    if (requested_stack_size && !atomic_load(&initialized))
        return requested_stack_size;
    bob_init();
    return bt_stack_size();
}

void bob_set_default(const char *setting)
{
    const char *eq = setting ? strchr(setting, '=') : NULL;
    if (!eq || eq == setting) {
        bob_warn("kmp_set_defaults('%s') is not NAME=value; ignored",
                 setting ? setting : "");
        return;
    }
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(eq - setting), setting);
    if (atomic_load(&forked)) {
        /* The ICVs are the teams' own copies by now: only a device-wide
         * setting still takes effect. */
        if (!bob_set_late(name, eq + 1))
            bob_warn("kmp_set_defaults('%s') after the first parallel region has no effect",
                     setting);
        return;
    }
    setenv(name, eq + 1, 1);
    if (!atomic_load(&initialized))
        return;
    bob_read_environment();
    bob_thread_t *self = bob_self();
    if (self->team->level == 0) /* the initial thread takes the new ICVs */
        self->icv = bob_config.initial_icv;
}

/* In the child of a fork the substrate may have started afresh (see
 * threading/fork.c); then the runtime does too. */
static void runtime_in_child(void)
{
    pthread_mutex_init(&init_lock, NULL);
    if (!bt_initialized())
        atomic_store(&initialized, false);
}

static void bob_fork_handler_install(void)
{
    if (pthread_atfork(NULL, NULL, runtime_in_child))
        bob_warn("cannot install the fork handler; the child of a fork() must not use "
                 "OpenMP");
}

/* Nonzero while the calling thread starts the runtime or makes its OpenMP
 * thread (bob_init, self_slow): an inquiry a signal handler makes then
 * must not do so again (inquiry_may_start). */
static _Thread_local unsigned starting __attribute__((tls_model("initial-exec")));

void bob_init(void)
{
    if (atomic_load_explicit(&initialized, memory_order_acquire))
        return;
    starting++;
    atomic_signal_fence(memory_order_seq_cst);
    pthread_mutex_lock(&init_lock);
    if (!atomic_load(&initialized)) {
        static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
        runtime_init();
        /* after the substrate's: child handlers run in registration order */
        pthread_once(&fork_once, bob_fork_handler_install);
        bob_ompt_init(); /* the runtime works: the tool may call it */
    }
    pthread_mutex_unlock(&init_lock);
    atomic_signal_fence(memory_order_seq_cst);
    starting--;
}

/* An application thread's initial team dies with the thread. */
static pthread_key_t external_key;

static void external_exit(void *initial)
{
    bob_thread_t *t = initial;
    BOB_OMPT(bob_ompt_initial_end(t));
    external_self = NULL;
    bob_root_team_free(t->team);
    bob_threadprivate_thread_end();
}

static void external_key_create(void)
{
    if (pthread_key_create(&external_key, external_exit))
        bob_fatal("cannot create a thread-exit hook for application threads");
}

/* With a tool, ES 0's initial thread ends with its OS thread where that
 * is an application thread that exits (the substrate gives ES 0 another,
 * threading/init.c), as any application thread's does, and as libomp
 * ends a root thread; the program's main thread ends in exit, which runs
 * no such hook, and its initial thread with the tool (bob_ompt_fini). */
static pthread_key_t main_key;

static void main_exit(void *initial)
{
    /* the substrate's hook may have left ES 0 already: the tool's
     * inquiries find the thread that ends here */
    external_self = initial;
    BOB_OMPT(bob_ompt_initial_end(external_self));
    external_self = NULL;
}

static void main_key_create(void)
{
    if (pthread_key_create(&main_key, main_exit))
        bob_fatal("cannot create a thread-exit hook for the initial thread");
}

static void main_exit_hook(bob_thread_t *t)
{
    static pthread_once_t key_once = PTHREAD_ONCE_INIT;
    pthread_once(&key_once, main_key_create);
    pthread_setspecific(main_key, t);
}

/* The initial thread of ES 0's main ULT (the thread that started the
 * substrate), made on first use. */
static bob_thread_t *main_initial_thread(void)
{
    bob_thread_t *t = bt_self_arg();
    if (!t) {
        t = bob_initial_thread_new();
        t->team->cgroup->main = true;
        t->binding = bob_places_initial_binding(true);
        bt_self_set_arg(t);
        BOB_OMPT(bob_ompt_initial_begin(t));
        BOB_OMPT(main_exit_hook(t));
    }
    return t;
}

static bob_thread_t *self_made(void)
{
    bob_init();
    if (bt_self())
        return main_initial_thread();
    if (!external_self) {
        static pthread_once_t key_once = PTHREAD_ONCE_INIT;
        pthread_once(&key_once, external_key_create);
        external_self = bob_initial_thread_new();
        pthread_setspecific(external_key, external_self);
        BOB_OMPT(bob_ompt_initial_begin(external_self));
    }
    return external_self;
}

__attribute__((noinline)) static bob_thread_t *self_slow(void)
{
    starting++;
    atomic_signal_fence(memory_order_seq_cst);
    bob_thread_t *t = self_made();
    atomic_signal_fence(memory_order_seq_cst);
    starting--;
    return t;
}

bob_thread_t *bob_self_peek(void)
{
    bob_thread_t *t = bt_initialized() ? bt_self_arg() : NULL;
    return t ? t : external_self;
}

/* Whether an inquiry may start the runtime or make the caller's OpenMP
 * thread, as the first OpenMP call does: not while the caller does so
 * already, nor where it may run a signal handler of the program's, which
 * may have interrupted anything (the allocator, the start-up). Such a
 * handler's signal is blocked while it runs, unless it was installed with
 * SA_NODEFER. */
static bool inquiry_may_start(void)
{
    sigset_t blocked;
    return !starting && !pthread_sigmask(SIG_BLOCK, NULL, &blocked) &&
           !bt_blocks_handled_signal(&blocked, NULL);
}

/* The initial thread outside any region that inquiries read where the
 * caller has no OpenMP thread and may not make one; its ICVs are the
 * configuration's (bob_icv_inquiry). */
static bob_team_t outside_team = {.nthreads = 1, .league_size = 1};
static const bob_thread_t outside = {.team = &outside_team};

__attribute__((noinline)) static const bob_thread_t *self_outside(void)
{
    if (external_self)
        return external_self;
    return inquiry_may_start() ? self_slow() : &outside;
}

const bob_thread_t *bob_self_inquiry(void)
{
    bob_thread_t *t = bt_self_arg_async();
    return t ? t : self_outside();
}

const bob_config_t *bob_config_inquiry(bob_config_t *scratch)
{
    if (!atomic_load_explicit(&initialized, memory_order_acquire) && inquiry_may_start())
        bob_init();
    if (atomic_load_explicit(&initialized, memory_order_acquire))
        return &bob_config;
    bob_config_preview(scratch);
    return scratch;
}

const bob_icv_t *bob_icv_inquiry(bob_config_t *scratch)
{
    const bob_thread_t *t = bob_self_inquiry();
    return t != &outside ? &t->icv : &bob_config_inquiry(scratch)->initial_icv;
}

bool bob_in_explicit_task(void)
{
    return bob_self_inquiry()->task || bt_self_flag_async(); /* an elided one has its creator's */
}

/* bob_self's rarer answers, out of line so that its common one inlines. */
__attribute__((noinline)) static bob_thread_t *self_elided_or_slow(bob_thread_t *t)
{
    return t ? bob_task_materialize(t) : self_slow();
}

bob_thread_t *bob_self(void)
{
    bob_thread_t *t = bt_self_arg();
    if (__builtin_expect(t && !bt_self_flag(), 1))
        return t;
    return self_elided_or_slow(t);
}

bob_thread_t *bob_self_read(void)
{
    bob_thread_t *t = bt_self_arg();
    return t ? t : self_slow();
}

void bob_set_self(bob_thread_t *t)
{
    if (!bt_self_set_arg(t))
        external_self = t;
}

static int team_size(bob_thread_t *self)
{
    int requested = self->push_num_threads > 0 ? self->push_num_threads
                                               : self->icv.nthreads;
    int n = requested < 1 ? 1 : requested;
    if (self->team->active_level >= self->icv.max_active_levels ||
        bob_config.library_mode == BOB_LIBRARY_SERIAL)
        n = 1;
    n = 1 + reserve_threads(self->team->cgroup, self->icv.thread_limit, n - 1);
    if (n < requested && self->push_strict_severity) {
        const char *why = self->push_strict_message ? self->push_strict_message : "";
        if (self->push_strict_severity == 2)
            bob_fatal("num_threads(strict: %d) cannot be honoured, the team has %d "
                      "threads: %s", requested, n, why);
        bob_warn("num_threads(strict: %d) cannot be honoured, the team has %d "
                 "threads: %s", requested, n, why);
    }
    self->push_num_threads = 0;
    self->push_strict_severity = 0;
    return n;
}

/* The data environment a member starts with: its parent's, with nthreads-var
 * taken from the next entry of the OMP_NUM_THREADS list if there is one. */
void bob_icv_set_nthreads_list(bob_icv_t *icv, const int *list, int n)
{
    icv->nthreads = list[0];
    icv->nested = list + 1;
    icv->nested_len = n - 1;
}

void bob_push_num_threads_list(bob_thread_t *self, const int *list, int n)
{
    self->push_list = n > 0 ? bob_intern_ints(list, n) : NULL;
    self->push_list_len = n;
    self->push_num_threads = n > 0 ? list[0] : 0;
}

static bob_icv_t child_icv(bob_thread_t *parent)
{
    bob_icv_t icv = parent->icv;
    if (parent->push_list_len > 1) { /* num_threads(a, b, ...) on this region */
        bob_icv_set_nthreads_list(&icv, parent->push_list + 1, parent->push_list_len - 1);
    } else if (icv.nested_len > 0) {
        bob_icv_set_nthreads_list(&icv, icv.nested, icv.nested_len);
    }
    parent->push_list_len = 0;
    return icv;
}

static void run_member(bob_thread_t *t)
{
    if (bob_config.display_affinity && t->team->display_affinity)
        bob_places_display_affinity(NULL);
    int32_t gtid = t->gtid, tid = t->tid;
    bob_invoke_microtask(t->fn, &gtid, &tid, t->argc, t->argv, bob_ompt_exit_slot(t));
}

/* A member's region ends without a barrier (but with a tool, below): its
 * seat is free for the team's tasks from then on. Its implicit task ends for OMPT first: a
 * task that takes the seat reports on the member's thread while that
 * task is in progress (ompt/task.c), and the tool may free the task's
 * data when it ends. */
static void member_main(void *arg)
{
    bob_thread_t *t = arg;
    BOB_OMPT(bob_ompt_member_begin(t));
    run_member(t);
    /* A team with an OMPT record ends at a barrier of all its members
     * (ompt/thread.c), which each must reach: whether to is the record's
     * to say, which lasts the region, not bob_ompt_on, which
     * ompt_finalize_tool may clear before some member gets here. */
    if (__builtin_expect(t->ompt != NULL, 0))
        bob_ompt_member_end(t);
    bob_seat_leave(t);
}

bool bob_run_body_again(bob_thread_t *self)
{
    if (!self->fn)
        return false;
    run_member(self);
    return true;
}

static int level_kind(int level)
{
    int n = bob_config.thread_kind_levels;
    return n == 0 ? BOB_KIND_ULT : bob_config.thread_kind[level <= n ? level - 1 : n - 1];
}

/* Whether the program's initial thread's OS thread was bound to its place:
 * only ES 0's main ULT reads and writes it. */
static bool main_os_bound;

bob_binding_t bob_encountering_binding(bob_thread_t *self, int policy)
{
    bob_binding_t *bound = &self->team->threads[self->tid].binding;
    if (policy == omp_proc_bind_false || self->team->level > 0)
        return *bound;
    if (self->team->cgroup->main && !main_os_bound && bound->place >= 0) {
        main_os_bound = true;
        bob_places_bind_thread(bound->place);
    } else if (self == external_self && bound->place < 0) {
        *bound = bob_places_initial_binding(false);
        if (bound->place >= 0)
            bob_places_bind_thread(bound->place);
    }
    return *bound;
}

/* KMP_AFFINITY's reset, at the end of an outermost region: the OS thread
 * of the initial thread that encountered it gets back the mask it started
 * with, and is bound again at its next region that binds. */
static void encountering_unbind(bob_thread_t *self)
{
    bob_binding_t *bound = &self->team->threads[self->tid].binding;
    if (self->team->cgroup->main && main_os_bound)
        main_os_bound = false;
    else if (self == external_self && bound->place >= 0)
        bound->place = -1;
    else
        return;
    bob_places_unbind_thread();
}

/* Binds the members to places: the proc_bind clause, unless bind-var is
 * false, else the encountering task's bind-var (see places/placement.c). */
static void team_bind(bob_team_t *team, bob_thread_t *self)
{
    int policy = bob_proc_bind_of(self->team);
    if (policy != omp_proc_bind_false && self->push_proc_bind > omp_proc_bind_true &&
        self->push_proc_bind <= omp_proc_bind_spread)
        policy = team->bind_clause = self->push_proc_bind;
    self->push_proc_bind = 0;
    bob_binding_t primary = bob_encountering_binding(self, policy);
    for (int i = 0; i < team->nthreads; i++)
        team->threads[i].binding = bob_places_assign(policy, team->nthreads, i, primary);
}

static bob_team_t *team_enter(bob_thread_t *self, int nthreads)
{
    bob_team_t *team = bob_team_new(nthreads);
    team->level = self->team->level + 1;
    team->active_level = self->team->active_level + (nthreads > 1);
    team->parent = self->team;
    team->master = self;
    team->league_num = self->team->league_num;
    team->league_size = self->team->league_size;
    team->cgroup = self->team->cgroup;
    bob_icv_t icv = child_icv(self);
    for (int i = 0; i < nthreads; i++)
        team->threads[i].icv = icv;
    team_bind(team, self);
    if (bob_config.display_affinity)
        bob_places_display_plan(team);
    team->threads[0].outer = self;
    bob_set_self(&team->threads[0]);
    return team;
}

static void team_leave(bob_team_t *team)
{
    bob_set_self(team->master);
    if (bob_places_reset && team->level == 1)
        encountering_unbind(team->master);
    atomic_fetch_sub_explicit(&team->cgroup->threads, team->nthreads - 1,
                              memory_order_relaxed);
    for (int i = 0; i < team->nthreads; i++)
        bob_context_fini(&team->threads[i]);
    bob_team_free(team);
}

void bob_team_set_body(bob_team_t *team, void (*fn)(void), int argc, void **argv)
{
    for (int i = 0; i < team->nthreads; i++) {
        team->threads[i].fn = fn;
        team->threads[i].argc = argc;
        team->threads[i].argv = argv;
    }
}

void bob_launch(bob_team_t *team, bool first_level, int kind, void (*main)(void *))
{
    int nes = bt_num_es(), es = bt_self_es();
    team->at_work = first_level && team->nthreads > 1;
    team->members_share_es = !first_level || team->nthreads > nes;
    if (team->at_work)
        bob_pause_team_begins();
    if (es < 0) /* an application thread's teams start from ES 0 */
        es = 0;
    if (team->members_share_es) /* for the barrier's release (barrier.c) */
        team->threads[0].unit = bt_self();
    bt_unit_attr_t attr = bob_unit_attr(kind);
    attr.in_place = 1; /* their master joins them */
    attr.progress = 1; /* OpenMP threads, unlike tasks, progress on their own */
    for (int i = 1; i < team->nthreads; i++) {
        bob_thread_t *t = &team->threads[i];
        int bound = bob_places_es(t->binding.place, i);
        int at = bound >= 0 ? bound : first_level ? (es + i) % nes : es;
        bt_pool_t *pool = bound >= 0 || first_level ? bt_pool_private(at)
                                                     : bt_pool_shared(at);
        attr.tls = bob_tls_for(team, i, at, first_level);
        /* Once started, an idle ES may take it over whenever it waits for
         * its ES, unless it is bound to a place or runs with the TLS of
         * the ES's OS thread (runtime/tls.c). */
        attr.migratable = bound < 0 && attr.tls;
        t->unit = bt_create(pool, main, t, &attr);
        if (!t->unit)
            bob_fatal("out of memory creating OpenMP thread %d of %d", i,
                      team->nthreads);
    }
}

void bob_join_members(bob_team_t *team)
{
    enum { BATCH = 64 };
    bt_unit_t *units[BATCH];
    for (int i = 1; i < team->nthreads; i += BATCH) {
        int n = team->nthreads - i < BATCH ? team->nthreads - i : BATCH;
        for (int k = 0; k < n; k++)
            units[k] = team->threads[i + k].unit;
        bt_join_free_all(units, n);
    }
    if (team->at_work)
        bob_pause_team_ends();
}

void bob_fork(void (*fn)(void), int argc, void **argv, bool if_cond)
{
    bob_thread_t *self = bob_self();
    atomic_store_explicit(&forked, true, memory_order_relaxed);
    int requested = 0; /* for parallel_begin, before team_size forgets it */
    BOB_OMPT(requested = self->push_num_threads > 0 ? self->push_num_threads
                                                    : self->icv.nthreads);
    int nthreads = if_cond ? team_size(self) : 1;
    if (!if_cond)
        self->push_num_threads = 0;
    bob_team_t *team = team_enter(self, nthreads);
    bob_team_set_body(team, fn, argc, argv);
    BOB_OMPT(bob_ompt_parallel_begin(self, team, requested));
    bob_launch(team, team->active_level == 1, level_kind(team->level), member_main);
    bob_thread_t *t0 = &team->threads[0];
    BOB_OMPT(bob_ompt_member_begin(t0));
    run_member(t0);
    if (__builtin_expect(t0->ompt != NULL, 0)) /* as a member does, in member_main */
        bob_ompt_join_begin(t0);
    if (nthreads > 1) { /* the join may sleep: the team's tasks may have t0's seat */
        bob_seat_lend(t0, BOB_LEND_JOIN);
        bob_join_members(team);
        bob_seat_reclaim(t0);
    }
    bob_team_wait_tasks(t0, team);
    bob_seat_region_ended(team);
    BOB_OMPT(bob_ompt_join_end(t0));
    BOB_OMPT(bob_ompt_member_end(t0));
    BOB_OMPT(bob_ompt_parallel_end(self, team));
    team_leave(team);
}

void bob_serialized_begin(void)
{
    bob_thread_t *self = bob_self();
    self->push_num_threads = 0;
    bob_team_t *team = team_enter(self, 1);
    if (bob_config.display_affinity && team->display_affinity)
        bob_places_display_affinity(NULL);
    BOB_OMPT(bob_ompt_serialized_begin(self, team));
}

void bob_serialized_end(void)
{
    bob_thread_t *self = bob_self();
    bob_team_t *team = self->team;
    bob_team_wait_tasks(self, team);
    BOB_OMPT(bob_ompt_member_end(self));
    BOB_OMPT(bob_ompt_parallel_end(team->master, team));
    team_leave(team);
}

int bob_num_procs(void)
{
    if (!atomic_load_explicit(&initialized, memory_order_acquire) && inquiry_may_start())
        bob_init();
    return bt_num_cpus(); /* before the start too */
}
