/* This file handles the TASK construct: explicit tasks as work units.
 *
 * A deferred task is a detached work unit in the shared pool of the
 * creating ES, so idle ESs steal it; tied tasks stay on the ES that started
 * them once they suspend, untied ones may resume elsewhere (most of a team
 * of one's wait in a list instead, on no unit: task_list.c). Its argument is
 * the task's own context (an embedded bob_thread_t), so bob_self() inside
 * the task sees the creating thread's team and thread number, the task's
 * ICVs, and the task's children and taskgroup.
 *
 * Accounting. Creating a task counts it in its parent's `children` (for
 * taskwait), its taskgroup, and, below the implicit task's children, in
 * the `tasks_pending` of the implicit task it descends from: a barrier or
 * the end of the region waits for each member's children, then for its
 * tasks_pending (one pair per member, so that members making tasks do not
 * share a cache line). A child of an implicit task, the most common task,
 * so costs two locked updates fewer. Completion undoes them in that
 * order, the implicit task's counter last: once all members' counters
 * reach zero the team may be freed. A task's memory lives while it is
 * incomplete or has incomplete children, since the children point at its
 * context (`refs`). Waits suspend on those counters
 * with bt_futex_wait; a waker never dereferences a freed counter, because
 * bt_futex_wake only hashes the address. */
#include "task.h"

#include "ompt/ompt.h"

#include <bobbin/threading.h>
#include <limits.h>
#include <stdlib.h>

/* A task's id is drawn when first asked for: a process-wide counter that
 * every task creation advanced would be the line all creators fight over. */
static uint64_t id_of(bob_task_t *t)
{
    static _Atomic uint64_t next_id = 1;
    uint64_t id = atomic_load_explicit(&t->id, memory_order_relaxed);
    if (id)
        return id;
    /* two threads asking at once agree on whichever id is stored first; a
     * number publishes nothing else, so relaxed draws suffice */
    uint64_t fresh = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed);
    return atomic_compare_exchange_strong(&t->id, &id, fresh) ? fresh : id;
}

/* A new task of self, with what every task sets; the rest of its head is
 * zero (task_mem.c). One that completes here (below) is made in the
 * creator's taskgroup and holds no reference on its parent. Inlined, so
 * that a throttled task's path has no call more than it needs. */
static inline __attribute__((always_inline)) bob_task_t *
new_task(bob_thread_t *self, int32_t flags, size_t size, bool here)
{
    bob_task_t *t = bob_task_mem_take(self, size);
    t->ctx.icv = self->icv;
    t->ctx.team = self->team;
    t->ctx.tid = self->tid;
    t->ctx.seat = self->seat;
    t->ctx.gtid = self->gtid;
    t->ctx.final = self->final || (flags & BOB_TASK_FINAL);
    t->ctx.lists = here && self->lists;
    t->ctx.task = t;
    t->ctx.pending = self->pending;
    t->ctx.taskgroup = here ? self->taskgroup : NULL;
    t->parent = self;
    t->list_to = here && self->lists ? self : NULL;
    t->listed = false;
    if (!here)
        t->parent_task = self->task;
    t->flags = flags;
    t->size = size;
    if (flags & BOB_TASK_DETACHABLE) {
        t->event = bob_task_event_make(t);
        if (bt_call_soon_ready())
            bob_fatal("cannot start the thread that completes fulfilled detached tasks");
    }
    return t;
}

static int32_t no_body(int32_t gtid, void *task)
{
    (void)gtid, (void)task;
    return 0;
}

/* libomp accepts a task without a routine: one that only takes its place
 * in the dependence graph (its own tests emulate `taskwait depend(...)
 * nowait` so). It gets one that does nothing, so that every path that runs
 * a task (deferred, at once, listed, undeferred, a taskloop's copies) may
 * call its routine unchecked. */
bob_kmp_task_t *bob_task_alloc(bob_thread_t *self, int32_t flags, size_t sizeof_kmp_task,
                               size_t sizeof_shareds, bob_task_entry_t entry)
{
    size_t shareds = (offsetof(bob_task_t, kmp) + sizeof_kmp_task + 15) & ~(size_t)15;
    bob_task_t *t = new_task(self, flags, shareds + sizeof_shareds, false);
    t->kmp.shareds = sizeof_shareds ? (char *)t + shareds : NULL;
    t->kmp.routine = entry ? entry : no_body;
    t->kmp.part_id = 0; /* the memory is recycled: an untied task starts at its first part */
    return &t->kmp;
}

bob_task_t *bob_task_bodiless(bob_thread_t *self)
{
    return bob_task_of(
        bob_task_alloc(self, BOB_TASK_TIED | BOB_TASK_LIBOMP, sizeof(bob_kmp_task_t), 0, NULL));
}

/* Only a holder makes references (a running task, for its children), so
 * a holder that reads 1 is the last: it skips the locked decrement, a full
 * barrier on x86, which every leaf task would otherwise pay. */
static void release(bob_task_t *t)
{
    if (atomic_load_explicit(&t->refs, memory_order_acquire) != 1 &&
        atomic_fetch_sub_explicit(&t->refs, 1, memory_order_acq_rel) != 1)
        return;
    bob_task_t *parent = t->parent_task;
    bob_context_fini(&t->ctx);
    if (t->mutexes) /* rarely: spares every task a call */
        free(t->mutexes);
    if (t->event)
        bob_task_event_free(t->event);
    BOB_OMPT(bob_ompt_task_free(t));
    bob_task_mem_free(t, t->size);
    if (parent)
        release(parent);
}

/* seq_cst: what bt_futex_wake_sc asks of a change (one locked
 * instruction on x86, as acq_rel is). */
static void count_down(_Atomic uint32_t *counter)
{
    if (atomic_fetch_sub_explicit(counter, 1, memory_order_seq_cst) == 1)
        bt_futex_wake_sc((uint32_t *)counter, INT_MAX);
}

/* Children still incomplete name t's context, and their descendants
 * walk up through it to t's parent's (seat.c's descends, taskred.c): t,
 * whose body ended and which outlives it through them, keeps that parent
 * alive too, unless it holds a reference on it already. With refs at 1 no
 * child is left and none can come: t's body has ended, so its refs only
 * fall from here, a stale read is above the true count and costs at most a
 * reference that release() gives back, and the read may be relaxed. So is
 * the increment, as a new child's is: the parent is below on the stack
 * that runs this code (t ran at once, or from the parent's list), so its
 * refs cannot reach 0 meanwhile, and release() orders the rest. */
static void outlive_with_parent(bob_task_t *t)
{
    bob_task_t *parent = t->parent->task;
    if (!t->parent_task && parent && atomic_load_explicit(&t->refs, memory_order_relaxed) != 1) {
        t->parent_task = parent;
        atomic_fetch_add_explicit(&parent->refs, 1, memory_order_relaxed);
    }
}

/* A listed task (task_list.c) is counted only in its taskgroup. */
static void complete(bob_task_t *t)
{
    _Atomic uint32_t *pending = t->ctx.pending;
    bob_thread_t *parent = t->parent;
    if (t->ctx.listed)
        bob_list_hand_on(&t->ctx);
    if (t->nest_owner)
        bob_nest_owner_free(t->nest_owner);
    bob_deps_complete(t);
    if (t->taskgroup)
        count_down(&t->taskgroup->pending);
    if (t->listed) {
        outlive_with_parent(t);
        release(t);
        return;
    }
    if (!parent->task) { /* counted only in its parent's children */
        release(t);
        count_down(&parent->children); /* last: the team may go away now */
        return;
    }
    count_down(&parent->children);
    release(t);
    count_down(pending); /* last: the team may go away now */
}

/* The body has returned; a detachable task also waits for its event. */
static void body_done(bob_task_t *t)
{
    if ((t->flags & BOB_TASK_DETACHABLE) &&
        !(atomic_fetch_or(&t->detach, BOB_BODY_DONE) & BOB_FULFILLED))
        return;
    complete(t);
}

static void spawn(bob_task_t *t);

/* The body has returned, on the unit that ran it (for an untied task, its
 * last part's): the copies of variable-length task reduction items it
 * asked for, rarely any, are combined now, with the length its code set
 * in this unit's TLS block, and before anything can see it complete. */
static inline void body_ended(bob_task_t *t)
{
    if (t->taskred)
        bob_taskred_task_end(t);
}

/* Whether t, about to start, is discarded: cancel taskgroup reached its
 * group, or cancel parallel its region (cancel.c). Its context's group is
 * then the one it counts in (or, run here, its creator's). A discarded task skips only its routine: its
 * destructors run and it completes as any task does (a detachable one
 * once its event is fulfilled, as in libomp), so that its successors are
 * released and whatever waits for it sees it complete. */
static bool discarded(const bob_task_t *t)
{
    return __builtin_expect(bob_config.cancellation, 0) && !t->undiscardable &&
           bob_tasks_cancelled(&t->ctx);
}

static void destroy_privates(bob_task_t *t)
{
    if (t->flags & BOB_TASK_DESTRUCTORS)
        t->kmp.data1.destructors(t->ctx.gtid, &t->kmp);
}

/* How a task whose body returned ends, for task_schedule: a detachable
 * one whose event is not fulfilled yet waits for it. */
static ompt_task_status_t end_status(const bob_task_t *t)
{
    return (t->flags & BOB_TASK_DETACHABLE) && !(atomic_load(&t->detach) & BOB_FULFILLED)
               ? ompt_task_detach
               : ompt_task_complete;
}

/* An untied task's later parts have started already (part_id is 0 only
 * for the first). prior: the context it interrupts, NULL on a unit of its
 * own, which is the calling unit's thread again (bob_set_self) once t's
 * body is done, before t's memory may go, so that an inquiry from a
 * signal handler never reads an ended task. A deferred task leaves the
 * seat it took (seated) before anything can run it again or free it. */
static void run_body(bob_task_t *t, bob_thread_t *prior, bool seated)
{
    BOB_OMPT(bob_ompt_task_start(t, prior, __builtin_frame_address(0)));
    if (t->kmp.part_id == 0) {
        if (discarded(t)) {
            BOB_OMPT(bob_ompt_discarded(&t->ctx));
            destroy_privates(t);
            BOB_OMPT(bob_ompt_task_end(t, ompt_task_cancel));
            if (seated)
                bob_seat_leave(&t->ctx);
            bob_set_self(prior);
            body_done(t);
            return;
        }
        if (t->nmutexes)
            bob_deps_lock(t);
    }
    t->kmp.routine(t->ctx.gtid, &t->kmp);
    /* An untied task's next part runs at once where a new task would (a
     * clang task in a team of one, as libomp runs it; a final task; a
     * throttled producer), unless its part ended at a taskyield, which
     * asks for others to run first (a task waiting there for a sibling
     * its creator has yet to make must let the creator go on: libomp
     * would spin for ever); else it is queued again. */
    while (t->requeued && !t->yielded &&
           (bob_task_at_once(&t->ctx) || bob_task_serial_now(&t->ctx, t->flags))) {
        t->requeued = false;
        t->kmp.routine(t->ctx.gtid, &t->kmp);
    }
    t->yielded = false;
    if (t->requeued) {
        t->requeued = false;
        BOB_OMPT(bob_ompt_task_end(t, ompt_task_yield));
        if (seated)
            bob_seat_leave(&t->ctx);
        bob_set_self(prior);
        spawn(t);
        return;
    }
    BOB_OMPT(bob_ompt_task_end(t, end_status(t)));
    body_ended(t);
    destroy_privates(t);
    if (t->nmutexes)
        bob_deps_unlock(t);
    if (seated)
        bob_seat_leave(&t->ctx);
    bob_set_self(prior);
    body_done(t);
}

/* A task that a waiter runs in place (its host) runs in the host's seat,
 * which the host keeps while it helps: the host is buried beneath it. Any
 * other takes a seat, or is parked (seat.c) and made a unit again once one
 * is given to it; a task given one so keeps it, hosted or not. */
void bob_task_main(void *ctx)
{
    bob_task_t *t = ((bob_thread_t *)ctx)->task;
    bob_thread_t *host = t->host;
    t->host = NULL;
    if (host && !t->seated) {
        t->ctx.seat = t->ctx.tid = host->seat;
        run_body(t, host, false);
    } else if (bob_seat_take(t)) {
        run_body(t, NULL, true);
    }
}

/* A task's children count in the taskgroup it counts in, unless the task
 * opens one of its own. */
static void join_group(bob_thread_t *self, bob_task_t *t)
{
    t->taskgroup = self->taskgroup;
    t->ctx.taskgroup = t->taskgroup;
}

void bob_task_account_many(bob_thread_t *self, uint32_t n)
{
    if (self->taskgroup)
        atomic_fetch_add_explicit(&self->taskgroup->pending, n, memory_order_relaxed);
    uint32_t was = atomic_fetch_add_explicit(&self->children, n, memory_order_relaxed);
    if (!self->task) {
        self->made_many = was + n > READY_PER_ES;
        return;
    }
    atomic_fetch_add_explicit(self->pending, n, memory_order_relaxed);
    atomic_fetch_add_explicit(&self->task->refs, (int32_t)n, memory_order_relaxed);
}

/* Counts a new child task of self in every place that waits for it. */
void bob_task_account(bob_thread_t *self, bob_task_t *t)
{
    join_group(self, t);
    bob_task_account_many(self, 1);
}

static bt_pool_t *task_pool(bool own)
{
    return own ? bt_pool_private(-1) : bt_pool_shared(-1);
}

static void spawn(bob_task_t *t)
{
    int priority = 0;
    if (t->flags & BOB_TASK_PRIORITY) {
        priority = t->kmp.data2.priority;
        if (priority > bob_config.max_task_priority)
            priority = bob_config.max_task_priority;
    }
    bt_unit_attr_t attr = bob_unit_attr(bob_config.task_kind);
    attr.priority = priority;
    bool own = bob_task_alone(&t->ctx);
    attr.migratable = !(t->flags & BOB_TASK_TIED) && !own;
    /* Its waiter may run it in its own seat: a tied one, and an untied one
     * where task_wait.c's untied_hosted says. */
    attr.in_place = 1;
    attr.detached = 1;
    if (!atomic_load_explicit(&t->ctx.team->tasks_made, memory_order_relaxed))
        bob_seat_tasks_made(t->ctx.team);
    if (!bt_create(task_pool(own), bob_task_main, &t->ctx, &attr))
        bob_fatal("out of memory creating a task");
}

void bob_task_respawn(bob_task_t *t) { spawn(t); }

/* A new task of self that waits in self's list, counted in its taskgroup
 * only (task_list.c): it holds no reference on self's task. */
static void list_new(bob_thread_t *self, bob_task_t *t)
{
    if (t->taskgroup)
        atomic_fetch_add_explicit(&t->taskgroup->pending, 1, memory_order_relaxed);
    t->listed = true;
    t->parent_task = NULL;
    bob_list_push(self, t);
}

/* It runs in its host's seat, as a task its waiter runs in place. */
void bob_task_run_listed(bob_thread_t *host, bob_task_t *t)
{
    t->list_to = host;
    t->ctx.lists = true;
    t->ctx.seat = t->ctx.tid = host->seat;
    bob_set_self(&t->ctx);
    run_body(t, host, false);
}

/* An included task runs at once, on the encountering unit. */
static void run_included(bob_thread_t *self, bob_task_t *t)
{
    bob_set_self(&t->ctx);
    run_body(t, self, false);
}

/* A tied task that runs at once on its creator, with no detach event and
 * no place in the dependence graph, completes before the creator goes on,
 * and whatever counts tasks (the parent's taskwait, a taskgroup's end, a
 * barrier) waits in the creator: so it is counted nowhere, which spares a
 * throttled producer a dozen atomic updates per task. Its own children
 * keep it alive as usual; it holds a reference on its parent only when it
 * ends before them (bob_task_here_end). */
static bool completes_here(const bob_task_t *t)
{
    return (t->flags & BOB_TASK_TIED) && !(t->flags & BOB_TASK_DETACHABLE) && !t->dep;
}

void bob_task_here_end(bob_thread_t *self, bob_task_t *t)
{
    BOB_OMPT(bob_ompt_task_end(t, ompt_task_complete));
    BOB_OMPT(bob_ompt_task_free(t));
    bob_set_self(self);
    if (t->ctx.listed)
        bob_list_hand_on(&t->ctx);
    if (bob_task_mem_keep(self, t))
        return;
    outlive_with_parent(t);
    release(t);
}

void bob_context_fini(bob_thread_t *ctx)
{
    bob_deptable_free(ctx->deps);
    if (ctx->spare)
        bob_task_mem_free(ctx->spare, ctx->spare->size);
    ctx->spare = NULL;
}

static void run_here(bob_thread_t *self, bob_task_t *t)
{
    t->parent_task = NULL;
    t->ctx.taskgroup = self->taskgroup;
    bob_set_self(&t->ctx);
    BOB_OMPT(bob_ompt_task_start(t, self, __builtin_frame_address(0)));
    if (!discarded(t))
        t->kmp.routine(t->ctx.gtid, &t->kmp);
    body_ended(t);
    destroy_privates(t);
    bob_task_here_end(self, t);
}

/* A tool sees each task begin and end: then every one has its own. The
 * body may have set the task's ICVs; every other field a new task starts
 * with is as it was, or bob_task_mem_reusable says no. */
bool bob_task_here_again(bob_thread_t *self, bob_task_t *t)
{
    if (bob_ompt_on || !bob_task_mem_reusable(t))
        return false;
    t->ctx.icv = self->icv;
    return true;
}

bob_task_t *bob_task_here_begin(bob_thread_t *self, int32_t flags, size_t room)
{
    bob_task_t *t = new_task(self, flags, offsetof(bob_task_t, kmp) + room, true);
    BOB_OMPT(bob_ompt_task_create(self, t, true, false));
    bob_set_self(&t->ctx);
    BOB_OMPT(bob_ompt_task_start(t, self, NULL));
    return t;
}

void bob_task_ready_at_creation(bob_thread_t *self, bob_task_t *t)
{
    if (bob_task_at_once(self) || bob_task_serial_now(self, t->flags))
        run_included(self, t);
    else if (bob_list_takes(self, t))
        bob_list_push(self, t);
    else
        spawn(t);
}

void bob_task_submit(bob_thread_t *self, bob_task_t *t)
{
    /* clang runs an untied task as parts: at each scheduling point the task
     * resubmits itself and returns; run_body then starts the next part. */
    if (t == self->task) {
        t->requeued = true;
        return;
    }
    bool now = bob_task_at_once(self) || bob_task_serial_now(self, t->flags);
    BOB_OMPT(bob_ompt_task_create(self, t, now, false));
    if (now) {
        bob_task_run_now(self, t);
        return;
    }
    join_group(self, t);
    if (bob_list_takes(self, t)) {
        list_new(self, t);
        return;
    }
    bob_task_account_many(self, 1);
    spawn(t);
}

void bob_task_queue_counted(bob_thread_t *self, bob_task_t *t)
{
    BOB_OMPT(bob_ompt_task_create(self, t, false, false));
    join_group(self, t);
    if (bob_list_takes(self, t))
        bob_list_push(self, t);
    else
        spawn(t);
}

void bob_task_run_now(bob_thread_t *self, bob_task_t *t)
{
    if (completes_here(t)) {
        run_here(self, t);
        return;
    }
    bob_task_account(self, t);
    run_included(self, t);
}

void bob_task_release(bob_task_t *t, const bob_task_t *by)
{
    bob_thread_t *owner;
    if (t->parent->final)
        run_included(t->parent, t);
    else if (by && (owner = bob_list_owner(t, by)))
        bob_list_push(owner, t);
    else
        spawn(t);
}

void bob_task_begin_if0(bob_thread_t *self, bob_task_t *t)
{
    BOB_OMPT(bob_ompt_task_create(self, t, true, false));
    bob_task_account(self, t);
    if (t->nmutexes)
        bob_deps_lock(t);
    bob_set_self(&t->ctx);
    BOB_OMPT(bob_ompt_task_start(t, self, NULL));
}

/* A clang untied task runs as parts, each resubmitting the task for the
 * next (bob_task_submit): undeferred, its parts all run here, before its
 * creator goes on. (LLVM's libomp stops at an assertion instead.) */
void bob_task_complete_if0(bob_thread_t *self, bob_task_t *t)
{
    (void)self;
    while (t->requeued) {
        t->requeued = false;
        t->kmp.routine(t->ctx.gtid, &t->kmp);
    }
    BOB_OMPT(bob_ompt_task_end(t, end_status(t)));
    body_ended(t); /* clang ran the routine on this unit */
    destroy_privates(t);
    if (t->nmutexes)
        bob_deps_unlock(t);
    bob_set_self(t->parent);
    body_done(t);
}

/* clang calls an undeferred task's routine itself, between begin_if0 and
 * complete_if0, so only the runtime's own undeferred tasks (gcc's, a
 * taskloop's under if(0)) can be discarded. */
void bob_task_run_undeferred(bob_thread_t *self, bob_task_t *t)
{
    bob_task_begin_if0(self, t);
    if (!discarded(t))
        t->kmp.routine(t->ctx.gtid, &t->kmp);
    bob_task_complete_if0(self, t);
}

static void complete_fulfilled(bt_call_t *call)
{
    complete((bob_task_t *)((char *)call - offsetof(bob_task_t, fulfilled)));
}

/* omp_fulfill_event may be called from a signal handler (an AIO
 * completion, say) that interrupted this very ES in its scheduler or a
 * pool: completing the task takes locks and wakes waiters, so it is posted
 * to the substrate's service thread, which completes it in order. */
void bob_task_fulfill(uint64_t event_handle)
{
    bob_task_t *t = bob_task_event_fulfil(event_handle);
    /* told before the task can complete, and its memory go */
    BOB_OMPT(bob_ompt_task_fulfilled(t, atomic_load(&t->detach) & BOB_BODY_DONE));
    if (atomic_fetch_or(&t->detach, BOB_FULFILLED) & BOB_BODY_DONE) {
        t->fulfilled.fn = complete_fulfilled;
        bt_call_soon(&t->fulfilled);
    }
}

void bob_task_proxy_completed(bob_task_t *t) { complete(t); }

uint64_t bob_task_id(const bob_thread_t *self)
{
    return self->task ? id_of(self->task) : ((uint64_t)1 << 63) | (uint32_t)self->gtid;
}
