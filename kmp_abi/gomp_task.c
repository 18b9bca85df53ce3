/* GOMP entry points of the tasking constructs: task, taskwait, taskyield,
 * taskgroup, taskloop, and the task reductions, over runtime/gomp.h. */
#include "gomp_abi.h"

#include "task.h"

GOMP_EXPORT KMP_HOT void GOMP_task(void (*fn)(void *), void *data,
                                   void (*cpyfn)(void *, void *), long arg_size,
                                   long arg_align, bool if_clause, unsigned flags,
                                   void **depend, int priority, void *detach)
{
    BOB_OMPT_RA();
    bob_gomp_task(fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend, priority,
                  detach);
    KMP_NO_SIBLING_CALLS();
}

GOMP_EXPORT void GOMP_taskwait(void)
{
    BOB_OMPT_RA();
    bob_gomp_taskwait();
}

GOMP_EXPORT void GOMP_taskwait_depend(void **depend)
{
    BOB_OMPT_RA();
    bob_gomp_taskwait_depend(bob_self(), depend);
}

GOMP_EXPORT void GOMP_taskyield(void) { bob_taskyield(bob_self()); }

GOMP_EXPORT void GOMP_taskgroup_start(void)
{
    BOB_OMPT_RA();
    bob_taskgroup_begin(bob_self());
}

GOMP_EXPORT void GOMP_taskgroup_end(void)
{
    BOB_OMPT_RA();
    bob_taskgroup_end(bob_self());
}

GOMP_EXPORT void GOMP_taskloop(void (*fn)(void *), void *data,
                               void (*cpyfn)(void *, void *), long arg_size, long arg_align,
                               unsigned flags, unsigned long num_tasks, int priority,
                               long start, long end, long step)
{
    BOB_OMPT_RA();
    bob_gomp_task_t task = {fn, data, cpyfn, arg_size, arg_align, flags, priority};
    bob_gomp_taskloop(bob_self(), &task, num_tasks, start, end, step, false);
}

GOMP_EXPORT void GOMP_taskloop_ull(void (*fn)(void *), void *data,
                                   void (*cpyfn)(void *, void *), long arg_size,
                                   long arg_align, unsigned flags, unsigned long num_tasks,
                                   int priority, unsigned long long start,
                                   unsigned long long end, unsigned long long step)
{
    BOB_OMPT_RA();
    bob_gomp_task_t task = {fn, data, cpyfn, arg_size, arg_align, flags, priority};
    bob_gomp_taskloop(bob_self(), &task, num_tasks, (int64_t)start, (int64_t)end,
                      (int64_t)step, true);
}

/* ---- task reductions (runtime/gomp_taskred.c) ---------------------------------- */

GOMP_EXPORT void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
    bob_gomp_taskgroup_reduction_register(bob_self(), data);
}

GOMP_EXPORT void GOMP_taskgroup_reduction_unregister(uintptr_t *data)
{
    bob_gomp_taskgroup_reduction_unregister(data);
}

GOMP_EXPORT void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
    bob_gomp_task_reduction_remap(bob_self(), cnt, cntorig, ptrs);
}

GOMP_EXPORT void GOMP_workshare_task_reduction_unregister(bool cancelled)
{
    bob_gomp_workshare_reductions_end(bob_self(), cancelled);
}

/* gcc calls it for a scope construct with reduction(task, ...) only. */
GOMP_EXPORT void GOMP_scope_start(uintptr_t *reductions)
{
    bob_gomp_workshare_reductions(bob_self(), reductions);
}
