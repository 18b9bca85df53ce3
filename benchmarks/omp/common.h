/* common.h: what the OpenMP benchmark programs share. Header-only, so that
 * each program is one translation unit that clang and gcc both build with
 * nothing but `-fopenmp`.
 *
 * Every program prints human-readable lines and, for each figure, one
 * machine-readable line that tools/bench parses:
 *
 *     RESULT bench=<b> case=<c> param=<p> value=<v> unit=<u> lo=<l> hi=<h> check=<ok|bad> [k=v...]
 *
 * value is the median, lo and hi the 10th and 90th percentiles over the
 * program's own repetitions; check says whether the program's result was
 * right. A wrong result also makes the program exit with status 1. */
#ifndef BOBBIN_BENCH_COMMON_H
#define BOBBIN_BENCH_COMMON_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "../counters.h" /* bench_os_threads */

#define BENCH_MAX_SAMPLES 4096

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile (0..1) of n samples; sorts them. */
static double bench_quantile(double *v, int n, double q)
{
    if (n <= 0)
        return 0;
    qsort(v, (size_t)n, sizeof(*v), bench_cmp_double);
    double pos = q * (n - 1);
    int i = (int)pos;
    if (i >= n - 1)
        return v[n - 1];
    return v[i] + (pos - i) * (v[i + 1] - v[i]);
}

struct bench_stats {
    double median, lo, hi;
};

static struct bench_stats bench_summarize(double *v, int n)
{
    struct bench_stats s;
    s.lo = bench_quantile(v, n, 0.10);
    s.median = bench_quantile(v, n, 0.50);
    s.hi = bench_quantile(v, n, 0.90);
    return s;
}

static void bench_result(const char *bench, const char *cas, const char *param,
                         struct bench_stats s, const char *unit, int ok,
                         const char *extra)
{
    printf("RESULT bench=%s case=%s param=%s value=%.6g unit=%s lo=%.6g hi=%.6g "
           "check=%s%s%s\n",
           bench, cas, param, s.median, unit, s.lo, s.hi, ok ? "ok" : "bad",
           extra && *extra ? " " : "", extra ? extra : "");
    fflush(stdout);
}

/* User + system CPU seconds of the whole process so far. */
__attribute__((unused)) static double bench_cpu_seconds(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
           1e-6 * (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

/* A fixed amount of arithmetic the compiler cannot remove: the unit of
 * "useful work" inside constructs. Each step is a dependent multiply-add. */
static double bench_sink;
__attribute__((unused)) static void bench_work(int steps)
{
    double x = 1.0;
    for (int i = 0; i < steps; i++)
        x = x * 0.9999999 + 1e-9;
    __asm__ volatile("" : "+x"(x));
    if (x == 12345.0) /* never; keeps x observable */
        bench_sink = x;
}

/* --name=value or --name value; returns the value or NULL. */
static const char *bench_opt(int argc, char **argv, int *i, const char *name)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len))
        return NULL;
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (argv[*i][len] == 0 && *i + 1 < argc)
        return argv[++*i];
    return NULL;
}

#endif
