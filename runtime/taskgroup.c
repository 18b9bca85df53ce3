/* This file handles the TASKGROUP construct; the task reductions of a
 * taskgroup are taskred.c's. */
#include "ompt/ompt.h"
#include "task.h"

#include <string.h>

/* A group is a block (block_mem.c), as a task is: a group per task, the
 * common shape, costs no more than its task. */
void bob_taskgroup_begin(bob_thread_t *self)
{
    bool fresh;
    bob_taskgroup_t *tg = bob_block_take(sizeof *tg, &fresh);
    memset(tg, 0, sizeof *tg);
    tg->parent = self->taskgroup;
    tg->gomp_reductions = tg->parent ? tg->parent->gomp_reductions : NULL;
    self->taskgroup = tg;
    BOB_OMPT(bob_ompt_taskgroup_begin(self));
}

void bob_taskgroup_end(bob_thread_t *self)
{
    bob_taskgroup_t *tg = self->taskgroup;
    bob_taskgroup_wait(self, tg);
    if (tg->reductions)
        bob_taskred_finish(tg->reductions, NULL);
    self->taskgroup = tg->parent;
    bob_block_give(tg, sizeof *tg);
}
