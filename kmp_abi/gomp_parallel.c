/* GOMP entry points of the PARALLEL construct and the combined parallel
 * loop and parallel sections constructs. The region's body is fn(data),
 * run by every thread of the team (the runtime's GOMP microtask carries fn
 * and data as its two shared arguments); combined constructs have their
 * loop or sections set up in every thread before the body asks for work. */
#include "gomp_abi.h"

/* The low three bits of flags: the proc_bind clause (omp_proc_bind_t). */
enum { GOMP_FLAGS_PROC_BIND = 7 };

GOMP_EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads,
                               unsigned flags)
{
    BOB_OMPT_RA();
    bob_gomp_parallel(fn, data, num_threads, (int)(flags & GOMP_FLAGS_PROC_BIND), NULL);
}

/* parallel reduction(task, ...): data starts with the reductions array; the
 * result is the team's size, the number of chunks the caller combines. */
GOMP_EXPORT unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data,
                                              unsigned num_threads, unsigned flags)
{
    return bob_gomp_parallel_reductions(fn, data, num_threads,
                                        (int)(flags & GOMP_FLAGS_PROC_BIND));
}

GOMP_EXPORT void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads)
{
    bob_gomp_parallel_start(fn, data, num_threads, NULL);
}

GOMP_EXPORT void GOMP_parallel_end(void) { bob_gomp_parallel_end(); }

/* ---- parallel loops (long induction variables only) ------------------------------ */

static bob_gomp_ws_spec_t loop_spec(int kmp_sched, long start, long end, long incr,
                                    long chunk)
{
    bob_gomp_ws_spec_t spec = {.kind = BOB_GOMP_WS_LOOP, .kmp_sched = kmp_sched,
                               .loop = {start, end, incr, false, incr < 0}, .chunk = chunk};
    return spec;
}

/* GOMP_parallel_loop_<kind>: the GCC 4.9+ form, chunk given. */
#define PARALLEL_LOOP(KIND, SCHED)                                                      \
    GOMP_EXPORT void GOMP_parallel_loop_##KIND(void (*fn)(void *), void *data,          \
                                               unsigned num_threads, long start,        \
                                               long end, long incr, long chunk,         \
                                               unsigned flags)                          \
    {                                                                                   \
        bob_gomp_ws_spec_t spec = loop_spec(SCHED, start, end, incr, chunk);            \
        bob_gomp_parallel(fn, data, num_threads,                                        \
                          (int)(flags & GOMP_FLAGS_PROC_BIND), &spec);                  \
    }
/* ... and with schedule(runtime): no chunk. */
#define PARALLEL_LOOP_RUNTIME(KIND)                                                     \
    GOMP_EXPORT void GOMP_parallel_loop_##KIND(void (*fn)(void *), void *data,          \
                                               unsigned num_threads, long start,        \
                                               long end, long incr, unsigned flags)     \
    {                                                                                   \
        bob_gomp_ws_spec_t spec = loop_spec(BOB_KMP_RUNTIME, start, end, incr, 0);      \
        bob_gomp_parallel(fn, data, num_threads,                                        \
                          (int)(flags & GOMP_FLAGS_PROC_BIND), &spec);                  \
    }
/* GOMP_parallel_loop_<kind>_start: the split form older gcc emits. */
#define PARALLEL_LOOP_START(KIND, SCHED)                                                \
    GOMP_EXPORT void GOMP_parallel_loop_##KIND##_start(void (*fn)(void *), void *data,  \
                                                       unsigned num_threads,            \
                                                       long start, long end,            \
                                                       long incr, long chunk)           \
    {                                                                                   \
        bob_gomp_ws_spec_t spec = loop_spec(SCHED, start, end, incr, chunk);            \
        bob_gomp_parallel_start(fn, data, num_threads, &spec);                          \
    }

PARALLEL_LOOP(static, BOB_KMP_STATIC_CHUNKED)
PARALLEL_LOOP(dynamic, BOB_KMP_DYNAMIC)
PARALLEL_LOOP(guided, BOB_KMP_GUIDED)
PARALLEL_LOOP(nonmonotonic_dynamic, BOB_KMP_DYNAMIC)
PARALLEL_LOOP(nonmonotonic_guided, BOB_KMP_GUIDED)
PARALLEL_LOOP_RUNTIME(runtime)
PARALLEL_LOOP_RUNTIME(nonmonotonic_runtime)
PARALLEL_LOOP_RUNTIME(maybe_nonmonotonic_runtime)
PARALLEL_LOOP_START(static, BOB_KMP_STATIC_CHUNKED)
PARALLEL_LOOP_START(dynamic, BOB_KMP_DYNAMIC)
PARALLEL_LOOP_START(guided, BOB_KMP_GUIDED)

GOMP_EXPORT void GOMP_parallel_loop_runtime_start(void (*fn)(void *), void *data,
                                                  unsigned num_threads, long start,
                                                  long end, long incr)
{
    bob_gomp_ws_spec_t spec = loop_spec(BOB_KMP_RUNTIME, start, end, incr, 0);
    bob_gomp_parallel_start(fn, data, num_threads, &spec);
}

/* ---- parallel sections ----------------------------------------------------------- */

GOMP_EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data,
                                        unsigned num_threads, unsigned count,
                                        unsigned flags)
{
    bob_gomp_ws_spec_t spec = {.kind = BOB_GOMP_WS_SECTIONS, .sections = count};
    bob_gomp_parallel(fn, data, num_threads, (int)(flags & GOMP_FLAGS_PROC_BIND), &spec);
}

GOMP_EXPORT void GOMP_parallel_sections_start(void (*fn)(void *), void *data,
                                              unsigned num_threads, unsigned count)
{
    bob_gomp_ws_spec_t spec = {.kind = BOB_GOMP_WS_SECTIONS, .sections = count};
    bob_gomp_parallel_start(fn, data, num_threads, &spec);
}
