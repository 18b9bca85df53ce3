/* This file handles the BARRIER construct for a team of OpenMP threads.
 *
 * A counter and a generation: the last arrival resets the counter and bumps
 * the generation; the others wait for the generation to change, spinning a
 * short time and then suspending on it with bt_futex_wait, so their ES runs
 * the units that have yet to arrive (64 threads on 2 ESs make progress).
 *
 * The race it avoids: a waiter that announces itself (bar_sleepers) after
 * the releaser looked would sleep forever. Waiter: store sleepers, load gen;
 * releaser: store gen, exchange sleepers; all seq_cst, so one of them sees
 * the other, and bt_futex_wait re-checks gen under its bucket lock. */
#include "rt.h"
#include "task.h"

#include <bobbin/threading.h>
#include <limits.h>

enum { SPIN_ALONE = 4000, SPIN_SHARED = 50 };

static void cpu_relax(void) { __builtin_ia32_pause(); }

void bob_wait(uint32_t *word, uint32_t expected, const char *what)
{
    if (bt_self_is_tasklet()) {
        if (bob_self()->task)
            bob_fatal("%s in a task run as a tasklet (BOBBIN_TASK_KIND=tasklet); "
                      "tasklets cannot suspend: use ult", what);
        bob_fatal("%s in an OpenMP thread run as a tasklet (BOBBIN_THREAD_KIND); "
                  "tasklets cannot suspend: use ult for this nesting level", what);
    }
    bt_futex_wait(word, expected);
}

void bob_barrier(bob_thread_t *self) { bob_barrier_wait(self, false); }

static bool cancelled(bob_team_t *team, bool cancellable)
{
    return cancellable && atomic_load(&team->cancel) == BOB_CANCEL_PARALLEL;
}

bool bob_barrier_wait(bob_thread_t *self, bool cancellable)
{
    bob_team_t *team = self->team;
    if (team->nthreads == 1) {
        bob_team_wait_tasks(team);
        return cancelled(team, cancellable);
    }
    uint32_t gen = atomic_load_explicit(&team->bar_gen, memory_order_acquire);
    if (atomic_fetch_add_explicit(&team->bar_arrived, 1, memory_order_acq_rel) + 1 ==
        (uint32_t)team->nthreads) {
        /* a barrier completes the team's tasks; only tasks can add more now */
        bob_team_wait_tasks(team);
        atomic_store_explicit(&team->bar_arrived, 0, memory_order_relaxed);
        atomic_store(&team->bar_gen, gen + 1);
        if (atomic_exchange(&team->bar_sleepers, false))
            bt_futex_wake((uint32_t *)&team->bar_gen, INT_MAX);
        return cancelled(team, cancellable);
    }
    /* Spinning pays only while every member can run on its own ES. */
    int spin = team->nthreads <= bt_num_es() && team->active_level == 1 ? SPIN_ALONE
                                                                         : SPIN_SHARED;
    for (int i = 0; i < spin; i++) {
        if (atomic_load_explicit(&team->bar_gen, memory_order_acquire) != gen)
            return cancelled(team, cancellable);
        cpu_relax();
    }
    while (atomic_load(&team->bar_gen) == gen) {
        if (cancelled(team, cancellable))
            return true;
        atomic_store(&team->bar_sleepers, true);
        if (atomic_load(&team->bar_gen) != gen)
            break;
        bob_wait((uint32_t *)&team->bar_gen, gen, "a barrier");
    }
    atomic_thread_fence(memory_order_acquire);
    return cancelled(team, cancellable);
}
