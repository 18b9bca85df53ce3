/* idle: the CPU time a runtime burns while the program is not parallel.
 *
 *     idle [--phases P] [--serial-ms S] [--threads T]
 *
 * (defaults 40, 20, 2). The program alternates P short parallel regions
 * (a loop of about 0.1 ms of work per thread) with serial phases of S ms of
 * computation on the initial thread. Ideally the process uses the serial
 * time plus the parallel work in CPU seconds; a runtime whose idle workers
 * keep spinning during the serial phases uses up to T times the wall time.
 * Reported: CPU seconds (user + system, getrusage) of the measured part,
 * with the wall seconds and the ratio; the sums of the work are checked. */
#include "common.h"

static volatile double serial_sink;

/* About ms milliseconds of computation on this thread. */
static void serial_phase(double ms)
{
    double end = omp_get_wtime() + ms * 1e-3, x = 0;
    while (omp_get_wtime() < end)
        for (int i = 0; i < 1000; i++)
            x += i * 0.5;
    serial_sink = x;
}

int main(int argc, char **argv)
{
    int phases = 40, nthreads = 2;
    double serial_ms = 20;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if ((v = bench_opt(argc, argv, &i, "--phases")))
            phases = atoi(v);
        else if ((v = bench_opt(argc, argv, &i, "--serial-ms")))
            serial_ms = atof(v);
        else if ((v = bench_opt(argc, argv, &i, "--threads")))
            nthreads = atoi(v);
        else {
            fprintf(stderr, "usage: idle [--phases P] [--serial-ms S] [--threads T]\n");
            return 2;
        }
    }
    if (phases < 1 || nthreads < 1 || serial_ms < 0) {
        fprintf(stderr, "idle: arguments must be positive\n");
        return 2;
    }

    /* One region first, so that thread creation is not measured. */
    long warm = 0;
#pragma omp parallel num_threads(nthreads) reduction(+ : warm)
    warm += 1;

    enum { ITERS = 2000 }; /* per thread and region; ~0.05 us each */
    long bad = 0;
    double cpu = bench_cpu_seconds(), wall = omp_get_wtime();
    for (int p = 0; p < phases; p++) {
        long sum = 0;
#pragma omp parallel for num_threads(nthreads) reduction(+ : sum)
        for (int i = 0; i < ITERS * nthreads; i++) {
            bench_work(16);
            sum += i;
        }
        long n = (long)ITERS * nthreads;
        if (sum != n * (n - 1) / 2)
            bad++;
        serial_phase(serial_ms);
    }
    wall = omp_get_wtime() - wall;
    cpu = bench_cpu_seconds() - cpu;
    if (bad || warm != nthreads)
        fprintf(stderr, "idle: %ld wrong sums\n", bad);

    struct bench_stats st = {cpu, cpu, cpu};
    char param[32], extra[96];
    snprintf(param, sizeof param, "%d", nthreads);
    snprintf(extra, sizeof extra, "wall=%.4f cpu_per_wall=%.3f phases=%d serial_ms=%g",
             wall, wall > 0 ? cpu / wall : 0, phases, serial_ms);
    printf("idle, %d threads, %d phases of %g ms: %.3f CPU s in %.3f s (%.2f CPUs busy)\n",
           nthreads, phases, serial_ms, cpu, wall, wall > 0 ? cpu / wall : 0);
    bench_result("idle", "cpu", param, st, "cpu_s", !bad && warm == nthreads, extra);
    return bad || warm != nthreads ? 1 : 0;
}
