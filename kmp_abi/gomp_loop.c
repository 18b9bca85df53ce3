/* GOMP entry points of the LOOP construct, GOMP_loop_* (long induction
 * variables) and GOMP_loop_ull_* (unsigned long long, with an `up` flag;
 * a downward increment arrives in two's complement). Both families come
 * from the one set of macros below, over the same three runtime calls:
 * set the loop up (bob_gomp_loop_init), take a chunk [istart, iend)
 * (bob_gomp_loop_next), end it (bob_gomp_ws_end). */
#include "gomp_abi.h"

/* Sets up a loop and, unless take is false, takes the thread's first chunk.
 * ordered adds the ordered offset to the schedule. */
static bool loop_start(int kmp_sched, bob_gomp_loop_t loop, int64_t chunk, bool take,
                       int64_t *istart, int64_t *iend, void **mem)
{
    bob_thread_t *self = bob_self();
    size_t mem_size = mem ? (size_t)(uintptr_t)*mem : 0;
    bob_gomp_loop_init(self, kmp_sched, &loop, chunk, mem_size, mem);
    return !take || bob_gomp_loop_next(self, istart, iend);
}

/* doacross: the loop is dimension 0 of the nest, counted from 0. */
static bool doacross_start(unsigned ncounts, const void *counts, uint64_t count0,
                           int kmp_sched, int64_t chunk, int64_t *istart, int64_t *iend,
                           void **mem)
{
    bob_gomp_doacross_init(bob_self(), ncounts, counts);
    bob_gomp_loop_t loop = {0, (int64_t)count0, 1, true, false};
    return loop_start(kmp_sched, loop, chunk, true, istart, iend, mem);
}

static bool next_chunk(int64_t *istart, int64_t *iend)
{
    return bob_gomp_loop_next(bob_self(), istart, iend);
}

/* One family. P: name prefix (loop_ or loop_ull_); T: bound type; U:
 * unsigned. LEAD_<P> is the family's leading parameter (the ull family's
 * `up`: an unsigned incr has no sign to tell the direction by), DOWN_<P>
 * the direction. Results are stored through T pointers from 64-bit
 * locals. */
#define LEAD_loop_
#define LEAD_loop_ull_ bool up,
#define DOWN_loop_(incr) ((incr) < 0)
#define DOWN_loop_ull_(incr) (!up)
#define DOWN(P, incr) DOWN_##P(incr)

#define STORE_CHUNK(T, ok, lo, hi)                                                        \
    do {                                                                               \
        if (ok) {                                                                      \
            *istart = (T)(lo);                                                         \
            *iend = (T)(hi);                                                           \
        }                                                                              \
    } while (0)

#define GOMP_LOOP_FAMILY(P, T, U)                                           \
    /* start with a chunk argument */                                                  \
    static bool P##start_chunk(int sched, T start, T end, T incr, bool down, T chunk,  \
                               T *istart, T *iend)                                     \
    {                                                                                  \
        int64_t lo, hi;                                                                \
        bob_gomp_loop_t loop = {(int64_t)start, (int64_t)end, (int64_t)incr, U, down}; \
        bool ok = loop_start(sched, loop, (int64_t)chunk, true, &lo, &hi, NULL);      \
        STORE_CHUNK(T, ok, lo, hi);                                                       \
        return ok;                                                                     \
    }                                                                                  \
    /* the unified entry of GCC 9+: schedule, task reductions, scratch memory */      \
    static bool P##start_any(int sched, T start, T end, T incr, bool down, T chunk,    \
                             T *istart, T *iend, uintptr_t *reductions, void **mem)    \
    {                                                                                  \
        int64_t lo, hi;                                                                \
        bob_gomp_workshare_reductions(bob_self(), reductions);                        \
        bob_gomp_loop_t loop = {(int64_t)start, (int64_t)end, (int64_t)incr, U, down}; \
        bool ok = loop_start(sched, loop, (int64_t)chunk, istart != NULL, &lo, &hi,   \
                             mem);                                                     \
        if (istart)                                                                    \
            STORE_CHUNK(T, ok, lo, hi);                                                   \
        return ok;                                                                     \
    }                                                                                  \
    static bool P##doacross(unsigned ncounts, T *counts, int sched, T chunk,           \
                            T *istart, T *iend, void **mem)                            \
    {                                                                                  \
        int64_t lo, hi;                                                                \
        bool ok = doacross_start(ncounts, counts, (uint64_t)counts[0], sched,          \
                                 (int64_t)chunk, &lo, &hi, mem);                       \
        STORE_CHUNK(T, ok, lo, hi);                                                       \
        return ok;                                                                     \
    }                                                                                  \
    static bool P##next(T *istart, T *iend)                                            \
    {                                                                                  \
        int64_t lo, hi;                                                                \
        bool ok = next_chunk(&lo, &hi);                                                 \
        STORE_CHUNK(T, ok, lo, hi);                                                       \
        return ok;                                                                     \
    }                                                                                  \
    /* the exported entry points, kind by kind */                                      \
    GOMP_LOOP_CHUNKED(P, T, static, BOB_KMP_STATIC_CHUNKED)                  \
    GOMP_LOOP_CHUNKED(P, T, dynamic, BOB_KMP_DYNAMIC)                        \
    GOMP_LOOP_CHUNKED(P, T, guided, BOB_KMP_GUIDED)                          \
    GOMP_LOOP_CHUNKED(P, T, nonmonotonic_dynamic, BOB_KMP_DYNAMIC)           \
    GOMP_LOOP_CHUNKED(P, T, nonmonotonic_guided, BOB_KMP_GUIDED)             \
    GOMP_LOOP_CHUNKED(P, T, ordered_static,                                  \
                      BOB_KMP_STATIC_CHUNKED + BOB_KMP_ORDERED)                        \
    GOMP_LOOP_CHUNKED(P, T, ordered_dynamic, BOB_KMP_DYNAMIC + BOB_KMP_ORDERED) \
    GOMP_LOOP_CHUNKED(P, T, ordered_guided, BOB_KMP_GUIDED + BOB_KMP_ORDERED) \
    GOMP_LOOP_RUNTIME(P, T, runtime, BOB_KMP_RUNTIME)                        \
    GOMP_LOOP_RUNTIME(P, T, nonmonotonic_runtime, BOB_KMP_RUNTIME)           \
    GOMP_LOOP_RUNTIME(P, T, maybe_nonmonotonic_runtime, BOB_KMP_RUNTIME)     \
    GOMP_LOOP_RUNTIME(P, T, ordered_runtime, BOB_KMP_RUNTIME + BOB_KMP_ORDERED) \
    GOMP_EXPORT bool GOMP_##P##start(LEAD_##P T start, T end, T incr, long sched,      \
                                     T chunk, T *istart, T *iend,                      \
                                     uintptr_t *reductions, void **mem)                \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        return P##start_any(bob_gomp_kmp_sched(sched), start, end, incr,               \
                            DOWN(P, incr), chunk, istart, iend, reductions, mem);      \
    }                                                                                  \
    GOMP_EXPORT bool GOMP_##P##ordered_start(LEAD_##P T start, T end, T incr,          \
                                             long sched, T chunk, T *istart, T *iend,  \
                                             uintptr_t *reductions, void **mem)        \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        return P##start_any(bob_gomp_kmp_sched(sched) + BOB_KMP_ORDERED, start, end,   \
                            incr, DOWN(P, incr), chunk, istart, iend, reductions,      \
                            mem);                                                      \
    }                                                                                  \
    GOMP_LOOP_DOACROSS(P, T, static, BOB_KMP_STATIC_CHUNKED)                           \
    GOMP_LOOP_DOACROSS(P, T, dynamic, BOB_KMP_DYNAMIC)                                 \
    GOMP_LOOP_DOACROSS(P, T, guided, BOB_KMP_GUIDED)                                   \
    GOMP_EXPORT bool GOMP_##P##doacross_runtime_start(unsigned ncounts, T *counts,     \
                                                      T *istart, T *iend)              \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        return P##doacross(ncounts, counts, BOB_KMP_RUNTIME, 0, istart, iend, NULL);   \
    }                                                                                  \
    GOMP_EXPORT bool GOMP_##P##doacross_start(unsigned ncounts, T *counts, long sched, \
                                              T chunk, T *istart, T *iend,             \
                                              uintptr_t *reductions, void **mem)       \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        bob_gomp_workshare_reductions(bob_self(), reductions);                        \
        return P##doacross(ncounts, counts, bob_gomp_kmp_sched(sched), chunk, istart,  \
                           iend, mem);                                                 \
    }

/* GOMP_<P><kind>_start(bounds, chunk, istart, iend) and its _next. */
#define GOMP_LOOP_CHUNKED(P, T, KIND, SCHED)                                 \
    GOMP_EXPORT bool GOMP_##P##KIND##_start(LEAD_##P T start, T end, T incr, T chunk,  \
                                            T *istart, T *iend)                        \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        return P##start_chunk(SCHED, start, end, incr, DOWN(P, incr), chunk, istart,   \
                              iend);                                                   \
    }                                                                                  \
    GOMP_EXPORT bool GOMP_##P##KIND##_next(T *istart, T *iend)                         \
    {                                                                                  \
        return P##next(istart, iend);                                                  \
    }
/* ... without a chunk: the run-sched-var decides. */
#define GOMP_LOOP_RUNTIME(P, T, KIND, SCHED)                                 \
    GOMP_EXPORT bool GOMP_##P##KIND##_start(LEAD_##P T start, T end, T incr,           \
                                            T *istart, T *iend)                        \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        return P##start_chunk(SCHED, start, end, incr, DOWN(P, incr), 0, istart,       \
                              iend);                                                   \
    }                                                                                  \
    GOMP_EXPORT bool GOMP_##P##KIND##_next(T *istart, T *iend)                         \
    {                                                                                  \
        return P##next(istart, iend);                                                  \
    }
#define GOMP_LOOP_DOACROSS(P, T, KIND, SCHED)                                          \
    GOMP_EXPORT bool GOMP_##P##doacross_##KIND##_start(unsigned ncounts, T *counts,    \
                                                       T chunk, T *istart, T *iend)    \
    {                                                                                  \
        BOB_OMPT_RA();                                                                 \
        return P##doacross(ncounts, counts, SCHED, chunk, istart, iend, NULL);         \
    }

GOMP_LOOP_FAMILY(loop_, long, false)
GOMP_LOOP_FAMILY(loop_ull_, unsigned long long, true)

/* ---- the end of a loop (both families) ------------------------------------------ */

GOMP_EXPORT void GOMP_loop_end(void) { bob_gomp_ws_end(bob_self(), true, false); }

GOMP_EXPORT void GOMP_loop_end_nowait(void) { bob_gomp_ws_end(bob_self(), false, false); }

GOMP_EXPORT bool GOMP_loop_end_cancel(void) { return bob_gomp_ws_end(bob_self(), true, true); }
