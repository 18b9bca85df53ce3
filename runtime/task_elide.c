/* This file runs tasks elided: a gcc task run at once on its creator that
 * gets a context of its own only if its body asks the runtime for one
 * (task.c makes and ends that context). */
#include "task.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>

/* A tied task with neither dependences, nor a detach event, nor a final
 * clause, that runs at once on its creator and takes the compiler's
 * argument block itself (gcc's throttled and undeferred tasks, gomp_task.c)
 * needs a context of its own only if its body asks the runtime for one:
 * until then the creator's stands in for it, since the task's would start
 * as a copy (same team, seat, thread number, ICVs; final only if the
 * creator is), and nothing counts the task. So the task runs with its
 * unit's argument set to its creator's context tagged BOB_ELIDED: reading
 * the shared fields (bob_self_read, omp_get_thread_num and the other
 * inquiries) costs nothing more, and anything else (bob_self: making a
 * task, a taskwait, setting an ICV, a lock) first makes it the context it
 * would have had (bob_task_materialize), which ends with the body as a
 * task run at once does. An elided task's own elided tasks run against the
 * same creator. A task made on an application thread that is no unit, or
 * seen by a tool, is not elided. */
bool bob_task_run_elided(bob_thread_t *self, void (*fn)(void *), void *data)
{
    bob_elision_t e;
    if (!bob_task_elide_begin(self, &e))
        return false;
    fn(data);
    bob_task_elide_next(self, &e);
    bob_task_elide_end(&e);
    return true;
}

bool bob_task_elide_begin(bob_thread_t *self, bob_elision_t *e)
{
    e->tagged = (void *)((uintptr_t)self | BOB_ELIDED);
    e->prev = bt_self_arg(); /* self, or tagged in an elided task of self's */
    return !bob_ompt_on && bt_self_set_arg(e->tagged);
}

void bob_task_elide_materialized(bob_thread_t *self, bob_elision_t *e, void *now)
{
    bob_task_here_end(self, ((bob_thread_t *)now)->task);
    bt_self_set_arg(e->tagged);
}

bob_thread_t *bob_task_materialize(bob_thread_t *creator)
{
    return &bob_task_here_begin(creator, BOB_TASK_TIED, 0)->ctx;
}
