/* This file keeps a team of one's deferred tasks off work units.
 *
 * Only the thread of a team of one may run its tasks (task_throttle.h),
 * and libgomp, which a gcc binary was built for, defers them until that
 * thread reaches a scheduling point (task.h, bob_task_serial_now). There a
 * work unit per task buys nothing: no other ES may take it, and the thread
 * runs it in place anyway (task_wait.c). So such a task waits in its
 * creator's list instead, a queue of plain pointers, and runs on the stack
 * of the context whose scheduling point takes it, as a Pthread runtime's
 * thread runs it: a taskwait takes its own children, the end of a
 * taskgroup the group's tasks (and, while none of those is there and the
 * group is incomplete, its own children: task_wait.c), a barrier any.
 *
 * Which contexts list: a team of one's implicit task (its barriers drain
 * its list), and a task that runs on the stack of one that lists, taken
 * from a list or run at once (its list_to is that one). Only a context's
 * own code, or a task run on top of it on its stack, touches its list, so
 * a list needs no lock: a task runs on one unit at a time, and what runs
 * on top of it on its stack has ended before it goes on. A task that ends
 * with tasks left in its list hands them on to its list_to, which its
 * stack returns to next, and which is an ancestor of every one of them.
 *
 * Which tasks wait in a list: tied ones (an untied one may resume in
 * another seat), without a detach event (whose task completes off this
 * stack, where its list_to may be gone) or a reduction that may move it to
 * another ES (gomp_taskred.c), while priorities are ignored
 * (OMP_MAX_TASK_PRIORITY 0: the ES's pools order tasks by them, which a
 * list does not),
 * made or released where a listing context's list is the creator's: at
 * creation, or when a predecessor run on this stack completes. A task
 * made so is counted only in its taskgroup (listed): nothing but its
 * parent's list can hold it while its parent lives, and its parent waits
 * for it by running that list; it holds a reference on its parent only
 * once handed on. A task counted as any other (its dependences held it,
 * or it is a taskloop's chunk, counted in a batch) may wait in a list too,
 * and completes as any other. */
#include "task.h"

#include <bobbin/threading.h>

bool bob_list_takes(const bob_thread_t *owner, const bob_task_t *t)
{
    return owner->lists && (t->flags & (BOB_TASK_TIED | BOB_TASK_DETACHABLE)) == BOB_TASK_TIED &&
           !bob_config.max_task_priority && !bt_self_is_tasklet() &&
           !bob_gomp_taskred_may_move(&t->ctx);
}

void bob_list_push(bob_thread_t *owner, bob_task_t *t)
{
    bob_task_append(&owner->listed, &owner->listed_tail, t);
    owner->nlisted++;
}

bool bob_list_run(bob_thread_t *owner, int (*is)(void *task_ctx, void *arg), void *arg)
{
    bob_task_t *prev = NULL, *t = owner->listed;
    while (t && is && !is(&t->ctx, arg)) {
        prev = t;
        t = t->parked_next;
    }
    if (!t)
        return false;
    if (prev)
        prev->parked_next = t->parked_next;
    else
        owner->listed = t->parked_next;
    if (owner->listed_tail == t)
        owner->listed_tail = prev;
    owner->nlisted--;
    bob_task_run_listed(owner, t);
    return true;
}

/* The tasks of from's list that hold no reference on from's task now hold
 * one: from ends, and its memory must outlive them (task.c, release). */
void bob_list_hand_on(bob_thread_t *from)
{
    bob_thread_t *to = from->task->list_to;
    int32_t refs = 0;
    for (bob_task_t *t = from->listed; t; t = t->parked_next)
        if (t->parent == from && !t->parent_task) {
            t->parent_task = from->task;
            refs++;
        }
    /* relaxed, as a new child's reference: from's task runs this code, so
     * its refs cannot reach 0 meanwhile, and release() orders the rest */
    if (refs)
        atomic_fetch_add_explicit(&from->task->refs, refs, memory_order_relaxed);
    if (to->listed)
        to->listed_tail->parked_next = from->listed;
    else
        to->listed = from->listed;
    to->listed_tail = from->listed_tail;
    to->nlisted += from->nlisted;
    from->listed = from->listed_tail = NULL;
    from->nlisted = 0;
}

bob_thread_t *bob_list_owner(const bob_task_t *t, const bob_task_t *by)
{
    for (bob_thread_t *h = by->list_to; h; h = h->task ? h->task->list_to : NULL)
        if (h == t->parent)
            return bob_list_takes(h, t) ? h : NULL;
    return NULL;
}
