/* This file decides whether a new task runs at once on its creator
 * instead of being queued (task throttling among the reasons), inline for
 * the paths that make tasks (task.c, gomp_task.c, taskloop.c): the check
 * is most of what a throttled task costs beyond its body. */
#ifndef BOB_TASK_THROTTLE_H
#define BOB_TASK_THROTTLE_H

#include "rt.h"

#include <bobbin/threading.h>

/* Waiting tasks per ES beyond which new ones run at once (below). */
enum { READY_PER_ES = 64 };

/* OpenMP binds a task to its team: the tasks of a team of one thread
 * that wait in no list (task_list.c) wait in its ES's private pool, which
 * other ESs do not steal from, and run when that thread reaches a
 * scheduling point; an untied one resumes there too. Stolen, each would
 * also cross cores twice, for a thread that could run it for less. An
 * application thread that is no ES runs no work unit: its tasks go to the
 * shared pool of ES 0, as before, whose length it can read to throttle. */
static inline bool bob_task_alone(const bob_thread_t *self)
{
    return self->team->nthreads == 1 && bt_self_es() >= 0;
}

/* The tasks waiting where self's new tasks go: its list, if it lists
 * (task_list.c), else its ES's pool. */
static inline size_t bob_task_queued(const bob_thread_t *self)
{
    return self->lists ? self->nlisted : bt_self_pool_length(!bob_task_alone(self));
}

/* Task throttling: when READY_PER_ES tasks wait in the creator's ES, a
 * new one runs at once on the creator (as libomp and libgomp do), which
 * keeps memory bounded however many tasks a producer makes and spares a
 * work unit where there is parallelism enough. Its frames nest on the
 * creator's stack no deeper than the program's own recursion. A tasklet
 * creator, which could not suspend inside the new task, keeps queueing.
 * 64 per ES is libgomp's 64 per thread: enough to feed every thief, and
 * each queued task costs a work unit where a throttled one costs a call;
 * with libomp's 256, a region making short tasks spent half its time on
 * the queued.
 *
 * A thread is throttled only once it made that many itself, as libomp
 * throttles a thread by its own queue: the threads that share an ES share
 * its queue, and a thread that starts once another has filled it would
 * otherwise run its first task at once, which may wait for what the
 * thread does next (a task that spins until its creator has made the
 * rest), and so for ever. What it made is as counted when it last queued
 * one (made_many): reading the count at each task would cost a line that
 * every task of the thread updates, and while it is throttled, it queues
 * none. An explicit task, which runs when its thread's queue allows, goes
 * by the queue alone, and so does one that lists, whose list is its own.
 *
 * libomp's KMP_ENABLE_TASK_THROTTLING=false turns it off: every task is
 * queued, however many wait (a program may make tasks that wait for their
 * creator to have made them all). Read after the queue's length, so that
 * a producer below the bound pays nothing for it. */
static inline bool bob_task_throttled(const bob_thread_t *self)
{
    return bob_task_queued(self) > READY_PER_ES &&
           (self->task || self->made_many || self->lists) && !bt_self_is_tasklet() &&
           !bob_config.no_throttling;
}

/* How many more tasks self may queue before new ones run at once: 0 in a
 * final task or outside any parallel region, no limit for a tasklet,
 * which cannot run one at once, nor without throttling. */
static inline uint32_t bob_task_room(const bob_thread_t *self)
{
    if (self->final || self->team->level == 0)
        return 0;
    if (bt_self_is_tasklet() || bob_config.no_throttling)
        return UINT32_MAX;
    if (!self->task && !self->made_many && !self->lists) /* as above */
        return READY_PER_ES;
    size_t queued = bob_task_queued(self);
    return queued < READY_PER_ES ? (uint32_t)(READY_PER_ES - queued) : 0;
}

/* Tasks held back by their dependences wait in no queue, so throttling,
 * which measures the queue, never stops their producer: a thread making
 * chains of dependent tasks faster than they run would grow its memory
 * without bound (libgomp counts them in its throttle). Past PENDING_MAX
 * incomplete children it runs the new task at once, once its predecessors
 * are done, or ready older ones, before it makes another (depend.c,
 * bob_task_drain). Relaxed: a bound on memory, not a handshake; a stale
 * count runs a task more or fewer, and every ready child runs in the end
 * anyway. */
enum { PENDING_MAX = 4 * READY_PER_ES };

static inline bool bob_task_over_pending(const bob_thread_t *self)
{
    return atomic_load_explicit(&self->children, memory_order_relaxed) > PENDING_MAX;
}

/* Outside any parallel region (level 0: the initial thread and its tasks)
 * a task runs at once, as libgomp and libomp both run it: programs built
 * for either read its results without a taskwait. In a team of one
 * (parallel if(0), num_threads(1)) it is deferred, as libgomp defers it,
 * unless bob_task_serial_now (task.h) says otherwise. */
static inline bool bob_task_at_once(const bob_thread_t *self)
{
    return self->final || self->team->level == 0 || bob_task_throttled(self);
}

#endif
