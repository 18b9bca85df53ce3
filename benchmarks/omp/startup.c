/* startup: what a short-lived OpenMP program pays for its runtime.
 *
 *     startup [--runs R]
 *
 * (default 40). The program starts itself R times as a child that runs one
 * parallel region and exits, one child at a time, and times each from
 * posix_spawn to waitpid: the whole life of a process whose only OpenMP is
 * one region, loading and initialising the runtime included. A child
 * inherits the environment, so it runs on the runtime its parent was given.
 * Reported: the median milliseconds per process; the check is that every
 * child exited with status 0 after its region ran on every thread. */
#include "common.h"

#include <spawn.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The child: one region, every thread counted. */
static int child(void)
{
    int count = 0, team = 0;
#pragma omp parallel
    {
#pragma omp atomic
        count++;
#pragma omp single
        team = omp_get_num_threads();
    }
    return count == team && team >= 1 ? 0 : 1;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* One child's life in ms, or -1 if it could not run or failed. */
static double one_process(const char *self)
{
    char *args[] = {(char *)self, "--child", NULL};
    double t0 = now_ms();
    pid_t pid;
    if (posix_spawn(&pid, self, NULL, NULL, args, environ))
        return -1;
    int status;
    if (waitpid(pid, &status, 0) != pid)
        return -1;
    double ms = now_ms() - t0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? ms : -1;
}

int main(int argc, char **argv)
{
    int runs = 40;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (!strcmp(argv[i], "--child"))
            return child();
        if ((v = bench_opt(argc, argv, &i, "--runs")))
            runs = atoi(v);
        else {
            fprintf(stderr, "usage: startup [--runs R]\n");
            return 2;
        }
    }
    if (runs < 1 || runs > BENCH_MAX_SAMPLES) {
        fprintf(stderr, "startup: --runs must be 1..%d\n", BENCH_MAX_SAMPLES);
        return 2;
    }
    static double ms[BENCH_MAX_SAMPLES];
    int bad = 0;
    for (int r = 0; r < runs; r++) {
        ms[r] = one_process("/proc/self/exe");
        bad += ms[r] < 0;
    }
    struct bench_stats st = bench_summarize(ms, runs);
    printf("startup, %d processes of one region: %.2f ms each (10%%: %.2f, 90%%: %.2f)\n",
           runs, st.median, st.lo, st.hi);
    bench_result("startup", "process", "1", st, "ms", !bad, NULL);
    return bad ? 1 : 0;
}
