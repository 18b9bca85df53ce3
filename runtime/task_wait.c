/* This file waits for tasks: taskwait, the end of a taskgroup, a barrier's
 * wait for its team's tasks, taskyield, and a producer of dependent tasks
 * that made too many (task.c makes, runs and completes them). */
#include "task.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>

/* A waiter, implicit task or explicit, runs the tasks it waits for that
 * wait on its own ES in place, on its stack (bt_run_ready), where
 * suspending would cost it a switch each way and their completion a
 * wake-up; a tree of tasks that wait for their children so runs depth
 * first on one stack, as it would on a Pthread runtime's thread, and
 * touches seats only where a thief took a subtree. What it runs descends
 * from it, as OpenMP's task scheduling constraint asks, or, at a barrier,
 * belongs to its team. */
int bob_task_child_of(void *task_ctx, void *parent)
{
    return ((bob_thread_t *)task_ctx)->task->parent == parent;
}

static int counted_in(void *task_ctx, void *taskgroup)
{
    return ((bob_thread_t *)task_ctx)->task->taskgroup == taskgroup;
}

static int of_team(void *task_ctx, void *team) { return ((bob_thread_t *)task_ctx)->team == team; }

struct wanted {
    int (*is)(void *task_ctx, void *arg);
    void *arg;
    bob_thread_t *host;
};

/* Whether an untied task may run in place for w: one run in place could
 * not resume in another seat when it suspends, since its host's seat is
 * the one it must end in, so it is left to run as a unit of its own, in a
 * seat of its own (task/untied_migrate.c). But where an explicit task
 * waits for its children at a taskwait, it runs in place as a tied one
 * does: the parent goes on only once it ends anyway; neither libgomp,
 * whose tasks are all tied, nor libomp, whose tasks move only between the
 * parts clang splits an untied one into (a part run in place still ends
 * there), runs it elsewhere once it has suspended; and run as a unit, it
 * would cost the parent a suspension, and, as the parent keeps its TLS
 * block from the units that start meanwhile (seat.c), two switches of the
 * thread pointer, system calls on kernels without FSGSBASE for user code. */
static bool untied_hosted(const struct wanted *w)
{
    return w->is == bob_task_child_of && ((const bob_thread_t *)w->arg)->task;
}

/* A unit bt_run_ready accepts is its own already: it runs here for sure.
 * Not a task that may move to another ES for a reduction chunk, which a
 * unit on another's stack could not, nor most untied ones (above). */
static int hosted(void *task_ctx, void *wanted)
{
    const struct wanted *w = wanted;
    bob_task_t *t = ((bob_thread_t *)task_ctx)->task;
    if ((!(t->flags & BOB_TASK_TIED) && !untied_hosted(w)) || !w->is(task_ctx, w->arg) ||
        bob_gomp_taskred_may_move(task_ctx))
        return 0;
    t->host = w->host;
    return 1;
}

/* A task of a group may depend on a sibling made outside the group,
 * before it or in an enclosing group, which waits in the same list as the
 * group's own, and runs nowhere else (task_list.c). So at a taskgroup's
 * end, while the group is incomplete and nothing of it could run here,
 * one of the host's children there runs, as libgomp's waiter there takes
 * its children when none of the group's is ready; it descends from the
 * host, as the task scheduling constraint asks. Once the group is
 * complete none runs: the host goes past the group's end first
 * (task/team_of_one_waits.c). */
static bool run_other_child(const struct wanted *w)
{
    return w->is == counted_in && w->host->listed &&
           /* acquire, as the wait reads the count: a complete group runs none */
           atomic_load_explicit(&((bob_taskgroup_t *)w->arg)->pending, memory_order_acquire) &&
           bob_list_run(w->host, bob_task_child_of, w->host);
}

/* Its list first: what waits there runs nowhere else (task_list.c); a
 * child outside a group only where none of the group's could run here. */
static bool run_wanted(void *wanted)
{
    const struct wanted *w = wanted;
    return (w->host->listed && bob_list_run(w->host, w->is, w->arg)) ||
           bt_run_ready(bob_task_main, hosted, wanted) || run_other_child(w);
}

/* A tied yielder's seat goes to its descendants only, as OpenMP's task
 * scheduling constraint asks (and LLVM's libomp keeps): a sibling run in
 * it could wait for what the yielder holds (a lock) and keep it from
 * resuming. An untied yielder, which may resume in any seat, lets any
 * task in. A team that never made a task has none to let in: a relaxed
 * read suffices, since a tied yielder's descendants are made after its own
 * store of tasks_made, and an untied yielder is such a task itself. */
static void yield_seat(bob_thread_t *self)
{
    bool lend = atomic_load_explicit(&self->team->tasks_made, memory_order_relaxed);
    if (lend)
        bob_seat_lend(self, bob_seat_untied(self) ? BOB_LEND_YIELD : BOB_LEND_DESCENDANTS);
    bt_yield();
    if (lend)
        bob_seat_reclaim(self);
}

void bob_taskyield(bob_thread_t *self)
{
    if (self->task)
        self->task->yielded = true;
    BOB_OMPT(bob_ompt_yield(self, true));
    yield_seat(self);
    BOB_OMPT(bob_ompt_yield(self, false));
}

/* An implicit task past bob_task_over_pending (task_throttle.h) whose new
 * task with dependences does not wait and run at once (depend.c) runs
 * ready children in place, as at a taskwait, before it makes that one:
 * task creation is a scheduling point, and what it runs descends from it.
 * A child released by a predecessor that ran on another ES waits there,
 * out of the producer's reach, and so may a unit it may not run sit at the
 * end of its own ES's pool: then it yields as at a taskyield, lending its
 * seat to its descendants, and its ES runs or steals what is ready, until
 * enough of its children are done. */
void bob_task_drain(bob_thread_t *self)
{
    if (self->task)
        return;
    struct wanted w = {bob_task_child_of, self, self};
    while (bob_task_over_pending(self)) {
        if (run_wanted(&w))
            continue;
        if (bt_self_is_tasklet())
            return;
        yield_seat(self); /* lending its seat: a child started elsewhere needs one */
    }
}

/* The waiter's seat is lent while it sleeps (seat.c): to its descendants
 * at a taskwait or a taskgroup's end, to the team at a barrier. */
static void wait_tasks(bob_thread_t *self, _Atomic uint32_t *count,
                       int (*wanted)(void *task_ctx, void *arg), void *arg, const char *what,
                       bob_lend_t to_whom)
{
    struct wanted w = {wanted, arg, self};
    /* The listed tasks it waits for, uncounted, are all in its list. */
    while (self->listed && run_wanted(&w))
        ;
    bob_wait_zero_helping(count, what, run_wanted, &w, self, to_whom);
}

void bob_taskwait(bob_thread_t *self)
{
    self->deps_at_once = false;
    BOB_OMPT(bob_ompt_sync_begin(self, ompt_sync_region_taskwait, &self->children));
    wait_tasks(self, &self->children, bob_task_child_of, self, "a taskwait", BOB_LEND_DESCENDANTS);
    BOB_OMPT(bob_ompt_sync_end(self, ompt_sync_region_taskwait));
}

void bob_taskgroup_wait(bob_thread_t *self, bob_taskgroup_t *tg)
{
    BOB_OMPT(bob_ompt_taskgroup_wait(self, &tg->pending));
    wait_tasks(self, &tg->pending, counted_in, tg, "the end of a taskgroup",
               BOB_LEND_DESCENDANTS);
    BOB_OMPT(bob_ompt_sync_end(self, ompt_sync_region_taskgroup));
}

bool bob_run_team_task(bob_thread_t *self)
{
    struct wanted w = {of_team, self->team, self};
    return !self->task && bt_run_ready(bob_task_main, hosted, &w);
}

/* A barrier's wait for one of a member's counters; most barriers have no
 * task to wait for, and skip the call (the acquire load is the one the
 * wait would make). */
static void wait_team_count(bob_thread_t *self, bob_team_t *team, _Atomic uint32_t *count)
{
    if (self->listed || atomic_load_explicit(count, memory_order_acquire))
        wait_tasks(self, count, of_team, team, "the tasks of a barrier", BOB_LEND_TEAM);
}

/* Called once no implicit task of the team makes tasks any more (all are
 * at the barrier or done): a member's counter that reached zero then stays
 * there, since only that member's descendants count in it. Its children
 * first: they count their descendants in tasks_pending before they
 * complete. */
void bob_team_wait_tasks(bob_thread_t *self, bob_team_t *team)
{
    self->deps_at_once = false;
    for (int i = 0; i < team->nthreads; i++) {
        wait_team_count(self, team, &team->threads[i].children);
        wait_team_count(self, team, &team->threads[i].tasks_pending);
    }
}
