/* Time stamps for the substrate microbenchmark: the x86 time-stamp counter,
 * read with the fences that keep the timed code inside the two readings.
 *
 * The TSC ticks at a constant reference rate (constant_tsc), not at the
 * core's current clock, so a "cycle" here is a reference cycle: with turbo
 * or power saving the core may run faster or slower than the counter.
 * Elsewhere (no TSC) the same functions return nanoseconds. */
#ifndef BENCH_TSC_H
#define BENCH_TSC_H

#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>

#define TSC_IS_CYCLES 1

/* Opens a timed region. The first lfence makes the read wait for the
 * instructions before it; the second keeps the timed code from starting
 * before the read. */
static inline uint64_t tsc_begin(void)
{
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

/* Closes a timed region. rdtscp reads only after every earlier instruction
 * has executed; the lfence keeps later instructions from moving above it. */
static inline uint64_t tsc_end(void)
{
    unsigned int aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

#else

#define TSC_IS_CYCLES 0

static inline uint64_t tsc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static inline uint64_t tsc_begin(void) { return tsc_now_ns(); }
static inline uint64_t tsc_end(void) { return tsc_now_ns(); }

#endif

/* Ticks of tsc_begin/tsc_end per second, measured against the monotonic
 * clock over about `seconds`. */
static inline double tsc_rate(double seconds)
{
    struct timespec a, b;
    double elapsed;
    clock_gettime(CLOCK_MONOTONIC_RAW, &a);
    uint64_t t0 = tsc_begin();
    do {
        clock_gettime(CLOCK_MONOTONIC_RAW, &b);
        elapsed = (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
    } while (elapsed < seconds);
    uint64_t t1 = tsc_end();
    return (double)(t1 - t0) / elapsed;
}

#endif
