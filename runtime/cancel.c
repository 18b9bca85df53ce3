/* This file handles the CANCEL and CANCELLATION POINT constructs for
 * parallel regions, loops and sections (taskgroups come with tasking).
 * With OMP_CANCELLATION false (the default) both are no-ops, as the spec
 * requires. A cancel request is a flag on the team; waiters in a
 * cancellable barrier are woken so that they see it and leave. */
#include "rt.h"

#include <bobbin/threading.h>
#include <limits.h>

bool bob_cancel(bob_thread_t *self, int kind)
{
    if (!bob_config.cancellation || kind == BOB_CANCEL_TASKGROUP)
        return false;
    bob_team_t *team = self->team;
    int none = 0;
    atomic_compare_exchange_strong(&team->cancel, &none, kind);
    if (kind == BOB_CANCEL_PARALLEL)
        bt_futex_wake((uint32_t *)&team->bar_gen, INT_MAX);
    return atomic_load(&team->cancel) == kind;
}

bool bob_cancellation_point(bob_thread_t *self, int kind)
{
    return bob_config.cancellation && atomic_load(&self->team->cancel) == kind;
}

bool bob_cancel_barrier(bob_thread_t *self)
{
    return bob_barrier_wait(self, bob_config.cancellation) ||
           atomic_load(&self->team->cancel) == BOB_CANCEL_PARALLEL;
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
