/* overhead_fine.h: the fine-grained task cases of the overhead program
 * (issue 30), included by overhead.c after its tick(), counter, nthreads
 * and work. Patterns where a task costs tens of nanoseconds, so that what
 * the runtime does per task is most of the time:
 *
 *   taskloop_1, _2, _4  one thread runs taskloops of FINE_ITERS x nthreads
 *                       iterations with num_tasks(trip / k): k iterations
 *                       per task, no work but a count (per taskloop)
 *   task_busy           thread 0 makes tasks while the others are busy in
 *                       their own work until it is done (per task)
 *   tree_branch         a binary tree of tasks, each inner node working
 *                       after it made its two children (per tree)
 *   tree_leaf           the same tree, the leaves working (per tree)
 *   task_if0            every thread making undeferred tasks, if(false)
 *                       (per task)
 *   task_nested         every thread making tasks that each make one task
 *                       (per pair)
 *   task_untied         every thread making tasks that each make two untied
 *                       tasks and wait for them (per waiting task)
 *   task_depend         every thread making tasks with depend(inout) on
 *                       four slots of its own (per task)
 *
 * The per-task cases do the work `task` does (fine_tick(), the reference
 * subtracts the work) but count in counters of their own thread: tick()'s
 * shared counter moves its cache line between the threads once per task,
 * which costs 30 to 190 ns on this project's VM, by the VM's state more than
 * by the runtime, and would be most of a row meant to show what a runtime
 * does per task. The taskloops count only, and the trees count and do
 * work/8 steps per working node, included in their time. */

enum { FINE_ITERS = 8192, TREE_DEPTH = 11 };

/* Counts by thread number, unshared: two tasks that run at once never have
 * the same number, on any of the runtimes measured. */
static struct {
    long n;
    char pad[64 - sizeof(long)];
} fine_counts[256];

static void fine_count(void) { fine_counts[omp_get_thread_num() & 255].n++; }

static void fine_tick(void)
{
    bench_work(work);
    TOUCH_TLS();
    fine_count();
}

/* Seconds since start; adds the counts to `counter`, once no task runs
 * any more. */
static double fine_done(double start)
{
    double t = omp_get_wtime() - start;
    for (int i = 0; i < 256; i++) {
        counter += fine_counts[i].n;
        fine_counts[i].n = 0;
    }
    return t;
}

static double fine_taskloop(long reps, long *expect, long per_task)
{
    unsigned long trip = (unsigned long)FINE_ITERS * (unsigned long)nthreads;
    unsigned long ntasks = trip / (unsigned long)per_task;
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
#pragma omp single
    for (long r = 0; r < reps; r++) {
#pragma omp taskloop num_tasks(ntasks)
        for (unsigned long i = 0; i < trip; i++)
            fine_count();
    }
    *expect = reps * (long)trip;
    return fine_done(t);
}

static double case_taskloop_1(long reps, long *expect) { return fine_taskloop(reps, expect, 1); }
static double case_taskloop_2(long reps, long *expect) { return fine_taskloop(reps, expect, 2); }
static double case_taskloop_4(long reps, long *expect) { return fine_taskloop(reps, expect, 4); }

static double case_task_busy(long reps, long *expect)
{
    int done = 0;
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    if (omp_get_thread_num() == 0) {
        for (long r = 0; r < reps; r++) {
#pragma omp task
            fine_tick();
        }
#pragma omp atomic write
        done = 1;
    } else {
        for (int d = 0; !d;) {
            bench_work(work);
#pragma omp atomic read
            d = done;
        }
    }
    *expect = reps;
    return fine_done(t);
}

static void tree(int depth, int leaf_work)
{
    if (depth == 1) {
        if (leaf_work)
            bench_work(work / 8);
        fine_count();
        return;
    }
#pragma omp task
    tree(depth - 1, leaf_work);
#pragma omp task
    tree(depth - 1, leaf_work);
    if (!leaf_work)
        bench_work(work / 8);
    fine_count();
#pragma omp taskwait
}

static double fine_tree(long reps, long *expect, int leaf_work)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
#pragma omp single
    for (long r = 0; r < reps; r++)
        tree(TREE_DEPTH, leaf_work);
    *expect = reps * ((1L << TREE_DEPTH) - 1);
    return fine_done(t);
}

static double case_tree_branch(long reps, long *expect) { return fine_tree(reps, expect, 0); }
static double case_tree_leaf(long reps, long *expect) { return fine_tree(reps, expect, 1); }

static double case_task_if0(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp task if (r < 0)
        fine_tick();
    }
    *expect = reps * nthreads;
    return fine_done(t);
}

static double case_task_nested(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp task
        {
#pragma omp task
            fine_tick();
            fine_tick();
        }
    }
    *expect = 2 * reps * nthreads;
    return fine_done(t);
}

static double case_task_untied(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    for (long r = 0; r < reps; r++) {
#pragma omp task
        {
#pragma omp task untied
            fine_tick();
#pragma omp task untied
            fine_tick();
#pragma omp taskwait
        }
    }
    *expect = 2 * reps * nthreads;
    return fine_done(t);
}

/* the dependence slots of each thread, by thread number */
static char depend_slots[256][4];

static double case_task_depend(long reps, long *expect)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
    {
        /* used only in depend clauses, which gcc 12 does not count as a use */
        __attribute__((unused)) char *slots = depend_slots[omp_get_thread_num() & 255];
        for (long r = 0; r < reps; r++) {
#pragma omp task depend(inout : slots[r & 3])
            fine_tick();
        }
#pragma omp taskwait
    }
    *expect = reps * nthreads;
    return fine_done(t);
}
