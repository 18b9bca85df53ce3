/* The OpenMP runtime's interface: the types every construct file shares and
 * the operations kmp_abi/ (and later the GOMP shims) call. Internal names
 * carry the prefix bob_.
 *
 * Concepts. An OpenMP thread is the implicit task of a team member; its
 * descriptor (bob_thread_t) is the argument of the work unit that runs it,
 * so bob_self() is one substrate call. Thread 0 of a team is the unit that
 * encountered the parallel construct: for the region it swaps its argument
 * to the team's descriptor 0 and back afterwards. Application threads that
 * are not work units (the initial thread of another contention group) keep
 * their descriptor in TLS. */
#ifndef BOB_RT_H
#define BOB_RT_H

#include <bobbin/threading.h>
#include <omp.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- ICVs ---------------------------------------------------------------- */

/* The data-environment ICVs every task carries (OpenMP 5.2, sec. 2.4),
 * copied whole into each task and implicit task it creates: keep it small
 * (48 bytes now; its size also moves where task_mem.c's clean part starts,
 * which must stay 16-byte aligned). bind-var, which no routine sets, is
 * kept per nesting level by proc_bind.c. */
typedef struct bob_icv {
    int nthreads;         /* nthreads-var for the next region */
    /* nthreads-var of the levels below, from an OMP_NUM_THREADS list or a
     * num_threads list; past its end a level inherits nthreads. */
    int nested_len;
    const int *nested;    /* stable storage: bob_intern_ints or the config's */
    bool dynamic;         /* dyn-var */
    omp_sched_t sched;    /* run-sched-var, with omp_sched_monotonic */
    int sched_chunk;      /* bob_sched_chunk's, as omp_get_schedule answers it */
    int max_active_levels;
    int thread_limit;
    int default_device;
    /* def-allocator-var: a handle of alloc.h, never omp_null_allocator */
    omp_allocator_handle_t def_allocator;
} bob_icv_t;

/* libomp's extension of omp_sched_t that OMP_SCHEDULE=trapezoidal sets and
 * omp_get_schedule reports, as libomp does. */
#define BOB_SCHED_KIND_TRAPEZOIDAL ((omp_sched_t)101)

/* run-sched-var's chunk for kind given chunk: below 1, the default chunk
 * size, which is 1 for every kind but static, whose 0 stands for one
 * balanced block per thread; auto ignores it (1). What omp_get_schedule
 * answers then, as libomp and libgomp do. */
static inline int bob_sched_chunk(omp_sched_t kind, int chunk)
{
    omp_sched_t k = kind & ~omp_sched_monotonic;
    if (k == omp_sched_static)
        return chunk < 1 ? 0 : chunk;
    return k == omp_sched_auto || chunk < 1 ? 1 : chunk;
}

/* Where an implicit task is bound (places/placement.c): its place, -1 if it
 * is not bound to one, and its place partition, `count` consecutive places
 * of the list from `first` on (modulo the list's length), count 0 for the
 * whole list, so that no one needs the list's length to make one. */
typedef struct bob_binding {
    int place, first, count;
} bob_binding_t;

/* The work unit an OpenMP thread or task runs as: a ULT of the substrate's
 * default kind, one of the dynamic-promotion kinds (as enum bt_ult_kind),
 * or a tasklet, which cannot suspend. */
enum bob_kind { BOB_KIND_ULT, BOB_KIND_FULL, BOB_KIND_LSA, BOB_KIND_ROC, BOB_KIND_SS,
                BOB_KIND_SC, BOB_KIND_TASKLET };

/* Global settings read once from the environment (env.c). */
typedef struct bob_config {
    bob_icv_t initial_icv;
    int *nthreads_list;    /* OMP_NUM_THREADS, one per level */
    int nthreads_list_len;
    bool cancellation;
    int max_task_priority;
    size_t stack_size;     /* OMP_STACKSIZE, for ULT OpenMP threads; 0 unset */
    int wait_policy;       /* OMP_WAIT_POLICY as enum bt_wait_policy */
    int display_env;       /* 0 off, 1 true, 2 verbose */
    bool display_affinity; /* OMP_DISPLAY_AFFINITY (places/display_affinity.c) */
    int teams_thread_limit, num_teams;
    int blocktime_ms;      /* KMP_BLOCKTIME and kmp_set_blocktime (env.c) */
    int library_mode;      /* KMP_LIBRARY and kmp_set_library: BOB_LIBRARY_* */
    bool quiet;            /* kmp_set_warnings_off */
    uint8_t *thread_kind;    /* per nesting level (enum bob_kind), BOBBIN_THREAD_KIND */
    int thread_kind_levels;
    uint8_t task_kind;       /* BOBBIN_TASK_KIND */
    bool tls_off;            /* BOBBIN_TLS=off: no TLS blocks of their own (tls.c) */
    bool no_throttling;      /* KMP_ENABLE_TASK_THROTTLING=false (task_throttle.h) */
    int target_offload;      /* OMP_TARGET_OFFLOAD, as enum bob_offload */
} bob_config_t;

/* libomp's library modes (kmp_set_library's numbers); serial runs every
 * parallel region with one thread. */
enum { BOB_LIBRARY_SERIAL = 1, BOB_LIBRARY_TURNAROUND, BOB_LIBRARY_THROUGHPUT };

/* target-offload-var, with the values of libomp's kmp_target_offload_kind,
 * which __kmpc_get_target_offload hands to LLVM's libomptarget. */
enum bob_offload { BOB_OFFLOAD_DISABLED = 0, BOB_OFFLOAD_DEFAULT = 1, BOB_OFFLOAD_MANDATORY = 2 };

extern bob_config_t bob_config;

/* Whether the runtime's units keep their TLS block while they wait, but
 * where they lend their seat (seat.c): not under BOBBIN_TLS=off, where
 * every OpenMP thread runs with the block of the ES it runs on, and a unit
 * that started meanwhile would take a block of its own. */
static inline int bob_keeps_block(void) { return !bob_config.tls_off; }

static inline bt_unit_attr_t bob_unit_attr(int kind)
{
    return (bt_unit_attr_t){.kind = kind == BOB_KIND_TASKLET ? BT_ULT_DEFAULT
                                                             : (enum bt_ult_kind)kind,
                            .tasklet = kind == BOB_KIND_TASKLET,
                            .keep_block = bob_keeps_block()};
}

/* Sets nthreads-var to list[0] and the levels below to the rest, which
 * icv points into: list must last (bob_intern_ints). */
void bob_icv_set_nthreads_list(bob_icv_t *icv, const int *list, int n);
/* A copy of v[0..n-1] that lasts as long as the process, one per content
 * (int_lists.c). */
const int *bob_intern_ints(const int *v, int n);
/* Reads what the substrate must know before it starts (env.c). */
bt_options_t bob_substrate_options(void);
/* Reads the rest of the environment into bob_config; the substrate runs. */
void bob_read_environment(void);
/* Sets variable `name` and reads it again, where a change takes effect
 * while teams run: device-wide settings that constructs read when they
 * start, as libomp's kmp_set_defaults changes them at any time
 * (OMP_TARGET_OFFLOAD). False, changing nothing, for any other. */
bool bob_set_late(const char *name, const char *value);
/* What bob_read_environment would read into the ICVs now and the other
 * settings inquiries answer (nthreads-var of the first level only),
 * without a message, an allocation or a change of errno: a signal handler
 * may ask (bob_config_inquiry). */
void bob_config_preview(bob_config_t *cfg);
int bob_supported_active_levels(void);
const char *bob_kind_name(int kind);
/* Prints the OMP_DISPLAY_ENV block on stderr (display_env.c). */
void bob_display_env(bool verbose);

/* ---- Threads and teams --------------------------------------------------- */

enum { BOB_WS_SLOTS = 8 };

/* An ORDERED turn, published in a line of its own (loop_dispatch.c). */
typedef struct bob_turn {
    _Alignas(64) _Atomic uint64_t iter;
} bob_turn_t;

/* One worksharing construct instance (loop, sections) of a team: a ring of
 * these lets nowait constructs overlap. id is the construct's index + 1. */
typedef struct bob_ws {
    _Atomic uint64_t id;
    _Atomic int left;           /* threads done with construct id */
    _Atomic uint32_t ordered_waiters; /* that may suspend on a turn */
    void *payload;              /* construct-specific, freed when reused */
    /* Read at every chunk: a line of their own, apart from `next`, which
     * every chunk writes (a read there would cost a second transfer). */
    _Alignas(64) uint64_t trip; /* iterations, normalised to 0..trip-1 */
    uint64_t chunk;
    int sched;                  /* enum bob_sched */
    bool ordered;
    int nturns;                 /* lines in turns, kept while the team lives */
    bob_turn_t *turns;          /* of an ordered loop, one line per thread */
    _Alignas(64) _Atomic uint64_t next; /* next unclaimed iteration */
} bob_ws_t;

typedef struct bob_team bob_team_t;

/* A contention group: an initial thread and its descendants, which together
 * may have at most thread-limit-var threads alive. */
typedef struct bob_cgroup {
    _Atomic int threads;
    bool main;         /* ES 0's main ULT's: may use the ESs' own TLS (tls.c) */
    bt_tls_t **tls;    /* TLS blocks of its first-level threads, by number */
    int ntls;
} bob_cgroup_t;

typedef struct bob_thread {
    /* A task's context is made with the fields up to `seat` (task.c);
     * those from `children` on start zero, as task_mem.c keeps them. */
    bob_icv_t icv;
    bob_team_t *team;
    int tid;
    int gtid;
    /* The body of its team's region (bob_team_set_body), beside what else
     * a member reads to start it: the team's lines stay off that path.
     * Implicit tasks only; task contexts leave them unset. */
    void (*fn)(void);
    void **argv;
    int argc;
    /* Tasking (task.c): this thread's or explicit task's task state. */
    bool final;                   /* in a final task: children are included */
    /* its deferred tasks may wait in its list (task_list.c): a team of
     * one's implicit task, or a task run on the stack of one that lists */
    bool lists;
    struct bob_task *task;        /* the explicit task this is the context of */
    /* where a new task below an implicit task's children counts: in the
     * tasks_pending of the implicit task it descends from */
    _Atomic uint32_t *pending;
    struct bob_taskgroup *taskgroup; /* innermost taskgroup */
    /* the seat of its team it occupies (seat.c): a member's is its tid, a
     * task's the one it took, or its creator's when included; set with
     * the context, before the fields that start zero */
    int seat;
    /* Memory for its next task (task_mem.c): not among the fields that
     * start zero, since it stays with the context's memory when that is
     * kept as its creator's spare, for the next task made there. */
    struct bob_task *spare;
    /* incomplete child tasks; a futex word. The first field of a task's
     * context that starts zero, aligned as task_mem.c reads them. */
    _Alignas(16) _Atomic uint32_t children;
    /* Incomplete explicit tasks descended from this implicit task, but
     * its children (for the team's barriers, after children; a futex word) */
    _Atomic uint32_t tasks_pending;
    /* an implicit task's children passed READY_PER_ES when it last queued
     * one (throttling, task_throttle.h) */
    bool made_many;
    /* alone in its team, its tasks with plain dependences run at once
     * (depend.c): its children passed PENDING_MAX since it last waited
     * for them all */
    bool deps_at_once;
    struct bob_deptable *deps;    /* dependences among the children */
    /* Tasks waiting to run on this context's stack, oldest first, linked
     * by parked_next, and how many (task_list.c); empty when it ends. */
    struct bob_task *listed, *listed_tail;
    uint32_t nlisted;
    /* libomptarget's handle of a nowait target region running in this
     * task (__kmpc_omp_get_target_async_handle_ptr); NULL when none */
    void *target_async_handle;
    void *unit;                 /* the work unit running it (bt_unit_t) */
    struct bob_thread *outer;   /* thread 0: the task that forked the team */
    uint64_t ws_next;           /* worksharing constructs met so far */
    uint64_t single_next;       /* single constructs met so far */
    /* Current dispatched loop (loop_dispatch.c). */
    bob_ws_t *loop;
    int64_t loop_lb, loop_incr;  /* to turn iteration numbers into values */
    uint64_t loop_chunk_index;   /* static schedules: chunks taken so far */
    uint64_t ordered_iter;       /* iteration now running, ordered loops */
    /* gcc's ordered loops: one past the chunk whose turn this thread holds
     * (to pass on at its next chunk), 0 if none */
    uint64_t ordered_end;
    bob_ws_t *doacross;          /* current doacross loop */
    int push_num_threads;       /* __kmpc_push_num_threads, for the next fork */
    bool reduce_locked;         /* holds a reduction's lock (single.c) */
    bool loop_down;             /* of the current dispatched loop */
    int push_proc_bind;         /* the proc_bind clause, for the next fork */
    int push_strict_severity;   /* 0: not strict; 1 warning, 2 fatal */
    bob_binding_t binding;      /* implicit tasks only; task contexts use theirs */
    /* __kmpc_push_num_threads_list: team sizes for the next levels
     * (bob_intern_ints) */
    const int *push_list;
    int push_list_len;
    const char *push_strict_message;
    /* GOMP_parallel_start's fork, for the helper forking on this thread's
     * behalf (gomp_support.c) */
    struct split_fork *split_fork;
    int push_num_teams, push_teams_thread_limit;
    /* OMPT's side of this implicit or explicit task (ompt/ompt.h); NULL
     * without a tool. The fields are ordered so that it costs no room. */
    struct bob_ompt_task *ompt;
    /* the lender of its seat before it lent the seat itself (seat.c) */
    struct bob_thread *seat_prev_lender;
    uint8_t seat_lent;            /* to whom (bob_lend_t) */
    bool seat_waiting;            /* to take its lent seat back */
} bob_thread_t;

/* One thread number of a team (seat.c), guarded by the team's seats_lock. */
typedef struct bob_seat {
    bool taken;
    bob_thread_t *lender;     /* the last to lend it, NULL when nobody will take it back */
    _Atomic uint32_t turn;    /* bumped when handed back to a lender waiting on it */
} bob_seat_t;

struct bob_team {
    int nthreads;
    int capacity;               /* threads its memory holds (team_mem.c) */
    int ws_dirty;               /* of a kept block: slots not zero (team_mem.c) */
    int level;                  /* enclosing parallel regions, serial too */
    int active_level;           /* enclosing regions of more than 1 thread */
    _Atomic int cancel;         /* enum bob_cancel_kind requested, or 0 */
    bob_team_t *parent;
    bob_thread_t *master;       /* the task that forked it (thread 0's outer) */
    int league_num, league_size; /* teams construct: team number and count */
    /* the proc_bind clause that made it, 0 if none or if bind-var was
     * false: its members' bind-var past the end of OMP_PROC_BIND's list */
    int bind_clause;
    bool at_work;               /* first level, several threads: counted (team.c) */
    /* its members print OMP_DISPLAY_AFFINITY's lines (places/display_affinity.c);
     * set for each team while the variable is set, unread otherwise */
    bool display_affinity;
    bob_cgroup_t *cgroup;
    struct bob_ompt_team *ompt;  /* OMPT's side (ompt/ompt.h); NULL without a tool */
    _Alignas(64) _Atomic uint32_t bar_arrived;
    /* the generation, and a bit set by cancel parallel (barrier.c) */
    _Atomic uint32_t bar_gen;
    _Atomic uint32_t bar_waiters; /* members that may suspend on bar_gen */
    _Alignas(64) _Atomic uint64_t single_claimed;
    _Atomic(struct bob_taskred *) taskred; /* reduction(task, ...) of the construct */
    void *copyprivate;
    uint32_t reduce_lock;
    _Atomic bool tasks_made;    /* a deferred task was ever made in it */
    uint32_t seats_lock;
    /* Under seats_lock: members done with the region's work (seat.c), and
     * whether the team asked for units for them. */
    int members_done;
    bool done_want_units;
    /* some of its members start on one ES, or more than one could run at
     * once (team.c, bob_launch) */
    bool members_share_es;
    struct bob_task *parked, *parked_tail; /* tasks waiting for a seat */
    int untied_waiting;         /* untied tasks waiting for any seat */
    _Atomic uint32_t seats_turn; /* bumped for them when a seat comes free */
    bob_seat_t *seats;          /* nthreads of them, after threads[capacity] */
    bob_ws_t ws[BOB_WS_SLOTS];
    bob_thread_t threads[];     /* nthreads of them */
};

/* The calling OpenMP thread (initialising the runtime on first use). In
 * a task run at once without a context of its own (an elided task,
 * task.c), it first gives the task one. */
bob_thread_t *bob_self(void);
/* The same for reading only what a task run at once shares with its
 * creator while neither has changed it (team, thread number, seat, final,
 * ICVs): the creator's context stands in for an elided task's. */
bob_thread_t *bob_self_read(void);
/* The calling unit's (or application thread's) OpenMP thread, or NULL if
 * it has none: never makes one (for OMPT's inquiries). */
bob_thread_t *bob_self_peek(void);
/* What the omp_* inquiries read (omp_get_thread_num, omp_get_level...):
 * bob_self_read's thread. Where the caller has none yet (the runtime has
 * not started, an application thread has made no OpenMP call), it is made
 * as by bob_self, unless the caller may be running a signal handler of the
 * program's (it blocks a signal the program handles) or makes it already:
 * a handler may have interrupted anything, the allocator, the start-up.
 * Those, and threads of the runtime's own, read an initial thread outside
 * any region, as they would become; it never blocks, allocates or
 * changes errno, so that a profiler's handler may ask at any time. */
const bob_thread_t *bob_self_inquiry(void);
/* The settings inquiries read from bob_config, on the same terms: the
 * runtime is started if it may be; where not, what its start would read
 * from the environment now, read into *scratch (bob_config_preview). */
const bob_config_t *bob_config_inquiry(bob_config_t *scratch);
/* The ICVs inquiries read: bob_self_inquiry's, its data environment or,
 * outside the runtime, the initial ICVs (bob_config_inquiry). */
const bob_icv_t *bob_icv_inquiry(bob_config_t *scratch);
/* Whether the caller runs an explicit task, elided ones included. */
bool bob_in_explicit_task(void);
/* While a unit runs an elided task (task_elide.c), its argument stays its
 * creator's context and its flag (bt_self_flag) is set. The context an
 * elided task of creator gets when it first needs one (bob_self); it is
 * the calling unit's from then on, its flag clear. */
bob_thread_t *bob_task_materialize(bob_thread_t *creator);
void bob_init(void);
/* Makes t the calling unit's (or application thread's) OpenMP thread. */
void bob_set_self(bob_thread_t *t);
bob_team_t *bob_team_new(int nthreads);
/* Seats (seat.c): every member in its own at first. */
void bob_seats_init(bob_team_t *team);
/* ctx waits at a scheduling point: its seat goes to tasks, until
 * bob_seat_reclaim: to its descendants only (taskwait, taskgroup, a tied
 * task's taskyield), to any of the team (barrier), or to any, as a last
 * choice (an untied task's taskyield). */
typedef enum { BOB_LEND_DESCENDANTS, BOB_LEND_TEAM, BOB_LEND_YIELD, BOB_LEND_JOIN } bob_lend_t;
void bob_seat_lend(bob_thread_t *ctx, bob_lend_t to_whom);
void bob_seat_reclaim(bob_thread_t *ctx);
/* BOB_LEND_JOIN: to the team, by thread 0 done with the region's work and
 * waiting to join the others. The team's first task (tasks_made) is
 * recorded by bob_seat_tasks_made; bob_seat_region_ended undoes what
 * members done with the region asked of the substrate (seat.c). */
void bob_seat_tasks_made(bob_team_t *team);
void bob_seat_region_ended(bob_team_t *team);
/* ctx will run no more code in its seat. */
void bob_seat_leave(bob_thread_t *ctx);
/* Team memory (team_mem.c): bob_team_mem_take returns a block for at least
 * nthreads, zero but for its capacity, and bob_team_free releases what the
 * ended team's worksharing slots hold and keeps the block for the next team
 * made on the same ES. */
void bob_team_mem_init(void);
/* One zeroed object of `each` bytes per ES, the first on a cache line:
 * with `each` a multiple of the line (a type aligned to it), no two ESs
 * writing their own share a line. */
void *bob_per_es_new(size_t each, const char *what);
/* Small blocks (block_mem.c), from per-ES free lists by 64-byte class,
 * each on a cache line of its own: bob_block_take says whether the block
 * is fresh from malloc (its bytes undefined) or one given back (its bytes
 * as given, but for the first word, the free list's link);
 * bob_block_give takes one back, on any thread, with the size it was
 * taken with. */
void bob_blocks_init(void);
void *bob_block_take(size_t size, bool *fresh);
void bob_block_give(void *p, size_t size);
/* Whether blocks of a and b bytes are of one class, and interchangeable. */
bool bob_block_same_class(size_t a, size_t b);
bob_team_t *bob_team_mem_take(int nthreads);
void bob_team_free(bob_team_t *team);
bob_cgroup_t *bob_cgroup_new(void);
/* A new initial thread: the root of a contention group of its own, alone in
 * a team at level 0, with the initial ICVs; bob_root_team_free(t->team)
 * ends it. */
bob_thread_t *bob_initial_thread_new(void);
/* Frees a team of one that roots a contention group of its own (an
 * application thread's initial team, a team of a league, a target region's
 * team), with all its thread holds. */
void bob_root_team_free(bob_team_t *team);
/* Every thread of team is to run fn(gtid, tid, argv[0], ..., argv[argc - 1]). */
void bob_team_set_body(bob_team_t *team, void (*fn)(void), int argc, void **argv);
/* Creates units running main(&team->threads[i]) for every i > 0: on distinct
 * ESs' private pools for a first-level team, else on the shared pool of the
 * caller's ES. */
void bob_launch(bob_team_t *team, bool first_level, int kind, void (*main)(void *));
/* Waits for the units bob_launch made, and frees them. */
void bob_join_members(bob_team_t *team);
/* omp_pause_resource (pause.c): 0 done, nonzero refused. */
int bob_pause_resource(int kind, int device);
/* A first-level team (or league) of several threads, of any application
 * thread, begins before its members are made, and ends once they are
 * joined: no pause releases the ESs meanwhile (pause.c). */
void bob_pause_team_begins(void);
void bob_pause_team_ends(void);

/* A loop's bounds as the compiler passed them, widened to 64 bits (signed
 * types sign-extended, unsigned zero-extended); ub is inclusive. down says
 * the direction: the sign of incr cannot, for an unsigned loop counting up
 * by more than INT64_MAX (incr is then taken modulo 2^64 either way). */
typedef struct bob_loop {
    int64_t lb, ub, incr;
    bool is_unsigned, down;
} bob_loop_t;

/* ---- Parallel regions (team.c) -------------------------------------------- */

/* Calls fn(&gtid, &tid, argv[0], ..., argv[argc-1]) on every thread of a new
 * team; returns after all have finished. if_cond false serialises it. */
void bob_fork(void (*fn)(void), int argc, void **argv, bool if_cond);
/* The binding of self's implicit task, whose region encounters one that
 * binds its threads under `policy`: an application thread's initial thread,
 * unbound until then, is bound at its first such region (team.c). */
bob_binding_t bob_encountering_binding(bob_thread_t *self, int policy);
/* Runs the calling implicit task's part of its region once more, as its
 * member did (libomp's __kmpc_invoke_task_func); false outside a region's
 * implicit task. */
bool bob_run_body_again(bob_thread_t *self);
void bob_serialized_begin(void);
void bob_serialized_end(void);
/* num_threads(n1, n2, ...): n1 for the next region, the rest for the
 * regions below it; any length. */
void bob_push_num_threads_list(bob_thread_t *self, const int *list, int n);
/* Invokes a microtask with pointer arguments (microtask_x86_64.S); *frame,
 * unless frame is NULL, gets the frame pointer fn's frame links to. */
void bob_invoke_microtask(void (*fn)(void), int32_t *gtid, int32_t *tid, int argc,
                          void **argv, void **frame);

/* ---- Teams (teams.c) -------------------------------------------------------- */

/* Runs fn on the initial thread of each team of a league (host teams). */
void bob_fork_teams(void (*fn)(void), int argc, void **argv);
/* The calling team's part of a distributed loop (balanced); *last if it has
 * the last iteration; false if it has none. */
bool bob_distribute_split(bob_thread_t *self, bob_loop_t *loop, int32_t *last);
/* distribute parallel for: the team's part, then the thread's part of it;
 * *team_ub is the team part's upper bound. */
void bob_dist_for_static_init(bob_thread_t *self, int kmp_sched, bob_loop_t *loop,
                              int64_t chunk, int64_t *team_ub, int64_t *stride,
                              int32_t *last);
void bob_dist_dispatch_init(bob_thread_t *self, int kmp_sched, bob_loop_t *loop,
                            int64_t chunk, int32_t *last);

/* ---- Cancellation (cancel.c) -------------------------------------------------- */

enum bob_cancel_kind { BOB_CANCEL_PARALLEL = 1, BOB_CANCEL_LOOP, BOB_CANCEL_SECTIONS,
                       BOB_CANCEL_TASKGROUP };
bool bob_cancel(bob_thread_t *self, int kind);
bool bob_cancellation_point(bob_thread_t *self, int kind);
/* Whether the task whose context is ctx is cancelled: its region was, or
 * its taskgroup or one that group is nested in. */
bool bob_tasks_cancelled(const bob_thread_t *ctx);
/* A barrier that returns true, early if need be, once the region is cancelled. */
bool bob_cancel_barrier(bob_thread_t *self);
/* Called by the last thread to arrive at any team barrier, before it lets
 * the others go: the loop or sections construct a cancel request was for
 * has ended, since no team barrier can be closely nested in one. */
void bob_cancel_constructs_ended(bob_team_t *team);

/* ---- Synchronisation ------------------------------------------------------- */

/* An implicit barrier (of a worksharing construct), and one a tool is
 * told is of kind (an ompt_sync_region_t): the BARRIER construct's, or
 * gcc's GOMP_barrier, which serves both. */
void bob_barrier(bob_thread_t *self);
void bob_barrier_as(bob_thread_t *self, int kind);
/* The barrier's body; with cancellable, leaves early (true) on cancel parallel. */
bool bob_barrier_wait(bob_thread_t *self, bool cancellable);
/* A region's implicit barrier, unreported, which only a tool's view of
 * the region needs (ompt/thread.c): without one, members end as their
 * bodies return and thread 0's join waits for them and the team's tasks. */
void bob_region_end_barrier(bob_thread_t *self);
/* Lets the waiters of team's cancellable barriers go: cancel parallel was
 * requested (team->cancel). */
void bob_barrier_cancel(bob_team_t *team);
void *bob_copyprivate_light(bob_thread_t *self, void *data);
bool bob_single_begin(bob_thread_t *self);
/* Returns the method of __kmpc_reduce: 1 combine (under the lock), 2 atomic. */
int bob_reduce_begin(bob_thread_t *self, uint32_t *lock, bool atomic_ok);
void bob_reduce_end(bob_thread_t *self, uint32_t *lock, bool barrier);
/* Broadcasts the single thread's data: copy(mine, theirs) on the others. */
void bob_copyprivate(bob_thread_t *self, void *data, void (*copy)(void *, void *),
                     bool didit);
/* Suspends while *word == expected, naming `what` if a tasklet would. */
void bob_wait(uint32_t *word, uint32_t expected, const char *what);
/* Spinning before bob_wait (wait.c): each call is one round; false once
 * spinning no longer pays, or after `limit` rounds. */
typedef struct bob_spin {
    int rounds;
} bob_spin_t;
enum { BOB_SPIN_ALONE = 4000 };
static inline bool bob_spin_upto(bob_spin_t *s, int limit)
{
    if (++s->rounds > limit || ((s->rounds & 15) == 1 && !bt_spin_pays()))
        return false;
    __builtin_ia32_pause();
    return true;
}
static inline bool bob_spin(bob_spin_t *s) { return bob_spin_upto(s, BOB_SPIN_ALONE); }
/* A waiter that stopped spinning because its ES had other units ready, and
 * then found none it could run in place: whether to spin on, with what is
 * left of s. It does if the ES has nothing ready any more, which is how it
 * finds a unit another ES took meanwhile (the task it waits for, often):
 * suspending then would cost it a switch, and the application's thread a
 * hand-over of its ES, for nothing. */
static inline bool bob_spin_resumes(const bob_spin_t *s)
{
    return s->rounds <= BOB_SPIN_ALONE && bt_spin_pays();
}
/* Suspends while *word == seen, counted in *waiters; whoever changes the
 * word then calls bob_wake_change, which wakes only if someone waits. */
void bob_wait_change(uint32_t *word, uint32_t seen, _Atomic uint32_t *waiters,
                     const char *what);
void bob_wake_change(uint32_t *word, _Atomic uint32_t *waiters);
/* A 4-byte lock whose waiters suspend: OpenMP locks, critical, reduction. */
void bob_lock_acquire(uint32_t *word);
/* For the runtime's own few-instruction critical sections, which tasklets
 * also enter: waiters spin, never suspend. */
void bob_spin_acquire(uint32_t *word);
void bob_spin_release(uint32_t *word);
bool bob_lock_try(uint32_t *word);
void bob_lock_release(uint32_t *word);
/* A nest lock: two words, owned by a non-zero id; try returns the new
 * nesting count, 0 if another owner holds it. */
/* The owner id of the calling task for nest locks, which tasks own (two
 * tasks of one thread are two owners): an implicit task's is its thread's
 * gtid + 1, an explicit task's drawn when it first asks and given back when
 * it completes (bob_nest_owner_free), so ids never run out. */
uint32_t bob_nest_owner(bob_thread_t *self);
void bob_nest_owner_free(uint32_t owner);
int bob_nest_lock_try(uint32_t *words, uint32_t owner);
void bob_nest_lock_acquire(uint32_t *words, uint32_t owner);
/* Releases one hold; true when that was the last, and the lock is free. */
bool bob_nest_lock_release(uint32_t *words);
bool bob_nest_lock_owned(const uint32_t *words, uint32_t owner);
int bob_num_procs(void);
/* The ULT stack size of OpenMP threads; setting it works before the first
 * parallel region only, as with libomp. */
void bob_set_stack_size(size_t bytes);
size_t bob_stack_size(void);
/* kmp_set_defaults: "NAME=value" as if from the environment. */
void bob_set_default(const char *setting);

/* ---- Worksharing slots (worksharing.c) ---------------------------------------- */

/* The slot of the calling thread's next worksharing construct; the first
 * thread to arrive runs install(slot, arg). */
bob_ws_t *bob_ws_enter(bob_thread_t *self, void (*install)(bob_ws_t *, void *), void *arg);
void bob_ws_leave(bob_ws_t *ws);
/* Frees what the slots of an ended team hold; returns how many slots its
 * constructs took (the first ones). */
int bob_ws_release_all(bob_team_t *team);

/* ---- Loops ------------------------------------------------------------------ */

enum bob_sched {
    BOB_SCHED_STATIC,         /* balanced blocks */
    BOB_SCHED_STATIC_CHUNKED,
    BOB_SCHED_DYNAMIC,
    BOB_SCHED_GUIDED,
    BOB_SCHED_TRAPEZOIDAL,
    /* schedule(simd: ...): chunks in multiples of the simd width (chunk) */
    BOB_SCHED_STATIC_SIMD,    /* one block per thread */
    BOB_SCHED_GUIDED_SIMD,
};

uint64_t bob_trip_count(const bob_loop_t *loop);
/* A schedule's chunk size for a loop of trip iterations: the clause's
 * (1 if none), but at most trip. A chunk past the end starts at a multiple
 * of it (a thread's k-th, the shared counter after each thread's last add,
 * a static schedule's stride), which a larger one could wrap around to an
 * iteration handed out already. */
static inline uint64_t bob_chunk_size(int64_t chunk, uint64_t trip)
{
    uint64_t c = chunk > 0 ? (uint64_t)chunk : 1;
    return c <= trip || trip == 0 ? c : trip;
}
/* Thread tid's share of trip iterations in balanced blocks. */
void bob_static_balanced(uint64_t trip, int tid, int nthreads, uint64_t *lo,
                         uint64_t *count);
/* __kmpc_for_static_init: the calling thread's first chunk, in *lower and
 * *upper, and the distance to its next one; *last if it runs the last
 * iteration. kmp_sched is the compiler's schedule number. */
void bob_for_static_init(bob_thread_t *self, int kmp_sched, bob_loop_t *loop,
                         int64_t chunk, int64_t *stride, int32_t *last);
void bob_dispatch_init(bob_thread_t *self, int kmp_sched, const bob_loop_t *loop,
                       int64_t chunk);
/* Next chunk [*lb, *ub] of the calling thread; false when the loop is done. */
bool bob_dispatch_next(bob_thread_t *self, int64_t *lb, int64_t *ub, int64_t *incr,
                       int32_t *last);
void bob_dispatch_fini_iteration(bob_thread_t *self);
/* Waits for the calling thread's ORDERED turn, where no ORDERED region
 * begins (a tool hears nothing). */
void bob_ordered_wait(bob_thread_t *self);
void bob_ordered_begin(bob_thread_t *self);
void bob_ordered_end(void);
/* Gives the ORDERED turn to iteration iter of the loop. */
void bob_ordered_pass(bob_ws_t *ws, uint64_t iter);
/* sections as a loop over section numbers: the next one to run, or n. */
void bob_sections_init(bob_thread_t *self);
int bob_next_section(bob_thread_t *self, int n);
/* doacross: dims are (lo, up, st) triples; vec one iteration per dimension. */
void bob_doacross_init(bob_thread_t *self, int ndims, const int64_t *dims);
void bob_doacross_wait(bob_thread_t *self, const int64_t *vec);
void bob_doacross_post(bob_thread_t *self, const int64_t *vec);
void bob_doacross_fini(bob_thread_t *self);

/* ---- Collapsed loop nests (collapse.c) ------------------------------------------ */

/* One level of a loop nest, laid out as LLVM's bounds_info_t: types are
 * LLVM's loop_type_t (0 uint8, 1 int8, ... 6 uint64, 7 int64: bit 0 says
 * signed, the rest log2 of the size), comparison its comparison_t (0 <=,
 * 1 >=, 2 !=, 3 <, 4 >); values sit in the low bytes of their fields. */
typedef struct bob_nest_level {
    int32_t loop_type, iv_type, comparison, outer_iv;
    uint64_t lb0, lb1, ub0, ub1;
    int64_t step;
    uint64_t trip;
} bob_nest_level_t;

/* Rewrites every level to compare with <= or >=. */
void bob_nest_canonicalize(bob_nest_level_t *nest, int n);
/* Canonicalises a rectangular nest, records each level's trip count and
 * returns their product. */
uint64_t bob_nest_rectang_count(bob_nest_level_t *nest, int n);
/* The ivs of flattened iteration flat, from the recorded trip counts. */
void bob_nest_rectang_ivs(const bob_nest_level_t *nest, int n, uint64_t flat, uint64_t *ivs);
/* Canonicalises the nest (rectangular or not) and gives the calling thread
 * its static part of it: chunk's lb0 and ub0 are the part's first and last
 * points (lb1 = ub1 = 0); false if it has none. *last: it has the nest's
 * last iteration. */
bool bob_nest_static_chunk(bob_thread_t *self, bob_nest_level_t *nest, int n,
                           bob_nest_level_t *chunk, int32_t *last);

/* ---- threadprivate without TLS (threadprivate.c) -------------------------------- */

void bob_threadprivate_register(void *data, void *(*ctor)(void *),
                                void *(*cctor)(void *, void *), void (*dtor)(void *),
                                size_t unused);
void bob_threadprivate_register_vec(void *data, void *(*ctor)(void *, size_t),
                                    void *(*cctor)(void *, void *, size_t), size_t length);
/* Marks the calling thread as the program's initial thread, which uses
 * the variables themselves. */
void bob_threadprivate_init(void);
void *bob_threadprivate(void *data, size_t size);
/* Frees the calling OS thread's own copies: it is an application thread
 * that ends (its copies die with it, as its TLS does). */
void bob_threadprivate_thread_end(void);

/* ---- Diagnostics ------------------------------------------------------------- */

__attribute__((format(printf, 1, 2))) void bob_warn(const char *fmt, ...);
/* The error directive, printed as libomp prints it for clang binaries
 * (psource: the ident_t location string) and as libgomp does for gcc ones. */
void bob_error_directive_kmp(const char *psource, bool fatal, const char *message);
void bob_error_directive_gomp(bool fatal, const char *message);
__attribute__((format(printf, 1, 2), noreturn)) void bob_fatal(const char *fmt, ...);
/* An error a gcc binary cannot go on from, reported as libgomp reports
 * it: a blank line, "libgomp: " and the message, then exit status 1
 * (atexit handlers run), not an abort. */
__attribute__((format(printf, 1, 2), noreturn)) void bob_gomp_fatal(const char *fmt, ...);

#endif
