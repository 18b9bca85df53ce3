/* This file handles the BARRIER construct for a team of OpenMP threads.
 *
 * A counter and a generation: the last arrival resets the counter and bumps
 * the generation; the others wait for the generation to change, spinning
 * and then suspending on it (bob_wait_change in wait.c, which also says why
 * the releaser cannot miss a waiter), so their ES runs the units that have
 * yet to arrive (64 threads on 2 ESs make progress).
 *
 * cancel parallel releases the waiters of cancellable barriers. It sets a
 * bit in the generation word, the word they sleep on, and wakes them as
 * the releaser does: a flag beside the word could be set, and its wake-up
 * made, between a waiter's last look at the flag and its sleep, which
 * then compares only the word, unchanged, and never ends. The bit stays
 * until the team's next region (team_mem.c zeroes the word); the
 * generation counts above it, so a release keeps it.
 *
 * A waiter that sleeps lends its seat to the team's tasks (seat.c): they
 * may need every seat at once (a task waiting for a lock that a sibling
 * holds). One that spins keeps it, and runs tasks in it. A sleeping one
 * also wants units run (bt_units_wanted, wait.c): a Pthread runtime's
 * waiter would run the team's tasks, so a team-mate that spins for one of
 * them on the waiter's ES, without a scheduling point, is preempted.
 *
 * At a release the primary goes first on its ES: a member that leaves
 * the barrier yields to it if it is ready there (barrier_wait). */
#include "rt.h"
#include "ompt/ompt.h"
#include "task.h"

enum { BAR_CANCELLED = 1, BAR_STEP = 2 };

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

/* Whether a waiter of generation gen may go, the word being word. */
static bool released(uint32_t word, uint32_t gen, bool cancellable)
{
    return (word & ~(uint32_t)BAR_CANCELLED) != gen || (cancellable && (word & BAR_CANCELLED));
}

static void wait_for_last(bob_thread_t *self, uint32_t gen, bool cancellable)
{
    bob_team_t *team = self->team;
    /* Spinning stops when the ES has other units ready: one of them may be
     * a task of the team, which the waiter runs itself rather than
     * suspending for the ES to run it. */
    for (bob_spin_t s = {0};;) {
        while (bob_spin(&s))
            if (released(atomic_load_explicit(&team->bar_gen, memory_order_acquire), gen,
                         cancellable))
                return;
        if (bob_run_team_task(self))
            s = (bob_spin_t){0};
        else if (!bob_spin_resumes(&s))
            break;
    }
    bob_seat_lend(self, BOB_LEND_TEAM);
    bt_units_wanted(1);
    for (uint32_t word; !released(word = atomic_load(&team->bar_gen), gen, cancellable);)
        bob_wait_change((uint32_t *)&team->bar_gen, word, &team->bar_waiters, "a barrier");
    atomic_thread_fence(memory_order_acquire);
    bt_units_wanted(-1);
    bob_seat_reclaim(self);
}

static bool barrier_wait(bob_thread_t *self, bool cancellable)
{
    bob_team_t *team = self->team;
    if (team->nthreads == 1) {
        bob_team_wait_tasks(self, team);
        bob_cancel_constructs_ended(team);
    } else {
        uint32_t gen = atomic_load_explicit(&team->bar_gen, memory_order_acquire) &
                       ~(uint32_t)BAR_CANCELLED;
        bool last = atomic_fetch_add_explicit(&team->bar_arrived, 1, memory_order_acq_rel) +
                    1 == (uint32_t)team->nthreads;
        if (last) {
            /* a barrier completes the team's tasks; only tasks can add more now */
            bob_team_wait_tasks(self, team);
            bob_cancel_constructs_ended(team);
            atomic_store_explicit(&team->bar_arrived, 0, memory_order_relaxed);
            atomic_fetch_add(&team->bar_gen, BAR_STEP);
            bob_wake_change((uint32_t *)&team->bar_gen, &team->bar_waiters);
        } else {
            wait_for_last(self, gen, cancellable);
        }
        /* The releaser, and a waiter that spun to the release, go on
         * before the team-mates woken onto their ES: a worker that then
         * spins, without a scheduling point, for the primary queued
         * behind it holds the primary back a whole time slice. So a
         * member that finds the primary ready on its ES lets it go first,
         * as libomp's primary releases its workers and goes on. */
        if (self->tid != 0 && team->members_share_es)
            bt_yield_to_if_ready(team->threads[0].unit);
    }
    return cancelled(team, cancellable);
}

void bob_region_end_barrier(bob_thread_t *self) { barrier_wait(self, false); }

void bob_barrier_cancel(bob_team_t *team)
{
    atomic_fetch_or(&team->bar_gen, BAR_CANCELLED);
    bob_wake_change((uint32_t *)&team->bar_gen, &team->bar_waiters);
}
