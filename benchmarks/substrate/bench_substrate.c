/* bench_substrate: cycles per create + join + free of empty work units, per
 * yield and per yield_to, in the manner of the Argobots paper (Seo et al.,
 * TPDS 2018, sec. 6.1).
 *
 * The number of ESs is fixed when bt_init reads BOBBIN_NUM_ES, so every ES
 * count runs in a child process: the parent sets the variable, re-executes
 * this program with --child=N, echoes the child's output and collects its
 * machine-readable lines ("substrate <op> unit= es= n= pool= cycles=") for
 * the scaling summary and the optional CSV file.
 *
 * Each case is run for a short warm-up, then for as many iterations as fill
 * its time budget; the reported figure is the median over iterations of
 * (ticks of the iteration / units or switches in it). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strsignal, getline */
#endif
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bobbin/threading.h>

#include "cases.h"
#include "tsc.h"

static const int fork_join_sizes[] = {64, 256, 1024, 4096};
static const int yield_sizes[] = {2, 64, 256, 1024};
#define NSIZES(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define MAX_UNITS 4096

struct options {
    int quick;
    int child_es; /* > 0 in a child process */
    int es[16];
    int nes_counts;
    const char *csv;
};

static void usage(FILE *f)
{
    fprintf(f,
            "usage: bench_substrate [--quick] [--es LIST] [--csv FILE]\n"
            "  --quick     few iterations per case (a few seconds in all)\n"
            "  --es LIST   comma-separated ES counts, one process each (default 1,2)\n"
            "  --csv FILE  also write the results as CSV\n");
}

static int parse_es_list(const char *s, struct options *o)
{
    o->nes_counts = 0;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > 1024 || (*end && *end != ','))
            return -1;
        if (o->nes_counts == NSIZES(o->es))
            return -1;
        o->es[o->nes_counts++] = (int)v;
        s = *end ? end + 1 : end;
    }
    return o->nes_counts > 0 ? 0 : -1;
}

static int parse_options(int argc, char **argv, struct options *o)
{
    memset(o, 0, sizeof(*o));
    o->es[0] = 1;
    o->es[1] = 2;
    o->nes_counts = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--quick")) {
            o->quick = 1;
        } else if (!strncmp(a, "--child=", 8)) {
            o->child_es = atoi(a + 8);
        } else if (!strcmp(a, "--es") && i + 1 < argc) {
            if (parse_es_list(argv[++i], o)) {
                fprintf(stderr, "bench_substrate: --es '%s' is not a list of ES "
                        "counts such as 1,2\n", argv[i]);
                return -1;
            }
        } else if (!strcmp(a, "--csv") && i + 1 < argc) {
            o->csv = argv[++i];
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        } else {
            fprintf(stderr, "bench_substrate: unknown argument '%s'\n", a);
            usage(stderr);
            return -1;
        }
    }
    return 0;
}

/* ---- Child: one ES count ------------------------------------------------ */

/* What the child is doing, for the message if it runs out of time. */
static char current_case[160];
static volatile sig_atomic_t current_case_len;

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "\nbench_substrate: time limit reached; the substrate "
                              "seems to hang in case: ";
    if (write(2, msg, sizeof(msg) - 1) < 0 || write(2, current_case, current_case_len) < 0)
        _exit(124);
    _exit(124);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct measurement {
    double median, min;
    long iters;
};

/* Runs `c` for a warm-up, then for its time budget (and at least a few
 * iterations); returns the median and the minimum over the timed iterations. */
static struct measurement measure(const struct bench_case *c, int nes, bt_unit_t **units,
                                  double rate, int quick)
{
    const uint64_t warm = (uint64_t)((quick ? 0.002 : 0.02) * rate);
    const uint64_t budget = (uint64_t)((quick ? 0.01 : 0.2) * rate);
    const long min_iters = quick ? 5 : 11, max_iters = 1L << 22;

    long done = 0;
    uint64_t start = tsc_begin();
    while (done < 3 || tsc_end() - start < warm) {
        bench_case_once(c, nes, units);
        done++;
    }

    long cap = 1024, iters = 0;
    double *v = malloc(sizeof(double) * (size_t)cap);
    start = tsc_begin();
    /* An odd count, so that the median is one sample. */
    while (v && (iters < min_iters || !(iters & 1) ||
                 (tsc_end() - start < budget && iters < max_iters))) {
        if (iters == cap) {
            double *w = realloc(v, sizeof(double) * (size_t)(cap *= 2));
            if (!w)
                free(v);
            v = w;
            if (!v)
                break;
        }
        v[iters++] = bench_case_once(c, nes, units);
    }
    if (!v) {
        fprintf(stderr, "bench_substrate: out of memory for %ld samples\n", cap);
        exit(2);
    }
    qsort(v, (size_t)iters, sizeof(double), cmp_double);
    struct measurement m = {v[iters / 2], v[0], iters};
    free(v);
    return m;
}

struct result {
    struct bench_case c;
    double cycles;
};

static int run_child(const struct options *o)
{
    /* A hang in the substrate ends the child with a message, not the CI job. */
    signal(SIGALRM, on_alarm);
    alarm(o->quick ? 120 : 900);

    if (bt_init() != 0) {
        fprintf(stderr, "bench_substrate: bt_init failed with BOBBIN_NUM_ES=%d\n", o->child_es);
        return 1;
    }
    int nes = bt_num_es();
    if (nes != o->child_es)
        fprintf(stderr, "bench_substrate: asked for %d ESs, bt_num_es() says %d; "
                "reporting es=%d\n", o->child_es, nes, nes);
    double rate = tsc_rate(o->quick ? 0.02 : 0.1);

    struct result results[64];
    int nres = 0;
    for (int unit = 0; unit < 2; unit++)
        for (int shared = 0; shared < 2; shared++)
            for (int s = 0; s < NSIZES(fork_join_sizes); s++)
                results[nres++].c = (struct bench_case){OP_FORK_JOIN, unit, shared,
                                                        fork_join_sizes[s]};
    for (int op = OP_YIELD; op <= OP_YIELD_TO; op++)
        for (int s = 0; s < NSIZES(yield_sizes); s++)
            results[nres++].c = (struct bench_case){(enum bench_op)op, 0, 0, yield_sizes[s]};

    bt_unit_t **units = calloc(MAX_UNITS, sizeof(*units));
    if (!units)
        return 2;

    printf("\n== %d execution stream%s (BOBBIN_NUM_ES=%d); TSC %.3f GHz ==\n",
           nes, nes == 1 ? "" : "s", o->child_es, rate * 1e-9);
    printf("%-10s %-8s %3s %-8s %5s %12s %12s %9s %9s\n", "op", "unit", "es", "pool", "n",
           "median", "min", "~ns", "iters");
    fflush(stdout);
    for (int i = 0; i < nres; i++) {
        const struct bench_case *c = &results[i].c;
        const char *unit = c->tasklet ? "tasklet" : "ult";
        const char *pool = c->shared ? "shared" : "private";
        int len = snprintf(current_case, sizeof(current_case), "%s unit=%s es=%d n=%d pool=%s\n",
                           bench_op_name(c->op), unit, nes, c->n, pool);
        current_case_len = len < (int)sizeof(current_case) ? len : (int)sizeof(current_case) - 1;

        struct measurement m = measure(c, nes, units, rate, o->quick);
        results[i].cycles = m.median;
        printf("%-10s %-8s %3d %-8s %5d %12.1f %12.1f %9.1f %9ld\n", bench_op_name(c->op),
               unit, nes, pool, c->n, m.median, m.min, m.median / rate * 1e9, m.iters);
        fflush(stdout);
    }
    alarm(0);

    printf("\n");
    for (int i = 0; i < nres; i++) {
        const struct bench_case *c = &results[i].c;
        printf("substrate %s unit=%s es=%d n=%d pool=%s cycles=%.1f\n", bench_op_name(c->op),
               c->tasklet ? "tasklet" : "ult", nes, c->n, c->shared ? "shared" : "private",
               results[i].cycles);
    }
    fflush(stdout);
    free(units);
    bt_finalize();
    return 0;
}

/* ---- Parent: one child per ES count ------------------------------------ */

struct line {
    char op[16], unit[16], pool[16];
    int es, n;
    double cycles;
};

static struct line lines[1024];
static int nlines;

/* Runs the child for `es` ESs, echoing its output and keeping its results.
 * Returns 0 if it exited with status 0. */
static int run_es(const struct options *o, int es, char **argv)
{
    char esbuf[32], childarg[48];
    snprintf(esbuf, sizeof(esbuf), "%d", es);
    snprintf(childarg, sizeof(childarg), "--child=%d", es);
    char *cargv[] = {argv[0], childarg, o->quick ? "--quick" : NULL, NULL};

    int fds[2];
    if (pipe(fds)) {
        perror("bench_substrate: pipe");
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        perror("bench_substrate: fork");
        return -1;
    }
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        setenv("BOBBIN_NUM_ES", esbuf, 1);
        unsetenv("KMP_ABT_NUM_ESS");
        execv("/proc/self/exe", cargv);
        execvp(argv[0], cargv);
        fprintf(stderr, "bench_substrate: cannot re-execute itself: %s\n", strerror(errno));
        _exit(127);
    }
    close(fds[1]);

    FILE *in = fdopen(fds[0], "r");
    char *buf = NULL;
    size_t cap = 0;
    while (in && getline(&buf, &cap, in) > 0) {
        fputs(buf, stdout);
        fflush(stdout);
        struct line l;
        if (nlines < NSIZES(lines) &&
            sscanf(buf, "substrate %15s unit=%15s es=%d n=%d pool=%15s cycles=%lf", l.op,
                   l.unit, &l.es, &l.n, l.pool, &l.cycles) == 6)
            lines[nlines++] = l;
    }
    free(buf);
    if (in)
        fclose(in);

    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status))
        fprintf(stderr, "bench_substrate: the run with %d ES%s was killed by signal %d (%s)\n",
                es, es == 1 ? "" : "s", WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        fprintf(stderr, "bench_substrate: the run with %d ES%s exited with status %d\n", es,
                es == 1 ? "" : "s", WEXITSTATUS(status));
    return -1;
}

static const struct line *find_line(const char *op, const char *unit, int es, int n,
                                    const char *pool)
{
    for (int i = 0; i < nlines; i++)
        if (!strcmp(lines[i].op, op) && !strcmp(lines[i].unit, unit) && lines[i].es == es &&
            lines[i].n == n && !strcmp(lines[i].pool, pool))
            return &lines[i];
    return NULL;
}

static void print_scaling(void)
{
    printf("\nScaling of fork_join: cycles per unit at n=4096 over n=256\n");
    printf("%-8s %3s %-8s %10s %10s %7s\n", "unit", "es", "pool", "n=256", "n=4096", "ratio");
    for (int i = 0; i < nlines; i++) {
        const struct line *a = &lines[i];
        if (strcmp(a->op, "fork_join") || a->n != 256)
            continue;
        const struct line *b = find_line("fork_join", a->unit, a->es, 4096, a->pool);
        if (b)
            printf("%-8s %3d %-8s %10.1f %10.1f %7.2f\n", a->unit, a->es, a->pool, a->cycles,
                   b->cycles, b->cycles / a->cycles);
    }
}

static int write_csv(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "bench_substrate: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "op,unit,es,n,pool,cycles\n");
    for (int i = 0; i < nlines; i++)
        fprintf(f, "%s,%s,%d,%d,%s,%.1f\n", lines[i].op, lines[i].unit, lines[i].es,
                lines[i].n, lines[i].pool, lines[i].cycles);
    return fclose(f);
}

int main(int argc, char **argv)
{
    struct options o;
    if (parse_options(argc, argv, &o))
        return 2;
    if (o.child_es > 0)
        return run_child(&o);

    printf("Bobbin substrate microbenchmark%s\n", o.quick ? " (--quick: few iterations)" : "");
#if TSC_IS_CYCLES
    printf("Units: reference cycles of the TSC, which ticks at a constant rate whatever\n"
           "the core clock (turbo, power saving); they are not core clock cycles.\n");
#else
    printf("Units: nanoseconds (no TSC on this machine); the 'cycles=' values are ns.\n");
#endif
    printf("fork_join: create + join + free of n empty units, round robin over the pools\n"
           "of all ESs, per unit. yield / yield_to: n ULTs on ES 0, %d switches each, per\n"
           "switch. Figures are medians over iterations; '~ns' converts the median.\n",
           BENCH_YIELD_ROUNDS);

    int failed = 0;
    for (int i = 0; i < o.nes_counts; i++)
        if (run_es(&o, o.es[i], argv))
            failed = 1;
    print_scaling();
    if (o.csv && write_csv(o.csv))
        failed = 1;
    return failed;
}
