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
 *     bench_promotion [--quick]      (run with BOBBIN_NUM_ES=1, which it sets) */
#include <bobbin/threading.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsc.h"

enum { N = 128 };

static const int percents[] = {0, 10, 25, 50, 100};
static const struct {
    const char *name;
    enum bt_ult_kind kind;
    int tasklet;
} kinds[] = {{"full", BT_ULT_FULL, 0}, {"lsa", BT_ULT_LSA, 0}, {"roc", BT_ULT_ROC, 0},
             {"ss", BT_ULT_SS, 0},     {"sc", BT_ULT_SC, 0},   {"rtc", 0, 1}};

static void body(void *suspends)
{
    if (suspends)
        bt_yield();
}

/* Unit i suspends if the first i + 1 units hold one more share of S than
 * the first i: exactly N * S / 100 of them, spread evenly. */
static int suspends(int i, int percent) { return (i + 1) * percent / 100 != i * percent / 100; }

static double fork_join(bt_unit_attr_t attr, int percent, bool by_joiner)
{
    bt_unit_t *u[N];
    uint64_t t0 = tsc_begin();
    for (int i = 0; i < N; i++)
        u[i] = bt_create(NULL, body, suspends(i, percent) ? (void *)1 : NULL, &attr);
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

int main(int argc, char **argv)
{
    int iterations = argc > 1 && !strcmp(argv[1], "--quick") ? 200 : 5000;
    setenv("BOBBIN_NUM_ES", "1", 1);
    if (bt_init())
        return 1;
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
