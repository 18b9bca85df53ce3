/* This file runs tasks elided: a gcc task run at once on its creator that
 * gets a context of its own only if its body asks the runtime for one
 * (task.c makes and ends that context). */
#include "task.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>

/* A task with neither dependences, nor a detach event, nor a final
 * clause, that runs at once on its creator and takes the compiler's
 * argument block itself (gcc's throttled and undeferred tasks, gomp_task.c,
 * untied ones too, which run as tied ones there)
 * needs a context of its own only if its body asks the runtime for one:
 * until then the creator's stands in for it, since the task's would start
 * as a copy (same team, seat, thread number, ICVs; final only if the
 * creator is), and nothing counts the task. So the task runs with its
 * unit's argument left as its creator's context and the unit's flag set
 * (bt_self_flag): reading the shared fields (bob_self_read,
 * omp_get_thread_num and the other inquiries) costs nothing more, and
 * anything else (bob_self: making a task, a taskwait, setting an ICV, a
 * lock) first makes it the context it would have had
 * (bob_task_materialize), which ends with the body as a task run at once
 * does. The flag, not a changed argument, marks the elision: the flag's
 * two stores are constants, where restoring the argument stored back what
 * the task's creator loaded, and the next task's load waited for it. An
 * elided task's own elided tasks run against the same creator, under the
 * same flag. A task made on an application thread that is no unit, or
 * seen by a tool, is not elided. */
static inline void elide_enter(bob_elision_t *e)
{
    e->nested = bt_self_flag(); /* in an elided task of self's already */
    if (__builtin_expect(!e->nested, 1))
        bt_self_set_flag(1);
}

void bob_task_run_elided(bob_thread_t *self, void (*fn)(void *), void *data)
{
    bob_elision_t e;
    elide_enter(&e);
    fn(data);
    bob_task_elide_next(self);
    bob_task_elide_end(&e);
}

bool bob_task_elide_begin(bob_thread_t *self, bob_elision_t *e)
{
    if (self != bt_self_arg() || bob_ompt_on) /* an application thread that is no unit */
        return false;
    elide_enter(e);
    return true;
}

void bob_task_elide_materialized(bob_thread_t *self)
{
    bob_task_here_end(self, ((bob_thread_t *)bt_self_arg())->task);
    bt_self_set_flag(1);
}

bob_thread_t *bob_task_materialize(bob_thread_t *creator)
{
    bob_thread_t *ctx = &bob_task_here_begin(creator, BOB_TASK_TIED, 0)->ctx;
    bt_self_set_flag(0);
    return ctx;
}
