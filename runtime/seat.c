/* This file handles which thread number an explicit task runs as.
 *
 * omp_get_thread_num() in a task names the team thread executing it, and
 * code indexes per-thread scratch by it: two tasks that run at the same
 * time must never report the same number. A Pthread runtime gets that for
 * free, since a thread runs one task at a time and takes another only at
 * a scheduling point. Here tasks are units on any ES, so a team has one
 * seat per thread number and a deferred task must take a free seat before
 * its body starts, and leave it when its body (or an untied task's part)
 * ends.
 *
 * A seat is free only when its occupant lends it: a member or task that
 * waits at a scheduling point lends its seat, and takes that seat back
 * when it resumes, after whatever task sat in it meanwhile has left. At a
 * taskwait, the end of a taskgroup or a tied task's taskyield only the
 * lender's descendants may borrow it (OpenMP's task scheduling
 * constraint: a sibling that waited for what the lender holds, a lock,
 * would keep it from resuming); at a barrier any task of the team may;
 * at an untied task's taskyield any task may, as a last choice, and the
 * untied task resumes in whichever seat it may take first. A borrower
 * may lend in turn, so a seat's lenders form a stack, linked through the
 * lenders' own contexts. A lender takes its seat back once nobody sits in
 * it and the lenders above it, if any, are untied yielders, which need
 * not have it back (as clang's untied task parts return to the thread
 * they ran on). A member whose body returned, or a master at the
 * region's end, leaves its seat for good.
 *
 * A task that finds no seat is parked on its team, its unit ending; a seat
 * that comes free goes first to its waiting lender, then to the first
 * parked task that may take it, which is made a unit again already
 * seated. One spin lock per team guards seats and parked tasks. A task
 * run at once on its creator (included, undeferred, throttled) runs in
 * its creator's seat and touches none of this.
 *
 * The TLS block goes with the seat. A member without a block of its own
 * runs with its ES's (tls.c), which the tasks its ES starts run with too,
 * and so does a task started there: it lends the block while it lends its
 * seat to the team (a barrier; bt_self_keep_block), as a Pthread lets
 * tasks run on it at scheduling points only. Where only its descendants
 * may take its seat (taskwait, a taskgroup's end, a tied taskyield) it
 * keeps the block, as it does waiting elsewhere (a lock, sched_yield):
 * the tasks its ES starts meanwhile need not descend from it and take
 * another block, while those it waits for run in place, on its stack and
 * block (task_wait.c). A task that shared the block would change the
 * waiter's TLS (errno, threadprivate variables) under it, and one
 * preempted halfway would keep the waiter from going on, for good if it
 * waits for the waiter (a lock the waiter holds across a taskyield). */
#include "rt.h"

#include "task.h"

#include <bobbin/threading.h>
#include <limits.h>

void bob_seats_init(bob_team_t *team)
{
    for (int i = 0; i < team->nthreads; i++) {
        team->seats[i] = (bob_seat_t){.taken = true};
        team->threads[i].seat = i;
    }
}

/* Whether t descends from ctx (its creator's context, or an ancestor's). */
static bool descends(const bob_task_t *t, const bob_thread_t *ctx)
{
    for (const bob_thread_t *p = t->parent; p; p = p->task ? p->task->parent : NULL)
        if (p == ctx)
            return true;
    return false;
}

/* The lenders of a seat that may take it back when it is free run from
 * the top down to the first that is no untied yielder. */
static bob_thread_t *next_reclaimer(const bob_thread_t *x)
{
    return x->seat_lent == BOB_LEND_YIELD ? x->seat_prev_lender : NULL;
}

/* The lender that waits to take s back and may, if any. */
static bob_thread_t *waiting_lender(const bob_seat_t *s)
{
    for (bob_thread_t *x = s->lender; x; x = next_reclaimer(x))
        if (x->seat_waiting)
            return x;
    return NULL;
}

static bool may_reclaim(const bob_seat_t *s, const bob_thread_t *ctx)
{
    if (s->taken)
        return false;
    for (const bob_thread_t *x = s->lender; x; x = next_reclaimer(x))
        if (x == ctx)
            return true;
    return false;
}

static bool may_take(const bob_seat_t *s, const bob_task_t *t)
{
    return !s->taken && (!s->lender || (!waiting_lender(s) &&
                                        (s->lender->seat_lent != BOB_LEND_DESCENDANTS ||
                                         descends(t, s->lender))));
}

/* A yielder's seat is a new task's last choice: a task started there
 * keeps the yielder from resuming until it leaves, though another seat
 * may be free or come free soon (a member arriving at a barrier). */
static bool yielded(const bob_seat_t *s)
{
    return s->lender && s->lender->seat_lent == BOB_LEND_YIELD;
}

/* Takes ctx out of the lenders of s, wherever it is among them. */
static void unlend(bob_seat_t *s, bob_thread_t *ctx)
{
    if (s->lender == ctx) {
        s->lender = ctx->seat_prev_lender;
        return;
    }
    bob_thread_t *above = s->lender;
    while (above->seat_prev_lender != ctx)
        above = above->seat_prev_lender;
    above->seat_prev_lender = ctx->seat_prev_lender;
}

static void sit(bob_seat_t *s, bob_task_t *t, int n)
{
    s->taken = true;
    t->own_seat = true;
    t->ctx.seat = n;
    t->ctx.tid = n;
}

bool bob_seat_take(bob_task_t *t)
{
    if (t->seated) { /* a releaser gave it a seat while it was parked */
        t->seated = false;
        return true;
    }
    bob_team_t *team = t->ctx.team;
    int n = team->nthreads, first = t->ctx.seat < n ? t->ctx.seat : 0;
    bob_spin_acquire(&team->seats_lock);
    for (int k = 0; k < 2 * n; k++) {
        int i = (first + k) % n; /* the creator's seat first: a waiter lends it */
        bob_seat_t *s = &team->seats[i];
        if ((k >= n || !yielded(s)) && may_take(s, t)) {
            sit(s, t, i);
            bob_spin_release(&team->seats_lock);
            return true;
        }
    }
    bob_task_append(&team->parked, &team->parked_tail, t);
    bob_spin_release(&team->seats_lock);
    return false;
}

/* Seat i has come free, the lock held: a lender waiting for it takes it
 * back (woken by the caller when *woken is set), or else the first parked
 * task allowed on it, returned to be made a unit again. */
static bob_task_t *hand_on(bob_team_t *team, int i, bool *woken)
{
    bob_seat_t *s = &team->seats[i];
    bob_thread_t *lender = waiting_lender(s);
    if (lender) {
        lender->seat_waiting = false;
        s->taken = true;
        atomic_fetch_add_explicit(&s->turn, 1, memory_order_release);
        *woken = true;
        return NULL;
    }
    for (bob_task_t **p = &team->parked, *prev = NULL; *p; prev = *p, p = &(*p)->parked_next) {
        bob_task_t *t = *p;
        if (!may_take(s, t))
            continue;
        *p = t->parked_next;
        if (team->parked_tail == t)
            team->parked_tail = prev;
        sit(s, t, i);
        t->seated = true;
        return t;
    }
    return NULL;
}

static void came_free(bob_team_t *team, int i)
{
    bool woken = false;
    bob_task_t *t = hand_on(team, i, &woken);
    bool untied_woken = team->untied_waiting > 0;
    if (untied_woken)
        atomic_fetch_add_explicit(&team->seats_turn, 1, memory_order_release);
    bob_spin_release(&team->seats_lock);
    if (woken)
        bt_futex_wake((uint32_t *)&team->seats[i].turn, INT_MAX);
    if (untied_woken)
        bt_futex_wake((uint32_t *)&team->seats_turn, INT_MAX);
    if (t)
        bob_task_respawn(t);
}

/* A member done with the region's work (ended, or thread 0 waiting to
 * join the others) would, on a Pthread runtime, wait at the region's last
 * barrier and run the team's tasks there, taking a CPU from a team-mate
 * that spins in one without a scheduling point. So once the team has made
 * tasks and such a member waits, the team wants units run
 * (bt_units_wanted): the spinner is then preempted for them. Counted under
 * seats_lock, as the team's first task is (bob_seat_tasks_made), so that
 * whichever comes second asks. Only where members share ESs: a first-level
 * team of one member per ES leaves the done member's ES idle, and an idle
 * ES steals what waits (while units are wanted, every task queued pays a
 * fence, 35% of gcc's `task` overhead at 2 threads). */
static void want_units_if_done(bob_team_t *team)
{
    if (team->members_done && team->members_share_es &&
        atomic_load_explicit(&team->tasks_made, memory_order_relaxed) &&
        !team->done_want_units) {
        team->done_want_units = true;
        bt_units_wanted(1);
    }
}

void bob_seat_tasks_made(bob_team_t *team)
{
    bob_spin_acquire(&team->seats_lock);
    atomic_store_explicit(&team->tasks_made, true, memory_order_relaxed);
    want_units_if_done(team);
    bob_spin_release(&team->seats_lock);
}

void bob_seat_region_ended(bob_team_t *team)
{
    if (team->done_want_units)
        bt_units_wanted(-1);
}

void bob_seat_leave(bob_thread_t *ctx)
{
    bob_team_t *team = ctx->team;
    bob_spin_acquire(&team->seats_lock);
    team->seats[ctx->seat].taken = false;
    if (!ctx->task) { /* an implicit task, done */
        team->members_done++;
        want_units_if_done(team);
    }
    came_free(team, ctx->seat);
}

void bob_seat_lend(bob_thread_t *ctx, bob_lend_t to_whom)
{
    bob_team_t *team = ctx->team;
    bob_seat_t *s = &team->seats[ctx->seat];
    if (to_whom != BOB_LEND_DESCENDANTS) /* the block goes with the seat (above) */
        bt_self_keep_block(0);
    bob_spin_acquire(&team->seats_lock);
    if (to_whom == BOB_LEND_JOIN) {
        team->members_done++;
        want_units_if_done(team);
        to_whom = BOB_LEND_TEAM;
    }
    ctx->seat_prev_lender = s->lender;
    ctx->seat_lent = to_whom;
    s->lender = ctx;
    s->taken = false;
    came_free(team, ctx->seat);
}

/* Waits, the lock held and released meanwhile, until *turn moves on. No
 * wake-up is lost: turn is read under the lock, and moved on only under
 * it, so a hand-on after the unlock changes the word bob_wait compares. */
static void wait_turn(bob_team_t *team, _Atomic uint32_t *turn, const char *what)
{
    uint32_t seen = atomic_load_explicit(turn, memory_order_relaxed);
    bob_spin_release(&team->seats_lock);
    while (atomic_load_explicit(turn, memory_order_acquire) == seen)
        bob_wait((uint32_t *)turn, seen, what);
    bob_spin_acquire(&team->seats_lock);
}

/* An untied task resumes in whichever seat it may take first, as it would
 * on whichever thread of a Pthread runtime: its own may stay taken by a
 * descendant that waits for the task's own progress. */
static void reclaim_any(bob_team_t *team, bob_thread_t *ctx)
{
    for (;;) {
        bob_seat_t *own = &team->seats[ctx->seat];
        if (may_reclaim(own, ctx)) {
            unlend(own, ctx);
            own->taken = true;
            return;
        }
        for (int i = 0; i < team->nthreads; i++) {
            if (i != ctx->seat && may_take(&team->seats[i], ctx->task)) {
                unlend(own, ctx);
                sit(&team->seats[i], ctx->task, i);
                return;
            }
        }
        team->untied_waiting++;
        wait_turn(team, &team->seats_turn, "a seat for an untied task");
        team->untied_waiting--;
    }
}

bool bob_seat_untied(const bob_thread_t *ctx)
{
    return ctx->task && ctx->task->own_seat && !(ctx->task->flags & BOB_TASK_TIED);
}

void bob_seat_reclaim(bob_thread_t *ctx)
{
    bob_team_t *team = ctx->team;
    bob_seat_t *s = &team->seats[ctx->seat];
    bob_spin_acquire(&team->seats_lock);
    if (bob_seat_untied(ctx)) {
        reclaim_any(team, ctx);
    } else {
        if (may_reclaim(s, ctx)) {
            s->taken = true;
        } else {
            /* the tasks in the seat, and the lenders above ctx that wait
             * for theirs, each leave or lend it in the end */
            ctx->seat_waiting = true;
            do
                wait_turn(team, &s->turn, "a task in its thread's seat");
            while (ctx->seat_waiting);
        }
        unlend(s, ctx);
    }
    bob_spin_release(&team->seats_lock);
    bt_self_keep_block(bob_keeps_block());
}
