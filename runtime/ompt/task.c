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
    bool entered = self->ompt && !self->ompt->frame.enter_frame.ptr;
    bob_ompt_enter(self);
    const void *ra = bob_ompt_take_ra();
    if (BOB_OMPT_CB(task_create, task_create))
        BOB_OMPT_CB(task_create, task_create)(bob_ompt_task_data(self),
                                              bob_ompt_frame(self), &r->data, r->flags,
                                              has_deps, ra);
    if (entered)
        bob_ompt_leave(self);
}

void bob_ompt_task_start(bob_task_t *t, bob_thread_t *prior, void *exit_cfa)
{
    bob_ompt_task_t *r = t->ctx.ompt ? t->ctx.ompt : record(t->parent, t);
    bob_ompt_exit_frame(&t->ctx, exit_cfa);
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

/* On the thread that fulfils the event (in a signal handler, perhaps), as
 * libomp reports it; the task has no next task there. */
void bob_ompt_task_fulfilled(bob_task_t *t, bool late)
{
    bob_ompt_task_t *r = t->ctx.ompt;
    if (r && BOB_OMPT_CB(task_schedule, task_schedule))
        BOB_OMPT_CB(task_schedule, task_schedule)(&r->data, late ? ompt_task_late_fulfill
                                                                 : ompt_task_early_fulfill,
                                                  NULL);
}

void bob_ompt_task_free(bob_task_t *t)
{
    free(t->ctx.ompt);
    t->ctx.ompt = NULL;
}

/* The dependence types of bob_dep_t's flags; omp_all_memory, which
 * LLVM 14's omp-tools.h has no type for, is an inout of no variable. */
static ompt_dependence_type_t type_of(uint8_t flags)
{
    if (flags & 0x80)
        return ompt_dependence_type_inout;
    if (flags & 4)
        return ompt_dependence_type_mutexinoutset;
    if (flags & 8)
        return ompt_dependence_type_inoutset;
    return (flags & 3) == 3 ? ompt_dependence_type_inout
           : flags & 2      ? ompt_dependence_type_out
                            : ompt_dependence_type_in;
}

void bob_ompt_dependences(bob_task_t *t, int n, const bob_dep_t *deps)
{
    if (!t->ctx.ompt || !BOB_OMPT_CB(dependences, dependences))
        return;
    ompt_dependence_t *list = calloc((size_t)n, sizeof *list);
    if (!list)
        bob_fatal("out of memory for the OMPT list of %d dependences", n);
    for (int i = 0; i < n; i++) {
        list[i].variable.ptr = deps[i].flags & 0x80 ? NULL : (void *)deps[i].addr;
        list[i].dependence_type = type_of(deps[i].flags);
    }
    BOB_OMPT_CB(dependences, dependences)(&t->ctx.ompt->data, list, n);
    free(list);
}

void bob_ompt_task_dependence(bob_task_t *from, bob_task_t *to)
{
    if (from && to && from->ctx.ompt && to->ctx.ompt &&
        BOB_OMPT_CB(task_dependence, task_dependence))
        BOB_OMPT_CB(task_dependence, task_dependence)(&from->ctx.ompt->data, &to->ctx.ompt->data);
}
