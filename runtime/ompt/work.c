/* This file reports worksharing and masked regions (work: loops, sections,
 * single, distribute, taskloop, scope; dispatch: a loop's chunks and the
 * sections; masked). An implicit task runs one worksharing construct at a
 * time (they do not nest closely), so its record keeps the kind that began
 * for the end to name, whichever entry point ends it. */
#include "ompt/ompt.h"

static void work(bob_thread_t *self, int kind, ompt_scope_endpoint_t endpoint, uint64_t count,
                 const void *ra)
{
    if (BOB_OMPT_CB(work, work))
        BOB_OMPT_CB(work, work)(kind, endpoint, bob_ompt_parallel_data(self->team),
                                bob_ompt_task_data(self), count, ra);
}

void bob_ompt_work_begin(bob_thread_t *self, int kind, uint64_t count)
{
    const void *ra = bob_ompt_take_ra();
    if (self->ompt) {
        self->ompt->work = kind;
        self->ompt->work_ra = ra;
    }
    work(self, kind, ompt_scope_begin, count, ra);
}

void bob_ompt_work_end(bob_thread_t *self)
{
    bob_ompt_task_t *task = self->ompt;
    if (!task || !task->work)
        return;
    int kind = task->work;
    task->work = 0;
    work(self, kind, ompt_scope_end, 0, task->work_ra);
}

void bob_ompt_dispatch(bob_thread_t *self, ompt_dispatch_t kind, uint64_t instance)
{
    if (BOB_OMPT_CB(dispatch, dispatch))
        BOB_OMPT_CB(dispatch, dispatch)(bob_ompt_parallel_data(self->team), bob_ompt_task_data(self),
                                        kind, (ompt_data_t){.value = instance});
}

void bob_ompt_masked(bob_thread_t *self, ompt_scope_endpoint_t endpoint)
{
    const void *ra = bob_ompt_take_ra();
    if (BOB_OMPT_CB(masked, masked))
        BOB_OMPT_CB(masked, masked)(endpoint, bob_ompt_parallel_data(self->team),
                                    bob_ompt_task_data(self), ra);
}

void bob_ompt_taskloop(bob_thread_t *self, ompt_scope_endpoint_t endpoint, uint64_t count)
{
    const void *ra = NULL;
    if (self->ompt && endpoint == ompt_scope_begin)
        ra = self->ompt->taskloop_ra = bob_ompt_take_ra();
    else if (self->ompt)
        ra = self->ompt->taskloop_ra;
    work(self, ompt_work_taskloop, endpoint, count, ra);
}

void bob_ompt_single(bob_thread_t *self, bool executor)
{
    bob_ompt_work_begin(self, executor ? ompt_work_single_executor : ompt_work_single_other, 1);
    if (!executor)
        bob_ompt_work_end(self);
}
