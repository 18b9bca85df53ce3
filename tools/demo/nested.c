/* nested: the README's main example. An outer parallel loop over rows calls
 * a "library" function with its own parallel loop over columns, the pattern
 * that oversubscribes runtimes with one OS thread per OpenMP thread.
 *
 *     nested [outer threads] [inner threads] [n]      (default 2 32 1000)
 *
 * Prints the run time, the checksum and the largest number of OS threads the
 * process had while running (from /proc/self/status), so the same binary
 * can be compared on Bobbin and on another OpenMP runtime. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int os_threads(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = 0;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "Threads:", 8))
            n = atoi(line + 8);
    if (f)
        fclose(f);
    return n;
}

static int peak_threads;

/* The library: one row, in parallel over its columns. */
static double row_sum(int i, int n, int inner)
{
    double sum = 0;
#pragma omp parallel for num_threads(inner) reduction(+ : sum)
    for (int j = 0; j < n; j++)
        sum += sqrt((double)i * j + 1.0);
    if (i % 64 == 0) { /* reading /proc costs; a sample is enough */
        int now = os_threads();
#pragma omp critical
        if (now > peak_threads)
            peak_threads = now;
    }
    return sum;
}

int main(int argc, char **argv)
{
    int outer = argc > 1 ? atoi(argv[1]) : 2;
    int inner = argc > 2 ? atoi(argv[2]) : 32;
    int n = argc > 3 ? atoi(argv[3]) : 1000;
    if (outer < 1 || inner < 1 || n < 1) {
        fprintf(stderr, "usage: nested [outer threads] [inner threads] [n]\n");
        return 2;
    }
    omp_set_max_active_levels(2); /* nested parallelism on, in any runtime */
    double start = omp_get_wtime(), total = 0;
#pragma omp parallel for num_threads(outer) reduction(+ : total) schedule(dynamic)
    for (int i = 0; i < n; i++)
        total += row_sum(i, n, inner);
    double seconds = omp_get_wtime() - start;
    printf("nested %d x %d over %d x %d: %.3f s, checksum %.6e, peak OS threads %d\n",
           outer, inner, n, n, seconds, total, peak_threads);
    return 0;
}
