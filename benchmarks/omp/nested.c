/* nested: nested parallelism, the pattern of an OpenMP program calling an
 * OpenMP library. An outer parallel loop over the n rows of a matrix calls,
 * for each row, a function with its own parallel loop over the n columns.
 *
 *     nested [--outer O] [--inner I] [--n N] [--runs R]
 *
 * (defaults 2, 32, 2240, 3). After one untimed run, R timed runs; the
 * median is reported, with the largest number of OS threads the process
 * had (sampled from /proc/self/status inside the inner regions) and a check
 * of the sum against a serial computation. Nested parallelism is enabled by
 * the program (omp_set_max_active_levels), whatever the runtime's default. */
#include <math.h>

#include "common.h"

static int peak_threads;

static double cell(int i, int j) { return sqrt((double)i * j + 1.0) * 1e-3; }

/* The "library": one row, in parallel over its columns. */
static double row(int i, int n, int inner)
{
    double sum = 0;
#pragma omp parallel for num_threads(inner) reduction(+ : sum)
    for (int j = 0; j < n; j++)
        sum += cell(i, j);
    if (i % 32 == 0) { /* reading /proc costs some microseconds: sample it */
        int now = bench_os_threads();
#pragma omp critical(nested_peak)
        if (now > peak_threads)
            peak_threads = now;
    }
    return sum;
}

static double run(int outer, int inner, int n)
{
    double total = 0;
#pragma omp parallel for num_threads(outer) reduction(+ : total) schedule(dynamic)
    for (int i = 0; i < n; i++)
        total += row(i, n, inner);
    return total;
}

int main(int argc, char **argv)
{
    int outer = 2, inner = 32, n = 2240, runs = 3;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = bench_opt(argc, argv, &i, "--outer")))
            outer = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--inner")))
            inner = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--n")))
            n = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--runs")))
            runs = atoi(v);
        else {
            fprintf(stderr, "usage: nested [--outer O] [--inner I] [--n N] [--runs R]\n");
            return 2;
        }
    }
    if (outer < 1 || inner < 1 || n < 1 || runs < 1 || runs > BENCH_MAX_SAMPLES) {
        fprintf(stderr, "nested: arguments must be positive\n");
        return 2;
    }
    omp_set_max_active_levels(2);

    /* The serial sum, added row by row as the parallel code does not: the
     * check allows for a different order of additions. */
    double expect = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            expect += cell(i, j);

    static double secs[BENCH_MAX_SAMPLES];
    int ok = 1;
    for (int r = -1; r < runs; r++) {
        double t = omp_get_wtime();
        double total = run(outer, inner, n);
        t = omp_get_wtime() - t;
        if (fabs(total - expect) > 1e-9 * fabs(expect)) {
            fprintf(stderr, "nested: sum %.17g, expected %.17g\n", total, expect);
            ok = 0;
        }
        if (r >= 0)
            secs[r] = t;
    }
    struct bench_stats st = bench_summarize(secs, runs);
    char param[32], extra[64];
    snprintf(param, sizeof param, "%d", inner);
    snprintf(extra, sizeof extra, "outer=%d n=%d os_threads=%d", outer, n, peak_threads);
    printf("nested %d x %d over %d x %d: %.4f s (p10 %.4f, p90 %.4f), peak OS threads %d\n",
           outer, inner, n, n, st.median, st.lo, st.hi, peak_threads);
    bench_result("nested", "seconds", param, st, "s", ok, extra);
    return ok ? 0 : 1;
}
