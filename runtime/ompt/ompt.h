/* The OMPT tools interface (OpenMP 5.1, sec. 4): what the construct files
 * call to report events to a tool, and what the inquiry entry points read.
 *
 * Cost without a tool. Every event site is BOB_OMPT(hook(...)): one load of
 * the global bob_ompt_on and a branch predicted not taken; the hooks, and
 * all the memory OMPT needs, live out of line and exist only while a tool
 * is attached. A descriptor (bob_thread_t, bob_team_t) carries one pointer
 * for OMPT, NULL without a tool.
 *
 * What an OMPT thread is on Bobbin: an OpenMP thread, never an ES. The
 * initial thread is one from the tool's start (or, for an application
 * thread, from its first OpenMP call) until the program ends (or the
 * application thread does); each member of a team other than thread 0 is
 * a worker thread from the moment its work unit starts running the region
 * as that thread until the region's implicit barrier, where the unit ends,
 * and the worker goes idle, kept for the next member to begin, as libomp
 * keeps its pool's threads: a tool sees as many workers as members ran at
 * once, each begin once and end when the tool does, with the data it gave
 * them; thread 0 is the OpenMP thread that encountered the construct, the
 * same OMPT thread. An explicit task is reported on the OMPT thread of the thread
 * number it runs as (its seat, seat.c), interrupting that member's
 * implicit task, which waits, as libomp reports a task on the thread that
 * runs it (ompt/task.c says when it stays on its creator's): Bobbin runs
 * it on whichever ES is free, so one OMPT thread may run several tasks at
 * once, each between its own task_schedule events, and a tool must keep
 * per-task state in task data, not thread data. The ESs' OS threads, and
 * the substrate's own (its service and preemption threads), are no OMPT
 * threads: a tool never hears of them.
 *
 * States a waiting unit reports (ompt_get_state, for the OMPT thread it
 * runs as): wait_barrier_implicit_parallel, _implicit_workshare or
 * _explicit in a barrier (wait_barrier in gcc's GOMP_barrier, which does
 * not say which), wait_taskwait and wait_taskgroup in those waits,
 * wait_lock, wait_critical, wait_atomic or wait_ordered while it acquires
 * a mutex; work_parallel in a region otherwise, work_serial outside any.
 * The wait_id is the address the unit waits on: the barrier's generation,
 * the counter of the tasks awaited, the mutex. A unit that waits keeps
 * its state whether it spins or is suspended: suspending is the
 * substrate's business, not the OpenMP thread's. */
#ifndef BOB_OMPT_H
#define BOB_OMPT_H

#include "rt.h"

#include <omp-tools.h>

struct bob_task;
struct bob_dep;

/* One OMPT thread: its tool data, state, and the implicit task it runs
 * now (the prior task of a task it starts). */
typedef struct bob_ompt_thread {
    ompt_data_t data;
    ompt_state_t state, saved_state; /* saved: while it waits for a mutex */
    ompt_wait_id_t wait_id;
    ompt_data_t *implicit;
    /* at a taskyield: the first task it starts then reports
     * ompt_task_yield, not ompt_task_switch, as libomp's does */
    _Atomic bool yielded;
    struct bob_ompt_thread *idle_next; /* a worker, in the idle pool (thread.c) */
} bob_ompt_thread_t;

/* OpenMP 5.2's ompt_dispatch_chunk_t: a chunk's lowest iteration value and
 * its number of iterations; a chunk's dispatch event points at one. */
typedef struct bob_ompt_chunk {
    uint64_t start, iterations;
} bob_ompt_chunk_t;

/* One task's OMPT side (bob_thread_t.ompt): the tool's task data, the
 * OMPT thread it reports on, the return addresses its events in progress
 * will name again at their end. An implicit task owns the thread it starts. */
typedef struct bob_ompt_task {
    ompt_data_t data;
    ompt_frame_t frame;
    int flags;                  /* ompt_task_flag_t */
    bob_ompt_thread_t *thread;
    bob_ompt_thread_t own;      /* implicit tasks of members and initial threads */
    /* an implicit task: what its thread ran before it, back when it ends;
     * an explicit one: the task it interrupted, resumed when it ends */
    ompt_data_t *saved_implicit, *resume;
    /* an explicit task: the context it interrupted, while it runs (its
     * scheduling parent, which ompt_get_task_info names above it) */
    bob_thread_t *interrupted;
    bool creator_entered;       /* an undeferred task's creator waits in the runtime */
    ompt_state_t saved_state;
    const void *sync_ra;        /* of the sync region in progress */
    int work;                   /* ompt_work_t of the construct in progress, or 0 */
    const void *work_ra, *taskloop_ra;
    const void *mutex_ra;       /* of the mutex being acquired */
    const void *reduce_ra;      /* of a reduction combining under its lock */
    bob_ompt_chunk_t chunk;     /* a taskloop's task: its chunk, until it starts */
    /* the clang taskloop it encounters: where each task it makes keeps its
     * chunk's bounds (0: none, or not known), and the loop's step */
    size_t taskloop_lb_at, taskloop_ub_at;
    int64_t taskloop_step;
} bob_ompt_task_t;

/* A team's OMPT side (bob_team_t.ompt): its parallel data and its members'
 * implicit tasks. */
typedef struct bob_ompt_team {
    ompt_data_t parallel;
    int flags;                  /* ompt_parallel_flag_t of parallel_begin */
    const void *ra;             /* of the construct */
    bob_ompt_task_t members[];
} bob_ompt_team_t;

/* An event's out-of-line part: never inlined into the event site, so that
 * the site stays a load, a branch and a call the fast path jumps over. */
#define BOB_OMPT_HOOK __attribute__((cold, noinline))

/* True while a tool is attached; read at every event site. */
extern bool bob_ompt_on;
/* The tool's callbacks, indexed by ompt_callbacks_t. */
extern ompt_callback_t bob_ompt_callbacks[64];

#define BOB_OMPT(hook)                                                     \
    do {                                                                   \
        if (__builtin_expect(bob_ompt_on, 0))                              \
            hook;                                                          \
    } while (0)
#define BOB_OMPT_CB(type, event) ((ompt_callback_##type##_t)bob_ompt_callbacks[ompt_callback_##event])

/* The task data of a context, NULL without a record. */
static inline ompt_data_t *bob_ompt_task_data(const bob_thread_t *ctx)
{
    return ctx && ctx->ompt ? &ctx->ompt->data : NULL;
}

/* The return address of the entry point in progress (kmp_abi's shims
 * store it), for the event it reports: a variable of the OS thread's TLS
 * block, so that storing it is one instruction and no call, which would
 * cost the entry point's fast path its shrink-wrapping. The unit that
 * stored it reads it before it can switch (what an event needs later, at
 * a region's end, its record keeps); a unit that runs in between on the
 * same ES may leave a wrong address, never a wrong event. Wanted while a
 * tool is attached, and before the runtime has started: the program's
 * first OpenMP call, which starts it and the tool, may be a construct the
 * tool is told of (a gcc binary's first GOMP_parallel). */
extern bool bob_ompt_ra_wanted;
extern _Thread_local const void *bob_ompt_ra __attribute__((tls_model("initial-exec")));
/* The entry point's canonical frame address, beside its return address:
 * the enter_frame of the task that called it (see frames below). */
extern _Thread_local void *bob_ompt_cfa __attribute__((tls_model("initial-exec")));
/* An entry point after which the compiled code calls a task's routine
 * itself (clang's __kmpc_omp_task_begin_if0) stores its caller's frame
 * pointer too (BOB_OMPT_RA_FP), the frame the task's body links to: the
 * creator's enter frame then, which is the task's exit frame (see frames
 * below), as libomp reports both. __builtin_frame_address(1) gives that
 * entry point a frame pointer of its own. The others store nothing more
 * (bob_ompt_take_ra clears it): a store in their branch for a tool, never
 * taken without one, still changes how the compiler lays out their fast
 * path, __kmpc_fork_call's among them. */
extern _Thread_local void *bob_ompt_caller_fp __attribute__((tls_model("initial-exec")));
#define BOB_OMPT_RA_AND(also)                                              \
    do {                                                                   \
        if (__builtin_expect(bob_ompt_ra_wanted, 0)) {                     \
            bob_ompt_ra = __builtin_return_address(0);                     \
            bob_ompt_cfa = __builtin_dwarf_cfa();                          \
            also;                                                          \
        }                                                                  \
    } while (0)
#define BOB_OMPT_RA() BOB_OMPT_RA_AND((void)0)
#define BOB_OMPT_RA_FP() BOB_OMPT_RA_AND(bob_ompt_caller_fp = __builtin_frame_address(1))

/* Takes the return address, and forgets the frame addresses with it: an
 * event that enters the runtime's frame calls bob_ompt_enter first. */
static inline const void *bob_ompt_take_ra(void)
{
    const void *ra = bob_ompt_ra;
    bob_ompt_ra = NULL;
    bob_ompt_cfa = NULL;
    bob_ompt_caller_fp = NULL;
    return ra;
}

/* ---- tool.c: finding, starting and ending the tool ---- */
/* Finds a tool (OMP_TOOL, ompt_start_tool, OMP_TOOL_LIBRARIES) and
 * initialises it; the runtime has started. */
void bob_ompt_init(void);
/* Calls the tool's finalize, once, and ends every event. */
void bob_ompt_tool_finalize(void);

/* ---- entry.c: the entry points lookup hands out ---- */
ompt_interface_fn_t bob_ompt_lookup(const char *name);

/* ---- thread.c: OMPT threads, parallel regions, implicit tasks ---- */
/* An initial thread starts and ends (the program's, an application
 * thread's). */
BOB_OMPT_HOOK void bob_ompt_initial_begin(bob_thread_t *t);
BOB_OMPT_HOOK void bob_ompt_initial_end(bob_thread_t *t);
/* Ends the program's initial thread and the tool (at exit, or
 * ompt_finalize_tool). */
BOB_OMPT_HOOK void bob_ompt_fini(void);
/* self encounters a parallel construct and team (entered: thread 0 is
 * self now) starts; requested is the team size asked for. */
BOB_OMPT_HOOK void bob_ompt_parallel_begin(bob_thread_t *self, bob_team_t *team, int requested);
/* The same for a region of one thread whose body the compiled code calls
 * itself (__kmpc_serialized_parallel), and its implicit task begins: its
 * body runs below the entry point's frame (CFA), its exit frame. */
BOB_OMPT_HOOK void bob_ompt_serialized_begin(bob_thread_t *self, bob_team_t *team);
/* self ends the region of team (a league's too). */
BOB_OMPT_HOOK void bob_ompt_parallel_end(bob_thread_t *self, bob_team_t *team);
/* The same for a league of teams: self encounters the TEAMS construct;
 * carrier, the league's member for a team, runs the team's initial thread
 * t, whose initial task is reported as the member's implicit task (index:
 * the team number), an OMPT thread of its own but for team 0's; in it a
 * region of one thread (t's team) runs the construct's body in t's
 * implicit task, as libomp forks one for each team. */
BOB_OMPT_HOOK void bob_ompt_league_begin(bob_thread_t *self, bob_team_t *league);
BOB_OMPT_HOOK void bob_ompt_league_member_begin(bob_thread_t *carrier, bob_thread_t *t);
BOB_OMPT_HOOK void bob_ompt_league_member_end(bob_thread_t *carrier, bob_thread_t *t);
/* A member t (thread 0 too) starts and ends its implicit task; a member
 * other than thread 0 is an OMPT thread of its own. */
BOB_OMPT_HOOK void bob_ompt_member_begin(bob_thread_t *t);
BOB_OMPT_HOOK void bob_ompt_member_end(bob_thread_t *t);
/* Thread 0 at the region's implicit barrier, before and after the join. */
BOB_OMPT_HOOK void bob_ompt_join_begin(bob_thread_t *t);
BOB_OMPT_HOOK void bob_ompt_join_end(bob_thread_t *t);
/* The OMPT thread a context reports on, NULL when unknown. */
bob_ompt_thread_t *bob_ompt_thread(const bob_thread_t *ctx);
/* Frames (OpenMP 5.1, sec. 4.4.4.28). A task's exit_frame is the frame
 * pointer of the runtime function that called its body (bob_invoke_microtask
 * for an implicit task, the runtime's caller of an explicit task's
 * routine): the frame the body's frame links to, as libomp reports it
 * (__builtin_frame_address(1) in the body), flagged ompt_frame_runtime |
 * ompt_frame_framepointer; set while the body runs, NULL at the region's
 * implicit barrier, where the body has returned. Its enter_frame is the
 * canonical frame address (CFA) of the entry point through which its body
 * called the runtime, flagged ompt_frame_runtime | ompt_frame_cfa (the
 * entry points keep no frame pointer), set while it is in a parallel
 * region it encountered, a barrier or other wait, or making a task, NULL
 * while its own code runs; but for an undeferred task whose routine the
 * compiled code calls itself (clang's if(0)), its creator's frame pointer,
 * flagged ompt_frame_application | ompt_frame_framepointer: the task's
 * exit frame too, the frame its body links to. */
enum {
    BOB_OMPT_EXIT_FLAGS = ompt_frame_runtime | ompt_frame_framepointer,
    BOB_OMPT_FRAME_FLAGS = ompt_frame_runtime | ompt_frame_cfa,
};
/* The frame a context's events name, a zero one without a record. */
const ompt_frame_t *bob_ompt_frame(const bob_thread_t *ctx);
/* ctx's body starts or goes on running below the runtime frame whose
 * frame pointer is fp. */
static inline void bob_ompt_exit_frame(bob_thread_t *ctx, void *fp)
{
    if (ctx->ompt) {
        ctx->ompt->frame.exit_frame.ptr = fp;
        ctx->ompt->frame.exit_frame_flags = BOB_OMPT_EXIT_FLAGS;
    }
}
/* Where bob_invoke_microtask stores the frame pointer ctx's body runs
 * below: its exit frame, NULL without a record. */
static inline void **bob_ompt_exit_slot(bob_thread_t *ctx)
{
    if (!ctx->ompt)
        return NULL;
    ctx->ompt->frame.exit_frame_flags = BOB_OMPT_EXIT_FLAGS;
    return &ctx->ompt->frame.exit_frame.ptr;
}
/* ctx enters the runtime through the entry point that recorded
 * bob_ompt_cfa (unless it is there already), and leaves it. */
BOB_OMPT_HOOK void bob_ompt_enter(bob_thread_t *ctx);
BOB_OMPT_HOOK void bob_ompt_leave(bob_thread_t *ctx);
/* A team's parallel data, NULL without one. */
ompt_data_t *bob_ompt_parallel_data(const bob_team_t *team);

/* ---- task.c: explicit tasks ---- */
/* t is made by self: undeferred if it runs at once on self. */
BOB_OMPT_HOOK void bob_ompt_task_create(bob_thread_t *self, struct bob_task *t, bool undeferred,
                          bool has_deps);
/* t starts running (below the runtime frame whose frame pointer is
 * exit_fp; NULL when the compiled code calls its routine itself, below
 * the entry point its creator, prior, waits in) and ends (status: ompt_task_complete, ompt_task_cancel
 * for a discarded task, ompt_task_detach for a detachable one whose event
 * is not fulfilled yet, ompt_task_yield for a part of an untied one);
 * prior is the context it interrupts, NULL for a task on a unit of its
 * own, which interrupts its thread's implicit task. */
BOB_OMPT_HOOK void bob_ompt_task_start(struct bob_task *t, bob_thread_t *prior, void *exit_fp);
BOB_OMPT_HOOK void bob_ompt_task_end(struct bob_task *t, ompt_task_status_t status);
/* self's taskyield begins and ends. */
BOB_OMPT_HOOK void bob_ompt_yield(bob_thread_t *self, bool begins);
/* t's event is fulfilled, after its body ended (late) or before. */
BOB_OMPT_HOOK void bob_ompt_task_fulfilled(struct bob_task *t, bool late);
/* t's memory goes. */
BOB_OMPT_HOOK void bob_ompt_task_free(struct bob_task *t);
/* self waits for the n dependences deps to hold (a taskwait with depend,
 * an undeferred task with dependences): reported, as libomp 19 does, as a
 * task of type taskwait, undeferred and mergeable, made with those
 * dependences (data: its task data, which the caller keeps) and completed
 * (ompt_taskwait_complete) once they hold, its creator in the runtime
 * meanwhile. begin says whether it entered the runtime's frame, for end. */
BOB_OMPT_HOOK bool bob_ompt_deps_wait_begin(bob_thread_t *self, ompt_data_t *data, int n,
                                            const struct bob_dep *deps);
BOB_OMPT_HOOK void bob_ompt_deps_wait_end(bob_thread_t *self, ompt_data_t *data, bool entered);
/* self passed a doacross loop's depend(sink) (its wait done) or reached
 * its depend(source), for the iteration whose logical number in each of
 * the n dimensions is iters[d]: reported as self's task's dependences, as
 * libomp 19 reports them. */
BOB_OMPT_HOOK void bob_ompt_doacross(bob_thread_t *self, int n, const uint64_t *iters,
                                     bool source);
/* t, just created, has the n dependences deps (bob_dep_t of task.h). */
BOB_OMPT_HOOK void bob_ompt_dependences(struct bob_task *t, int n, const struct bob_dep *deps);
/* to waits for from, both incomplete (the caller holds from's node). */
BOB_OMPT_HOOK void bob_ompt_task_dependence(struct bob_task *from, struct bob_task *to);

/* ---- sync.c: synchronisation regions and states ---- */
/* A sync region of kind begins, its wait begins, and both end; the wait
 * is on word. */
BOB_OMPT_HOOK void bob_ompt_sync_begin(bob_thread_t *self, ompt_sync_region_t kind, const void *word);
/* A taskgroup's region begins where the taskgroup begins, with that
 * construct's return address, as libomp 19 reports it; its wait begins
 * at its end, with the end's, which its region's end names too. */
BOB_OMPT_HOOK void bob_ompt_taskgroup_begin(bob_thread_t *self);
BOB_OMPT_HOOK void bob_ompt_taskgroup_wait(bob_thread_t *self, const void *word);
BOB_OMPT_HOOK void bob_ompt_sync_end(bob_thread_t *self, ompt_sync_region_t kind);
/* The calling thread flushed. */
BOB_OMPT_HOOK void bob_ompt_flush(void);

/* ---- work.c: worksharing and masked regions ---- */
/* OpenMP 5.2's work and dispatch kinds (LLVM 19's omp-tools.h), which the
 * header we build with (LLVM 14's) lacks: libomp 19 names a loop by its
 * schedule and a chunk by its bounds, whichever header its tool was built
 * with, and so does Bobbin. */
enum {
    BOB_OMPT_WORK_LOOP_STATIC = 10,
    BOB_OMPT_WORK_LOOP_DYNAMIC = 11,
    BOB_OMPT_WORK_LOOP_GUIDED = 12,
    BOB_OMPT_WORK_LOOP_OTHER = 13,
};
enum {
    BOB_OMPT_DISPATCH_WS_LOOP_CHUNK = 3,
    BOB_OMPT_DISPATCH_TASKLOOP_CHUNK = 4,
    BOB_OMPT_DISPATCH_DISTRIBUTE_CHUNK = 5,
};
/* The chunk lb..ub (inclusive) with step incr. */
bob_ompt_chunk_t bob_ompt_chunk_of(int64_t lb, int64_t ub, int64_t incr);
/* self begins a worksharing construct of kind (an ompt_work_t) with count
 * iterations or sections (0 if unknown), and ends the one it began. */
BOB_OMPT_HOOK void bob_ompt_work_begin(bob_thread_t *self, int kind, uint64_t count);
BOB_OMPT_HOOK void bob_ompt_work_end(bob_thread_t *self);
/* self begins a loop whose chunks are handed out at run time, on the
 * schedule sched (an enum bob_sched) with chunk (0: none given), with
 * count iterations. */
BOB_OMPT_HOOK void bob_ompt_loop_begin(bob_thread_t *self, int sched, uint64_t count,
                                       int64_t chunk);
/* self's part (its first chunk) of the statically divided construct it
 * began (a loop, sections or distribute) is lb..ub with step incr. */
BOB_OMPT_HOOK void bob_ompt_static_chunk(bob_thread_t *self, int64_t lb, int64_t ub, int64_t incr);
/* self starts the chunk lb..ub, step incr, of its loop. */
BOB_OMPT_HOOK void bob_ompt_loop_chunk(bob_thread_t *self, int64_t lb, int64_t ub, int64_t incr);
/* self starts a section of the sections construct in progress. */
BOB_OMPT_HOOK void bob_ompt_section(bob_thread_t *self);
BOB_OMPT_HOOK void bob_ompt_masked(bob_thread_t *self, ompt_scope_endpoint_t endpoint);
/* self meets a single construct, which it runs or not. */
BOB_OMPT_HOOK void bob_ompt_single(bob_thread_t *self, bool executor);
/* A taskloop, which a worksharing construct may enclose (a single), so
 * it keeps its own return address. */
BOB_OMPT_HOOK void bob_ompt_taskloop(bob_thread_t *self, ompt_scope_endpoint_t endpoint, uint64_t count);
/* self's taskloop (begun, a clang one) makes tasks whose chunk's bounds
 * lie lb_at and ub_at bytes into each (inclusive), with step incr: each
 * task it makes while its taskloop is in progress names the taskloop's
 * return address, and its start is followed by its chunk's dispatch, as
 * libomp 19 reports them. */
BOB_OMPT_HOOK void bob_ompt_taskloop_bounds(bob_thread_t *self, size_t lb_at, size_t ub_at,
                                            int64_t incr);

/* ---- misc.c: cancel, reductions, control_tool, error ---- */
/* self's cancel construct of kind (enum bob_cancel_kind) took effect
 * (how: ompt_cancel_activated), or self saw its cancellation
 * (ompt_cancel_detected). */
BOB_OMPT_HOOK void bob_ompt_cancel(bob_thread_t *self, int kind, int how);
/* The task whose context this is was discarded, cancelled before it ran. */
BOB_OMPT_HOOK void bob_ompt_discarded(bob_thread_t *task_ctx);
/* self's part of a reduction begins; until_end: it ends at
 * bob_ompt_reduce_end, else at once. */
BOB_OMPT_HOOK void bob_ompt_reduce_begin(bob_thread_t *self, bool until_end);
BOB_OMPT_HOOK void bob_ompt_reduce_end(bob_thread_t *self);
/* omp_control_tool with a tool attached (its return address and frame
 * stored): the tool's answer, or omp_control_tool_nocallback. */
BOB_OMPT_HOOK int bob_ompt_control_tool(uint64_t command, uint64_t modifier, void *arg);
/* The error directive, before the runtime prints it (and, if fatal, ends
 * the program). */
BOB_OMPT_HOOK void bob_ompt_error(bool fatal, const char *message, const void *ra);

/* ---- mutex.c: locks, critical sections, ORDERED ---- */
/* Bobbin's one mutex implementation, for enumerate_mutex_impls. */
enum { BOB_OMPT_MUTEX_IMPL = 1 };
/* Events of a mutex of kind (an ompt_mutex_t) at address mutex. */
BOB_OMPT_HOOK void bob_ompt_mutex_acquire(int kind, unsigned hint, const void *mutex);
BOB_OMPT_HOOK void bob_ompt_mutex_acquired(int kind, const void *mutex);
BOB_OMPT_HOOK void bob_ompt_mutex_released(int kind, const void *mutex);
BOB_OMPT_HOOK void bob_ompt_lock_init(int kind, unsigned hint, const void *mutex);
BOB_OMPT_HOOK void bob_ompt_lock_destroy(int kind, const void *mutex);
/* The lock operations of lock.c with their events. */
BOB_OMPT_HOOK void bob_ompt_lock_acquire(uint32_t *word, int kind, unsigned hint);
BOB_OMPT_HOOK bool bob_ompt_lock_try(uint32_t *word, int kind);
BOB_OMPT_HOOK void bob_ompt_nest_lock_acquire(uint32_t *words, uint32_t owner);
BOB_OMPT_HOOK int bob_ompt_nest_lock_try(uint32_t *words, uint32_t owner);
BOB_OMPT_HOOK void bob_ompt_nest_lock_release(uint32_t *words);

/* What the entry points call: a lock word taken, tried and released as a
 * mutex of kind, reported only with a tool. */
static inline void bob_mutex_acquire(uint32_t *word, int kind, unsigned hint)
{
    if (__builtin_expect(bob_ompt_on, 0))
        bob_ompt_lock_acquire(word, kind, hint);
    else
        bob_lock_acquire(word);
}

static inline bool bob_mutex_try(uint32_t *word, int kind)
{
    return __builtin_expect(bob_ompt_on, 0) ? bob_ompt_lock_try(word, kind) : bob_lock_try(word);
}

static inline void bob_mutex_release(uint32_t *word, int kind)
{
    bob_lock_release(word);
    BOB_OMPT(bob_ompt_mutex_released(kind, word));
}

#endif
