/* This file handles the TASKLOOP construct: the compiler hands over one
 * pattern task whose private copies of the loop bounds lb and ub it points
 * to; the iterations are split into chunks and each chunk runs as a copy of
 * the pattern with its own bounds. task_dup (if any) completes each copy:
 * firstprivate copy-construction and the lastprivate flag. */
#include "task.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>

#include <stdlib.h>
#include <string.h>

/* How many tasks, for grainsize or num_tasks (OpenMP 5.2, sec. 12.6):
 * grainsize g gives tasks of g to 2g-1 iterations (exactly g with strict,
 * the last one excepted); num_tasks n gives min(n, trip) tasks. */
static uint64_t count_tasks(uint64_t trip, int sched, uint64_t size, bool strict,
                            int nthreads)
{
    switch (sched) {
    case BOB_TASKLOOP_GRAINSIZE:
        if (size == 0)
            size = 1;
        if (strict)
            return (trip + size - 1) / size;
        return trip / size ? trip / size : 1;
    case BOB_TASKLOOP_NUM_TASKS:
        return size == 0 ? 1 : size < trip ? size : trip;
    default: {
        /* enough tasks to balance the team, few enough to stay cheap */
        uint64_t n = 4 * (uint64_t)(nthreads > 1 ? nthreads : bob_num_procs());
        return n < trip ? n : trip;
    }
    }
}

void bob_chunks_init(bob_chunks_t *c, bob_thread_t *self, uint64_t trip, int sched,
                     uint64_t size, bool strict)
{
    bool grains = sched == BOB_TASKLOOP_GRAINSIZE && strict;
    *c = (bob_chunks_t){.trip = trip};
    c->ntasks = count_tasks(trip, sched, size, strict, self->team->nthreads);
    c->base = grains ? (size ? size : 1) : trip / c->ntasks;
    c->extra = grains ? 0 : trip % c->ntasks;
}

static bool chunks_done(const bob_chunks_t *c)
{
    return c->k == c->ntasks || c->first == c->trip;
}

bool bob_chunks_next(bob_chunks_t *c, uint64_t *first, uint64_t *count)
{
    if (chunks_done(c))
        return false;
    uint64_t n = c->base + (c->k++ < c->extra);
    if (n > c->trip - c->first)
        n = c->trip - c->first;
    *first = c->first;
    *count = n;
    c->first += n;
    return true;
}

/* Makes a chunk's task ready. With a group, the last one runs at once on
 * the thread that encountered the taskloop, as a throttled task would:
 * the thread waits for it at the group's end anyway, and a queued task
 * costs a work unit. Without one, the thread goes on at once, as the
 * program may expect. A tasklet, which could not suspend in the task,
 * queues it. */
void bob_taskloop_submit(bob_thread_t *self, bob_task_t *t, const bob_chunks_t *c,
                         bool group)
{
    if (group && chunks_done(c) && !bt_self_is_tasklet())
        bob_task_run_now(self, t);
    else
        bob_task_submit(self, t);
}

static bob_task_t *copy_of(bob_task_t *pattern)
{
    bob_task_t *t = bob_task_mem_alloc(pattern->size);
    memcpy(t, pattern, pattern->size);
    t->ctx.task = t;
    atomic_init(&t->refs, 1);
    atomic_init(&t->detach, 0);
    atomic_init(&t->id, 0);
    if (pattern->kmp.shareds)
        t->kmp.shareds = (char *)t + ((char *)pattern->kmp.shareds - (char *)pattern);
    return t;
}

void bob_taskloop(bob_thread_t *self, bob_task_t *pattern, bool if_val, uint64_t *lb,
                  uint64_t *ub, int64_t st, bool nogroup, int sched, uint64_t size,
                  bool strict, bob_task_dup_t dup)
{
    size_t lb_at = (size_t)((char *)lb - (char *)pattern);
    size_t ub_at = (size_t)((char *)ub - (char *)pattern);
    uint64_t lower = *lb, upper = *ub;
    uint64_t trip = st > 0 ? (upper - lower) / (uint64_t)st + 1
                           : (lower - upper) / (0 - (uint64_t)st) + 1;
    if (trip == 0) { /* the bounds wrapped: nothing to run */
        bob_task_mem_free(pattern, pattern->size);
        return;
    }
    BOB_OMPT(bob_ompt_taskloop(self, ompt_scope_begin, trip));
    bob_chunks_t chunks;
    bob_chunks_init(&chunks, self, trip, sched, size, strict);
    if (!nogroup)
        bob_taskgroup_begin(self);
    for (uint64_t first, count; bob_chunks_next(&chunks, &first, &count);) {
        bob_task_t *t = copy_of(pattern);
        *(uint64_t *)((char *)t + lb_at) = lower + first * (uint64_t)st;
        *(uint64_t *)((char *)t + ub_at) = lower + (first + count - 1) * (uint64_t)st;
        if (dup)
            dup(&t->kmp, &pattern->kmp, first + count == trip);
        if (if_val)
            bob_taskloop_submit(self, t, &chunks, !nogroup);
        else /* if(0): each task is undeferred, run here in order */
            bob_task_run_undeferred(self, t);
    }
    if (!nogroup)
        bob_taskgroup_end(self);
    BOB_OMPT(bob_ompt_taskloop(self, ompt_scope_end, trip));
    bob_task_mem_free(pattern, pattern->size);
}
