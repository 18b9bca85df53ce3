/* This file reports synchronisation regions (sync_region and
 * sync_region_wait: barriers, taskwait, taskgroup), keeps the state
 * ompt_get_state gives a thread that waits in one, and reports flushes. */
#include "ompt/ompt.h"

static ompt_state_t wait_state(ompt_sync_region_t kind)
{
    switch (kind) {
    case ompt_sync_region_barrier:
        return ompt_state_wait_barrier;
    case ompt_sync_region_barrier_explicit:
        return ompt_state_wait_barrier_explicit;
    case ompt_sync_region_barrier_implicit_parallel:
        return ompt_state_wait_barrier_implicit_parallel;
    case ompt_sync_region_barrier_implicit_workshare:
        return ompt_state_wait_barrier_implicit_workshare;
    case ompt_sync_region_taskwait:
        return ompt_state_wait_taskwait;
    case ompt_sync_region_taskgroup:
        return ompt_state_wait_taskgroup;
    default:
        return ompt_state_wait_barrier_implementation;
    }
}

/* The end of a region's implicit barrier names no parallel region: the
 * region has ended there, as libomp reports it. */
static void report(bob_thread_t *self, ompt_callbacks_t which, ompt_sync_region_t kind,
                   ompt_scope_endpoint_t endpoint, const void *ra)
{
    ompt_callback_sync_region_t cb = (ompt_callback_sync_region_t)bob_ompt_callbacks[which];
    bool ended = kind == ompt_sync_region_barrier_implicit_parallel && endpoint == ompt_scope_end;
    if (cb)
        cb(kind, endpoint, ended ? NULL : bob_ompt_parallel_data(self->team),
           bob_ompt_task_data(self), ra);
}

/* The region's wait begins (and the region itself, if begun here). */
static void wait_begin(bob_thread_t *self, ompt_sync_region_t kind, const void *word,
                       bool begun)
{
    bob_ompt_task_t *task = self->ompt;
    bob_ompt_enter(self);
    const void *ra = bob_ompt_take_ra();
    if (task)
        task->sync_ra = ra;
    if (!begun)
        report(self, ompt_callback_sync_region, kind, ompt_scope_begin, ra);
    report(self, ompt_callback_sync_region_wait, kind, ompt_scope_begin, ra);
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (thread) {
        thread->state = wait_state(kind);
        thread->wait_id = (ompt_wait_id_t)(uintptr_t)word;
    }
}

void bob_ompt_sync_begin(bob_thread_t *self, ompt_sync_region_t kind, const void *word)
{
    wait_begin(self, kind, word, false);
}

void bob_ompt_taskgroup_begin(bob_thread_t *self)
{
    report(self, ompt_callback_sync_region, ompt_sync_region_taskgroup, ompt_scope_begin,
           bob_ompt_take_ra());
}

void bob_ompt_taskgroup_wait(bob_thread_t *self, const void *word)
{
    wait_begin(self, ompt_sync_region_taskgroup, word, true);
}

void bob_ompt_sync_end(bob_thread_t *self, ompt_sync_region_t kind)
{
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (thread) {
        thread->state = self->team->level > 0 ? ompt_state_work_parallel
                                              : ompt_state_work_serial;
        thread->wait_id = 0;
    }
    const void *ra = self->ompt ? self->ompt->sync_ra : NULL;
    report(self, ompt_callback_sync_region_wait, kind, ompt_scope_end, ra);
    report(self, ompt_callback_sync_region, kind, ompt_scope_end, ra);
    bob_ompt_leave(self);
}

void bob_ompt_flush(void)
{
    bob_thread_t *self = bob_self_peek();
    bob_ompt_thread_t *thread = bob_ompt_thread(self);
    if (BOB_OMPT_CB(flush, flush))
        BOB_OMPT_CB(flush, flush)(thread ? &thread->data : NULL, bob_ompt_take_ra());
}
