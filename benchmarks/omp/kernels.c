/* kernels: task-parallel kernels, seconds per run.
 *
 *     kernels fib       [--n 30] [--threads 2] [--runs 3]
 *     kernels wavefront [--n 2048] [--block 32] [--threads 2] [--runs 3]
 *     kernels nqueens   [--n 12] [--cutoff 4] [--threads 2] [--runs 3]
 *
 * fib: the naive recursion, one task per call above the two leaves, then a
 * taskwait: nearly pure task overhead. wavefront: a dynamic-programming
 * grid of n x n cells cut into blocks; each block is a task that depends on
 * its upper and left neighbours (depend in/out), so the tasks form a DAG
 * whose parallelism grows and shrinks along the anti-diagonals. nqueens:
 * counts the placements of n queens, one task per candidate square down to
 * a cutoff depth, each task with its own copy of the partial board.
 *
 * Each result is checked: fib against the iterative value, wavefront
 * against the same recurrence computed serially, nqueens against the known
 * counts. After an untimed run, the median of R timed runs is reported. */
#include "common.h"

static int nthreads = 2;

/* ---- fib ---- */

static long fib_task(int n)
{
    if (n < 2)
        return n;
    long a, b;
#pragma omp task shared(a) firstprivate(n)
    a = fib_task(n - 1);
#pragma omp task shared(b) firstprivate(n)
    b = fib_task(n - 2);
#pragma omp taskwait
    return a + b;
}

static double fib_run(int n, int *ok)
{
    long got = 0;
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
#pragma omp single
    got = fib_task(n);
    t = omp_get_wtime() - t;
    long x = 0, y = 1;
    for (int i = 0; i < n; i++) {
        long z = x + y;
        x = y;
        y = z;
    }
    if (got != x)
        fprintf(stderr, "fib(%d): %ld, expected %ld\n", n, got, x);
    *ok = got == x;
    return t;
}

/* ---- wavefront ---- */

static double *grid;
static int wf_block;

/* The recurrence of one cell from its upper, left and upper-left cells. */
static inline double wf_cell(double up, double left, double diag, int i, int j)
{
    double m = up > left ? up : left;
    return 0.5 * m + 0.25 * diag + 1e-3 * ((i * 31 + j * 17) % 97);
}

static void wf_block_compute(double *g, int n, int bi, int bj, int bs)
{
    int i0 = 1 + bi * bs, j0 = 1 + bj * bs;
    int i1 = i0 + bs < n + 1 ? i0 + bs : n + 1;
    int j1 = j0 + bs < n + 1 ? j0 + bs : n + 1;
    size_t w = (size_t)n + 1;
    for (int i = i0; i < i1; i++)
        for (int j = j0; j < j1; j++)
            g[i * w + j] = wf_cell(g[(i - 1) * w + j], g[i * w + j - 1],
                                   g[(i - 1) * w + j - 1], i, j);
}

static double wavefront_run(int n, int *ok)
{
    int bs = wf_block, nb = (n + bs - 1) / bs;
    size_t w = (size_t)n + 1;
    /* Row 0 and column 0 are the boundary, all zeros. */
    memset(grid, 0, w * w * sizeof(double));
    char *dep = calloc((size_t)nb * nb, 1); /* one dependence object per block */
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
#pragma omp single
    for (int bi = 0; bi < nb; bi++)
        for (int bj = 0; bj < nb; bj++) {
            /* The first row and column depend on their own block only. */
            int up = (bi ? bi - 1 : bi) * nb + bj, left = bi * nb + (bj ? bj - 1 : bj);
#pragma omp task depend(in : dep[up], dep[left]) depend(out : dep[bi * nb + bj]) \
    firstprivate(bi, bj)
            wf_block_compute(grid, n, bi, bj, bs);
        }
    t = omp_get_wtime() - t;
    free(dep);

    /* Check, untimed: the same blocks computed serially, in order. */
    double *ref = calloc(w * w, sizeof(double));
    for (int bi = 0; bi < nb; bi++)
        for (int bj = 0; bj < nb; bj++)
            wf_block_compute(ref, n, bi, bj, bs);
    *ok = memcmp(ref, grid, w * w * sizeof(double)) == 0;
    if (!*ok)
        fprintf(stderr, "wavefront: grid differs from the serial one\n");
    free(ref);
    return t;
}

/* ---- nqueens ---- */

static int nq_cutoff = 4;

/* Can a queen go in row `row`, column `col`, given queens of rows < row? */
static int nq_free(const signed char *cols, int row, int col)
{
    for (int r = 0; r < row; r++) {
        int d = cols[r] - col;
        if (d == 0 || d == row - r || d == r - row)
            return 0;
    }
    return 1;
}

static long nq_serial(signed char *cols, int n, int row)
{
    if (row == n)
        return 1;
    long count = 0;
    for (int c = 0; c < n; c++)
        if (nq_free(cols, row, c)) {
            cols[row] = (signed char)c;
            count += nq_serial(cols, n, row + 1);
        }
    return count;
}

static long nq_task(const signed char *cols, int n, int row)
{
    if (row >= nq_cutoff || row == n) {
        signed char mine[64];
        memcpy(mine, cols, (size_t)row);
        return nq_serial(mine, n, row);
    }
    long counts[64] = {0};
    for (int c = 0; c < n; c++) {
        if (!nq_free(cols, row, c))
            continue;
#pragma omp task firstprivate(c) shared(counts, cols)
        {
            signed char board[64];
            memcpy(board, cols, (size_t)row);
            board[row] = (signed char)c;
            counts[c] = nq_task(board, n, row + 1);
        }
    }
#pragma omp taskwait
    long sum = 0;
    for (int c = 0; c < n; c++)
        sum += counts[c];
    return sum;
}

static double nqueens_run(int n, int *ok)
{
    static const long known[] = {1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724,
                                 2680, 14200, 73712, 365596, 2279184};
    long got = 0;
    signed char cols[64];
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nthreads)
#pragma omp single
    got = nq_task(cols, n, 0);
    t = omp_get_wtime() - t;
    long want = n < (int)(sizeof(known) / sizeof(known[0])) ? known[n] : got;
    if (got != want)
        fprintf(stderr, "nqueens(%d): %ld, expected %ld\n", n, got, want);
    *ok = got == want;
    return t;
}

/* ---- driver ---- */

int main(int argc, char **argv)
{
    const char *which = NULL;
    int n = -1, runs = 3;
    wf_block = 32;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = bench_opt(argc, argv, &i, "--n")))
            n = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--threads")))
            nthreads = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--runs")))
            runs = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--block")))
            wf_block = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--cutoff")))
            nq_cutoff = atoi(v);
        else if (!which && argv[i][0] != '-')
            which = argv[i];
        else
            which = "?";
    }
    double (*run)(int, int *) = NULL;
    if (which && !strcmp(which, "fib")) {
        run = fib_run;
        if (n < 0)
            n = 30;
    } else if (which && !strcmp(which, "wavefront")) {
        run = wavefront_run;
        if (n < 0)
            n = 2048;
    } else if (which && !strcmp(which, "nqueens")) {
        run = nqueens_run;
        if (n < 0)
            n = 12;
    }
    if (!run || n < 1 || nthreads < 1 || runs < 1 || runs > BENCH_MAX_SAMPLES ||
        wf_block < 1 || (run == fib_run && n > 60) ||
        (run == nqueens_run && n > 20)) {
        fprintf(stderr, "usage: kernels fib|wavefront|nqueens [--n N] [--threads T] "
                        "[--runs R] [--block B] [--cutoff C]\n");
        return 2;
    }
    if (run == wavefront_run) {
        size_t w = (size_t)n + 1;
        grid = malloc(w * w * sizeof(double));
        if (!grid) {
            fprintf(stderr, "kernels: out of memory\n");
            return 2;
        }
    }

    static double secs[BENCH_MAX_SAMPLES];
    int ok = 1;
    for (int r = -1; r < runs; r++) {
        int good = 0;
        double t = run(n, &good);
        ok &= good;
        if (r >= 0)
            secs[r] = t;
    }
    struct bench_stats st = bench_summarize(secs, runs);
    char param[32], extra[64];
    snprintf(param, sizeof param, "%d", nthreads);
    snprintf(extra, sizeof extra, "n=%d", n);
    printf("%s(%d), %d threads: %.4f s (p10 %.4f, p90 %.4f)\n", which, n, nthreads,
           st.median, st.lo, st.hi);
    bench_result("kernels", which, param, st, "s", ok, extra);
    return ok ? 0 : 1;
}
