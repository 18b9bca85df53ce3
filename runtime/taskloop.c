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
#include <time.h>

/* How many tasks a taskloop of trip iterations makes (OpenMP 5.2, 12.6),
 * each a contiguous range, in order (bob_chunks_next):
 * - grainsize(g): trip / g tasks, at least 1, the iterations spread
 *   evenly, so that each has at least min(g, trip) iterations and fewer
 *   than 2g, as the spec bounds them;
 * - grainsize(strict: g): ceil(trip / g) tasks of exactly g iterations,
 *   but the one holding the sequentially last iteration, which has the
 *   rest (1 to g), as strict asks;
 * - num_tasks(n), strict or not: min(n, trip) tasks, as the spec asks,
 *   each at least one iteration, their sizes differing by at most one (the
 *   split libgomp and LLVM's libomp make, for strict too);
 * - neither: 4 tasks per thread of the team (per CPU for a team of one),
 *   at most trip, enough to balance and few enough to stay cheap;
 * a g or n of 0 counts as 1. When each task runs is the feed's rule,
 * below. */
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

/* When a chunk's task runs undeferred, at once on the encountering
 * thread, rather than being queued to run wherever (both ABIs):
 * - under if(false), every one, in order (the callers);
 * - in a final task or outside any parallel region, every one, as any
 *   task there (bob_task_room says 0), and in a team of one, every one
 *   of a clang binary's (bob_task_serial_now);
 * - with a taskgroup, the last one: the thread waits for it at the
 *   group's end anyway, and a queued task costs a work unit; without one
 *   (nogroup) the thread goes on at once, as the program may expect;
 * - once READY_PER_ES tasks wait in the creator's ES (task throttling, as
 *   libgomp runs a taskloop's tasks at once when its queue would grow
 *   past 64 per thread): the chunks that still fit are queued, the rest
 *   run at once until thieves have made room.
 * A tasklet, which could not suspend in a task, queues every one.
 *
 * The queue is looked at (a line the thieves write) when the taskloop
 * starts and then once every `every` chunks run at once, and the chunks
 * that fit are counted in one go (bob_task_account_many): a taskloop of
 * one-iteration tasks would otherwise pay a cache miss and four atomic
 * additions per task, where libgomp queues its batch under one lock.
 * `every` doubles, up to EVERY_MAX, while thieves take fewer than half of
 * what was queued between two looks (small tasks: looking costs more than
 * the room it finds), and falls back to 1 when they take more (large
 * tasks, many thieves: none of them should wait for the producer).
 *
 * A chunk that runs in less than SMALL_NS is not worth a work unit: its
 * producer would spend longer queueing it than running it, and a thief
 * longer taking it. So the runs of chunks at once are timed (a clock read
 * when one starts and at the look that ends it), and while they are that
 * small no more are queued, as libgomp queues none of a large batch; the
 * first look, before any was timed, queues no more than FIRST_BATCH.
 * (gcc's taskloop of many chunks shares them with the team instead, and
 * feeds only the last few: gomp_task.c.) A team of one's thread, whose
 * queue only it empties (task_throttle.h), looks once, as libgomp does: it
 * queues the chunks if they all fit, and otherwise runs every one at once,
 * in order and untimed; queueing some of them would only make it run
 * those later, at a cost. */
enum { EVERY_MAX = 256, SMALL_NS = 250, FIRST_BATCH = READY_PER_ES / 4 };

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void bob_feed_init(bob_feed_t *f, const bob_thread_t *self, bool group)
{
    *f = (bob_feed_t){.every = 1, .last_here = group && !bt_self_is_tasklet(),
                      .first_look = true, .alone = bob_task_alone(self)};
}

/* Whether the chunks run at once since the last look took less than
 * SMALL_NS each; the timing starts again with the next run. */
static bool small_chunks(bob_feed_t *f)
{
    bool small = f->since && now_ns() - f->since < (uint64_t)f->ran * SMALL_NS;
    f->since = 0;
    f->ran = 0;
    return small;
}

static void look_less_often(bob_feed_t *f)
{
    if (f->every < EVERY_MAX)
        f->every *= 2;
}

/* How many of the chunks left, the next one first, to count and queue now
 * (0: none); the next look comes after `every` chunks run at once. */
static uint32_t look(bob_thread_t *self, bob_feed_t *f, const bob_chunks_t *c)
{
    bool first = f->first_look;
    f->first_look = false;
    uint64_t left = c->ntasks - c->k - f->last_here;
    if (f->alone) { /* looks once: no one else will take what it queues */
        f->wait = UINT32_MAX;
        uint32_t room = first ? bob_task_room(self) : 0;
        uint32_t n = left <= room ? (uint32_t)left : 0;
        if (n)
            bob_task_account_many(self, n);
        return n;
    }
    if (small_chunks(f)) {
        look_less_often(f);
        f->wait = f->every;
        return 0;
    }
    uint32_t room = bob_task_room(self);
    if (room > READY_PER_ES / 2 && room != UINT32_MAX)
        f->every = 1;
    else
        look_less_often(f);
    f->wait = f->every;
    if (first && room > FIRST_BATCH && room != UINT32_MAX)
        room = FIRST_BATCH;
    uint32_t n = room < left ? room : (uint32_t)left;
    if (n)
        bob_task_account_many(self, n);
    return n;
}

uint64_t bob_taskloop_plan(bob_thread_t *self, bob_feed_t *f, const bob_chunks_t *c,
                           bool *queued)
{
    uint64_t left = c->ntasks - c->k;
    *queued = false;
    if (f->last_here && left == 1)
        return 1;
    if (f->wait == 0) {
        uint32_t n = look(self, f, c);
        if (n) {
            *queued = true;
            return n;
        }
    }
    uint64_t n = f->wait < left ? f->wait : left;
    f->wait -= (uint32_t)n;
    if (!f->alone && !f->since)
        f->since = now_ns();
    f->ran += (uint32_t)n;
    return n;
}

/* Runs are claimed guided, a share of what is left at each claim: few
 * atomic additions on the shared line, and small runs at the end, where a
 * thread that claimed last would otherwise hold the others up. A claimer
 * also bounds its claims by time: it starts with one chunk, and then takes
 * at most what it ran in CLAIM_NS at the pace of its last run, growing at
 * most twofold a claim, and never more than CLAIM_MAX chunks. So chunks of
 * any length may be shared: a thread that loses its CPU (on a loaded
 * machine, for milliseconds) holds the others up by about CLAIM_NS of
 * work, not by a share of the loop. */
enum { CLAIM_MAX = 256, CLAIM_NS = 20000 };

void bob_chunks_claim_init(bob_chunks_claim_t *cl, const bob_chunks_t *c, int nthreads)
{
    atomic_init(&cl->next, c->k);
    cl->ntasks = c->ntasks;
    cl->nthreads = (uint64_t)(nthreads > 0 ? nthreads : 1);
}

static uint64_t paced_limit(bob_claim_pace_t *pace)
{
    uint64_t now = now_ns(), limit = 1;
    if (pace->since) {
        uint64_t took = now - pace->since;
        uint64_t fits = took ? CLAIM_NS * pace->got / took : CLAIM_MAX;
        limit = 2 * pace->limit < fits ? 2 * pace->limit : fits;
        limit = limit < 1 ? 1 : limit > CLAIM_MAX ? CLAIM_MAX : limit;
    }
    pace->since = now;
    return pace->limit = limit;
}

/* Relaxed: the claims hand out numbers only; what the chunks read was
 * written before the threads that claim them were given the record. */
bool bob_chunks_claim(bob_chunks_claim_t *cl, bob_claim_pace_t *pace, uint64_t *k,
                      uint64_t *end)
{
    uint64_t seen = atomic_load_explicit(&cl->next, memory_order_relaxed);
    if (seen >= cl->ntasks)
        return false;
    uint64_t n = (cl->ntasks - seen) / (2 * cl->nthreads), limit = paced_limit(pace);
    n = n < 1 ? 1 : n > limit ? limit : n;
    uint64_t got = atomic_fetch_add_explicit(&cl->next, n, memory_order_relaxed);
    if (got >= cl->ntasks)
        return false;
    *k = got;
    *end = got + n < cl->ntasks ? got + n : cl->ntasks;
    pace->got = *end - got;
    return true;
}

static bob_task_t *copy_of(bob_task_t *pattern)
{
    bob_task_t *t = bob_task_mem_alloc(pattern->size);
    memcpy(t, pattern, pattern->size);
    t->ctx.task = t;
    t->ctx.spare = NULL; /* the pattern's is the pattern's */
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
    BOB_OMPT((bob_ompt_taskloop(self, ompt_scope_begin, trip),
              bob_ompt_taskloop_bounds(self, lb_at, ub_at, st)));
    bob_chunks_t chunks;
    bob_chunks_init(&chunks, self, trip, sched, size, strict);
    bob_feed_t feed;
    bob_feed_init(&feed, self, !nogroup);
    if (!nogroup)
        bob_taskgroup_begin(self);
    bool plan = if_val && !bob_task_serial_now(self, pattern->flags);
    for (bool queued = false; !bob_chunks_done(&chunks);) {
        uint64_t n = plan ? bob_taskloop_plan(self, &feed, &chunks, &queued) : 1;
        for (uint64_t first, count; n-- && bob_chunks_next(&chunks, &first, &count);) {
            bob_task_t *t = copy_of(pattern);
            *(uint64_t *)((char *)t + lb_at) = lower + first * (uint64_t)st;
            *(uint64_t *)((char *)t + ub_at) = lower + (first + count - 1) * (uint64_t)st;
            if (dup)
                dup(&t->kmp, &pattern->kmp, first + count == trip);
            if (!if_val) /* each task is undeferred, run here in order */
                bob_task_run_undeferred(self, t);
            else if (queued)
                bob_task_queue_counted(self, t);
            else
                bob_task_run_now(self, t);
        }
    }
    if (!nogroup)
        bob_taskgroup_end(self);
    BOB_OMPT(bob_ompt_taskloop(self, ompt_scope_end, trip));
    bob_task_mem_free(pattern, pattern->size);
}
