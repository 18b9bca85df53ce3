/* This file holds what gcc's GOMP_* interface needs beyond the operations
 * the __kmpc_* shims use (see gomp.h): chunk-wise ORDERED, exclusive loop
 * ends, runtime-numbered sections, team-shared scratch memory, the
 * microtask that runs a GOMP outlined region fn(data), and the split
 * fork of GOMP_parallel_start/_end.
 *
 * A GOMP loop's scratch memory is the payload of its worksharing slot
 * (freed with the slot), made by whichever thread asks first. */
#include "gomp.h"
#include "ompt/ompt.h"

#include <bobbin/threading.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- the loop slot's scratch memory --------------------------------------- */

static void *scratch_of(bob_ws_t *ws, size_t size)
{
    void *x = __atomic_load_n(&ws->payload, __ATOMIC_ACQUIRE);
    if (x)
        return x;
    void *mine = calloc(1, size);
    if (!mine)
        bob_fatal("out of memory for a loop construct's scratch memory (%zu bytes)", size);
    if (__atomic_compare_exchange_n(&ws->payload, &x, mine, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
        return mine;
    free(mine);
    return x;
}

/* ---- loops ------------------------------------------------------------------ */

static bool is_empty(const bob_gomp_loop_t *l)
{
    if (l->is_unsigned)
        return !l->down ? (uint64_t)l->start >= (uint64_t)l->end
                        : (uint64_t)l->start <= (uint64_t)l->end;
    return !l->down ? l->start >= l->end : l->start <= l->end;
}

void bob_gomp_loop_init(bob_thread_t *self, int kmp_sched, const bob_gomp_loop_t *loop,
                        int64_t chunk, size_t mem_size, void **mem)
{
    /* The dispatcher wants an inclusive upper bound: one step short of end
     * towards start; an empty loop becomes 0..-1. */
    bob_loop_t l = {0, -1, 1, false, false};
    if (!is_empty(loop)) {
        l.lb = loop->start;
        l.ub = (int64_t)((uint64_t)loop->end - (loop->down ? (uint64_t)-1 : 1));
        l.incr = loop->incr;
        l.is_unsigned = loop->is_unsigned;
        l.down = loop->down;
    }
    bob_dispatch_init(self, kmp_sched, &l, chunk);
    self->ordered_end = 0;
    if (mem_size && mem)
        *mem = scratch_of(self->loop, mem_size);
}

/* Passes the ORDERED turn on from the chunk the thread holds: once the
 * chunks before it have passed it here (they may not have entered their
 * ordered regions at all), to the first iteration after it. */
static void pass_turn(bob_thread_t *self, bob_ws_t *ws)
{
    uint64_t end = self->ordered_end;
    if (!end)
        return;
    self->ordered_end = 0;
    bob_ordered_wait(self); /* our chunk's turn: self->ordered_iter */
    bob_ordered_pass(ws, end);
}

/* gcc's end of a chunk whose last value is `last`: exclusive, one past it
 * towards the loop's end. */
static int64_t end_after(const bob_thread_t *self, uint64_t last)
{
    return (int64_t)(last + (self->loop_down ? (uint64_t)-1 : 1));
}

/* The thread's part of its loop ends: no chunk is left for it. */
static __attribute__((noinline)) bool part_ends(bob_thread_t *self, bob_ws_t *ws)
{
    self->loop = NULL;
    bob_ws_leave(ws);
    if (self->doacross)
        bob_doacross_fini(self);
    return false;
}

/* A chunk of a dynamic loop without ORDERED: in a loop of short iterations
 * what a chunk costs beyond the shared add is most of the loop's time, so
 * this path takes the add and converts the chunk to the loop's terms, and
 * no more (no other schedule's case, no chunk of ORDERED turns to note). */
static bool dynamic_next(bob_thread_t *self, bob_ws_t *ws, int64_t *istart, int64_t *iend)
{
    /* The slot's fields were published by its id, which bob_ws_enter read
     * with acquire; the add only divides the iterations among the
     * threads, and orders nothing else: relaxed. */
    uint64_t chunk = ws->chunk, trip = ws->trip;
    uint64_t first = atomic_fetch_add_explicit(&ws->next, chunk, memory_order_relaxed);
    if (first >= trip)
        return part_ends(self, ws);
    uint64_t last = trip - first > chunk ? first + chunk - 1 : trip - 1;
    uint64_t lb = (uint64_t)self->loop_lb, incr = (uint64_t)self->loop_incr;
    *istart = (int64_t)(lb + first * incr);
    *iend = end_after(self, lb + last * incr);
    return true;
}

/* Every chunk but those of dynamic_next. */
static __attribute__((noinline)) bool any_next(bob_thread_t *self, int64_t *istart,
                                               int64_t *iend)
{
    bob_ws_t *ws = self->loop;
    if (!ws)
        return false;
    if (ws->ordered)
        pass_turn(self, ws);
    int64_t lb, ub, incr;
    if (!bob_dispatch_next(self, &lb, &ub, &incr, NULL)) {
        if (self->doacross)
            bob_doacross_fini(self);
        return false;
    }
    BOB_OMPT(bob_ompt_loop_chunk(self, lb, ub, incr));
    if (ws->ordered) {
        uint64_t span = !self->loop_down
                            ? ((uint64_t)ub - (uint64_t)lb) / (uint64_t)incr
                            : ((uint64_t)lb - (uint64_t)ub) / (0 - (uint64_t)incr);
        self->ordered_end = self->ordered_iter + span + 1;
    }
    *istart = lb;
    *iend = end_after(self, (uint64_t)ub);
    return true;
}

bool bob_gomp_loop_next(bob_thread_t *self, int64_t *istart, int64_t *iend)
{
    bob_ws_t *ws = self->loop;
    if (ws && ws->sched == BOB_SCHED_DYNAMIC && !ws->ordered && !bob_ompt_on)
        return dynamic_next(self, ws, istart, iend);
    return any_next(self, istart, iend);
}

bool bob_gomp_ws_end(bob_thread_t *self, bool barrier, bool cancel)
{
    bob_ws_t *ws = self->loop;
    if (ws) { /* work left behind: cancelled, or chunks the compiler computed */
        self->loop = NULL;
        bob_ws_leave(ws);
    }
    if (self->doacross)
        bob_doacross_fini(self);
    BOB_OMPT(bob_ompt_work_end(self));
    if (cancel)
        return bob_cancel_barrier(self);
    if (barrier)
        bob_barrier(self);
    return false;
}

void bob_gomp_ordered_start(bob_thread_t *self) { bob_ordered_begin(self); }

/* ---- doacross ------------------------------------------------------------------ */

void bob_gomp_doacross_init(bob_thread_t *self, unsigned ncounts, const void *counts)
{
    int64_t dims[3 * ncounts]; /* ncounts: the nest's depth in the source */
    for (unsigned d = 0; d < ncounts; d++) {
        uint64_t count;
        memcpy(&count, (const char *)counts + d * sizeof count, sizeof count);
        dims[3 * d] = 0;
        dims[3 * d + 1] = (int64_t)count - 1;
        dims[3 * d + 2] = 1;
    }
    bob_doacross_init(self, (int)ncounts, dims);
    /* The slot's trip is unused by doacross.c: every thread records the
     * number of dimensions there, for GOMP_doacross_wait's varargs. */
    __atomic_store_n(&self->doacross->trip, (uint64_t)ncounts, __ATOMIC_RELAXED);
}

unsigned bob_gomp_doacross_ndims(bob_thread_t *self)
{
    return self->doacross ? (unsigned)__atomic_load_n(&self->doacross->trip,
                                                      __ATOMIC_RELAXED)
                          : 0;
}

/* ---- sections ------------------------------------------------------------------ */

struct sections_init {
    unsigned count;
    size_t mem_size;
};

static void install_sections(bob_ws_t *ws, void *arg)
{
    const struct sections_init *s = arg;
    ws->trip = s->count;
    if (s->mem_size && !(ws->payload = calloc(1, s->mem_size)))
        bob_fatal("out of memory for a sections construct's shared state (%zu bytes)",
                  s->mem_size);
}

static void sections_enter(bob_thread_t *self, unsigned count, size_t mem_size, void **mem)
{
    struct sections_init s = {count, mem_size};
    BOB_OMPT(bob_ompt_work_begin(self, ompt_work_sections, count));
    self->loop = bob_ws_enter(self, install_sections, &s);
    if (mem_size && mem)
        *mem = self->loop->payload;
}

unsigned bob_gomp_sections_start(bob_thread_t *self, unsigned count, size_t mem_size,
                                 void **mem)
{
    sections_enter(self, count, mem_size, mem);
    return bob_gomp_sections_next(self);
}

unsigned bob_gomp_sections_next(bob_thread_t *self)
{
    bob_ws_t *ws = self->loop;
    if (!ws)
        return 0;
    int n = (int)ws->trip;
    int i = bob_next_section(self, n); /* leaves the construct after the last */
    if (i < n)
        BOB_OMPT(bob_ompt_section(self));
    return i < n ? (unsigned)i + 1 : 0;
}

/* ---- parallel regions --------------------------------------------------------- */

void bob_gomp_ws_prepare(bob_thread_t *self, const bob_gomp_ws_spec_t *spec)
{
    switch (spec->kind) {
    case BOB_GOMP_WS_LOOP:
        bob_gomp_loop_init(self, spec->kmp_sched, &spec->loop, spec->chunk, 0, NULL);
        break;
    case BOB_GOMP_WS_SECTIONS:
        sections_enter(self, spec->sections, 0, NULL);
        break;
    case BOB_GOMP_WS_NONE:
        break;
    }
}

/* The microtask of every GOMP region: fn and data are its two shared
 * arguments, spec (or NULL) the construct to set up first. */
static void gomp_microtask(int32_t *gtid, int32_t *tid, void (*fn)(void *), void *data,
                           const bob_gomp_ws_spec_t *spec)
{
    (void)gtid, (void)tid;
    if (spec)
        bob_gomp_ws_prepare(bob_self(), spec);
    fn(data);
}

static void push_team_size(bob_thread_t *self, unsigned num_threads)
{
    if (num_threads)
        self->push_num_threads = num_threads > INT_MAX ? INT_MAX : (int)num_threads;
}

void bob_gomp_parallel(void (*fn)(void *), void *data, unsigned num_threads,
                       int proc_bind, const bob_gomp_ws_spec_t *spec)
{
    bob_thread_t *self = bob_self();
    push_team_size(self, num_threads);
    if (proc_bind)
        self->push_proc_bind = proc_bind;
    void *argv[3] = {(void *)fn, data, (void *)spec};
    bob_fork((void (*)(void))gomp_microtask, 3, argv, true);
}

/* The split fork. bob_fork only returns once its team has ended, so it runs
 * on a helper work unit standing in for the caller: the helper forks the
 * team as the caller's task would, and when thread 0's part starts it
 * hands the team over (state 1) and waits; the caller, now thread 0, runs
 * the region's body and at GOMP_parallel_end releases the helper (state 2),
 * which joins the team; the caller joins the helper. */
typedef struct split_fork {
    void *argv[3];             /* fn, data, this: the team's shared arguments */
    bob_gomp_ws_spec_t spec;
    bool has_spec;
    bob_thread_t *master;      /* the caller's task */
    bob_team_t *team;
    _Atomic uint32_t state;    /* 0 forking, 1 team running, 2 body done */
    bt_unit_t *helper;
} split_fork_t;

enum { SPLIT_FORKING, SPLIT_RUNNING, SPLIT_DONE };

static void split_microtask(int32_t *gtid, int32_t *tid, void (*fn)(void *), void *data,
                            split_fork_t *sf)
{
    (void)gtid;
    if (*tid != 0) {
        if (sf->has_spec)
            bob_gomp_ws_prepare(bob_self(), &sf->spec);
        fn(data);
        return;
    }
    sf->team = bob_self()->team;
    atomic_store(&sf->state, SPLIT_RUNNING);
    bt_futex_wake((uint32_t *)&sf->state, INT_MAX);
    while (atomic_load(&sf->state) != SPLIT_DONE)
        bob_wait((uint32_t *)&sf->state, SPLIT_RUNNING, "GOMP_parallel_start");
}

/* Its argument is the caller's task, as for every unit that runs OpenMP
 * code. */
static void split_helper(void *arg)
{
    bob_thread_t *master = arg;
    split_fork_t *sf = master->split_fork;
    bob_set_self(master);
    bob_fork((void (*)(void))split_microtask, 3, sf->argv, true);
}

void bob_gomp_parallel_start(void (*fn)(void *), void *data, unsigned num_threads,
                             const bob_gomp_ws_spec_t *spec)
{
    bob_thread_t *self = bob_self();
    split_fork_t *sf = calloc(1, sizeof *sf);
    if (!sf)
        bob_fatal("out of memory starting a parallel region");
    sf->argv[0] = (void *)fn;
    sf->argv[1] = data;
    sf->argv[2] = sf;
    if (spec) {
        sf->spec = *spec;
        sf->has_spec = true;
    }
    sf->master = self;
    push_team_size(self, num_threads);
    int es = bt_self_es();
    self->split_fork = sf;
    sf->helper = bt_ult_create(bt_pool_private(es < 0 ? 0 : es), split_helper, self);
    if (!sf->helper)
        bob_fatal("out of memory starting a parallel region");
    while (atomic_load(&sf->state) == SPLIT_FORKING)
        bob_wait((uint32_t *)&sf->state, SPLIT_FORKING, "GOMP_parallel_start");
    self->split_fork = NULL;
    bob_thread_t *t0 = &sf->team->threads[0];
    bob_set_self(t0);
    if (sf->has_spec)
        bob_gomp_ws_prepare(t0, &sf->spec);
}

void bob_gomp_parallel_end(void)
{
    bob_thread_t *t0 = bob_self();
    const bob_thread_t *primary = &t0->team->threads[0];
    split_fork_t *sf = primary->argv[2];
    if (t0->tid != 0 || primary->fn != (void (*)(void))split_microtask)
        bob_fatal("GOMP_parallel_end without GOMP_parallel_start");
    bob_set_self(sf->master);
    atomic_store(&sf->state, SPLIT_DONE);
    bt_futex_wake((uint32_t *)&sf->state, INT_MAX);
    bt_join_free(sf->helper);
    free(sf);
}

/* ---- teams ------------------------------------------------------------------------ */

void bob_gomp_teams(void (*fn)(void *), void *data, unsigned num_teams,
                    unsigned thread_limit)
{
    bob_thread_t *self = bob_self();
    self->push_num_teams = num_teams > INT_MAX ? INT_MAX : (int)num_teams;
    self->push_teams_thread_limit = thread_limit > INT_MAX ? INT_MAX : (int)thread_limit;
    void *argv[3] = {(void *)fn, data, NULL};
    bob_fork_teams((void (*)(void))gomp_microtask, 3, argv);
}

bool bob_gomp_teams_serial(bob_thread_t *self, unsigned num_teams, unsigned thread_limit,
                           bool first)
{
    bob_team_t *team = self->team;
    if (first) {
        if (thread_limit)
            self->icv.thread_limit = thread_limit > INT_MAX ? INT_MAX : (int)thread_limit;
        team->league_size = num_teams == 0 ? 1
                            : num_teams > INT_MAX ? INT_MAX : (int)num_teams;
        team->league_num = 0;
        return true;
    }
    if (team->league_num + 1 < team->league_size) {
        team->league_num++;
        return true;
    }
    team->league_num = 0;
    team->league_size = 1;
    return false;
}
