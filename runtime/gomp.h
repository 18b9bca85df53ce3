/* The runtime operations behind gcc's GOMP_* entry points (gomp_support.c)
 * that the __kmpc_* ones do not need: GOMP loops hand out chunks with an
 * exclusive end and keep the ORDERED turn per chunk, not per iteration;
 * sections are numbered by the runtime without the count being passed
 * again; some constructs get zeroed team-shared scratch memory (lastprivate
 * conditional); and the pre-4.0 GOMP_parallel_start/_end pair splits a fork
 * in two halves that return to the program in between.
 *
 * Everything here is built from rt.h's operations: the worksharing slots of
 * worksharing.c, the dispatcher of loop_dispatch.c, doacross.c, team.c's
 * bob_fork; the tasking ones (gomp_task.c) from task.c's; gcc's task
 * reductions (gomp_taskred.c) from taskgroups and worksharing slots; the
 * device constructs (target.c) from initial threads and gcc's tasks. */
#ifndef BOB_GOMP_H
#define BOB_GOMP_H

#include "rt.h"
#include "task.h"

/* A GOMP loop: start, end (exclusive) and incr as the compiler passed them,
 * widened to 64 bits; is_unsigned for the GOMP_loop_ull_* family, whose
 * negative increments arrive in two's complement and whose direction comes
 * apart, in down (as in bob_loop_t). */
typedef struct bob_gomp_loop {
    int64_t start, end, incr;
    bool is_unsigned, down;
} bob_gomp_loop_t;

/* Enters the calling thread's next loop construct. kmp_sched is a schedule
 * number of LLVM's enum sched_type (runtime: the run-sched-var; with the
 * ordered offset for ordered loops). mem_size > 0 also gives every thread
 * the same zeroed block of that many bytes in *mem. */
void bob_gomp_loop_init(bob_thread_t *self, int kmp_sched, const bob_gomp_loop_t *loop,
                        int64_t chunk, size_t mem_size, void **mem);
/* The calling thread's next chunk [*istart, *iend) (iend exclusive: one
 * past the last iteration in the loop's direction); false when the loop has
 * no more. In an ordered loop it first passes the ORDERED turn on from the
 * chunk just finished. */
bool bob_gomp_loop_next(bob_thread_t *self, int64_t *istart, int64_t *iend);
/* The end of a loop or sections construct: leaves it if the thread had not
 * run out of work (cancellation, or chunks computed by the compiler), then
 * the barrier (barrier: plain; cancel: cancellable, returning whether the
 * region was cancelled; neither: nowait). */
bool bob_gomp_ws_end(bob_thread_t *self, bool barrier, bool cancel);

/* ORDERED inside a GOMP loop: waits until the chunk in hand has its turn. */
void bob_gomp_ordered_start(bob_thread_t *self);

/* doacross loops: counts[d] iterations in dimension d, numbered from 0, as
 * 64-bit integers (long or unsigned long long); the construct's loop is
 * dimension 0. Then bob_gomp_loop_init the loop over
 * counts[0] as usual. */
void bob_gomp_doacross_init(bob_thread_t *self, unsigned ncounts, const void *counts);
/* The dimensions of the calling thread's doacross loop (for a wait vector). */
unsigned bob_gomp_doacross_ndims(bob_thread_t *self);

/* SECTIONS: enters the construct and returns the first section this thread
 * runs, numbered from 1, or 0 if none is left; next gives the following one.
 * mem as for loops. */
unsigned bob_gomp_sections_start(bob_thread_t *self, unsigned count, size_t mem_size,
                                 void **mem);
unsigned bob_gomp_sections_next(bob_thread_t *self);

/* What every thread of a GOMP combined construct (parallel loop, parallel
 * sections) does before the region's body: enter the construct the
 * compiler expects to be set up already. */
typedef struct bob_gomp_ws_spec {
    enum { BOB_GOMP_WS_NONE, BOB_GOMP_WS_LOOP, BOB_GOMP_WS_SECTIONS } kind;
    int kmp_sched;
    bob_gomp_loop_t loop;
    int64_t chunk;
    unsigned sections;
} bob_gomp_ws_spec_t;
void bob_gomp_ws_prepare(bob_thread_t *self, const bob_gomp_ws_spec_t *spec);

/* A parallel region running fn(data) on every thread of a new team, after
 * spec's construct is set up (spec may be NULL). num_threads 0: the ICV;
 * proc_bind 0: the ICV. */
void bob_gomp_parallel(void (*fn)(void *), void *data, unsigned num_threads,
                       int proc_bind, const bob_gomp_ws_spec_t *spec);
/* The pre-GCC-4.9 split form: start returns with the team running and the
 * caller as its thread 0 (spec set up for it too); the caller then runs
 * fn(data) itself and calls end, which waits for the team. */
void bob_gomp_parallel_start(void (*fn)(void *), void *data, unsigned num_threads,
                             const bob_gomp_ws_spec_t *spec);
void bob_gomp_parallel_end(void);

/* Host TEAMS: fn(data) on the initial thread of each team of a league. */
void bob_gomp_teams(void (*fn)(void *), void *data, unsigned num_teams,
                    unsigned thread_limit);
/* GOMP_teams4 (host fallback of target teams): the teams run one after the
 * other on the calling thread; true while there is a team left to run. */
bool bob_gomp_teams_serial(bob_thread_t *self, unsigned num_teams, unsigned thread_limit,
                           bool first);

/* ---- tasking (gomp_task.c) ---- */

/* GOMP_task's and GOMP_taskloop's flags (gcc's GOMP_TASK_FLAG_*). */
enum {
    BOB_GOMP_TASK_UNTIED = 1 << 0,
    BOB_GOMP_TASK_FINAL = 1 << 1,
    BOB_GOMP_TASK_MERGEABLE = 1 << 2,
    BOB_GOMP_TASK_DEPEND = 1 << 3,
    BOB_GOMP_TASK_PRIORITY = 1 << 4,
    BOB_GOMP_TASK_UP = 1 << 8,
    BOB_GOMP_TASK_GRAINSIZE = 1 << 9,
    BOB_GOMP_TASK_IF = 1 << 10,
    BOB_GOMP_TASK_NOGROUP = 1 << 11,
    BOB_GOMP_TASK_REDUCTION = 1 << 12,
    BOB_GOMP_TASK_DETACH = 1 << 13,
    BOB_GOMP_TASK_STRICT = 1 << 14,
};

/* A task as gcc describes it: fn runs on a copy of the argument block data
 * (arg_size bytes aligned to arg_align), made by cpyfn(copy, data) if it
 * is not NULL (copy construction), else by memcpy. priority is 0 unless
 * the construct has a priority clause. */
typedef struct bob_gomp_task {
    void (*fn)(void *);
    void *data;
    void (*cpyfn)(void *, void *);
    long arg_size, arg_align;
    unsigned flags;
    int priority;
} bob_gomp_task_t;

/* The TASK construct, made by the calling OpenMP thread or task, as
 * GOMP_task describes it (the fields of bob_gomp_task_t, which only tasks
 * not run at once elided are given). depend is gcc's depend array (flags
 * has BOB_GOMP_TASK_DEPEND), priority counts only with
 * BOB_GOMP_TASK_PRIORITY, detach is the event handle to set (..._DETACH). */
void bob_gomp_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                   long arg_size, long arg_align, bool if_clause, unsigned flags,
                   void **depend, int priority, void **detach);
/* TASKLOOP over start, end (exclusive), step, signed or not; the first two
 * words of each task's argument block receive its chunk's bounds. size is
 * the grainsize (..._GRAINSIZE) or the number of tasks, 0 for the default. */
void bob_gomp_taskloop(bob_thread_t *self, const bob_gomp_task_t *task, uint64_t size,
                       int64_t start, int64_t end, int64_t step, bool is_unsigned);
/* The dependence of gcc's depend object (omp_depend_t: {address, kind}). */
bob_dep_t bob_gomp_depobj(const void *depobj);
/* TASKWAIT, by the calling OpenMP thread or task. */
void bob_gomp_taskwait(void);
/* TASKWAIT with depend clauses, in gcc's depend array. */
void bob_gomp_taskwait_depend(bob_thread_t *self, void **depend);

/* ---- device constructs (target.c) ---- */

/* GOMP_target_ext's flags (gcc's GOMP_TARGET_FLAG_*). */
enum { BOB_GOMP_TARGET_NOWAIT = 1 << 0 };

/* A target region as gcc describes it: fn(hostaddrs), where hostaddrs,
 * sizes and kinds have mapnum entries (kinds: gcc's 16-bit map kinds, the
 * log2 of the alignment in the high byte; NULL for GOMP_target's older
 * form, which has no firstprivate kind), and args gcc's NULL-terminated
 * list of GOMP_TARGET_ARG_* (or NULL). */
typedef struct bob_gomp_target {
    void (*fn)(void *);
    size_t mapnum;
    void **hostaddrs;
    const size_t *sizes;
    const unsigned short *kinds;
    void **args;
} bob_gomp_target_t;

/* TARGET on gcc's device number `device` (-1 the default device, -2 the
 * host): runs the region on the host, as a new initial thread; with
 * BOB_GOMP_TARGET_NOWAIT as a deferred task, with the dependences of
 * depend (gcc's depend array, or NULL). */
void bob_gomp_target(bob_thread_t *self, int device, const bob_gomp_target_t *target,
                     unsigned flags, void **depend);
/* TARGET DATA, ENTER/EXIT DATA, UPDATE: the host maps nothing; what is left
 * is the device number's check and, with depend, the dependences: a task
 * with no work under nowait, else a wait for them. */
void bob_gomp_target_data(bob_thread_t *self, int device, unsigned flags, void **depend);

/* ---- task reductions (gomp_taskred.c) ---- */

/* gcc's task reduction arrays (layout at the top of gomp_taskred.c). */
/* task_reduction on the calling thread's innermost taskgroup. */
void bob_gomp_taskgroup_reduction_register(bob_thread_t *self, uintptr_t *data);
/* After the taskgroup ended and the compiler combined the chunks. */
void bob_gomp_taskgroup_reduction_unregister(uintptr_t *data);
/* in_reduction in a task: ptrs[i] (an original or an earlier remapped
 * address) becomes the address of the calling task's private copy; for i <
 * cntorig, ptrs[cnt + i] receives the original's address. */
void bob_gomp_task_reduction_remap(bob_thread_t *self, size_t cnt, size_t cntorig,
                                   void **ptrs);
/* Before the body of a task of a taskloop with reduction clauses (data
 * registered by the taskloop): makes the calling task's thread number that
 * of the chunk it may use (and may move it to another ES). */
void bob_gomp_task_reduction_bind(bob_thread_t *self, uintptr_t *data);
/* reduction(task, ...) on a loop, sections or scope construct (reductions
 * may be NULL: none): every thread calls it before entering the construct
 * itself; end (GOMP_workshare_task_reduction_unregister) closes it. */
void bob_gomp_workshare_reductions(bob_thread_t *self, uintptr_t *reductions);
void bob_gomp_workshare_reductions_end(bob_thread_t *self, bool cancelled);
/* parallel reduction(task, ...): data starts with the reductions array;
 * returns the team's size (the number of chunks to combine). */
unsigned bob_gomp_parallel_reductions(void (*fn)(void *), void *data, unsigned num_threads,
                                      int proc_bind);

#endif
