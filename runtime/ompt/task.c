/* This file reports explicit tasks: task_create and task_schedule. A
 * task's OMPT record is made when it is created and freed with its memory,
 * so that its descendants can name it (ompt_get_task_info) as long as they
 * live. */
#include "ompt/ompt.h"

#include "task.h"

#include <stdlib.h>

static bob_ompt_task_t *record(bob_thread_t *creator, bob_task_t *t)
{
    bob_ompt_task_t *r = calloc(1, sizeof *r);
    if (!r)
        bob_fatal("out of memory for the OMPT record of a task");
    r->thread = bob_ompt_thread(creator);
    r->flags = ompt_task_explicit;
    if (!(t->flags & BOB_TASK_TIED))
        r->flags |= ompt_task_untied;
    if (t->ctx.final)
        r->flags |= ompt_task_final;
    t->ctx.ompt = r;
    return r;
}

void bob_ompt_task_create(bob_thread_t *self, bob_task_t *t, bool undeferred, bool has_deps)
{
    bob_ompt_task_t *r = t->ctx.ompt ? t->ctx.ompt : record(self, t);
    if (undeferred)
        r->flags |= ompt_task_undeferred;
    bool entered = self->ompt && !self->ompt->frame.enter_frame.ptr;
    bob_ompt_enter(self);
    const void *ra = bob_ompt_take_ra();
    bob_ompt_task_t *creator = self->ompt;
    if (creator && creator->taskloop_ra) /* one of its taskloop's tasks */
        ra = creator->taskloop_ra;
    if (creator && creator->taskloop_lb_at)
        r->chunk = bob_ompt_chunk_of(*(int64_t *)((char *)t + creator->taskloop_lb_at),
                                     *(int64_t *)((char *)t + creator->taskloop_ub_at),
                                     creator->taskloop_step);
    if (BOB_OMPT_CB(task_create, task_create))
        BOB_OMPT_CB(task_create, task_create)(bob_ompt_task_data(self),
                                              bob_ompt_frame(self), &r->data, r->flags,
                                              has_deps, ra);
    /* An undeferred task runs within the construct: its creator stays in
     * the runtime, its enter frame set, until the task ends. */
    r->creator_entered = entered && undeferred;
    if (entered && !undeferred)
        bob_ompt_leave(self);
}

/* Whether a member's implicit task is its OMPT thread's task in progress
 * (not ended, no nested region's on top). */
static bool in_progress(const bob_thread_t *member)
{
    bob_ompt_thread_t *thread = bob_ompt_thread(member);
    return thread && thread->implicit == &member->ompt->data;
}

/* The context a task interrupts, on whose OMPT thread it runs (libomp's
 * scheduling parent: a task is reported on the thread that runs it):
 * prior when it runs in place; else the member of the thread number it
 * runs as (its seat, lent by a member that waits, at the region's end too:
 * with a tool, a member's implicit task lasts until the team's tasks are
 * done, ompt/thread.c), or thread 0 where that member's implicit task is
 * not its thread's task in progress (it is in a nested region of its
 * own): thread 0's lasts until the join, even while thread 0 is in a
 * nested region of its own. NULL outside any team. */
static bob_thread_t *host_of(const bob_task_t *t, bob_thread_t *prior)
{
    if (prior)
        return prior->ompt ? prior : NULL;
    bob_team_t *team = t->ctx.team;
    if (!team)
        return NULL;
    int tid = t->ctx.tid;
    if (tid >= 0 && tid < team->nthreads && in_progress(&team->threads[tid]))
        return &team->threads[tid];
    return team->threads[0].ompt ? &team->threads[0] : NULL;
}

void bob_ompt_task_start(bob_task_t *t, bob_thread_t *prior, void *exit_fp)
{
    bob_ompt_task_t *r = t->ctx.ompt ? t->ctx.ompt : record(t->parent, t);
    if (exit_fp) {
        bob_ompt_exit_frame(&t->ctx, exit_fp);
    } else if (prior && prior->ompt) { /* below the creator's entry point */
        r->frame.exit_frame = prior->ompt->frame.enter_frame;
        r->frame.exit_frame_flags = prior->ompt->frame.enter_frame_flags;
    }
    bob_thread_t *host = host_of(t, prior);
    r->interrupted = host;
    if (host)
        r->thread = host->ompt->thread;
    r->resume = host ? &host->ompt->data : r->thread ? r->thread->implicit : NULL;
    bool yielded = r->thread && atomic_exchange_explicit(&r->thread->yielded, false,
                                                         memory_order_relaxed);
    if (BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(
            r->resume, yielded ? ompt_task_yield : ompt_task_switch, &r->data);
    bob_ompt_chunk_t chunk = r->chunk;
    r->chunk = (bob_ompt_chunk_t){0, 0}; /* an untied task's later parts are no chunk */
    if (chunk.iterations && BOB_OMPT_CB(dispatch, dispatch))
        BOB_OMPT_CB(dispatch, dispatch)(bob_ompt_parallel_data(t->ctx.team), &r->data,
                                        (ompt_dispatch_t)BOB_OMPT_DISPATCH_TASKLOOP_CHUNK,
                                        (ompt_data_t){.ptr = &chunk});
}

void bob_ompt_taskloop_bounds(bob_thread_t *self, size_t lb_at, size_t ub_at, int64_t incr)
{
    if (self->ompt) {
        self->ompt->taskloop_lb_at = lb_at;
        self->ompt->taskloop_ub_at = ub_at;
        self->ompt->taskloop_step = incr;
    }
}

void bob_ompt_yield(bob_thread_t *self, bool begins)
{
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (thread)
        atomic_store_explicit(&thread->yielded, begins, memory_order_relaxed);
}

/* A task that ends (or is discarded) while its taskgroup is cancelled
 * ends with status cancel, as libomp 19 reports it: the task that
 * cancelled it too. */
static bool group_cancelled(const bob_task_t *t)
{
    const bob_taskgroup_t *tg = t->ctx.taskgroup;
    return bob_config.cancellation && tg && atomic_load_explicit(&tg->cancelled, memory_order_relaxed);
}

void bob_ompt_task_end(bob_task_t *t, ompt_task_status_t status)
{
    bob_ompt_task_t *r = t->ctx.ompt;
    if ((status == ompt_task_complete || status == ompt_task_detach) && group_cancelled(t))
        status = ompt_task_cancel;
    if (r && BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(&r->data, status, r->resume);
    if (r && r->creator_entered) {
        r->creator_entered = false;
        bob_ompt_leave(t->parent);
    }
}

/* On the thread that fulfils the event (in a signal handler, perhaps), as
 * libomp reports it; the task has no next task there. */
void bob_ompt_task_fulfilled(bob_task_t *t, bool late)
{
    bob_ompt_task_t *r = t->ctx.ompt;
    if (r && BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(&r->data, late ? ompt_task_late_fulfill
                                                                 : ompt_task_early_fulfill,
                                                  NULL);
}

void bob_ompt_task_free(bob_task_t *t)
{
    free(t->ctx.ompt);
    t->ctx.ompt = NULL;
}

/* OpenMP 5.2's type of omp_all_memory (LLVM 19's omp-tools.h), which the
 * header we build with (LLVM 14's) lacks; libomp 19 reports it whichever
 * header its tool was built with. */
enum { OUT_ALL_MEMORY = 34 };

/* The dependence type of dep; omp_all_memory is flag 0x80 or, in LLVM's
 * other spelling, the address -1. */
static ompt_dependence_type_t type_of(const bob_dep_t *dep)
{
    if ((dep->flags & 0x80) || dep->addr == -1)
        return (ompt_dependence_type_t)OUT_ALL_MEMORY;
    if (dep->flags & 4)
        return ompt_dependence_type_mutexinoutset;
    if (dep->flags & 8)
        return ompt_dependence_type_inoutset;
    return (dep->flags & 3) == 3 ? ompt_dependence_type_inout
           : dep->flags & 2      ? ompt_dependence_type_out
                                 : ompt_dependence_type_in;
}

static void report_dependences(ompt_data_t *task, int n, const bob_dep_t *deps)
{
    if (!BOB_OMPT_CB(dependences, dependences))
        return;
    ompt_dependence_t *list = calloc((size_t)n, sizeof *list);
    if (!list)
        bob_fatal("out of memory for the OMPT list of %d dependences", n);
    for (int i = 0; i < n; i++) {
        list[i].variable.ptr = (void *)deps[i].addr;
        list[i].dependence_type = type_of(&deps[i]);
    }
    BOB_OMPT_CB(dependences, dependences)(task, list, n);
    free(list);
}

void bob_ompt_dependences(bob_task_t *t, int n, const bob_dep_t *deps)
{
    if (t->ctx.ompt)
        report_dependences(&t->ctx.ompt->data, n, deps);
}

void bob_ompt_doacross(bob_thread_t *self, int n, const uint64_t *iters, bool source)
{
    if (!BOB_OMPT_CB(dependences, dependences))
        return;
    ompt_dependence_t list[n];
    for (int i = 0; i < n; i++) {
        list[i].variable.value = iters[i];
        list[i].dependence_type = source ? ompt_dependence_type_source : ompt_dependence_type_sink;
    }
    BOB_OMPT_CB(dependences, dependences)(bob_ompt_task_data(self), list, n);
}

/* The return address stays for the undeferred task made next by the same
 * entry point (gcc's GOMP_task), as libomp's gcc interface names it too. */
bool bob_ompt_deps_wait_begin(bob_thread_t *self, ompt_data_t *data, int n,
                              const bob_dep_t *deps)
{
    bool entered = self->ompt && !self->ompt->frame.enter_frame.ptr;
    bob_ompt_enter(self);
    if (BOB_OMPT_CB(task_create, task_create))
        BOB_OMPT_CB(task_create, task_create)(
            bob_ompt_task_data(self), bob_ompt_frame(self), data,
            ompt_task_taskwait | ompt_task_undeferred | ompt_task_mergeable, 1, bob_ompt_ra);
    report_dependences(data, n, deps);
    return entered;
}

void bob_ompt_deps_wait_end(bob_thread_t *self, ompt_data_t *data, bool entered)
{
    if (BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(data, ompt_taskwait_complete, NULL);
    if (entered)
        bob_ompt_leave(self);
}

void bob_ompt_task_dependence(bob_task_t *from, bob_task_t *to)
{
    if (from && to && from->ctx.ompt && to->ctx.ompt &&
        BOB_OMPT_CB(task_dependence, task_dependence))
        BOB_OMPT_CB(task_dependence, task_dependence)(&from->ctx.ompt->data, &to->ctx.ompt->data);
}
