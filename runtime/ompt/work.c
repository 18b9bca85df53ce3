/* This file reports worksharing and masked regions (work: loops, sections,
 * single, distribute, taskloop, scope; dispatch: a loop's chunks and the
 * sections; masked). A loop is named by its schedule (OpenMP 5.2's
 * ompt_work_loop_static and others) and its chunks by their bounds, as
 * libomp 19 reports them. An implicit task runs one worksharing construct at a
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
    /* a single's end counts its one block, as libomp's does */
    bool single = kind == ompt_work_single_executor || kind == ompt_work_single_other;
    work(self, kind, ompt_scope_end, single ? 1 : 0, task->work_ra);
}

static void dispatch(bob_thread_t *self, int kind, void *instance)
{
    if (BOB_OMPT_CB(dispatch, dispatch))
        BOB_OMPT_CB(dispatch, dispatch)(bob_ompt_parallel_data(self->team), bob_ompt_task_data(self),
                                        (ompt_dispatch_t)kind, (ompt_data_t){.ptr = instance});
}

/* As libomp 19 reports a chunk: from its lowest iteration value, counted
 * in the bounds' signed arithmetic. */
bob_ompt_chunk_t bob_ompt_chunk_of(int64_t lb, int64_t ub, int64_t incr)
{
    if (incr > 0)
        return (bob_ompt_chunk_t){(uint64_t)lb, (uint64_t)((ub - lb) / incr + 1)};
    return (bob_ompt_chunk_t){(uint64_t)ub, (uint64_t)((lb - ub) / -incr + 1)};
}

void bob_ompt_loop_chunk(bob_thread_t *self, int64_t lb, int64_t ub, int64_t incr)
{
    bob_ompt_chunk_t chunk = bob_ompt_chunk_of(lb, ub, incr);
    dispatch(self, BOB_OMPT_DISPATCH_WS_LOOP_CHUNK, &chunk);
}

void bob_ompt_section(bob_thread_t *self)
{
    dispatch(self, ompt_dispatch_section, self->ompt ? (void *)self->ompt->work_ra : NULL);
}

/* A loop's kind as libomp 19 names it: by the schedule it runs, which is
 * static for a guided loop in a team of one and dynamic for one with too
 * few chunks for guided sizes ((2 chunk + 1) n >= count); auto is guided
 * there too; the trapezoidal schedule has no kind of its own. */
static int loop_kind(enum bob_sched sched, uint64_t count, int64_t chunk, int nthreads)
{
    switch (sched) {
    case BOB_SCHED_STATIC:
    case BOB_SCHED_STATIC_CHUNKED:
    case BOB_SCHED_STATIC_SIMD: return BOB_OMPT_WORK_LOOP_STATIC;
    case BOB_SCHED_DYNAMIC: return BOB_OMPT_WORK_LOOP_DYNAMIC;
    case BOB_SCHED_GUIDED:
    case BOB_SCHED_GUIDED_SIMD:
        if (nthreads == 1)
            return BOB_OMPT_WORK_LOOP_STATIC;
        if ((2 * (uint64_t)(chunk > 0 ? chunk : 1) + 1) * (uint64_t)nthreads >= count)
            return BOB_OMPT_WORK_LOOP_DYNAMIC;
        return BOB_OMPT_WORK_LOOP_GUIDED;
    default: return BOB_OMPT_WORK_LOOP_OTHER;
    }
}

void bob_ompt_loop_begin(bob_thread_t *self, int sched, uint64_t count, int64_t chunk)
{
    bob_ompt_work_begin(self, loop_kind((enum bob_sched)sched, count, chunk, self->team->nthreads),
                        count);
}

void bob_ompt_static_chunk(bob_thread_t *self, int64_t lb, int64_t ub, int64_t incr)
{
    int kind = self->ompt ? self->ompt->work : 0;
    if (kind == ompt_work_sections) {
        bob_ompt_section(self);
        return;
    }
    bob_ompt_chunk_t chunk = bob_ompt_chunk_of(lb, ub, incr);
    dispatch(self, kind == ompt_work_distribute ? BOB_OMPT_DISPATCH_DISTRIBUTE_CHUNK
                                                : BOB_OMPT_DISPATCH_WS_LOOP_CHUNK,
             &chunk);
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
    if (self->ompt && endpoint == ompt_scope_begin) {
        ra = self->ompt->taskloop_ra = bob_ompt_take_ra();
    } else if (self->ompt) { /* the tasks it makes next are no taskloop's */
        ra = self->ompt->taskloop_ra;
        self->ompt->taskloop_ra = NULL;
        self->ompt->taskloop_lb_at = self->ompt->taskloop_ub_at = 0;
    }
    work(self, ompt_work_taskloop, endpoint, count, ra);
}

void bob_ompt_single(bob_thread_t *self, bool executor)
{
    bob_ompt_work_begin(self, executor ? ompt_work_single_executor : ompt_work_single_other, 1);
    if (!executor)
        bob_ompt_work_end(self);
}
