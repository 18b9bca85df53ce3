/* bench_promotion: the fork-join loop of Iwasaki et al. (SC 2018) for every
 * unit kind of the substrate. Per iteration the main ULT creates N = 128
 * units in its ES's private pool; n of them suspend once (a yield), S = n / N;
 * then it joins and frees them all. One ES. Two ways to run them:
 *   scheduler  the main ULT yields first, so the scheduler runs every unit
 *              (the paper's loop);
 *   joiner     the main ULT joins at once, so each join finds its unit not
 *              started and runs it itself (bt_join's bypass; units created
 *              in_place, which only SC units use).
 * Prints a table of TSC cycles per unit (median over iterations) for each,
 * and per case a line
 *     promotion kind=<k> s=<pct> cycles=<value>           (scheduler)
 *     promotion-join kind=<k> s=<pct> cycles=<value>      (joiner)
 * A tasklet (RtC) cannot suspend, so it is measured at S = 0 only.
 *
 * --counts measures instead what each fork-join costs the process in OS
 * threads (../counters.h): for every kind at S = 0 and 100, both ways, the
 * futex calls, context switches and clones per fork-join (100 of them
 * unless --iterations says otherwise) and the peak number of OS threads
 * (sampled by the main ULT and by the last unit back from its suspension),
 * one line per case:
 *     handoffs bench=promotion case=<k>-s<pct>[-join] per=fork-join n=<iterations>
 *              futex=<x|n/a> csw=<x> clones=<x|n/a> os_threads=<peak>
 *
 * (--case C: only that one, as tools/bench counts under strace where the
 * process cannot count its futex calls itself).
 *
 *     bench_promotion [--quick] [--iterations N] [--counts [--case C]]
 *                    (run with BOBBIN_NUM_ES=1, which it sets) */
#include <bobbin/threading.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../counters.h"
#include "tsc.h"

enum { N = 128 };

static const int percents[] = {0, 10, 25, 50, 100};
static const struct {
    const char *name;
    enum bt_ult_kind kind;
    int tasklet;
} kinds[] = {{"full", BT_ULT_FULL, 0}, {"lsa", BT_ULT_LSA, 0}, {"roc", BT_ULT_ROC, 0},
             {"ss", BT_ULT_SS, 0},     {"sc", BT_ULT_SC, 0},   {"rtc", 0, 1}};

/* The largest number of OS threads sampled, when counting. */
static int peak_threads;
static bool sampling;

static void sample_threads(void)
{
    int now = bench_os_threads();
    if (now > peak_threads)
        peak_threads = now;
}

/* arg: NULL runs through, SUSPEND yields once, SUSPEND_AND_SAMPLE (the last
 * unit, when it suspends) also samples the threads once it is back. */
#define SUSPEND ((void *)1)
#define SUSPEND_AND_SAMPLE ((void *)2)

static void body(void *arg)
{
    if (arg) {
        bt_yield();
        if (arg == SUSPEND_AND_SAMPLE && sampling)
            sample_threads();
    }
}

/* Unit i suspends if the first i + 1 units hold one more share of S than
 * the first i: exactly N * S / 100 of them, spread evenly. */
static int suspends(int i, int percent) { return (i + 1) * percent / 100 != i * percent / 100; }

static double fork_join(bt_unit_attr_t attr, int percent, bool by_joiner)
{
    bt_unit_t *u[N];
    uint64_t t0 = tsc_begin();
    for (int i = 0; i < N; i++)
        u[i] = bt_create(NULL, body,
                         !suspends(i, percent) ? NULL
                         : i == N - 1          ? SUSPEND_AND_SAMPLE
                                               : SUSPEND,
                         &attr);
    if (sampling)
        sample_threads();
    if (!by_joiner)
        bt_yield();
    for (int i = 0; i < N; i++)
        bt_join_free(u[i]);
    return (double)(tsc_end() - t0) / N;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One table: every kind at every S; appends the machine-readable lines. */
static int table(bool by_joiner, int iterations, double *samples, char (*lines)[96],
                 int nlines)
{
    printf("Fork-join of %d units, S%% of them suspending once, 1 ES, run by the %s: "
           "median TSC cycles per unit\n%-6s", N, by_joiner ? "joiner" : "scheduler",
           "kind");
    for (size_t p = 0; p < sizeof percents / sizeof percents[0]; p++)
        printf("  S=%3d%%", percents[p]);
    printf("\n");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        bt_unit_attr_t attr = {.kind = kinds[k].kind, .tasklet = kinds[k].tasklet,
                               .in_place = by_joiner};
        printf("%-6s", kinds[k].name);
        for (size_t p = 0; p < sizeof percents / sizeof percents[0]; p++) {
            if (kinds[k].tasklet && percents[p]) {
                printf("  %6s", "-");
                continue;
            }
            for (int w = 0; w < iterations / 10; w++)
                fork_join(attr, percents[p], by_joiner);
            for (int i = 0; i < iterations; i++)
                samples[i] = fork_join(attr, percents[p], by_joiner);
            qsort(samples, (size_t)iterations, sizeof *samples, by_value);
            double median = samples[iterations / 2];
            printf("  %6.1f", median);
            snprintf(lines[nlines++], sizeof lines[0], "promotion%s kind=%s s=%d cycles=%.1f",
                     by_joiner ? "-join" : "", kinds[k].name, percents[p], median);
        }
        printf("\n");
    }
    return nlines;
}

/* --counts: one line per kind, S = 0 and 100, both ways, after one
 * fork-join of warm-up. The threads are sampled twice per fork-join (by the
 * main ULT once it made the units, by the last unit back from its
 * suspension), not by every unit: a sample is three system calls. */
static int counts(int iterations, const char *only)
{
    static const int counted[] = {0, 100};
    int done = 0;
    sampling = true;
    for (int j = 0; j < 2; j++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
            for (size_t p = 0; p < sizeof counted / sizeof counted[0]; p++) {
                if (kinds[k].tasklet && counted[p])
                    continue;
                char name[32];
                snprintf(name, sizeof name, "%s-s%d%s", kinds[k].name, counted[p],
                         j ? "-join" : "");
                if (only && strcmp(only, name))
                    continue;
                bt_unit_attr_t attr = {.kind = kinds[k].kind, .tasklet = kinds[k].tasklet,
                                       .in_place = j};
                fork_join(attr, counted[p], j);
                peak_threads = 0;
                struct bench_counts before = bench_counts_now();
                for (int i = 0; i < iterations; i++)
                    fork_join(attr, counted[p], j);
                struct bench_counts after = bench_counts_now();
                char fields[160];
                printf("handoffs bench=promotion case=%s per=fork-join n=%d %s\n", name,
                       iterations,
                       bench_counts_fields(fields, sizeof fields, before, after, iterations,
                                           peak_threads));
                fflush(stdout);
                done++;
            }
    return done;
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_promotion [--quick] [--iterations N] [--counts [--case C]]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    bench_counters_start(argv);
    int iterations = -1; /* the default of the mode */
    bool count = false;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            iterations = 200;
        else if (!strcmp(argv[i], "--counts"))
            count = true;
        else if (!strcmp(argv[i], "--case") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            iterations = atoi(argv[++i]);
        else
            usage();
    }
    if (iterations == -1)
        iterations = count ? 100 : 5000;
    if (iterations < 1) {
        fprintf(stderr, "bench_promotion: --iterations must be positive\n");
        return 2;
    }
    setenv("BOBBIN_NUM_ES", "1", 1);
    if (bt_init())
        return 1;
    if (count) {
        int done = counts(iterations, only);
        bt_finalize();
        if (!done)
            fprintf(stderr, "bench_promotion: no case '%s' (cases: <kind>-s0, <kind>-s100, "
                            "each also with -join)\n", only);
        return !done;
    }
    double *samples = malloc((size_t)iterations * sizeof *samples);
    char lines[64][96];
    int nlines = table(false, iterations, samples, lines, 0);
    nlines = table(true, iterations, samples, lines, nlines);
    for (int i = 0; i < nlines; i++)
        printf("%s\n", lines[i]);
    printf("Default kind (BOBBIN_ULT_KIND unset): %s\n",
           kinds[bt_default_ult_kind() - 1].name);
    free(samples);
    bt_finalize();
    return 0;
}
