/* This file handles the TASKGROUP construct; the task reductions of a
 * taskgroup are taskred.c's. */
#include "task.h"

#include <stdlib.h>

void bob_taskgroup_begin(bob_thread_t *self)
{
    bob_taskgroup_t *tg = calloc(1, sizeof *tg);
    if (!tg)
        bob_fatal("out of memory for a taskgroup");
    tg->parent = self->taskgroup;
    tg->gomp_reductions = tg->parent ? tg->parent->gomp_reductions : NULL;
    self->taskgroup = tg;
}

void bob_taskgroup_end(bob_thread_t *self)
{
    bob_taskgroup_t *tg = self->taskgroup;
    bob_taskgroup_wait(self, tg);
    if (tg->reductions)
        bob_taskred_finish(tg->reductions, NULL);
    self->taskgroup = tg->parent;
    free(tg);
}
