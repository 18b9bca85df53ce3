/* counters.h: what a process spends on its OS threads, for the benchmarks
 * that count hand-offs (bench_promotion --counts, omp/handoffs). Header-only,
 * public headers only, so that the OpenMP programs stay one translation unit
 * that clang and gcc build with nothing but -fopenmp.
 *
 * Three counts of the whole process, every OS thread included:
 *   futex   futex(2) calls: perf_event_open on the tracepoint
 *           syscalls:sys_enter_futex, counted by the kernel without tracing
 *           the process (exact, and the process runs at full speed). It needs
 *           the tracepoint's id from tracefs, which is often root's only,
 *           and perf_event_paranoid <= 2 (user-space counting of our own
 *           process). Where either is missing the count is unknown (-1) and
 *           tools/bench counts under strace instead.
 *   clones  clone(2) and clone3(2) calls, the same way: OS threads created.
 *   csw     context switches, voluntary and involuntary (getrusage
 *           RUSAGE_SELF, which includes the threads that have ended).
 * and the OS threads the process has (/proc/self/status), sampled.
 *
 * A counter opened by a thread counts the threads created after it, not
 * those before, and a runtime may start its threads from a library's
 * constructor, before main. So bench_counters_start() opens the counters
 * and executes the program again: the counters stay attached to the
 * process through exec, and every thread of the new image descends from
 * its first. */
#ifndef BOBBIN_BENCH_COUNTERS_H
#define BOBBIN_BENCH_COUNTERS_H

#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Where the descriptors go through exec: "futex,clone,clone3", -1 for none. */
#define BENCH_COUNTERS_ENV "BOBBIN_BENCH_COUNTERS_FDS"

enum { BENCH_EV_FUTEX, BENCH_EV_CLONE, BENCH_EV_CLONE3, BENCH_EVENTS };

static int bench_counter_fd[BENCH_EVENTS] = {-1, -1, -1};

struct bench_counts {
    int64_t futex, clones; /* -1: unknown */
    int64_t csw;
};

/* The whole of a small /proc or tracefs file into buf ("" if unreadable). */
__attribute__((unused)) static void bench_read_small(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);
    buf[n > 0 ? n : 0] = 0;
    if (fd >= 0)
        close(fd);
}

/* Threads the process has now, from /proc/self/status (0 if unreadable).
 * No stdio: a sample taken inside a construct should neither lock nor
 * allocate. */
__attribute__((unused)) static int bench_os_threads(void)
{
    char buf[4096];
    bench_read_small("/proc/self/status", buf, sizeof buf);
    const char *t = strstr(buf, "\nThreads:");
    return t ? atoi(t + 9) : 0;
}

__attribute__((unused)) static int bench_tracepoint_open(const char *name)
{
    static const char *const roots[] = {"/sys/kernel/tracing",
                                        "/sys/kernel/debug/tracing"};
    for (size_t r = 0; r < sizeof roots / sizeof roots[0]; r++) {
        char path[160], id[32];
        snprintf(path, sizeof path, "%s/events/syscalls/%s/id", roots[r], name);
        bench_read_small(path, id, sizeof id);
        if (!id[0])
            continue;
        struct perf_event_attr a;
        memset(&a, 0, sizeof a);
        a.size = sizeof a;
        a.type = PERF_TYPE_TRACEPOINT;
        a.config = strtoull(id, NULL, 10);
        a.inherit = 1;
        /* A system call's tracepoint fires with the caller's user-mode
         * registers, so it still counts with the kernel excluded, which is
         * what perf_event_paranoid = 2 allows without privileges. */
        a.exclude_kernel = 1;
        a.exclude_hv = 1;
        return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    }
    return -1;
}

/* Opens the counters and executes the program again, once; in the new
 * image, finds them. Call first thing in main. */
__attribute__((unused)) static void bench_counters_start(char **argv)
{
    static const char *const names[BENCH_EVENTS] = {"sys_enter_futex", "sys_enter_clone",
                                                    "sys_enter_clone3"};
    const char *env = getenv(BENCH_COUNTERS_ENV);
    if (env) {
        sscanf(env, "%d,%d,%d", &bench_counter_fd[0], &bench_counter_fd[1],
               &bench_counter_fd[2]);
        unsetenv(BENCH_COUNTERS_ENV); /* the program's children count for themselves */
        return;
    }
    char fds[64];
    for (int e = 0; e < BENCH_EVENTS; e++)
        bench_counter_fd[e] = bench_tracepoint_open(names[e]);
    snprintf(fds, sizeof fds, "%d,%d,%d", bench_counter_fd[0], bench_counter_fd[1],
             bench_counter_fd[2]);
    setenv(BENCH_COUNTERS_ENV, fds, 1);
    execv("/proc/self/exe", argv);
    fprintf(stderr, "bench: cannot execute /proc/self/exe again; counting only the "
                    "threads started from now on\n");
}

__attribute__((unused)) static int64_t bench_counter_read(int e)
{
    uint64_t v;
    if (bench_counter_fd[e] < 0 || read(bench_counter_fd[e], &v, sizeof v) != sizeof v)
        return -1;
    return (int64_t)v;
}

__attribute__((unused)) static struct bench_counts bench_counts_now(void)
{
    struct bench_counts c;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    c.csw = ru.ru_nvcsw + ru.ru_nivcsw;
    c.futex = bench_counter_read(BENCH_EV_FUTEX);
    int64_t clone = bench_counter_read(BENCH_EV_CLONE);
    int64_t clone3 = bench_counter_read(BENCH_EV_CLONE3);
    c.clones = clone < 0 || clone3 < 0 ? -1 : clone + clone3;
    return c;
}

/* "<x>" per unit of a difference of counts, or "n/a" when unknown. */
__attribute__((unused)) static const char *bench_per(char *buf, size_t size, int64_t before,
                                                     int64_t after, double units)
{
    if (before < 0 || after < 0)
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, "%.2f", (double)(after - before) / units);
    return buf;
}

/* The counts of one case, as the fields of its machine-readable line:
 *   futex=<x|n/a> csw=<x> clones=<x|n/a> os_threads=<peak>
 * each count per one of the n constructs between before and after. */
__attribute__((unused)) static const char *bench_counts_fields(char *buf, size_t size,
                                                               struct bench_counts before,
                                                               struct bench_counts after,
                                                               double n, int os_threads)
{
    char f[32], c[32], k[32];
    snprintf(buf, size, "futex=%s csw=%s clones=%s os_threads=%d",
             bench_per(f, sizeof f, before.futex, after.futex, n),
             bench_per(c, sizeof c, before.csw, after.csw, n),
             bench_per(k, sizeof k, before.clones, after.clones, n), os_threads);
    return buf;
}

#endif
