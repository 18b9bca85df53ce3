/* This file reports the events of single entry points: cancel (a request
 * activated, a cancellation detected, a task discarded), reductions,
 * omp_control_tool and the error directive. */
#include "ompt/ompt.h"
#include "task.h"

#include <string.h>

static int cancel_flag(int kind)
{
    switch (kind) {
    case BOB_CANCEL_PARALLEL:
        return ompt_cancel_parallel;
    case BOB_CANCEL_LOOP:
        return ompt_cancel_loop;
    case BOB_CANCEL_SECTIONS:
        return ompt_cancel_sections;
    default:
        return ompt_cancel_taskgroup;
    }
}

void bob_ompt_cancel(bob_thread_t *self, int kind, int how)
{
    if (BOB_OMPT_CB(cancel, cancel))
        BOB_OMPT_CB(cancel, cancel)(bob_ompt_task_data(self), cancel_flag(kind) | how,
                                    bob_ompt_take_ra());
}

/* Named by what was cancelled, its taskgroup or else its region, as
 * libomp names it. */
void bob_ompt_discarded(bob_thread_t *task_ctx)
{
    bob_taskgroup_t *tg = task_ctx->taskgroup;
    int what = tg && atomic_load_explicit(&tg->cancelled, memory_order_relaxed)
                   ? ompt_cancel_taskgroup
                   : ompt_cancel_parallel;
    if (BOB_OMPT_CB(cancel, cancel))
        BOB_OMPT_CB(cancel, cancel)(bob_ompt_task_data(task_ctx),
                                    what | ompt_cancel_discarded_task, NULL);
}

static void reduction(bob_thread_t *self, ompt_scope_endpoint_t endpoint, const void *ra)
{
    if (BOB_OMPT_CB(sync_region, reduction))
        BOB_OMPT_CB(sync_region, reduction)(ompt_sync_region_reduction, endpoint,
                                            bob_ompt_parallel_data(self->team),
                                            bob_ompt_task_data(self), ra);
}

/* A thread combining under the lock ends where the compiler calls the
 * end of the reduction; one combining with atomics, which may make no
 * such call (nowait), ends at once. */
void bob_ompt_reduce_begin(bob_thread_t *self, bool until_end)
{
    const void *ra = bob_ompt_take_ra();
    reduction(self, ompt_scope_begin, ra);
    if (!until_end)
        reduction(self, ompt_scope_end, ra);
    else if (self->ompt)
        self->ompt->reduce_ra = ra;
}

void bob_ompt_reduce_end(bob_thread_t *self)
{
    bob_ompt_task_t *task = self->ompt;
    if (!task || !task->reduce_ra)
        return;
    reduction(self, ompt_scope_end, task->reduce_ra);
    task->reduce_ra = NULL;
}

/* The caller is in the runtime while the tool answers: its task's enter
 * frame is the entry point's, as libomp reports it. */
int bob_ompt_control_tool(uint64_t command, uint64_t modifier, void *arg)
{
    bob_thread_t *self = bob_self_peek();
    bool entered = self && self->ompt && !self->ompt->frame.enter_frame.ptr;
    bob_ompt_enter(self);
    const void *ra = bob_ompt_take_ra();
    int answer = omp_control_tool_nocallback;
    if (BOB_OMPT_CB(control_tool, control_tool))
        answer = BOB_OMPT_CB(control_tool, control_tool)(command, modifier, arg, ra);
    if (entered)
        bob_ompt_leave(self);
    return answer;
}

void bob_ompt_error(bool fatal, const char *message, const void *ra)
{
    if (BOB_OMPT_CB(error, error))
        BOB_OMPT_CB(error, error)(fatal ? ompt_fatal : ompt_warning, message,
                                  message ? strlen(message) : 0, ra);
}
