/* This file handles loops with a static schedule (__kmpc_for_static_init):
 * each thread computes its own iterations from its number alone, so these
 * loops touch no shared state.
 *
 * Iterations are numbered 0 .. trip-1; iteration i has the value lb + i*incr,
 * computed in 64-bit unsigned arithmetic, which is exact modulo 2^64 and so
 * right for every loop type once truncated back to it. */
#include "rt.h"

/* The compiler's schedule numbers (LLVM's enum sched_type). */
enum {
    KMP_SCH_STATIC_CHUNKED = 33,
    KMP_SCH_BALANCED_CHUNKED = 45,
    KMP_DISTRIBUTE_STATIC_CHUNKED = 91,
    KMP_DISTRIBUTE_STATIC = 92,
};

uint64_t bob_trip_count(const bob_loop_t *l)
{
    uint64_t lb = (uint64_t)l->lb, ub = (uint64_t)l->ub;
    if (!l->down) {
        if (l->is_unsigned ? lb > ub : l->lb > l->ub)
            return 0;
        return (ub - lb) / (uint64_t)l->incr + 1;
    }
    if (l->is_unsigned ? lb < ub : l->lb < l->ub)
        return 0;
    return (lb - ub) / (0 - (uint64_t)l->incr) + 1;
}

static int64_t value_of(const bob_loop_t *l, uint64_t i)
{
    return (int64_t)((uint64_t)l->lb + i * (uint64_t)l->incr);
}

void bob_static_balanced(uint64_t trip, int tid, int nthreads, uint64_t *lo,
                         uint64_t *count)
{
    uint64_t q = trip / (uint64_t)nthreads, r = trip % (uint64_t)nthreads;
    uint64_t t = (uint64_t)tid;
    *lo = t < r ? t * (q + 1) : r * (q + 1) + (t - r) * q;
    *count = t < r ? q + 1 : q;
}

void bob_for_static_init(bob_thread_t *self, int kmp_sched, bob_loop_t *loop,
                         int64_t chunk, int64_t *stride, int32_t *last)
{
    /* distribute shares among the league's teams, the rest among threads */
    bool distribute = kmp_sched == KMP_DISTRIBUTE_STATIC ||
                      kmp_sched == KMP_DISTRIBUTE_STATIC_CHUNKED;
    int n = distribute ? self->team->league_size : self->team->nthreads;
    int tid = distribute ? self->team->league_num : self->tid;
    uint64_t trip = bob_trip_count(loop);
    *last = 0;
    *stride = loop->incr;
    if (trip == 0)
        return;
    bool chunked = (kmp_sched == KMP_SCH_STATIC_CHUNKED ||
                    kmp_sched == KMP_DISTRIBUTE_STATIC_CHUNKED ||
                    kmp_sched == KMP_SCH_BALANCED_CHUNKED) && chunk > 0;
    uint64_t lo, count;
    if (chunked) {
        uint64_t c = bob_chunk_size(chunk, trip);
        lo = (uint64_t)tid * c;
        count = c;
        *last = ((trip - 1) / c) % (uint64_t)n == (uint64_t)tid;
        *stride = (int64_t)((uint64_t)n * c * (uint64_t)loop->incr);
    } else {
        bob_static_balanced(trip, tid, n, &lo, &count);
        *last = count > 0 && lo + count == trip;
        *stride = (int64_t)(trip * (uint64_t)loop->incr);
    }
    if (count == 0 || lo >= trip) {
        /* No iterations: an empty range just past the last one. */
        loop->ub = value_of(loop, trip - 1);
        loop->lb = value_of(loop, trip);
        return;
    }
    loop->ub = value_of(loop, lo + count - 1);
    loop->lb = value_of(loop, lo);
}
