/* This file handles the CANCEL and CANCELLATION POINT constructs.
 * With OMP_CANCELLATION false (the default) both are no-ops, as the spec
 * requires. A cancel request for a parallel region, loop or sections is a
 * flag on the team; waiters in a cancellable barrier are woken so that
 * they see it and leave.
 *
 * cancel taskgroup is a flag on the taskgroup the cancelling task belongs
 * to, never cleared: the group goes away when it ends, and the next one
 * starts uncancelled. A task of gcc's group of a worksharing construct's
 * task reductions, which the program does not see, cancels the group
 * enclosing it, as libgomp does: so the tasks the thread makes in its
 * taskgroup after the construct are discarded too. A task belongs to every taskgroup the one it counts
 * in is nested in (its group's tasks and all their descendants make up
 * the cancelled set), so a task is cancelled when any group on its chain
 * is, or its team's region is (bob_tasks_cancelled): task.c discards it if it has not started, and its cancellation
 * points fire if it has. Walking the chain is safe: each group's creator
 * is held at the group's end, inside the enclosing group, until every
 * task counted in it has completed. The flags (the group's, and the
 * team's cancel for cancel parallel) are read relaxed there: they guard no
 * data, and whatever orders a task after the cancel (a dependence, a flag
 * the program sets) orders the read after the store. */
#include "task.h"

#include "ompt/ompt.h"

/* cancel parallel cancels the team's explicit tasks too, as in libgomp
 * and libomp: those not started are discarded, and `cancellation point
 * taskgroup` fires in those running. */
bool bob_tasks_cancelled(const bob_thread_t *ctx)
{
    if (atomic_load_explicit(&ctx->team->cancel, memory_order_relaxed) == BOB_CANCEL_PARALLEL)
        return true;
    for (const bob_taskgroup_t *tg = ctx->taskgroup; tg; tg = tg->parent)
        if (atomic_load_explicit(&tg->cancelled, memory_order_relaxed))
            return true;
    return false;
}

/* The cancelling task goes to its end (true) once its group is cancelled.
 * Outside any taskgroup the construct is not conforming: nothing to
 * cancel, and the task goes on. */
static bool cancel_taskgroup(bob_thread_t *self)
{
    bob_taskgroup_t *tg = self->taskgroup;
    if (!tg) {
        static _Atomic bool warned;
        if (!atomic_exchange(&warned, true))
            bob_warn("cancel taskgroup outside any taskgroup region is ignored");
        return false;
    }
    if (tg->workshare && tg->parent)
        tg = tg->parent;
    atomic_store_explicit(&tg->cancelled, true, memory_order_relaxed);
    return true;
}

static bool request(bob_thread_t *self, int kind)
{
    if (kind == BOB_CANCEL_TASKGROUP)
        return cancel_taskgroup(self);
    bob_team_t *team = self->team;
    int none = 0;
    atomic_compare_exchange_strong(&team->cancel, &none, kind);
    bool requested = atomic_load(&team->cancel) == kind;
    if (requested && kind == BOB_CANCEL_PARALLEL)
        bob_barrier_cancel(team);
    return requested;
}

bool bob_cancel(bob_thread_t *self, int kind)
{
    if (!bob_config.cancellation)
        return false;
    bool cancelled = request(self, kind);
    if (cancelled)
        BOB_OMPT(bob_ompt_cancel(self, kind, ompt_cancel_activated));
    return cancelled;
}

bool bob_cancellation_point(bob_thread_t *self, int kind)
{
    if (!bob_config.cancellation)
        return false;
    bool cancelled = kind == BOB_CANCEL_TASKGROUP ? bob_tasks_cancelled(self)
                                                  : atomic_load(&self->team->cancel) == kind;
    if (cancelled)
        BOB_OMPT(bob_ompt_cancel(self, kind, ompt_cancel_detected));
    return cancelled;
}

bool bob_cancel_barrier(bob_thread_t *self)
{
    bool cancelled = bob_barrier_wait(self, bob_config.cancellation) ||
                     atomic_load(&self->team->cancel) == BOB_CANCEL_PARALLEL;
    if (cancelled)
        BOB_OMPT(bob_ompt_cancel(self, BOB_CANCEL_PARALLEL, ompt_cancel_detected));
    return cancelled;
}

/* Every barrier ends a construct's cancellation, the plain one gcc emits at
 * the end of a loop in a region without `cancel parallel` too. Clearing it
 * here, before anyone leaves, means a thread that has left and cancels the
 * next construct cannot have its request cleared by a late one. */
void bob_cancel_constructs_ended(bob_team_t *team)
{
    int kind = atomic_load_explicit(&team->cancel, memory_order_relaxed);
    if (kind == BOB_CANCEL_LOOP || kind == BOB_CANCEL_SECTIONS)
        atomic_store_explicit(&team->cancel, 0, memory_order_relaxed);
}
