/* overhead: the cost of one OpenMP construct, in microseconds.
 *
 *     overhead CASE [--threads N] [--samples S] [--target-ms T] [--work W]
 *     overhead --list
 *
 * Method (that of the EPCC microbenchmarks, our own code): a loop running
 * the construct `reps` times around a small fixed piece of work is timed,
 * and so is a reference loop doing the same work without the construct;
 * the overhead of one construct is (test - reference) / reps. `reps` is
 * grown until one test loop takes about T ms (default 1), and never below
 * 128 unless two loops of fewer take 8 T; then S samples (default 31), each a
 * reference loop followed by a test loop, give the median and the 10th and
 * 90th percentiles. Short samples and the median keep out most of the
 * samples in which the OS preempted a thread of the team. The work is W
 * dependent multiply-adds (default 64, about a tenth of a microsecond).
 *
 * Every case counts what its constructs did (iterations, tasks, critical
 * sections...) and checks the count; a wrong count prints check=bad and the
 * program exits with status 1.
 *
 * The fine-grained task cases (taskloops of one to four iterations per
 * task, trees, busy consumers, if(0), nested and depend tasks) are in
 * overhead_fine.h.
 *
 * Built with -DBENCH_TLS (the overhead_tls program), the work also updates
 * a threadprivate array of 64 longs: a program with TLS of its own, in
 * which Bobbin keeps each OpenMP thread's copy apart (tools/bench --tls). */
#include "common.h"

static int nthreads = 2;
static int work = 64;
static long counter;     /* what the constructs did, checked after each loop */
static double atomic_sum; /* the target of the atomic case */

enum { SCHED_ITERS = 32 }; /* iterations per thread of each scheduled loop */
/* Constructs per sample: at least MIN_REPS, so that a sample of constructs
 * of a microsecond or less averages over many of them, unless samples of
 * FIRST_REPS or more already last LONG_SAMPLE targets (constructs of a
 * millisecond or more, which 128 repetitions would make samples of a
 * second or more). */
enum { MIN_REPS = 128, FIRST_REPS = 4, LONG_SAMPLE = 8 };

#ifdef BENCH_TLS
static long tls_vars[64];
#pragma omp threadprivate(tls_vars)
#define TOUCH_TLS() (tls_vars[0]++)
#else
#define TOUCH_TLS() ((void)0)
#endif

/* The body of most constructs: a little work, counted. */
static void tick(void)
{
    bench_work(work);
    TOUCH_TLS();
#pragma omp atomic
    counter++;
}

/* ---- the cases: each runs its construct reps times, returns seconds, and
 * sets *expect to the count the loop must leave in `counter` ---------------- */

static double case_parallel(long reps, long *expect)
{
    double t = omp_get_wtime();
    for (long r = 0; r < reps; r++) {
#pragma omp parallel num_threads(nthreads)
        tick();
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_for(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp for
        for (int i = 0; i < nthreads; i++)
            tick();
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_parallel_for(long reps, long *expect)
{
    double t = omp_get_wtime();
    for (long r = 0; r < reps; r++) {
#pragma omp parallel for num_threads(nthreads)
        for (int i = 0; i < nthreads; i++)
            tick();
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_barrier(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    {
        long mine = 0;
        for (long r = 0; r < reps; r++) {
            bench_work(work);
            TOUCH_TLS();
            mine++;
#pragma omp barrier
        }
#pragma omp atomic
        counter += mine;
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_single(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp single
        {
            bench_work(work);
            counter++; /* one thread at a time: the single's barrier orders them */
        }
    }
    *expect = reps;
    return omp_get_wtime() - t;
}

/* critical, contended lock, ordered: reps sections in all, one at a time. */
static double case_critical(long reps, long *expect)
{
    long each = reps / nthreads;
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < each; r++) {
#pragma omp critical
        {
            bench_work(work);
            counter++;
        }
    }
    *expect = each * nthreads;
    return omp_get_wtime() - t;
}

static omp_lock_t shared_lock;
static double case_lock_contended(long reps, long *expect)
{
    long each = reps / nthreads;
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < each; r++) {
        omp_set_lock(&shared_lock);
        bench_work(work);
        counter++;
        omp_unset_lock(&shared_lock);
    }
    *expect = each * nthreads;
    return omp_get_wtime() - t;
}

/* Each thread its own lock: the cost of set + unset without contention. */
static double case_lock(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    {
        omp_lock_t mine;
        long n = 0;
        omp_init_lock(&mine);
        for (long r = 0; r < reps; r++) {
            omp_set_lock(&mine);
            bench_work(work);
            n++;
            omp_unset_lock(&mine);
        }
        omp_destroy_lock(&mine);
#pragma omp atomic
        counter += n;
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_ordered(long reps, long *expect)
{
    long next = 0, bad = 0;
    double t = omp_get_wtime();
#pragma omp parallel for ordered schedule(static, 1) num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp ordered
        {
            bench_work(work);
            if (r != next)
                bad++;
            next = r + 1;
            counter++;
        }
    }
    *expect = bad ? -1 : reps;
    return omp_get_wtime() - t;
}

/* No work around the update: an atomic is a few instructions. */
static double case_atomic(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp atomic
        atomic_sum += 1.0;
    }
    t = omp_get_wtime() - t;
    counter += (long)atomic_sum;
    atomic_sum = 0;
    *expect = reps * nthreads;
    return t;
}

static double case_reduction(long reps, long *expect)
{
    double t = omp_get_wtime();
    for (long r = 0; r < reps; r++) {
        long sum = 0;
#pragma omp parallel num_threads(nthreads) reduction(+ : sum)
        {
            bench_work(work);
            sum += 1;
        }
        counter += sum;
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

/* One parallel region, reps worksharing loops of SCHED_ITERS iterations per
 * thread under the given schedule; each loop ends with its barrier. */
#define SCHEDULE_CASE(name, clause)                                          \
    static double case_##name(long reps, long *expect)                       \
    {                                                                        \
        int iters = SCHED_ITERS * nthreads;                                  \
        double t = omp_get_wtime();                                          \
        _Pragma("omp parallel num_threads(nthreads)")                        \
        {                                                                    \
            long n = 0;                                                      \
            for (long r = 0; r < reps; r++) {                                \
                _Pragma(clause)                                              \
                for (int i = 0; i < iters; i++) {                            \
                    bench_work(work);                                        \
                    n++;                                                     \
                }                                                            \
            }                                                                \
            _Pragma("omp atomic")                                            \
            counter += n;                                                    \
        }                                                                    \
        *expect = reps * iters;                                              \
        return omp_get_wtime() - t;                                          \
    }
SCHEDULE_CASE(static, "omp for schedule(static)")
SCHEDULE_CASE(static_chunk, "omp for schedule(static, 1)")
SCHEDULE_CASE(dynamic, "omp for schedule(dynamic, 1)")
SCHEDULE_CASE(guided, "omp for schedule(guided, 1)")

/* Every thread creates reps tasks; they run wherever, at the latest in the
 * region's closing barrier. Per task: create + execute. */
static double case_task(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp task
        tick();
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_taskwait(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp task
        tick();
#pragma omp taskwait
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

static double case_taskgroup(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp taskgroup
        {
#pragma omp task
            tick();
        }
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

/* One thread runs reps taskloops of nthreads one-iteration tasks; the team
 * executes them. Per taskloop. */
static double case_taskloop(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
#pragma omp single
    for (long r = 0; r < reps; r++) {
#pragma omp taskloop grainsize(1)
        for (unsigned long i = 0; i < (unsigned long)nthreads; i++)
            tick();
    }
    *expect = reps * nthreads;
    return omp_get_wtime() - t;
}

#include "overhead_fine.h"

/* ---- references --------------------------------------------------------- */

static volatile double ref_sink;

/* The loop without the construct: units pieces of work per rep, or, with
 * none, an empty loop of reps. */
static double reference(long units, long reps)
{
    double t = omp_get_wtime();
    if (units == 0) {
        for (long r = 0; r < reps; r++)
            ref_sink += 1.0;
    } else {
        for (long r = 0; r < units * reps; r++)
            bench_work(work);
    }
    return omp_get_wtime() - t;
}

/* units: the pieces of work each rep does on the critical path, which the
 * reference subtracts (0: none). */
struct bench_case {
    const char *name;
    double (*run)(long reps, long *expect);
    long units;
};

static const struct bench_case cases[] = {
    {"parallel", case_parallel, 1},
    {"for", case_for, 1},
    {"parallel_for", case_parallel_for, 1},
    {"barrier", case_barrier, 1},
    {"single", case_single, 1},
    {"critical", case_critical, 1},
    {"lock", case_lock, 1},
    {"lock_contended", case_lock_contended, 1},
    {"ordered", case_ordered, 1},
    {"atomic", case_atomic, 0},
    {"reduction", case_reduction, 1},
    {"static", case_static, SCHED_ITERS},
    {"static_chunk", case_static_chunk, SCHED_ITERS},
    {"dynamic", case_dynamic, SCHED_ITERS},
    {"guided", case_guided, SCHED_ITERS},
    {"task", case_task, 1},
    {"taskwait", case_taskwait, 1},
    {"taskgroup", case_taskgroup, 1},
    {"taskloop", case_taskloop, 1},
    {"taskloop_1", case_taskloop_1, 0},
    {"taskloop_2", case_taskloop_2, 0},
    {"taskloop_4", case_taskloop_4, 0},
    {"task_busy", case_task_busy, 1},
    {"tree_branch", case_tree_branch, 0},
    {"tree_leaf", case_tree_leaf, 0},
    {"task_if0", case_task_if0, 1},
    {"task_nested", case_task_nested, 2},
    {"task_untied", case_task_untied, 2},
    {"task_depend", case_task_depend, 1},
};
#define NCASES ((int)(sizeof(cases) / sizeof(cases[0])))

static int bad_counts;

static double timed(const struct bench_case *c, long reps)
{
    long expect = 0;
    counter = 0;
    double t = c->run(reps, &expect);
    if (counter != expect) {
        if (!bad_counts)
            fprintf(stderr, "overhead %s: count %ld, expected %ld\n", c->name,
                    counter, expect);
        bad_counts++;
    }
    return t;
}

/* Whether samples of reps constructs, one of which took t, last LONG_SAMPLE
 * targets: a second one must as well, as one stall of the OS (a thread of
 * the team preempted for a tick) would pass for long constructs. */
static int long_samples(const struct bench_case *c, long reps, double t, double target)
{
    return t >= LONG_SAMPLE * target && timed(c, reps) >= LONG_SAMPLE * target;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: overhead CASE [--threads N] [--samples S] [--target-ms T] "
               "[--work W]\n       overhead --list\ncases:");
    for (int i = 0; i < NCASES; i++)
        fprintf(f, " %s", cases[i].name);
    fprintf(f, "\n");
}

int main(int argc, char **argv)
{
    const struct bench_case *c = NULL;
    int samples = 31;
    double target = 0.001;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "--list")) {
            for (int k = 0; k < NCASES; k++)
                printf("%s\n", cases[k].name);
            return 0;
        } else if ((v = bench_opt(argc, argv, &i, "--threads"))) {
            nthreads = atoi(v);
        } else if ((v = bench_opt(argc, argv, &i, "--samples"))) {
            samples = atoi(v);
        } else if ((v = bench_opt(argc, argv, &i, "--target-ms"))) {
            target = atof(v) / 1e3;
        } else if ((v = bench_opt(argc, argv, &i, "--work"))) {
            work = atoi(v);
        } else if (!c && argv[i][0] != '-') {
            for (int k = 0; k < NCASES; k++)
                if (!strcmp(argv[i], cases[k].name))
                    c = &cases[k];
            if (!c) {
                fprintf(stderr, "overhead: no case '%s'\n", argv[i]);
                usage(stderr);
                return 2;
            }
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!c || nthreads < 1 || samples < 1 || samples > BENCH_MAX_SAMPLES ||
        target <= 0 || work < 0) {
        usage(stderr);
        return 2;
    }
    omp_init_lock(&shared_lock);

    /* Warm up for a while (thread pools, first touch, streams waking up),
     * then grow reps until a loop takes the target time (see MIN_REPS). */
    double warm = omp_get_wtime();
    while (omp_get_wtime() - warm < 0.02)
        timed(c, FIRST_REPS);
    long reps = FIRST_REPS;
    for (;;) {
        double t = timed(c, reps);
        if ((t >= target && (reps >= MIN_REPS || long_samples(c, reps, t, target))) ||
            reps >= (1L << 26))
            break;
        double grow = t > 0 ? 1.3 * target / t : 16;
        if (grow > 16)
            grow = 16;
        if (grow < 2)
            grow = 2;
        reps = (long)(reps * grow);
    }
    if (c->run == case_critical || c->run == case_lock_contended)
        reps -= reps % nthreads;

    static double over[BENCH_MAX_SAMPLES];
    for (int s = 0; s < samples; s++) {
        double ref = reference(c->units, reps);
        double test = timed(c, reps);
        over[s] = (test - ref) / reps * 1e6;
    }
    omp_destroy_lock(&shared_lock);

    char param[32], extra[64];
    snprintf(param, sizeof param, "%d", nthreads);
    snprintf(extra, sizeof extra, "reps=%ld", reps);
    struct bench_stats st = bench_summarize(over, samples);
    printf("overhead of %s, %d threads: %.3f us (p10 %.3f, p90 %.3f), %ld per sample\n",
           c->name, nthreads, st.median, st.lo, st.hi, reps);
    bench_result("overhead", c->name, param, st, "us", !bad_counts, extra);
    return bad_counts ? 1 : 0;
}
