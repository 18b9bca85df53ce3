/* progress: what it costs that OpenMP threads progress on their own when
 * they outnumber the CPUs (tools/bench --progress).
 *
 *   progress handoff --rounds R
 *       Two threads pass a turn back and forth R times on one CPU (the
 *       program binds itself to the first CPU of its mask before the first
 *       OpenMP call, so every runtime sees one): each waits for its turn by
 *       spinning, so the other runs only when the spinner is preempted (by
 *       the kernel, or by Bobbin on its time slice). Reports the median
 *       time per turn, in microseconds.
 *   progress dgemm --threads T --n N --runs R
 *       OpenBLAS's dgemm (Debian's OpenMP build, whose threads wait for each
 *       other by spinning) on T threads, N x N. Seconds per call (median).
 *   progress nested-dgemm --outer O --threads T --n N --runs R
 *       The same called by each of O threads of a parallel region.
 *
 * Results are checked: the turns all happen, C = A B on sampled entries. */
#define _GNU_SOURCE
#include "common.h"

#include <math.h>
#include <sched.h>

#ifdef BENCH_OPENBLAS
#include <cblas.h>
#endif

static int arg_int(int argc, char **argv, const char *name, int def)
{
    for (int i = 2; i < argc; i++) {
        const char *v = bench_opt(argc, argv, &i, name);
        if (v)
            return atoi(v);
    }
    return def;
}

static void one_cpu(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set))
        return;
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &set)) {
            CPU_ZERO(&set);
            CPU_SET(c, &set);
            sched_setaffinity(0, sizeof set, &set);
            return;
        }
}

static int handoff(int rounds)
{
    static double at[BENCH_MAX_SAMPLES + 1];
    if (rounds > BENCH_MAX_SAMPLES)
        rounds = BENCH_MAX_SAMPLES;
    int turn = 0, ok = 1;
#pragma omp parallel num_threads(2) shared(turn, ok)
    {
        int me = omp_get_thread_num();
        for (int k = me; k <= rounds; k += 2) {
            int seen;
            do {
#pragma omp atomic read
                seen = turn;
            } while (seen != k);
            at[k] = omp_get_wtime();
#pragma omp atomic write
            turn = k + 1;
        }
        if (omp_get_num_threads() != 2)
            ok = 0;
    }
    double d[BENCH_MAX_SAMPLES];
    for (int k = 0; k < rounds; k++)
        d[k] = (at[k + 1] - at[k]) * 1e6;
    struct bench_stats s = bench_summarize(d, rounds);
    printf("handoff: %.1f us per turn (median of %d)\n", s.median, rounds);
    char param[16];
    snprintf(param, sizeof param, "%d", 2);
    bench_result("progress", "handoff", param, s, "us", ok && turn == rounds + 1, NULL);
    return ok ? 0 : 1;
}

#ifdef BENCH_OPENBLAS
static int checked_dgemm(int n, int seed)
{
    double *a = malloc(sizeof(double) * n * n), *b = malloc(sizeof(double) * n * n),
           *c = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n * n; i++) {
        a[i] = (double)((i * 7 + seed) % 17) - 8.0;
        b[i] = (double)((i * 5 + seed) % 13) - 6.0;
    }
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a, n, b, n,
                0.0, c, n);
    int ok = 1;
    for (int i = 0; i < n; i += n / 7 + 1)
        for (int j = 0; j < n; j += n / 5 + 1) {
            double s = 0;
            for (int k = 0; k < n; k++)
                s += a[i * n + k] * b[k * n + j];
            ok &= fabs(s - c[i * n + j]) < 1e-6 * (1 + fabs(s));
        }
    free(a);
    free(b);
    free(c);
    return ok;
}

static int dgemm(int outer, int threads, int n, int runs)
{
    double t[BENCH_MAX_SAMPLES];
    int ok = 1;
    if (runs > BENCH_MAX_SAMPLES)
        runs = BENCH_MAX_SAMPLES;
    openblas_set_num_threads(threads);
    for (int r = 0; r < runs; r++) {
        double t0 = omp_get_wtime();
        if (outer > 1) {
#pragma omp parallel num_threads(outer) reduction(& : ok)
            ok &= checked_dgemm(n, r * outer + omp_get_thread_num());
        } else {
            ok &= checked_dgemm(n, r);
        }
        t[r] = omp_get_wtime() - t0;
    }
    struct bench_stats s = bench_summarize(t, runs);
    char param[32];
    snprintf(param, sizeof param, outer > 1 ? "%dx%d" : "%d", outer > 1 ? outer : threads,
             threads);
    printf("%s: %.4f s per call (median of %d), n=%d\n", outer > 1 ? "nested-dgemm" : "dgemm",
           s.median, runs, n);
    bench_result("progress", outer > 1 ? "nested-dgemm" : "dgemm", param, s, "s", ok, NULL);
    return ok ? 0 : 1;
}
#endif

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    if (!strcmp(what, "handoff")) {
        one_cpu();
        return handoff(arg_int(argc, argv, "--rounds", 200));
    }
#ifdef BENCH_OPENBLAS
    int n = arg_int(argc, argv, "--n", 400), runs = arg_int(argc, argv, "--runs", 5);
    if (!strcmp(what, "dgemm"))
        return dgemm(1, arg_int(argc, argv, "--threads", 4), n, runs);
    if (!strcmp(what, "nested-dgemm"))
        return dgemm(arg_int(argc, argv, "--outer", 2), arg_int(argc, argv, "--threads", 2),
                     n, runs);
#endif
    fprintf(stderr, "usage: progress handoff|dgemm|nested-dgemm [options] "
                    "(dgemm needs OpenBLAS's OpenMP build at build time)\n");
    return 2;
}
