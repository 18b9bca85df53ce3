/* This file lists the CPUs the ESs may use and binds ESs to them, with the
 * kernel's affinity calls alone: a start-up reads one mask, never the
 * machine's topology (hwloc's costs milliseconds that a short-lived program
 * would pay; the OpenMP layer loads it only when places are asked for).
 *
 * The CPUs are those of the initialising thread's affinity mask, so
 * `taskset` and `numactl` decide where Bobbin runs, and the mask is
 * restored at finalize so that threads the application creates later do
 * not inherit a binding to one CPU.
 *
 * The list starts at the CPU the initialising thread runs on, which is
 * ES 0's: that thread stays unbound, and had another ES been bound to its
 * CPU, the two would share it until the kernel's load balancer moved the
 * unbound one, milliseconds of a program's first parallel region. A caller
 * that binds that thread itself names the CPU it binds it to, from which
 * the list starts (the lowest if the mask lacks it). */
#include "topology.h"

#include "log.h"

#include <errno.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Masks grow to this many CPUs before the kernel's answer is given up. */
enum { MAX_CPUS = 1 << 20 };

static cpu_set_t *initial_set;
static size_t initial_size;

/* Thread tid's mask (0: the caller's), in a set the caller frees; NULL on
 * failure. */
/* Binds the calling OS thread: the kernel's call itself, since the library
 * this one is linked into may export a sched_setaffinity of its own, ahead
 * of the C library's, that binds the calling unit instead. */
static int bind_os_thread(size_t size, const cpu_set_t *set)
{
    return (int)syscall(SYS_sched_setaffinity, 0, size, set);
}

static cpu_set_t *thread_mask(pid_t tid, size_t *size, int *ncpu)
{
    for (int n = 1024; n <= MAX_CPUS; n *= 2) {
        cpu_set_t *set = CPU_ALLOC(n);
        if (!set)
            return NULL;
        *size = CPU_ALLOC_SIZE(n);
        if (sched_getaffinity(tid, *size, set) == 0) {
            *ncpu = n;
            return set;
        }
        CPU_FREE(set);
        if (errno != EINVAL)
            return NULL;
    }
    return NULL;
}

int bti_topology_init(int **cpus, int start_cpu)
{
    int limit = 0;
    initial_set = thread_mask(0, &initial_size, &limit);
    int n = initial_set ? CPU_COUNT_S(initial_size, initial_set) : 0;
    if (n <= 0) {
        bti_warn("cannot read the affinity mask; ESs will not be bound");
        return 0;
    }
    *cpus = malloc((size_t)n * sizeof **cpus);
    if (!*cpus)
        bti_fatal("out of memory listing %d CPUs", n);
    int here = start_cpu >= 0 ? start_cpu : sched_getcpu(), first = 0, i = 0;
    for (int cpu = 0; cpu < limit; cpu++) {
        if (!CPU_ISSET_S(cpu, initial_size, initial_set))
            continue;
        if (cpu == here)
            first = i;
        i++;
    }
    i = 0;
    for (int cpu = 0; cpu < limit; cpu++)
        if (CPU_ISSET_S(cpu, initial_size, initial_set))
            (*cpus)[(i++ + n - first) % n] = cpu;
    return n;
}

int bti_topology_count(void)
{
    enum { MASK_WORDS = 128 }; /* 8192 CPUs: 1 KiB of a signal handler's stack */
    unsigned long mask[MASK_WORDS];
    int saved_errno = errno, n = 0;
    for (size_t words = 16; words <= MASK_WORDS; words *= 8) {
        size_t size = words * sizeof *mask;
        if (sched_getaffinity(0, size, (cpu_set_t *)mask) == 0) {
            n = CPU_COUNT_S(size, (cpu_set_t *)mask);
            break;
        }
        if (errno != EINVAL)
            break;
    }
    errno = saved_errno;
    return n;
}

void bti_topology_bind(int cpu)
{
    static atomic_flag warned = ATOMIC_FLAG_INIT;
    if (!initial_set || cpu < 0)
        return;
    cpu_set_t *set = CPU_ALLOC(cpu + 1);
    size_t size = CPU_ALLOC_SIZE(cpu + 1);
    if (set) {
        CPU_ZERO_S(size, set);
        CPU_SET_S(cpu, size, set);
    }
    if ((!set || bind_os_thread(size, set)) && !atomic_flag_test_and_set(&warned))
        bti_warn("cannot bind an ES to CPU %d; ESs run unbound", cpu);
    CPU_FREE(set);
}

void bti_topology_follow(pid_t tid)
{
    size_t size;
    int limit;
    cpu_set_t *set = thread_mask(tid, &size, &limit);
    if (set)
        bind_os_thread(size, set);
    CPU_FREE(set);
}

void bti_topology_fini(void)
{
    if (!initial_set)
        return;
    bind_os_thread(initial_size, initial_set);
    CPU_FREE(initial_set);
    initial_set = NULL;
}
