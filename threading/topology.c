/* This file binds ESs to CPUs through hwloc. The CPUs are those of the
 * initialising thread's affinity mask, so `taskset` and `numactl` decide
 * where Bobbin runs, and the mask is restored at finalize so that threads
 * the application creates later do not inherit a binding to one CPU.
 *
 * The list starts at the CPU the initialising thread runs on, which is
 * ES 0's: that thread stays unbound, and had another ES been bound to its
 * CPU, the two would share it until the kernel's load balancer moved the
 * unbound one, milliseconds of a program's first parallel region. */
#include "topology.h"

#include "log.h"

#include <hwloc.h>
#include <stdatomic.h>
#include <stdlib.h>

static hwloc_topology_t topology;
static hwloc_bitmap_t initial_set;

int bti_topology_init(int **cpus)
{
    if (hwloc_topology_init(&topology) || hwloc_topology_load(topology)) {
        bti_warn("hwloc cannot load the machine topology; ESs will not be bound");
        return 0;
    }
    initial_set = hwloc_bitmap_alloc();
    if (hwloc_get_cpubind(topology, initial_set, HWLOC_CPUBIND_THREAD) ||
        hwloc_bitmap_iszero(initial_set))
        hwloc_bitmap_copy(initial_set, hwloc_topology_get_allowed_cpuset(topology));
    int n = hwloc_bitmap_weight(initial_set);
    if (n <= 0)
        return 0;
    *cpus = malloc((size_t)n * sizeof **cpus);
    if (!*cpus)
        bti_fatal("out of memory listing %d CPUs", n);
    int here = hwloc_bitmap_first(initial_set);
    hwloc_bitmap_t last = hwloc_bitmap_alloc();
    if (!hwloc_get_last_cpu_location(topology, last, HWLOC_CPUBIND_THREAD) &&
        hwloc_bitmap_isincluded(last, initial_set) && !hwloc_bitmap_iszero(last))
        here = hwloc_bitmap_first(last);
    hwloc_bitmap_free(last);
    int first = 0, i = 0, cpu;
    hwloc_bitmap_foreach_begin(cpu, initial_set)
        if (cpu == here)
            first = i;
        i++;
    hwloc_bitmap_foreach_end();
    i = 0;
    hwloc_bitmap_foreach_begin(cpu, initial_set)
        (*cpus)[(i++ + n - first) % n] = cpu;
    hwloc_bitmap_foreach_end();
    return n;
}

void bti_topology_bind(int cpu)
{
    static atomic_flag warned = ATOMIC_FLAG_INIT;
    if (!topology || cpu < 0)
        return;
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    hwloc_bitmap_only(set, (unsigned)cpu);
    if (hwloc_set_cpubind(topology, set, HWLOC_CPUBIND_THREAD) &&
        !atomic_flag_test_and_set(&warned))
        bti_warn("cannot bind an ES to CPU %d; ESs run unbound", cpu);
    hwloc_bitmap_free(set);
}

void bti_topology_fini(void)
{
    if (!topology)
        return;
    if (initial_set) {
        hwloc_set_cpubind(topology, initial_set, HWLOC_CPUBIND_THREAD);
        hwloc_bitmap_free(initial_set);
        initial_set = NULL;
    }
    hwloc_topology_destroy(topology);
    topology = NULL;
}
