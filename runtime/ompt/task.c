/* This file reports explicit tasks: task_create and task_schedule. A
 * task's OMPT record is made when it is created and freed with its memory,
 * so that its descendants can name it (ompt_get_task_info) as long as they
 * live. */
#include "ompt/ompt.h"

#include "task.h"

#include <stdlib.h>

static bob_ompt_task_t *record(bob_thread_t *creator, bob_task_t *t)
{
    bob_ompt_task_t *r = calloc(1, sizeof *r);
    if (!r)
        bob_fatal("out of memory for the OMPT record of a task");
    r->thread = bob_ompt_thread(creator);
    r->flags = ompt_task_explicit;
    if (!(t->flags & BOB_TASK_TIED))
        r->flags |= ompt_task_untied;
    if (t->ctx.final)
        r->flags |= ompt_task_final;
    t->ctx.ompt = r;
    return r;
}

void bob_ompt_task_create(bob_thread_t *self, bob_task_t *t, bool undeferred, bool has_deps)
{
    bob_ompt_task_t *r = t->ctx.ompt ? t->ctx.ompt : record(self, t);
    if (undeferred)
        r->flags |= ompt_task_undeferred;
    const void *ra = bob_ompt_take_ra(self);
    if (BOB_OMPT_CB(task_create, task_create))
        BOB_OMPT_CB(task_create, task_create)(self->ompt ? &self->ompt->data : NULL,
                                              bob_ompt_frame(self), &r->data, r->flags,
                                              has_deps, ra);
}

void bob_ompt_task_start(bob_task_t *t, bob_thread_t *prior)
{
    bob_ompt_task_t *r = t->ctx.ompt ? t->ctx.ompt : record(t->parent, t);
    bob_ompt_thread_t *thread = r->thread;
    r->resume = prior && prior->ompt ? &prior->ompt->data : thread ? thread->implicit : NULL;
    if (BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(r->resume, ompt_task_switch, &r->data);
}

void bob_ompt_task_end(bob_task_t *t, ompt_task_status_t status)
{
    bob_ompt_task_t *r = t->ctx.ompt;
    if (r && BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(&r->data, status, r->resume);
}

void bob_ompt_task_free(bob_task_t *t)
{
    free(t->ctx.ompt);
    t->ctx.ompt = NULL;
}
