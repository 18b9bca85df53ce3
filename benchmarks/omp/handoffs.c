/* handoffs: what OpenMP constructs cost the process in OS threads, counted
 * rather than timed (../counters.h): per construct, the futex calls, the
 * context switches and the clones of the whole process, and the peak number
 * of OS threads it had. A runtime whose threads switch in user space makes
 * few of each; one that hands its work between OS threads makes a futex
 * call and a context switch per hand-off.
 *
 *     handoffs CASE [--threads T] [--iterations N] [--inner I] [--n N]
 *
 * Cases (T threads, 2 by default; per = what the counts are divided by):
 *   parallel   N parallel regions of T threads, each a little work
 *              (per region)
 *   nested     nested's pattern: an outer parallel for of T threads over n
 *              rows (dynamic schedule), each row a parallel for reduction
 *              of I threads (32) over n columns; N times (per inner region)
 *   barrier    one region of T threads, N barriers with a little work
 *              before each (per barrier)
 *   taskwait   one region of T threads; each thread, N times, makes two
 *              tasks of a little work and waits for them (per taskwait)
 * One construct of warm-up first. The threads are sampled (/proc/self/status)
 * every 16th construct, from inside it. Prints a line and
 *     RESULT bench=handoffs case=<c> param=<T> value=<csw per construct>
 *            unit=csw lo=hi=value check=ok per=<what> n=<constructs> futex=<x|n/a>
 *            csw=<x> clones=<x|n/a> os_threads=<peak>
 * futex and clones are n/a where the kernel does not let the program count
 * them (tools/bench then counts the futex calls under strace). */
#include <math.h>

#include "common.h"

enum { SAMPLE_EVERY = 16, WORK = 200 };

static int peak_threads;

static void sample_threads(long i)
{
    if (i % SAMPLE_EVERY)
        return;
    int now = bench_os_threads();
#pragma omp critical(handoffs_peak)
    if (now > peak_threads)
        peak_threads = now;
}

/* Each case runs constructs first..last-1 and returns how many constructs
 * it counts per call, and whether its result was right. */
struct run {
    long constructs;
    int ok;
};

static struct run parallel_case(int threads, long first, long last)
{
    int entered = 0;
    for (long i = first; i < last; i++) {
#pragma omp parallel num_threads(threads)
        {
            bench_work(WORK);
            if (omp_get_thread_num() == 0)
                sample_threads(i);
#pragma omp atomic
            entered++;
        }
    }
    return (struct run){last - first, entered == threads * (int)(last - first)};
}

static double cell(int i, int j) { return sqrt((double)i * j + 1.0) * 1e-3; }

/* Row i of nested's matrix, the inner region numbered `construct`. */
static double row(int i, int n, int inner, long construct)
{
    double sum = 0;
#pragma omp parallel for num_threads(inner) reduction(+ : sum)
    for (int j = 0; j < n; j++)
        sum += cell(i, j);
    sample_threads(construct);
    return sum;
}

/* The matrix's sum, computed once, outside the counts. */
static double nested_expect;

static struct run nested_case(int threads, int inner, int n, long first, long last)
{
    int ok = 1;
    for (long k = first; k < last; k++) {
        double total = 0;
#pragma omp parallel for num_threads(threads) reduction(+ : total) schedule(dynamic)
        for (int i = 0; i < n; i++)
            total += row(i, n, inner, k * n + i);
        if (fabs(total - nested_expect) > 1e-9 * fabs(nested_expect))
            ok = 0;
    }
    return (struct run){(last - first) * n, ok};
}

static struct run barrier_case(int threads, long first, long last)
{
    int wrong = 0;
#pragma omp parallel num_threads(threads)
    {
        for (long i = first; i < last; i++) {
            bench_work(WORK);
            if (omp_get_thread_num() == 0)
                sample_threads(i);
#pragma omp barrier
        }
        if (omp_get_num_threads() != threads)
#pragma omp atomic write
            wrong = 1;
    }
    return (struct run){last - first, !wrong};
}

static struct run taskwait_case(int threads, long first, long last)
{
    long done = 0;
#pragma omp parallel num_threads(threads) reduction(+ : done)
    {
        for (long i = first; i < last; i++) {
            int ran = 0;
            for (int t = 0; t < 2; t++) {
#pragma omp task shared(ran)
                {
                    bench_work(WORK / 2);
#pragma omp atomic
                    ran++;
                }
            }
#pragma omp taskwait
            if (omp_get_thread_num() == 0)
                sample_threads(i);
            done += ran == 2;
        }
    }
    return (struct run){(last - first) * threads, done == (last - first) * threads};
}

static struct run run_case(const char *cas, int threads, int inner, int n, long first,
                           long last)
{
    if (!strcmp(cas, "parallel"))
        return parallel_case(threads, first, last);
    if (!strcmp(cas, "nested"))
        return nested_case(threads, inner, n, first, last);
    if (!strcmp(cas, "barrier"))
        return barrier_case(threads, first, last);
    return taskwait_case(threads, first, last);
}

static const char *const cases[] = {"parallel", "nested", "barrier", "taskwait"};

static int case_of(const char *name)
{
    for (int k = 0; k < 4; k++)
        if (!strcmp(name, cases[k]))
            return k;
    return -1;
}

static int usage(void)
{
    fprintf(stderr, "usage: handoffs parallel|nested|barrier|taskwait [--threads T] "
                    "[--iterations N] [--inner I] [--n N] (positive numbers)\n");
    return 2;
}

int main(int argc, char **argv)
{
    bench_counters_start(argv);
    static const char *const pers[] = {"region", "inner-region", "barrier", "taskwait"};
    static const long default_iterations[] = {2000, 1, 4000, 2000};
    int threads = 2, inner = 32, n = 2240, c = -1;
    long iterations = 0;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = bench_opt(argc, argv, &i, "--threads")))
            threads = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--iterations")))
            iterations = atol(v);
        else if ((v = bench_opt(argc, argv, &i, "--inner")))
            inner = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--n")))
            n = atoi(v);
        else if (c >= 0 || (c = case_of(argv[i])) < 0)
            return usage();
    }
    if (c < 0 || threads < 1 || inner < 1 || n < 1 || iterations < 0)
        return usage();
    if (!iterations)
        iterations = default_iterations[c];
    omp_set_max_active_levels(2);
    for (int i = 0; c == 1 && i < n; i++)
        for (int j = 0; j < n; j++)
            nested_expect += cell(i, j);

    struct run warm = run_case(cases[c], threads, inner, n, 0, 1);
    peak_threads = 0;
    struct bench_counts before = bench_counts_now();
    struct run r = run_case(cases[c], threads, inner, n, 1, 1 + iterations);
    struct bench_counts after = bench_counts_now();
    if (bench_os_threads() > peak_threads)
        peak_threads = bench_os_threads();

    int ok = warm.ok && r.ok;
    char fields[160], extra[200], param[16];
    bench_counts_fields(fields, sizeof fields, before, after, (double)r.constructs,
                        peak_threads);
    double csw = (double)(after.csw - before.csw) / (double)r.constructs;
    printf("handoffs %s, %d threads, %ld per %s: %s\n", cases[c], threads, r.constructs,
           pers[c], fields);
    struct bench_stats st = bench_summarize(&csw, 1);
    snprintf(param, sizeof param, "%d", threads);
    snprintf(extra, sizeof extra, "per=%s n=%ld %s", pers[c], r.constructs, fields);
    bench_result("handoffs", cases[c], param, st, "csw", ok, extra);
    if (!ok)
        fprintf(stderr, "handoffs: %s computed a wrong result\n", cases[c]);
    return ok ? 0 : 1;
}
