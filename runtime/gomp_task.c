/* This file gives gcc's shapes of the tasking constructs (GOMP_task,
 * GOMP_taskloop, GOMP_taskwait_depend) to task.c's machinery.
 *
 * A gcc task is fn(arg), where arg is the task's own copy of the argument
 * block the compiler built. It becomes a runtime task whose compiler part
 * is a gomp_kmp_t: a bob_kmp_task_t whose routine calls fn(arg), with the
 * copy in the task's shareds area. From there on it is scheduled, counted
 * and completed like a clang task: dependences, final, priority, untied
 * (migratable), detach and taskgroups all work unchanged.
 *
 * gcc's depend array has two layouts: the old {n, nout, addrs...} (out and
 * inout first, then in) and gcc 9's {0, n, nout, nmutexinoutset, nin,
 * addrs..., depobjs...}, whose depobjs point at {addr, kind} pairs (also
 * how gcc passes inoutset). A NULL address among the outs is
 * omp_all_memory. */
#include "gomp.h"
#include "ompt/ompt.h"

#include "task.h"

#include <bobbin/threading.h>

#include <string.h>

typedef struct gomp_kmp {
    bob_kmp_task_t kmp;
    void (*fn)(void *);
    void *arg;
    uintptr_t *reductions; /* a taskloop's reduction clauses, or NULL */
} gomp_kmp_t;

static int32_t gomp_entry(int32_t gtid, void *kmp)
{
    (void)gtid;
    gomp_kmp_t *g = kmp;
    if (g->reductions)
        bob_gomp_task_reduction_bind(&bob_task_of(g)->ctx, g->reductions);
    g->fn(g->arg);
    return 0;
}

/* ---- dependences ---------------------------------------------------------------- */

/* the runtime's dependence flags (bob_dep_t) */
enum { DEP_IN = 1, DEP_INOUT = 3, DEP_MTX = 4, DEP_SET = 8, DEP_ALL = 0x80 };
/* the kinds in a depobj (gcc's GOMP_DEPEND_*) */
enum { GOMP_IN = 1, GOMP_OUT = 2, GOMP_INOUT = 3, GOMP_MTX = 4, GOMP_INOUTSET = 5 };

static size_t depend_count(void **depend)
{
    return (uintptr_t)(depend[0] ? depend[0] : depend[1]);
}

static bob_dep_t dep_of(void *addr, uint8_t flags)
{
    if (!addr && (flags & 2)) /* omp_all_memory */
        flags = DEP_ALL;
    return (bob_dep_t){(intptr_t)addr, 0, flags};
}

static uint8_t depobj_flags(uintptr_t kind)
{
    switch (kind) {
    case GOMP_IN: return DEP_IN;
    case GOMP_OUT:
    case GOMP_INOUT: return DEP_INOUT;
    case GOMP_MTX: return DEP_MTX;
    case GOMP_INOUTSET: return DEP_SET;
    default: bob_fatal("unknown omp_depend_t dependence type %lu", (unsigned long)kind);
    }
}

/* Fills deps[depend_count(depend)] from gcc's array. */
static void decode_depend(void **depend, bob_dep_t *deps)
{
    size_t n = depend_count(depend);
    if (depend[0]) {
        size_t nout = (uintptr_t)depend[1];
        for (size_t i = 0; i < n; i++)
            deps[i] = dep_of(depend[2 + i], i < nout ? DEP_INOUT : DEP_IN);
        return;
    }
    size_t nout = (uintptr_t)depend[2], nmtx = (uintptr_t)depend[3];
    size_t normal = nout + nmtx + (uintptr_t)depend[4];
    for (size_t i = 0; i < n; i++) {
        void **d = depend[5 + i];
        if (i >= normal)
            deps[i] = bob_gomp_depobj(d);
        else
            deps[i] = dep_of(d, i < nout ? DEP_INOUT : i < nout + nmtx ? DEP_MTX : DEP_IN);
    }
}

bob_dep_t bob_gomp_depobj(const void *depobj)
{
    void *const *d = depobj;
    return dep_of(d[0], depobj_flags((uintptr_t)d[1]));
}

void bob_gomp_taskwait_depend(bob_thread_t *self, void **depend)
{
    size_t n = depend_count(depend);
    bob_dep_t deps[n ? n : 1];
    decode_depend(depend, deps);
    bob_deps_wait(self, (int)n, deps);
}

/* ---- tasks ------------------------------------------------------------------------ */

static int32_t task_flags(const bob_gomp_task_t *spec)
{
    int32_t flags = 0;
    if (!(spec->flags & BOB_GOMP_TASK_UNTIED))
        flags |= BOB_TASK_TIED;
    if (spec->flags & BOB_GOMP_TASK_FINAL)
        flags |= BOB_TASK_FINAL;
    if (spec->flags & BOB_GOMP_TASK_DETACH)
        flags |= BOB_TASK_DETACHABLE;
    if (spec->priority > 0)
        flags |= BOB_TASK_PRIORITY;
    return flags;
}

static size_t arg_align(const bob_gomp_task_t *spec)
{
    return spec->arg_align > 1 ? (size_t)spec->arg_align : 1;
}

static void *align_up(void *p, size_t align)
{
    return (void *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
}

/* A runtime task to run spec's fn on its own copy of spec's data, made by
 * copy_args. */
static bob_task_t *new_task(bob_thread_t *self, const bob_gomp_task_t *spec)
{
    size_t align = arg_align(spec);
    size_t room = spec->arg_size > 0 ? (size_t)spec->arg_size + align - 1 : 0;
    gomp_kmp_t *g = (gomp_kmp_t *)bob_task_alloc(self, task_flags(spec), sizeof *g, room,
                                                 gomp_entry);
    g->kmp.data2.priority = spec->priority;
    g->fn = spec->fn;
    g->reductions = NULL;
    g->arg = room ? align_up(g->kmp.shareds, align) : NULL;
    return bob_task_of(g);
}

static void *arg_of(bob_task_t *t) { return ((gomp_kmp_t *)&t->kmp)->arg; }

/* The copy runs in the task's context, as the copy constructors of its
 * firstprivate variables belong to the task. */
static void copy_args(bob_thread_t *self, bob_task_t *t, const bob_gomp_task_t *spec)
{
    if (spec->cpyfn) {
        bob_set_self(&t->ctx);
        spec->cpyfn(arg_of(t), spec->data);
        bob_set_self(self);
        t->undiscardable = true; /* fn destroys what cpyfn built */
    } else if (spec->arg_size > 0) {
        memcpy(arg_of(t), spec->data, (size_t)spec->arg_size);
    }
}

/* An undeferred task: runs here, now, once its dependences hold. */
static void run_undeferred(bob_thread_t *self, bob_task_t *t, int ndeps,
                           const bob_dep_t *deps)
{
    if (ndeps)
        bob_deps_wait(self, ndeps, deps);
    bob_task_run_undeferred(self, t);
}

/* Whether a task runs at once, here: with neither dependences nor a
 * detach event, and undeferred or made where tasks run at once (task.c).
 * An untied one too: gcc's is one fn, not clang's parts, and run on its
 * creator's stack, in its creator's seat, it could resume nowhere else
 * when it suspends, so it runs as a tied one (as all of libgomp's do). */
static bool runs_at_once(const bob_thread_t *self, unsigned flags, bool if_clause)
{
    enum { NOT_HERE = BOB_GOMP_TASK_DEPEND | BOB_GOMP_TASK_DETACH };
    return !(flags & NOT_HERE) && (!if_clause || bob_task_at_once(self));
}

static void run_here(bob_thread_t *self, const bob_gomp_task_t *spec)
{
    size_t align = arg_align(spec);
    size_t room = spec->cpyfn ? (size_t)spec->arg_size + align - 1 : 0;
    bob_task_t *t = bob_task_here_begin(self, task_flags(spec), room);
    void *arg = spec->data;
    if (spec->cpyfn) {
        arg = align_up(&t->kmp, align);
        spec->cpyfn(arg, spec->data);
    }
    spec->fn(arg);
    bob_task_here_end(self, t);
}

/* A task made in a cancelled taskgroup or region would be discarded: as libgomp,
 * make none, so that no copy function builds what only fn destroys. One
 * with a detach event is made all the same (and discarded when it would
 * start), since the program holds its event and may fulfill it. */
static bool discarded_at_creation(const bob_thread_t *self, unsigned flags)
{
    return bob_config.cancellation && !(flags & BOB_GOMP_TASK_DETACH) &&
           bob_tasks_cancelled(self);
}

/* A task made as a runtime task. Out of line, so that the dependence
 * array's variable-length frame stays off the path of ran_here's tasks. */
__attribute__((noinline)) static void made_task(bob_thread_t *self,
                                                const bob_gomp_task_t *task,
                                                bool if_clause, void **depend, void **detach)
{
    bob_task_t *t = new_task(self, task);
    if (task->flags & BOB_GOMP_TASK_DETACH) {
        /* gcc also expects the event handle in the first word of the
         * argument block, so it goes there before the copy. */
        *detach = (void *)(uintptr_t)bob_task_event_handle(t);
        if (task->data)
            *(void **)task->data = *detach;
    }
    copy_args(self, t, task);
    size_t n = task->flags & BOB_GOMP_TASK_DEPEND ? depend_count(depend) : 0;
    bob_dep_t deps[n ? n : 1];
    if (n)
        decode_depend(depend, deps);
    if (if_clause)
        bob_task_submit_deps(self, t, (int)n, deps);
    else
        run_undeferred(self, t, (int)n, deps);
}

/* Every task but those bob_gomp_task elides at once. */
static __attribute__((noinline)) void any_task(const bob_gomp_task_t *task, bool if_clause,
                                               void **depend, void **detach)
{
    /* In an elided task its creator's context stands in for the task's
     * until the task needs one (task.c): a task it makes that runs at once
     * elided needs none, as that task's would be a copy of a copy. */
    bob_thread_t *self = bob_self_read();
    unsigned flags = task->flags;
    if (discarded_at_creation(self, flags))
        return;
    bool at_once = runs_at_once(self, flags, if_clause);
    if (at_once && !task->cpyfn && !(flags & BOB_GOMP_TASK_FINAL) && !bob_ompt_on &&
        self == bt_self_arg()) {
        bob_task_run_elided(self, task->fn, task->data);
        return;
    }
    bob_gomp_task_t made = *task;
    if (!(flags & BOB_GOMP_TASK_PRIORITY))
        made.priority = 0;
    self = bob_self();
    if (at_once)
        run_here(self, &made);
    else
        made_task(self, &made, if_clause, depend, detach);
}

/* A task that runs at once completes here (task.c), and nothing else sees
 * the compiler's argument block while it runs: fn takes the block itself,
 * as in libgomp, unless a copy function makes the task's own copy.
 * Without one (nor a final clause) the task is elided (task.c): it gets a
 * context only if its body asks for one. Throttled tasks are mostly such,
 * so their path is the shortest, inline here: no runtime task around fn,
 * and nothing that any other task needs (a thread that is not yet a
 * unit's context, cancellation), which would keep the arguments across
 * calls, and cost this path the registers that hold them. */
void bob_gomp_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                   long arg_size, long arg_align, bool if_clause, unsigned flags,
                   void **depend, int priority, void **detach)
{
    enum { NOT_ELIDED = BOB_GOMP_TASK_DEPEND | BOB_GOMP_TASK_DETACH | BOB_GOMP_TASK_FINAL };
    bob_thread_t *self = bt_self_arg();
    if (__builtin_expect(self && !cpyfn && !(flags & NOT_ELIDED) && !bob_config.cancellation &&
                             !bob_ompt_on && (!if_clause || bob_task_at_once(self)),
                         1)) {
        bob_task_run_elided(self, fn, data);
        return;
    }
    const bob_gomp_task_t task = {fn, data, cpyfn, arg_size, arg_align, flags, priority};
    any_task(&task, if_clause, depend, detach);
}

/* An elided task (task_elide.c) has no child to wait for: each task it
 * made ran at once, elided, since any other would have given it a context
 * first (bob_self). So its taskwait needs none either. */
void bob_gomp_taskwait(void)
{
    if (bt_self_flag() && bt_self_arg())
        return;
    bob_taskwait(bob_self());
}

/* ---- taskloop ------------------------------------------------------------------- */

/* Iterations of start..end (exclusive) by step; 0 if none. */
static uint64_t trip_count(int64_t start, int64_t end, int64_t step, bool up,
                           bool is_unsigned)
{
    bool empty = is_unsigned ? (up ? (uint64_t)start >= (uint64_t)end
                                   : (uint64_t)start <= (uint64_t)end)
                             : (up ? start >= end : start <= end);
    if (empty)
        return 0;
    uint64_t span = up ? (uint64_t)end - (uint64_t)start : (uint64_t)start - (uint64_t)end;
    uint64_t by = up ? (uint64_t)step : 0 - (uint64_t)step;
    return span / by + (span % by != 0);
}

/* A chunk's task: spec's fn on its own copy of the argument block, which
 * starts with the chunk's bounds (lo, hi exclusive), and with the
 * taskloop's reduction clauses, if any. */
static bob_task_t *chunk_task(bob_thread_t *self, const bob_gomp_task_t *spec,
                              uintptr_t *reductions, uint64_t lo, uint64_t hi)
{
    bob_task_t *t = new_task(self, spec);
    ((gomp_kmp_t *)&t->kmp)->reductions = reductions;
    copy_args(self, t, spec);
    uint64_t *bounds = arg_of(t);
    bounds[0] = lo;
    bounds[1] = hi;
    return t;
}

/* Ends a run of chunks run at once, before anything else runs as self. */
static void end_run(bob_thread_t *self, bob_task_t **here)
{
    if (*here)
        bob_task_here_end(self, *here);
    *here = NULL;
}

/* The next chunk's bounds, lo and hi (exclusive), as gcc's body takes them. */
static bool next_bounds(bob_chunks_t *c, int64_t start, int64_t step, uint64_t *lo,
                        uint64_t *hi)
{
    uint64_t first, count;
    if (!bob_chunks_next(c, &first, &count))
        return false;
    *lo = (uint64_t)start + first * (uint64_t)step;
    *hi = (uint64_t)start + (first + count) * (uint64_t)step;
    return true;
}

/* A taskloop's argument block, copied inline while it is a few words, as
 * gcc's blocks are (the two bounds, then pointers to what is shared): a
 * call to memcpy costs as much as a short chunk's body. */
static inline __attribute__((always_inline)) void
copy_args_inline(uint64_t *restrict dst, const uint64_t *restrict src, size_t bytes)
{
    if (bytes < 2 * 8 || bytes > 8 * 8 || bytes % 8) {
        memcpy(dst, src, bytes);
        return;
    }
    switch (bytes / 8) { /* the compiler would make a loop a call to memcpy */
    case 8: dst[7] = src[7]; /* fall through */
    case 7: dst[6] = src[6]; /* fall through */
    case 6: dst[5] = src[5]; /* fall through */
    case 5: dst[4] = src[4]; /* fall through */
    case 4: dst[3] = src[3]; /* fall through */
    case 3: dst[2] = src[2]; /* fall through */
    default: dst[1] = src[1]; dst[0] = src[0];
    }
}

/* A chunk's argument block up to this size may live in run_chunks' frame. */
enum { FRAME_ARGS = 256 };

/* n chunks run elided (task.c, bob_task_elide_begin), each with its copy
 * of the argument block in the frame, the unit's flag set once for the
 * run. Here a chunk of one or two iterations costs about as much as
 * its body, so the loop keeps the plan in registers, where bob_chunks_next
 * would load and store it around every opaque call to fn, and each chunk
 * starts where the one before ended (one multiplication). Inlined with
 * `bytes` constant, copy_args_inline is as many moves as the block has
 * words after the bounds, with no choice made per chunk. The chunks cover
 * the iterations exactly (taskloop.c), only a strict grainsize's last one
 * is cut at trip. */
static inline __attribute__((always_inline)) void
run_elided_sized(bob_thread_t *self, const bob_gomp_task_t *spec, bob_chunks_t *c, uint64_t n,
                 int64_t start, int64_t step, bool may_skip, size_t bytes)
{
    _Alignas(64) uint64_t frame_args[FRAME_ARGS / 8];
    const uint64_t *src = spec->data;
    void (*fn)(void *) = spec->fn;
    const uint64_t trip = c->trip, base = c->base, extra = c->extra;
    uint64_t k = c->k, first = c->first;
    uint64_t end_k = n < c->ntasks - k ? k + n : c->ntasks;
    uint64_t lo = (uint64_t)start + first * (uint64_t)step;
    for (; k < end_k && first < trip; k++) {
        uint64_t next = first + base + (k < extra);
        if (next > trip)
            next = trip;
        uint64_t hi = (uint64_t)start + next * (uint64_t)step;
        if (!may_skip || !bob_tasks_cancelled(self)) {
            copy_args_inline(frame_args, src, bytes);
            frame_args[0] = lo;
            frame_args[1] = hi;
            fn(frame_args);
            bob_task_elide_next(self);
        }
        first = next;
        lo = hi;
    }
    c->k = k;
    c->first = first;
}

static void run_elided(bob_thread_t *self, const bob_gomp_task_t *spec, bob_chunks_t *c,
                       uint64_t n, int64_t start, int64_t step, bool may_skip)
{
    size_t bytes = (size_t)spec->arg_size;
    switch (bytes) { /* gcc's blocks: the bounds, then a few pointers */
    case 16: run_elided_sized(self, spec, c, n, start, step, may_skip, 16); break;
    case 24: run_elided_sized(self, spec, c, n, start, step, may_skip, 24); break;
    case 32: run_elided_sized(self, spec, c, n, start, step, may_skip, 32); break;
    case 40: run_elided_sized(self, spec, c, n, start, step, may_skip, 40); break;
    case 48: run_elided_sized(self, spec, c, n, start, step, may_skip, 48); break;
    default: run_elided_sized(self, spec, c, n, start, step, may_skip, bytes);
    }
}

/* n chunks that run at once (taskloop.c says when). A tied one with
 * neither a copy function, nor reductions, nor a final clause runs elided
 * (run_elided): as bob_gomp_task's elided tasks, it costs a context only if
 * its body asks for one. Another tied one completes here (task.c) with its
 * copy in the room of a task that is mostly the creator's spare; here, if
 * not NULL, is the task the previous chunk ran as, which the next one runs
 * as again (bob_task_here_again), so that a run of chunks pays for one
 * task. Returns the task the next chunk may run as, or NULL. An untied
 * chunk is made and run as any task run at once. In a cancelled group or
 * region a chunk is not run, as libgomp runs none, unless a copy function
 * built what only fn destroys. */
static bob_task_t *run_chunks(bob_thread_t *self, const bob_gomp_task_t *spec,
                              uintptr_t *reductions, bob_chunks_t *c, uint64_t n,
                              int64_t start, int64_t step, bob_task_t *here)
{
    bool untied = spec->flags & BOB_GOMP_TASK_UNTIED;
    bool may_skip = !untied && bob_config.cancellation && !spec->cpyfn;
    size_t align = arg_align(spec);
    bob_elision_t e;
    /* not on a work unit, or a tool looks: each a task of its own */
    if (!untied && !spec->cpyfn && !reductions && !(spec->flags & BOB_GOMP_TASK_FINAL) &&
        align <= 64 && (size_t)spec->arg_size <= FRAME_ARGS && !here &&
        bob_task_elide_begin(self, &e)) {
        run_elided(self, spec, c, n, start, step, may_skip);
        bob_task_elide_end(&e);
        return NULL;
    }
    for (uint64_t lo, hi; n-- && next_bounds(c, start, step, &lo, &hi);) {
        if (untied) {
            bob_task_run_now(self, chunk_task(self, spec, reductions, lo, hi));
            continue;
        }
        if (may_skip && bob_tasks_cancelled(self))
            continue;
        if (!here)
            here = bob_task_here_begin(self, task_flags(spec), (size_t)spec->arg_size + align - 1);
        uint64_t *arg = align_up(&here->kmp, align);
        if (spec->cpyfn)
            spec->cpyfn(arg, spec->data);
        else
            copy_args_inline(arg, spec->data, (size_t)spec->arg_size);
        arg[0] = lo;
        arg[1] = hi;
        if (reductions)
            bob_gomp_task_reduction_bind(&here->ctx, reductions);
        spec->fn(arg);
        if (!bob_task_here_again(self, here)) {
            bob_task_here_end(self, here);
            here = NULL;
        }
    }
    return here;
}

/* A taskloop of many chunks makes no task of each: a queued task costs
 * its producer and its thief more than a short chunk takes to run, and
 * libgomp runs a large batch on the encountering thread. Here the team's
 * other threads help instead: the encountering thread queues one helper
 * task per other thread, and each helper, as the encountering thread
 * itself, claims runs of the chunks left (bob_chunks_claim, which bounds a
 * run by time, so that long chunks are shared as well as short ones) and
 * runs every chunk at once as a task of its own, as run_chunks does. A
 * chunk a helper runs has the helper for its creator: a task of the same
 * taskgroup, with the same ICVs, on the thread that runs the helper, so
 * the chunk sees what it would had that thread taken its own task from
 * the queue. A helper that starts once every chunk is claimed returns at
 * once. Only under the taskloop's taskgroup, which keeps the encountering
 * thread's frame (spec, its data, the record) until the helpers are done,
 * for tied chunks (an untied one could go on in another seat than its
 * helper's), and without a tool, which would see the helpers as tasks the
 * program did not make. */
typedef struct chunk_share {
    bob_chunks_claim_t claim;
    bob_chunks_t plan;
    const bob_gomp_task_t *spec;
    uintptr_t *reductions;
    int64_t start, step;
} chunk_share_t;

/* Fewer chunks left than this go as the feed says (taskloop.c): helpers
 * would cost more than they could take. */
enum { SHARE_MIN = 256 };

static bool may_share(const bob_thread_t *self, const bob_gomp_task_t *spec, bool group,
                      const bob_chunks_t *c)
{
    return group && !(spec->flags & BOB_GOMP_TASK_UNTIED) &&
           self->team->nthreads > 1 && !self->final && !bob_ompt_on &&
           !bt_self_is_tasklet() && c->ntasks - c->k >= SHARE_MIN;
}

static bob_task_t *run_claimed(bob_thread_t *self, chunk_share_t *s, bob_task_t *here)
{
    bob_claim_pace_t pace = {0};
    for (uint64_t k, end; bob_chunks_claim(&s->claim, &pace, &k, &end);) {
        bob_chunks_t view = s->plan;
        bob_chunks_seek(&view, k);
        here = run_chunks(self, s->spec, s->reductions, &view, end - k, s->start, s->step,
                          here);
    }
    return here;
}

static int32_t helper_entry(int32_t gtid, void *kmp)
{
    (void)gtid;
    chunk_share_t *s = *(chunk_share_t **)((bob_kmp_task_t *)kmp)->shareds;
    bob_thread_t *self = &bob_task_of(kmp)->ctx;
    bob_task_t *here = run_claimed(self, s, NULL);
    end_run(self, &here);
    return 0;
}

/* The chunks of c left, shared with helpers; c is done when it returns. */
static void share_chunks(bob_thread_t *self, chunk_share_t *s, bob_chunks_t *c)
{
    s->plan = *c;
    int helpers = self->team->nthreads - 1;
    bob_chunks_claim_init(&s->claim, c, helpers + 1);
    int32_t flags = BOB_TASK_TIED | (s->spec->priority > 0 ? BOB_TASK_PRIORITY : 0);
    bob_task_account_many(self, (uint32_t)helpers);
    for (int i = 0; i < helpers; i++) {
        bob_kmp_task_t *kmp = bob_task_alloc(self, flags, sizeof *kmp, sizeof s, helper_entry);
        kmp->data2.priority = s->spec->priority;
        *(chunk_share_t **)kmp->shareds = s;
        bob_task_queue_counted(self, bob_task_of(kmp));
    }
    bob_task_t *here = run_claimed(self, s, NULL);
    end_run(self, &here);
    bob_chunks_seek(c, c->ntasks);
}

void bob_gomp_taskloop(bob_thread_t *self, const bob_gomp_task_t *task, uint64_t size,
                       int64_t start, int64_t end, int64_t step, bool is_unsigned)
{
    unsigned flags = task->flags;
    bool up = is_unsigned ? (flags & BOB_GOMP_TASK_UP) != 0 : step > 0;
    uint64_t trip = trip_count(start, end, step, up, is_unsigned);
    bool group = !(flags & BOB_GOMP_TASK_NOGROUP);
    /* reduction clauses: the argument block starts {start, end, reductions} */
    bool reduction = group && (flags & BOB_GOMP_TASK_REDUCTION);
    if (trip == 0) {
        if (reduction) /* tells the compiled code nothing was registered */
            ((uintptr_t **)task->data)[2][2] = 0;
        return;
    }
    int sched = flags & BOB_GOMP_TASK_GRAINSIZE ? BOB_TASKLOOP_GRAINSIZE
                : size                           ? BOB_TASKLOOP_NUM_TASKS
                                                 : BOB_TASKLOOP_DEFAULT;
    BOB_OMPT(bob_ompt_taskloop(self, ompt_scope_begin, trip));
    bob_chunks_t chunks;
    bob_chunks_init(&chunks, self, trip, sched, size, (flags & BOB_GOMP_TASK_STRICT) != 0);
    if (group)
        bob_taskgroup_begin(self);
    uintptr_t *reductions = reduction ? ((uintptr_t **)task->data)[2] : NULL;
    if (reduction)
        bob_gomp_taskgroup_reduction_register(self, reductions);
    bob_feed_t feed;
    bob_feed_init(&feed, self, group);
    bob_task_t *here = NULL;
    if (!(flags & BOB_GOMP_TASK_IF)) { /* each chunk is undeferred, run here in order */
        for (uint64_t lo, hi; next_bounds(&chunks, start, step, &lo, &hi);)
            run_undeferred(self, chunk_task(self, task, reductions, lo, hi), 0, NULL);
    }
    chunk_share_t share = {.spec = task, .reductions = reductions, .start = start,
                           .step = step};
    for (bool queued; !bob_chunks_done(&chunks);) {
        if (may_share(self, task, group, &chunks)) {
            end_run(self, &here);
            share_chunks(self, &share, &chunks);
            break;
        }
        uint64_t n = bob_taskloop_plan(self, &feed, &chunks, &queued);
        if (!queued) {
            here = run_chunks(self, task, reductions, &chunks, n, start, step, here);
            continue;
        }
        end_run(self, &here);
        for (uint64_t lo, hi; n-- && next_bounds(&chunks, start, step, &lo, &hi);)
            bob_task_queue_counted(self, chunk_task(self, task, reductions, lo, hi));
    }
    end_run(self, &here);
    if (group)
        bob_taskgroup_end(self);
    BOB_OMPT(bob_ompt_taskloop(self, ompt_scope_end, trip));
}
