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

#include <omp.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- ICVs ---------------------------------------------------------------- */

/* The data-environment ICVs every task carries (OpenMP 5.2, sec. 2.4). */
typedef struct bob_icv {
    int nthreads;         /* nthreads-var for the next region */
    int nthreads_next;    /* index of the nthreads list entry for nested teams */
    bool dynamic;         /* dyn-var */
    omp_sched_t sched;    /* run-sched-var, with omp_sched_monotonic */
    int sched_chunk;
    int max_active_levels;
    int thread_limit;
    int proc_bind;        /* omp_proc_bind_t */
    int default_device;
} bob_icv_t;

/* Global settings read once from the environment (env.c). */
typedef struct bob_config {
    bob_icv_t initial_icv;
    int nthreads_list[16]; /* OMP_NUM_THREADS, one per level */
    int nthreads_list_len;
    bool cancellation;
    int max_task_priority;
    size_t stack_size;     /* OMP_STACKSIZE, for ULT OpenMP threads */
    int wait_policy;       /* 0 passive, 1 active, -1 unset */
    int display_env;       /* 0 off, 1 true, 2 verbose */
    int teams_thread_limit, num_teams;
    bool unit_is_tasklet[8]; /* per nesting level, BOBBIN_THREAD_KIND */
    int unit_kind_levels;
} bob_config_t;

extern bob_config_t bob_config;

/* Reads the environment into bob_config (env.c); the substrate runs. */
void bob_read_environment(void);
int bob_supported_active_levels(void);

/* ---- Threads and teams --------------------------------------------------- */

enum { BOB_WS_SLOTS = 8 };

/* One worksharing construct instance (loop, sections) of a team: a ring of
 * these lets nowait constructs overlap. id is the construct's index + 1. */
typedef struct bob_ws {
    _Atomic uint64_t id;
    _Atomic int left;           /* threads done with construct id */
    _Alignas(64) _Atomic uint64_t next; /* next unclaimed iteration */
    uint64_t trip;              /* iterations, normalised to 0..trip-1 */
    uint64_t chunk;
    int sched;                  /* enum bob_sched */
    bool ordered;
    _Alignas(64) _Atomic uint64_t ordered_next; /* iteration whose turn it is */
} bob_ws_t;

typedef struct bob_team bob_team_t;

typedef struct bob_thread {
    bob_icv_t icv;
    bob_team_t *team;
    int tid;
    int gtid;
    void *unit;                 /* the work unit running it (bt_unit_t) */
    struct bob_thread *outer;   /* thread 0: the task that forked the team */
    uint64_t ws_next;           /* worksharing constructs met so far */
    uint64_t single_next;       /* single constructs met so far */
    /* Current dispatched loop (loop_dispatch.c). */
    bob_ws_t *loop;
    int64_t loop_lb, loop_incr;  /* to turn iteration numbers into values */
    uint64_t loop_chunk_index;   /* static schedules: chunks taken so far */
    uint64_t ordered_iter;       /* iteration now running, ordered loops */
    int push_num_threads;       /* __kmpc_push_num_threads, for the next fork */
    int push_proc_bind;
} bob_thread_t;

struct bob_team {
    int nthreads;
    int level;                  /* enclosing parallel regions, serial too */
    int active_level;           /* enclosing regions of more than 1 thread */
    bob_team_t *parent;
    bob_thread_t *master;       /* the task that forked it (thread 0's outer) */
    _Alignas(64) _Atomic uint32_t bar_arrived;
    _Atomic uint32_t bar_gen;
    _Atomic bool bar_sleepers;
    _Alignas(64) _Atomic uint64_t single_claimed;
    void *copyprivate;
    uint32_t reduce_lock;
    /* The region's body. */
    void (*fn)(void);
    int argc;
    void **argv;
    bob_ws_t ws[BOB_WS_SLOTS];
    bob_thread_t threads[];     /* nthreads of them */
};

/* The calling OpenMP thread (initialising the runtime on first use). */
bob_thread_t *bob_self(void);
void bob_init(void);

/* ---- Parallel regions (team.c) -------------------------------------------- */

/* Calls fn(&gtid, &tid, argv[0], ..., argv[argc-1]) on every thread of a new
 * team; returns after all have finished. if_cond false serialises it. */
void bob_fork(void (*fn)(void), int argc, void **argv, bool if_cond);
void bob_serialized_begin(void);
void bob_serialized_end(void);
/* Invokes a microtask with pointer arguments (microtask_x86_64.S). */
void bob_invoke_microtask(void (*fn)(void), int32_t *gtid, int32_t *tid, int argc,
                          void **argv);

/* ---- Synchronisation ------------------------------------------------------- */

void bob_barrier(bob_thread_t *self);
bool bob_single_begin(bob_thread_t *self);
bool bob_reduce_begin(bob_thread_t *self, uint32_t *lock);
void bob_reduce_end(bob_thread_t *self, uint32_t *lock, bool barrier);
/* Broadcasts the single thread's data: copy(mine, theirs) on the others. */
void bob_copyprivate(bob_thread_t *self, void *data, void (*copy)(void *, void *),
                     bool didit);
/* Suspends while *word == expected, naming `what` if a tasklet would. */
void bob_wait(uint32_t *word, uint32_t expected, const char *what);
/* A 4-byte lock whose waiters suspend: OpenMP locks, critical, reduction. */
void bob_lock_acquire(uint32_t *word);
bool bob_lock_try(uint32_t *word);
void bob_lock_release(uint32_t *word);
/* A nest lock: two words, owned by a non-zero id; try returns the new
 * nesting count, 0 if another owner holds it. */
int bob_nest_lock_try(uint32_t *words, uint32_t owner);
void bob_nest_lock_acquire(uint32_t *words, uint32_t owner);
void bob_nest_lock_release(uint32_t *words);
int bob_num_procs(void);

/* ---- Loops ------------------------------------------------------------------ */

/* A loop's bounds as the compiler passed them, widened to 64 bits (signed
 * types sign-extended, unsigned zero-extended); ub is inclusive. */
typedef struct bob_loop {
    int64_t lb, ub, incr;
    bool is_unsigned;
} bob_loop_t;

enum bob_sched {
    BOB_SCHED_STATIC,         /* balanced blocks */
    BOB_SCHED_STATIC_CHUNKED,
    BOB_SCHED_DYNAMIC,
    BOB_SCHED_GUIDED,
    BOB_SCHED_TRAPEZOIDAL,
};

uint64_t bob_trip_count(const bob_loop_t *loop);
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
void bob_ordered_begin(bob_thread_t *self);
void bob_ordered_end(bob_thread_t *self);

/* ---- Diagnostics ------------------------------------------------------------- */

__attribute__((format(printf, 1, 2))) void bob_warn(const char *fmt, ...);
__attribute__((format(printf, 1, 2), noreturn)) void bob_fatal(const char *fmt, ...);

#endif
