/* This file handles the BARRIER construct for a team of OpenMP threads.
 *
 * A counter and a generation: the last arrival resets the counter and bumps
 * the generation; the others wait for the generation to change, spinning
 * and then suspending on it (bob_wait_change in wait.c, which also says why
 * the releaser cannot miss a waiter), so their ES runs the units that have
 * yet to arrive (64 threads on 2 ESs make progress). */
#include "rt.h"
#include "ompt/ompt.h"
#include "task.h"

static bool barrier_wait(bob_thread_t *self, bool cancellable);

/* With a tool, a barrier is a sync region of kind (an ompt_sync_region_t). */
static bool reported(bob_thread_t *self, bool cancellable, int kind)
{
    bob_ompt_sync_begin(self, kind, &self->team->bar_gen);
    bool cancelled = barrier_wait(self, cancellable);
    bob_ompt_sync_end(self, kind);
    return cancelled;
}

bool bob_barrier_wait(bob_thread_t *self, bool cancellable)
{
    if (__builtin_expect(bob_ompt_on, 0))
        return reported(self, cancellable, ompt_sync_region_barrier_implicit_workshare);
    return barrier_wait(self, cancellable);
}

void bob_barrier(bob_thread_t *self) { bob_barrier_wait(self, false); }

void bob_barrier_as(bob_thread_t *self, int kind)
{
    if (__builtin_expect(bob_ompt_on, 0))
        reported(self, false, kind);
    else
        barrier_wait(self, false);
}

static bool cancelled(bob_team_t *team, bool cancellable)
{
    return cancellable && atomic_load(&team->cancel) == BOB_CANCEL_PARALLEL;
}

static bool barrier_wait(bob_thread_t *self, bool cancellable)
{
    bob_team_t *team = self->team;
    if (team->nthreads == 1) {
        bob_team_wait_tasks(self, team);
        bob_cancel_constructs_ended(team);
        return cancelled(team, cancellable);
    }
    uint32_t gen = atomic_load_explicit(&team->bar_gen, memory_order_acquire);
    if (atomic_fetch_add_explicit(&team->bar_arrived, 1, memory_order_acq_rel) + 1 ==
        (uint32_t)team->nthreads) {
        /* a barrier completes the team's tasks; only tasks can add more now */
        bob_team_wait_tasks(self, team);
        bob_cancel_constructs_ended(team);
        atomic_store_explicit(&team->bar_arrived, 0, memory_order_relaxed);
        atomic_store(&team->bar_gen, gen + 1);
        bob_wake_change((uint32_t *)&team->bar_gen, &team->bar_waiters);
        return cancelled(team, cancellable);
    }
    /* Spinning stops when the ES has other units ready: one of them may be
     * a task of the team, which the waiter runs itself rather than
     * suspending for the ES to run it. */
    do {
        for (bob_spin_t s = {0}; bob_spin(&s);)
            if (atomic_load_explicit(&team->bar_gen, memory_order_acquire) != gen)
                return cancelled(team, cancellable);
    } while (bob_run_team_task(self));
    while (atomic_load(&team->bar_gen) == gen) {
        if (cancelled(team, cancellable))
            return true;
        bob_wait_change((uint32_t *)&team->bar_gen, gen, &team->bar_waiters, "a barrier");
    }
    atomic_thread_fence(memory_order_acquire);
    return cancelled(team, cancellable);
}
