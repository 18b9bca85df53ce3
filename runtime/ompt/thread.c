/* This file reports OMPT threads, parallel regions and implicit tasks:
 * thread_begin/end, parallel_begin/end, implicit_task and the implicit
 * barrier that ends a region (see ompt.h for what an OMPT thread is).
 *
 * A team's OMPT record (parallel data and one implicit task per member)
 * is made when the region begins and freed when it ends, by thread 0,
 * after the join: every member has reported its end by then. */
#include "ompt/ompt.h"

#include <stdlib.h>

/* The program's initial thread, which ends at exit. */
static bob_thread_t *program_thread;

static bob_ompt_team_t *team_record(bob_team_t *team, int flags)
{
    bob_ompt_team_t *r = calloc(1, sizeof *r + (size_t)team->nthreads * sizeof r->members[0]);
    if (!r)
        bob_fatal("out of memory for the OMPT record of a team of %d", team->nthreads);
    r->flags = flags;
    team->ompt = r;
    for (int i = 0; i < team->nthreads; i++) {
        bob_ompt_task_t *m = &r->members[i];
        m->flags = ompt_task_implicit | ompt_task_undeferred;
        m->thread = &m->own;
        m->own.state = ompt_state_work_parallel;
        team->threads[i].ompt = m;
    }
    return r;
}

static void team_record_free(bob_team_t *team)
{
    for (int i = 0; i < team->nthreads; i++)
        team->threads[i].ompt = NULL;
    free(team->ompt);
    team->ompt = NULL;
}

ompt_data_t *bob_ompt_parallel_data(const bob_team_t *team)
{
    return team && team->ompt ? &team->ompt->parallel : NULL;
}

/* The idle workers (ompt.h), the last to go idle first: a region's
 * members take those of the region before, as libomp's hot team keeps
 * its threads. */
static bob_ompt_thread_t *idle_workers;
static uint32_t idle_lock;

/* A worker for a member to begin as: an idle one, or a new one (fresh),
 * which begins once the member runs as it. */
static bob_ompt_thread_t *worker_take(bool *fresh)
{
    bob_spin_acquire(&idle_lock);
    bob_ompt_thread_t *w = idle_workers;
    if (w)
        idle_workers = w->idle_next;
    bob_spin_release(&idle_lock);
    *fresh = !w;
    if (w)
        return w;
    w = calloc(1, sizeof *w);
    if (!w)
        bob_fatal("out of memory for the OMPT record of a worker thread");
    return w;
}

static void worker_idle(bob_ompt_thread_t *w)
{
    w->state = ompt_state_idle;
    bob_spin_acquire(&idle_lock);
    w->idle_next = idle_workers;
    idle_workers = w;
    bob_spin_release(&idle_lock);
}

/* The idle workers end, reported by the thread that ends the tool, in
 * each one's name, as libomp's workers report their end as the runtime
 * ends them: its inquiries (ompt_get_thread_data) answer for the worker
 * meanwhile, whether or not it is an OMPT thread itself (the program's
 * initial thread may have made no OpenMP call). A worker still running a
 * member (the program exits in a region) does not end. */
static bob_ompt_thread_t *ending;
static const bob_thread_t *ending_by;

static void workers_end(const bob_thread_t *self)
{
    bob_spin_acquire(&idle_lock);
    bob_ompt_thread_t *w = idle_workers;
    idle_workers = NULL;
    bob_spin_release(&idle_lock);
    ending_by = self;
    for (bob_ompt_thread_t *next; w; w = next) {
        next = w->idle_next;
        ending = w;
        if (BOB_OMPT_CB(thread_end, thread_end))
            BOB_OMPT_CB(thread_end, thread_end)(&w->data);
        free(w);
    }
    ending = NULL;
}

bob_ompt_thread_t *bob_ompt_thread(const bob_thread_t *ctx)
{
    if (ending && ctx == ending_by)
        return ending;
    return ctx && ctx->ompt ? ctx->ompt->thread : NULL;
}

void bob_ompt_initial_begin(bob_thread_t *t)
{
    bob_ompt_team_t *r = team_record(t->team, 0);
    bob_ompt_task_t *task = &r->members[0];
    task->flags = ompt_task_initial;
    task->own.state = ompt_state_work_serial;
    task->own.implicit = &task->data;
    if (t->team->cgroup->main)
        program_thread = t;
    if (BOB_OMPT_CB(thread_begin, thread_begin))
        BOB_OMPT_CB(thread_begin, thread_begin)(ompt_thread_initial, &task->own.data);
    if (BOB_OMPT_CB(implicit_task, implicit_task))
        BOB_OMPT_CB(implicit_task, implicit_task)(ompt_scope_begin, &r->parallel, &task->data,
                                                  1, 1, ompt_task_initial);
}

void bob_ompt_initial_end(bob_thread_t *t)
{
    bob_ompt_task_t *task = t->ompt;
    if (!task)
        return;
    if (BOB_OMPT_CB(implicit_task, implicit_task))
        BOB_OMPT_CB(implicit_task, implicit_task)(ompt_scope_end, &t->team->ompt->parallel,
                                                  &task->data, 0, 1, ompt_task_initial);
    if (BOB_OMPT_CB(thread_end, thread_end))
        BOB_OMPT_CB(thread_end, thread_end)(&task->own.data);
    team_record_free(t->team);
}

/* The program's initial thread ends here only if it is the one calling
 * exit: the first OpenMP call may have come from an application thread
 * (which became ES 0's), and a tool must see a thread end on itself. */
void bob_ompt_fini(void)
{
    static _Atomic bool done;
    if (atomic_exchange(&done, true))
        return;
    if (bob_ompt_on)
        workers_end(bob_self_peek());
    if (program_thread && bob_ompt_on && bob_self_peek() == program_thread)
        bob_ompt_initial_end(program_thread);
    bob_ompt_tool_finalize();
}

/* What an event names for a context without a record. */
static ompt_frame_t no_frame;

const ompt_frame_t *bob_ompt_frame(const bob_thread_t *ctx)
{
    return ctx && ctx->ompt ? &ctx->ompt->frame : &no_frame;
}

void bob_ompt_enter(bob_thread_t *ctx)
{
    void *cfa = bob_ompt_cfa, *fp = bob_ompt_caller_fp;
    if (!ctx || !ctx->ompt || ctx->ompt->frame.enter_frame.ptr || !cfa)
        return;
    ctx->ompt->frame.enter_frame.ptr = fp ? fp : cfa;
    ctx->ompt->frame.enter_frame_flags =
        fp ? ompt_frame_application | ompt_frame_framepointer : BOB_OMPT_FRAME_FLAGS;
}

void bob_ompt_leave(bob_thread_t *ctx)
{
    if (ctx && ctx->ompt) {
        ctx->ompt->frame.enter_frame.ptr = NULL;
        ctx->ompt->frame.enter_frame_flags = 0;
    }
}

static void region_begin(bob_thread_t *self, bob_team_t *team, int requested, int flags)
{
    bob_ompt_team_t *r = team_record(team, flags | ompt_parallel_invoker_runtime);
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (thread)
        r->members[0].thread = thread;
    bob_ompt_enter(self);
    r->ra = bob_ompt_take_ra();
    if (BOB_OMPT_CB(parallel_begin, parallel_begin))
        BOB_OMPT_CB(parallel_begin, parallel_begin)(bob_ompt_task_data(self), bob_ompt_frame(self),
                                                    &r->parallel, (unsigned)requested,
                                                    r->flags, r->ra);
}

void bob_ompt_parallel_begin(bob_thread_t *self, bob_team_t *team, int requested)
{
    region_begin(self, team, requested, ompt_parallel_team);
}

void bob_ompt_league_begin(bob_thread_t *self, bob_team_t *league)
{
    region_begin(self, league, league->nthreads, ompt_parallel_league);
    for (int i = 0; i < league->nthreads; i++)
        league->ompt->members[i].flags = ompt_task_initial;
}

void bob_ompt_parallel_end(bob_thread_t *self, bob_team_t *team)
{
    bob_ompt_team_t *r = team->ompt;
    if (!r)
        return;
    if (BOB_OMPT_CB(parallel_end, parallel_end))
        BOB_OMPT_CB(parallel_end, parallel_end)(&r->parallel, bob_ompt_task_data(self), r->flags, r->ra);
    team_record_free(team);
    bob_ompt_leave(self);
}

/* An implicit task is undeferred in ompt_get_task_info's flags, as in
 * libomp 19's; implicit_task names its kind alone. */
static int kind_of(const bob_ompt_task_t *task)
{
    return task->flags & ~ompt_task_undeferred;
}

/* Member tid of team starts its implicit task (task), as a worker unless
 * it is thread 0. */
static void implicit_begin(bob_ompt_task_t *task, bob_team_t *team, int tid)
{
    bool fresh = false;
    if (tid != 0)
        task->thread = worker_take(&fresh);
    bob_ompt_thread_t *thread = task->thread;
    if (fresh && BOB_OMPT_CB(thread_begin, thread_begin))
        BOB_OMPT_CB(thread_begin, thread_begin)(ompt_thread_worker, &thread->data);
    task->saved_implicit = thread->implicit;
    task->saved_state = thread->state;
    thread->implicit = &task->data;
    thread->state = ompt_state_work_parallel;
    if (BOB_OMPT_CB(implicit_task, implicit_task))
        BOB_OMPT_CB(implicit_task, implicit_task)(ompt_scope_begin, &team->ompt->parallel,
                                                  &task->data, (unsigned)team->nthreads,
                                                  (unsigned)tid, kind_of(task));
}

void bob_ompt_serialized_begin(bob_thread_t *self, bob_team_t *team)
{
    void *cfa = bob_ompt_cfa; /* the entry point's, which region_begin takes */
    region_begin(self, team, 1, ompt_parallel_team);
    bob_thread_t *t0 = &team->threads[0];
    implicit_begin(t0->ompt, team, 0);
    t0->ompt->frame.exit_frame.ptr = cfa;
    t0->ompt->frame.exit_frame_flags = BOB_OMPT_FRAME_FLAGS;
}

/* An initial task ends with no parallelism left, as libomp says. */
static void implicit_end(bob_ompt_task_t *task, bob_team_t *team, int tid)
{
    unsigned n = task->flags & ompt_task_initial ? 0 : (unsigned)team->nthreads;
    if (BOB_OMPT_CB(implicit_task, implicit_task))
        BOB_OMPT_CB(implicit_task, implicit_task)(ompt_scope_end, NULL, &task->data, n,
                                                  (unsigned)tid, kind_of(task));
    bob_ompt_thread_t *thread = task->thread;
    thread->implicit = task->saved_implicit;
    thread->state = task->saved_state;
    if (tid != 0) { /* the worker is another member's to take from now on */
        task->thread = &task->own;
        worker_idle(thread);
    }
}

/* An implicit task's body has returned: at the region's implicit barrier
 * it has no frame of its own, as libomp reports it. */
static void body_returned(bob_ompt_task_t *task)
{
    task->frame.exit_frame.ptr = NULL;
    task->frame.exit_frame_flags = 0;
}

void bob_ompt_member_begin(bob_thread_t *t)
{
    if (t->ompt)
        implicit_begin(t->ompt, t->team, t->tid);
}

/* With a tool, the region ends at a barrier of the whole team, as on
 * libomp: a member whose body returned waits there until every member has
 * arrived and the team's tasks are done, running them meanwhile or lending
 * its seat to them, so that a task that runs while the member waits is
 * reported on the member's thread (ompt/task.c), as libomp reports a task
 * run by a worker at the join barrier. Without a tool members end at
 * once, and thread 0's join waits for them and the tasks (team.c). */
void bob_ompt_member_end(bob_thread_t *t)
{
    if (!t->ompt)
        return;
    if (t->tid != 0) { /* it arrives at the implicit barrier, and its unit ends */
        bob_ompt_take_ra(); /* no entry point's: the body has returned */
        body_returned(t->ompt);
        bob_ompt_sync_begin(t, ompt_sync_region_barrier_implicit_parallel, &t->team->nthreads);
        bob_region_end_barrier(t);
        bob_ompt_sync_end(t, ompt_sync_region_barrier_implicit_parallel);
    }
    implicit_end(t->ompt, t->team, t->tid);
}

/* A team of the league: its initial task is the carrier's record; in it,
 * as libomp forks the team's region of one thread, a region of one begins
 * on t's team of one, whose implicit task is t's (the task the construct's
 * body runs in, and the encountering task of the regions it makes), until
 * the team ends. */
void bob_ompt_league_member_begin(bob_thread_t *carrier, bob_thread_t *t)
{
    if (!carrier->ompt)
        return;
    t->ompt = carrier->ompt; /* t runs the initial task until its region begins */
    implicit_begin(carrier->ompt, carrier->team, carrier->tid);
    region_begin(carrier, t->team, 1, ompt_parallel_team);
    implicit_begin(t->ompt, t->team, 0);
}

void bob_ompt_league_member_end(bob_thread_t *carrier, bob_thread_t *t)
{
    if (!carrier->ompt || !t->ompt)
        return;
    implicit_end(t->ompt, t->team, 0);
    bob_ompt_parallel_end(carrier, t->team);
    t->ompt = carrier->ompt;
    implicit_end(carrier->ompt, carrier->team, carrier->tid);
    t->ompt = NULL;
}

void bob_ompt_join_begin(bob_thread_t *t)
{
    if (t->ompt) { /* the barrier is the construct's end, in no entry point */
        bob_ompt_take_ra();
        bob_ompt_ra = t->team->ompt->ra;
        body_returned(t->ompt);
        bob_ompt_sync_begin(t, ompt_sync_region_barrier_implicit_parallel, &t->team->nthreads);
        if (t->team->nthreads > 1)
            bob_region_end_barrier(t);
    }
}

void bob_ompt_join_end(bob_thread_t *t)
{
    if (t->ompt)
        bob_ompt_sync_end(t, ompt_sync_region_barrier_implicit_parallel);
}
