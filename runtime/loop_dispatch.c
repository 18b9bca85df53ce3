/* This file handles loops whose iterations are handed out at run time
 * (__kmpc_dispatch_*): dynamic, guided, trapezoidal, runtime and auto
 * schedules, static ones when ordered, and the ORDERED construct. A loop's
 * shared state is a worksharing slot of the team (worksharing.c). */
#include "rt.h"
#include "ompt/ompt.h"

#include <bobbin/threading.h>
#include <limits.h>

/* The compiler's schedule numbers (LLVM's enum sched_type). */
enum {
    KMP_SCH_LOWER = 32,
    KMP_SCH_STATIC_CHUNKED = 33,
    KMP_SCH_STATIC = 34,
    KMP_SCH_DYNAMIC_CHUNKED = 35,
    KMP_SCH_GUIDED_CHUNKED = 36,
    KMP_SCH_RUNTIME = 37,
    KMP_SCH_AUTO = 38,
    KMP_SCH_TRAPEZOIDAL = 39,
    KMP_SCH_STATIC_STEAL = 44,
    KMP_SCH_BALANCED_CHUNKED = 45,
    KMP_SCH_GUIDED_SIMD = 46,
    KMP_SCH_RUNTIME_SIMD = 47,
    KMP_ORD_LOWER = 64,
    KMP_ORD_UPPER = 72,
    KMP_NM_LOWER = 160,
    KMP_SCH_MODIFIERS = (1 << 29) | (1 << 30),
};

/* Strips modifiers and the ordered and nomerge offsets; *ordered says
 * whether the ordered offset was there. */
static int plain_schedule(int kmp_sched, bool *ordered)
{
    int s = kmp_sched & ~KMP_SCH_MODIFIERS;
    if (s >= KMP_NM_LOWER)
        s -= KMP_NM_LOWER - KMP_SCH_LOWER;
    *ordered = s > KMP_ORD_LOWER && s < KMP_ORD_UPPER;
    if (*ordered)
        s -= KMP_ORD_LOWER - KMP_SCH_LOWER;
    return s;
}

static int runtime_schedule(const bob_icv_t *icv, int64_t *chunk)
{
    *chunk = icv->sched_chunk;
    switch (icv->sched & ~omp_sched_monotonic) {
    case omp_sched_dynamic: return KMP_SCH_DYNAMIC_CHUNKED;
    case omp_sched_guided: return KMP_SCH_GUIDED_CHUNKED;
    case omp_sched_auto: return KMP_SCH_AUTO;
    case BOB_SCHED_KIND_TRAPEZOIDAL: return KMP_SCH_TRAPEZOIDAL;
    default: return *chunk > 0 ? KMP_SCH_STATIC_CHUNKED : KMP_SCH_STATIC;
    }
}

/* schedule(simd: runtime): the compiler passes the simd width as chunk.
 * As libomp: a static run-sched-var without a chunk (or auto) becomes one
 * block per thread in whole widths; any other keeps its kind (guided in
 * whole widths) with its chunk counted in widths, so static,c hands out
 * chunks of c widths round robin. */
static int runtime_simd_schedule(const bob_icv_t *icv, int64_t *chunk)
{
    int64_t width = *chunk > 0 ? *chunk : 1;
    int s = runtime_schedule(icv, chunk);
    if (s == KMP_SCH_STATIC || s == KMP_SCH_AUTO) {
        *chunk = width;
        return KMP_SCH_BALANCED_CHUNKED;
    }
    *chunk = (*chunk > 0 ? *chunk : 1) * width;
    return s == KMP_SCH_GUIDED_CHUNKED ? KMP_SCH_GUIDED_SIMD : s;
}

static enum bob_sched kind_of(int s, int64_t chunk)
{
    switch (s) {
    case KMP_SCH_STATIC_CHUNKED: return chunk > 0 ? BOB_SCHED_STATIC_CHUNKED
                                                  : BOB_SCHED_STATIC;
    case KMP_SCH_DYNAMIC_CHUNKED:
    case KMP_SCH_STATIC_STEAL: return BOB_SCHED_DYNAMIC;
    case KMP_SCH_TRAPEZOIDAL: return BOB_SCHED_TRAPEZOIDAL;
    case KMP_SCH_STATIC: return BOB_SCHED_STATIC;
    case KMP_SCH_BALANCED_CHUNKED: return BOB_SCHED_STATIC_SIMD;
    case KMP_SCH_GUIDED_SIMD: return BOB_SCHED_GUIDED_SIMD;
    default: return BOB_SCHED_GUIDED; /* guided variants and auto */
    }
}

struct loop_init {
    int sched;
    uint64_t trip;
    int64_t chunk;
    bool ordered;
    int nthreads;
};

static void install_turns(bob_ws_t *ws, int n)
{
    if (ws->nturns < n) {
        free(ws->turns);
        ws->turns = aligned_alloc(sizeof(bob_turn_t), (size_t)n * sizeof(bob_turn_t));
        if (!ws->turns)
            bob_fatal("out of memory starting an ordered loop of %d threads", n);
        ws->nturns = n;
    }
    for (int i = 0; i < ws->nturns; i++)
        atomic_init(&ws->turns[i].iter, 0); /* only turns[0]'s 0 is a turn */
}

static void install_loop(bob_ws_t *ws, void *arg)
{
    const struct loop_init *l = arg;
    ws->trip = l->trip;
    ws->chunk = bob_chunk_size(l->chunk, l->trip);
    ws->sched = l->sched;
    ws->ordered = l->ordered;
    if (l->ordered)
        install_turns(ws, l->nthreads);
}

void bob_dispatch_init(bob_thread_t *self, int kmp_sched, const bob_loop_t *loop,
                       int64_t chunk)
{
    bool ordered;
    int s = plain_schedule(kmp_sched, &ordered);
    if (s == KMP_SCH_RUNTIME)
        s = runtime_schedule(&self->icv, &chunk);
    else if (s == KMP_SCH_RUNTIME_SIMD)
        s = runtime_simd_schedule(&self->icv, &chunk);
    struct loop_init init = {kind_of(s, chunk), bob_trip_count(loop), chunk, ordered,
                             self->team->nthreads};
    BOB_OMPT(bob_ompt_loop_begin(self, init.sched, init.trip, init.chunk));
    self->loop = bob_ws_enter(self, install_loop, &init);
    self->loop_lb = loop->lb;
    self->loop_incr = loop->incr;
    self->loop_down = loop->down;
    self->loop_chunk_index = 0;
}

static bool next_chunk(bob_thread_t *self, bob_ws_t *ws, uint64_t *lo, uint64_t *hi)
{
    uint64_t trip = ws->trip, n = (uint64_t)self->team->nthreads;
    uint64_t first, count;
    switch ((enum bob_sched)ws->sched) {
    case BOB_SCHED_STATIC:
        if (self->loop_chunk_index++)
            return false;
        bob_static_balanced(trip, self->tid, (int)n, &first, &count);
        break;
    case BOB_SCHED_STATIC_CHUNKED:
        if (n == 1 && !bob_ompt_on) {
            /* A team of one takes every chunk, in order: all in one, as
             * libgomp hands them, rather than a call per chunk, which
             * for chunks of one iteration costs more than the iteration.
             * A tool sees each chunk. */
            if (self->loop_chunk_index++)
                return false;
            first = 0;
            count = trip;
            break;
        }
        first = ((uint64_t)self->tid + n * self->loop_chunk_index++) * ws->chunk;
        count = ws->chunk;
        break;
    case BOB_SCHED_DYNAMIC:
        first = atomic_fetch_add_explicit(&ws->next, ws->chunk, memory_order_relaxed);
        count = ws->chunk;
        break;
    case BOB_SCHED_STATIC_SIMD: /* the balanced block, rounded up to widths */
        if (self->loop_chunk_index++)
            return false;
        count = (trip + n - 1) / n;
        count = (count + ws->chunk - 1) / ws->chunk * ws->chunk;
        first = (uint64_t)self->tid * count;
        break;
    default: /* guided; trapezoidal too: chunks shrinking with what is left */
        /* A chunk is what is left over the team's size, rounded up, as the
         * spec words it and as libgomp does: 64 iterations on 2 threads
         * take 7 chunks, not the 15 of libomp's 2 x team size, and each
         * chunk is a contended CAS, which costs more than the finer tail
         * buys. An add of 0 reads `next` with the line owned, as the CAS
         * needs it: one transfer between ESs instead of a shared one and
         * then a second for the CAS. */
        first = atomic_fetch_add_explicit(&ws->next, 0, memory_order_relaxed);
        do {
            if (first >= trip)
                return false;
            count = (trip - first + n - 1) / n;
            if (count < ws->chunk)
                count = ws->chunk;
            else if (ws->sched == BOB_SCHED_GUIDED_SIMD)
                count = (count + ws->chunk - 1) / ws->chunk * ws->chunk;
        } while (!atomic_compare_exchange_weak_explicit(&ws->next, &first, first + count,
                                                        memory_order_relaxed,
                                                        memory_order_relaxed));
    }
    if (count == 0 || first >= trip)
        return false;
    *lo = first;
    *hi = (count > trip - first ? trip : first + count) - 1;
    return true;
}

bool bob_dispatch_next(bob_thread_t *self, int64_t *lb, int64_t *ub, int64_t *incr,
                       int32_t *last)
{
    bob_ws_t *ws = self->loop;
    uint64_t lo, hi;
    if (!ws)
        return false;
    if (!next_chunk(self, ws, &lo, &hi)) {
        self->loop = NULL;
        bob_ws_leave(ws);
        return false;
    }
    self->ordered_iter = lo;
    *lb = (int64_t)((uint64_t)self->loop_lb + lo * (uint64_t)self->loop_incr);
    *ub = (int64_t)((uint64_t)self->loop_lb + hi * (uint64_t)self->loop_incr);
    *incr = self->loop_incr;
    if (last)
        *last = hi == ws->trip - 1;
    return true;
}

/* ---- ORDERED: iterations take turns in iteration order ------------------ */

/* The turn of iteration k is published in a line of the loop's turns, that
 * of k's chunk (one line per thread of the team). With a static schedule,
 * the usual one for ordered loops, each line then has one reader, the
 * chunk's thread, and one writer, the thread before: in one line that
 * every thread both spun on and wrote, the line went from core to core
 * with every write, and a hand-off around 64 multiply-adds cost 1.6 times
 * libgomp's. A line's turns grow, and no turn of k's line after k can come
 * before k's thread has passed k on, so k's waiter sees k there.
 *
 * A waiter that saw `turn` and finds it unchanged under the futex's
 * bucket lock cannot have missed its own; bob_wait_change and the seq_cst
 * store in bob_ordered_pass make sure its passer wakes it. */
static size_t line_of(const bob_ws_t *ws, uint64_t iter)
{
    uint64_t chunk = ws->chunk == 1 ? iter : iter / ws->chunk;
    return (size_t)(chunk % (uint64_t)ws->nturns);
}

/* A team of one runs its iterations in order anyway: its turns are not
 * kept (a turn's store is a full fence, 20 ns an iteration). */
static void wait_turn(bob_thread_t *self, bob_ws_t *ws)
{
    if (ws->nturns == 1)
        return;
    _Atomic uint64_t *line = &ws->turns[line_of(ws, self->ordered_iter)].iter;
    bob_spin_t s = {0};
    for (;;) {
        uint64_t turn = atomic_load_explicit(line, memory_order_acquire);
        if (turn == self->ordered_iter)
            return;
        /* The low half of the turn is the futex word (little endian). */
        if (!bob_spin(&s))
            bob_wait_change((uint32_t *)line, (uint32_t)turn, &ws->ordered_waiters,
                            "an ordered region");
    }
}

/* With more threads than ESs the waiters suspend, and each pass would put
 * a wake-up, a push and a switch between two turns. So a pass also wakes
 * the next line's waiter ahead of its turn: its ES runs it (the thread
 * that just passed suspends if it shares that ES), and it is spinning
 * when its turn comes. */
void bob_ordered_pass(bob_ws_t *ws, uint64_t iter)
{
    if (ws->nturns == 1)
        return;
    size_t i = line_of(ws, iter);
    atomic_store(&ws->turns[i].iter, iter);
    if (atomic_load(&ws->ordered_waiters)) {
        bt_futex_wake((uint32_t *)&ws->turns[i].iter, INT_MAX);
        size_t next = i + 1 == (size_t)ws->nturns ? 0 : i + 1;
        bt_futex_wake((uint32_t *)&ws->turns[next].iter, INT_MAX);
    }
}

void bob_ordered_wait(bob_thread_t *self)
{
    if (self->loop && self->loop->ordered)
        wait_turn(self, self->loop);
}

/* For a tool, an ORDERED region is a mutex, the loop's. */
void bob_ordered_begin(bob_thread_t *self)
{
    BOB_OMPT(bob_ompt_mutex_acquire(ompt_mutex_ordered, 0, self->loop));
    bob_ordered_wait(self);
    BOB_OMPT(bob_ompt_mutex_acquired(ompt_mutex_ordered, self->loop));
}

/* Nothing to do but tell a tool, so self is found only for one. */
void bob_ordered_end(void)
{
    BOB_OMPT(bob_ompt_mutex_released(ompt_mutex_ordered, bob_self()->loop));
}

/* Called after every iteration of an ordered loop: the turn passes on even
 * when the iteration skipped its ordered region. */
void bob_dispatch_fini_iteration(bob_thread_t *self)
{
    bob_ws_t *ws = self->loop;
    if (!ws || !ws->ordered)
        return;
    wait_turn(self, ws);
    bob_ordered_pass(ws, ++self->ordered_iter);
}
