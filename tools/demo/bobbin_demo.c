/* bobbin_demo: one million ULTs over all execution streams, the quick-start
 * example of the threading substrate.
 *
 * The main ULT creates the ULTs in waves, round robin over every pool (the
 * private and the shared pool of each ES), then joins and frees the wave, so
 * only one wave's descriptors and stacks exist at a time. Each ULT adds up a
 * few numbers derived from its index and records the ES that ran it. At the
 * end the program prints where the ULTs ran and how fast, and checks that
 * every ULT ran exactly once and that the sum of their work is right.
 *
 * usage: bobbin_demo [--ults N] [--wave W]
 * The number of ESs comes from BOBBIN_NUM_ES (default: the CPUs we may use). */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bobbin/threading.h>

/* Terms each ULT adds: index + 0, index + 1, ..., index + TERMS - 1. */
#define TERMS 64

struct job {
    uint64_t index;
    uint64_t sum;
    int es;   /* ES that ran the ULT */
    int runs; /* times it ran: must be 1 */
};

static void work(void *arg)
{
    struct job *j = arg;
    uint64_t sum = 0;
    for (uint64_t k = 0; k < TERMS; k++)
        sum += j->index + k;
    j->sum = sum;
    j->es = bt_self_es();
    j->runs++;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long parse_count(const char *flag, const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || *end || v < 1) {
        fprintf(stderr, "bobbin_demo: %s '%s' is not a positive integer\n", flag, s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    long total = 1000000, wave = 10000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--ults") && i + 1 < argc) {
            total = parse_count("--ults", argv[++i]);
        } else if (!strcmp(argv[i], "--wave") && i + 1 < argc) {
            wave = parse_count("--wave", argv[++i]);
        } else {
            fprintf(stderr, "usage: bobbin_demo [--ults N] [--wave W]\n"
                            "  N ULTs (default 1000000), created and joined W at a "
                            "time (default 10000)\n");
            return 2;
        }
    }
    if (wave > total)
        wave = total;

    if (bt_init() != 0)
        return 1;
    const int nes = bt_num_es();
    const int npools = 2 * nes;
    bt_pool_t **pools = malloc(sizeof(*pools) * (size_t)npools);
    long *per_es = calloc((size_t)nes, sizeof(*per_es));
    struct job *jobs = malloc(sizeof(*jobs) * (size_t)wave);
    bt_unit_t **units = malloc(sizeof(*units) * (size_t)wave);
    if (!pools || !per_es || !jobs || !units) {
        fprintf(stderr, "bobbin_demo: out of memory\n");
        return 1;
    }
    for (int e = 0; e < nes; e++) {
        pools[2 * e] = bt_pool_private(e);
        pools[2 * e + 1] = bt_pool_shared(e);
    }

    printf("bobbin_demo: %ld ULTs on %d execution stream%s, in waves of %ld\n", total, nes,
           nes == 1 ? "" : "s", wave);

    uint64_t sum = 0;
    long ran = 0, bad = 0;
    int p = 0;
    double t0 = now();
    for (long base = 0; base < total; base += wave) {
        long m = total - base < wave ? total - base : wave;
        for (long j = 0; j < m; j++) {
            jobs[j] = (struct job){.index = (uint64_t)(base + j), .sum = 0, .es = -1, .runs = 0};
            units[j] = bt_ult_create(pools[p], work, &jobs[j]);
            if (!units[j]) {
                fprintf(stderr, "bobbin_demo: bt_ult_create failed (out of memory?)\n");
                return 1;
            }
            p = p + 1 == npools ? 0 : p + 1;
        }
        for (long j = 0; j < m; j++)
            bt_join_free(units[j]);
        for (long j = 0; j < m; j++) {
            const struct job *jb = &jobs[j];
            if (jb->runs != 1 || jb->es < 0 || jb->es >= nes) {
                if (bad++ < 5)
                    fprintf(stderr, "bobbin_demo: ULT %" PRIu64 " ran %d times, last on ES %d\n",
                            jb->index, jb->runs, jb->es);
                continue;
            }
            per_es[jb->es]++;
            ran++;
            sum += jb->sum;
        }
    }
    double elapsed = now() - t0;
    bt_finalize();

    /* sum over i < total of sum over k < TERMS of (i + k) */
    const uint64_t n = (uint64_t)total;
    const uint64_t expected = (uint64_t)TERMS * (n * (n - 1) / 2) +
                              n * ((uint64_t)TERMS * (TERMS - 1) / 2);

    printf("  ULTs run        %ld\n", ran);
    for (int e = 0; e < nes; e++)
        printf("  ES %-3d ran      %ld (%.1f%%)\n", e, per_es[e],
               ran ? 100.0 * (double)per_es[e] / (double)ran : 0.0);
    printf("  elapsed         %.3f s\n", elapsed);
    printf("  throughput      %.0f ULTs per second\n", (double)ran / elapsed);
    int ok = bad == 0 && ran == total && sum == expected;
    printf("  check           sum %" PRIu64 ", expected %" PRIu64 ": %s\n", sum, expected,
           ok ? "OK" : "WRONG");
    if (bad)
        printf("  %ld ULTs did not run exactly once on a valid ES\n", bad);

    free(units);
    free(jobs);
    free(per_es);
    free(pools);
    return ok ? 0 : 1;
}
