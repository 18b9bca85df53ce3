// REQUIRES: bobbin
// libomp's KMP_AFFINITY on the places machinery, on a machine of 2 sockets
// x 2 NUMA nodes x 4 cores x 2 hardware threads that hwloc describes from
// XML: compact and scatter give one place per hardware thread, its granule
// (the core by default), in their orders, permute reordering the keys;
// balanced one place per granule in scatter's order; explicit proclist's
// entries; threads fill consecutive places from the offset-th (bind-var
// close: with more threads than places, libomp wraps round the list where
// close gives consecutive threads the same place). A type takes precedence over OMP_PLACES and OMP_PROC_BIND (a
// note each), modifiers alone do not; none binds nothing, disabled leaves
// no places. A malformed token: one line, the rest applies. On this
// machine (taskset -c 0,1): threads run where their places say, and reset
// gives the initial thread back its mask after each outermost region
// (LLVM's kmp-affinity-reset.c), which it keeps bound without it. Before,
// the variable was ignored.
// RUN: %libomp-compile
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=compact %libomp-run 2>&1 | FileCheck %s --check-prefix=COMPACT
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=granularity=fine,compact %libomp-run 2>&1 | FileCheck %s --check-prefix=THREAD
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=' Granularity=thread , SCATTER ' %libomp-run 2>&1 | FileCheck %s --check-prefix=SCATTER
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=scatter %libomp-run 2>&1 | FileCheck %s --check-prefix=SCATTER-CORE
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=balanced %libomp-run 2>&1 | FileCheck %s --check-prefix=BALANCED
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=granularity=thread,compact,1 %libomp-run 2>&1 | FileCheck %s --check-prefix=PERMUTE
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=granularity=thread,compact,0,3 %libomp-run 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY='granularity=thread,explicit,proclist=[3,{0,1},5-6]' %libomp-run 2>&1 | FileCheck %s --check-prefix=EXPLICIT
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=granularity=socket,compact OMP_PLACES=threads OMP_PROC_BIND=spread %libomp-run 2>&1 | FileCheck %s --check-prefix=PRECEDENCE
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=granularity=thread,noverbose OMP_PLACES=sockets OMP_PROC_BIND=spread %libomp-run 2>&1 | FileCheck %s --check-prefix=MODIFIERS
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=none OMP_PROC_BIND=close taskset -c 0,1 %libomp-run 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=disabled,nowarnings OMP_PLACES=cores %libomp-run 2>&1 | FileCheck %s --check-prefix=DISABLED
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=bogus,granularity=tile,socket,compact,1,2,3 %libomp-run 2>&1 | FileCheck %s --check-prefix=TOKENS
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=explicit,proclist=[1,x] taskset -c 0,1 %libomp-run 2>&1 | FileCheck %s --check-prefix=NOLIST
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml KMP_AFFINITY=verbose,granularity=socket,compact %libomp-run 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: env KMP_AFFINITY='explicit,proclist=[1,0],granularity=thread' taskset -c 0,1 %libomp-run here 2>&1 | FileCheck %s --check-prefix=HERE
// RUN: env OMP_NUM_THREADS=2,2 KMP_AFFINITY=reset,granularity=thread,compact taskset -c 0,1 %libomp-run reset 2>&1 | FileCheck %s --check-prefix=RESET
// RUN: env OMP_NUM_THREADS=2,2 KMP_AFFINITY=granularity=thread,compact taskset -c 0,1 %libomp-run reset 2>&1 | FileCheck %s --check-prefix=NORESET
#include "check.h"

#include <sched.h>

static int cpus_of_mask(cpu_set_t *mask) {
  CHECK(sched_getaffinity(0, sizeof *mask, mask) == 0);
  return CPU_COUNT(mask);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "reset")) {
    // The initial thread's mask in and after outermost and nested regions.
    cpu_set_t initial, now;
    int all = cpus_of_mask(&initial), bound_in = 0, equal_after = 0;
    omp_set_max_active_levels(2);
    for (int round = 0; round < 3; round++) {
#pragma omp parallel
      {
#pragma omp parallel
#pragma omp master
        {
          cpus_of_mask(&now);
#pragma omp atomic
          bound_in += CPU_COUNT(&now) == 1;
        }
      }
      cpus_of_mask(&now);
      equal_after += CPU_EQUAL(&now, &initial);
    }
    printf("CPUs %d; bound primaries %d of 6; rounds ending with the initial mask %d of 3\n",
           all, bound_in, equal_after);
    return 0;
  }
  print_places();
  printf("bind-var %d\n", (int)omp_get_proc_bind());
  int place[4] = {-9, -9, -9, -9}, cpus[4] = {0, 0, 0, 0};
#pragma omp parallel num_threads(4)
  {
    cpu_set_t mask;
    place[omp_get_thread_num()] = omp_get_place_num();
    cpus[omp_get_thread_num()] = cpus_of_mask(&mask) == 1 ? sched_getcpu() : -1;
  }
  printf("thread places %d %d %d %d\n", place[0], place[1], place[2], place[3]);
  if (argc > 1)
    printf("thread CPUs %d %d %d %d\n", cpus[0], cpus[1], cpus[2], cpus[3]);
  return 0;
}
// COMPACT-NOT: bobbin:
// COMPACT: places 32: {0,1} {0,1} {2,3} {2,3} {4,5} {4,5} {6,7} {6,7} {8,9} {8,9} {10,11} {10,11} {12,13} {12,13} {14,15} {14,15} {16,17} {16,17} {18,19} {18,19} {20,21} {20,21} {22,23} {22,23} {24,25} {24,25} {26,27} {26,27} {28,29} {28,29} {30,31} {30,31}
// COMPACT-NEXT: bind-var 3
// COMPACT-NEXT: thread places 0 1 2 3
// THREAD: places 32: {0} {1} {2} {3} {4} {5} {6} {7} {8} {9} {10} {11} {12} {13} {14} {15} {16} {17} {18} {19} {20} {21} {22} {23} {24} {25} {26} {27} {28} {29} {30} {31}
// THREAD-NEXT: bind-var 3
// SCATTER: places 32: {0} {16} {2} {18} {4} {20} {6} {22} {8} {24} {10} {26} {12} {28} {14} {30} {1} {17} {3} {19} {5} {21} {7} {23} {9} {25} {11} {27} {13} {29} {15} {31}
// SCATTER-NEXT: bind-var 3
// SCATTER-NEXT: thread places 0 1 2 3
// SCATTER-CORE: places 32: {0,1} {16,17} {2,3} {18,19} {4,5} {20,21} {6,7} {22,23} {8,9} {24,25} {10,11} {26,27} {12,13} {28,29} {14,15} {30,31} {0,1} {16,17} {2,3}
// BALANCED: places 16: {0,1} {16,17} {2,3} {18,19} {4,5} {20,21} {6,7} {22,23} {8,9} {24,25} {10,11} {26,27} {12,13} {28,29} {14,15} {30,31}
// BALANCED-NEXT: bind-var 3
// PERMUTE: places 32: {0} {16} {1} {17} {2} {18} {3} {19} {4} {20}
// OFFSET: bind-var 3
// OFFSET-NEXT: thread places 3 4 5 6
// EXPLICIT-NOT: bobbin:
// EXPLICIT: places 4: {3} {0,1} {5} {6}
// EXPLICIT-NEXT: bind-var 3
// EXPLICIT-NEXT: thread places 0 1 2 3
// PRECEDENCE-DAG: bobbin: OMP_PLACES='threads' is ignored: KMP_AFFINITY='granularity=socket,compact' names an affinity type, which takes precedence, as in libomp
// PRECEDENCE-DAG: bobbin: OMP_PROC_BIND='spread' is ignored: KMP_AFFINITY='granularity=socket,compact' names an affinity type, which takes precedence, as in libomp
// PRECEDENCE: places 32: {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15} {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15} {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15}
// PRECEDENCE: bind-var 3
// MODIFIERS-NOT: bobbin:
// MODIFIERS: places 2: {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15} {16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31}
// MODIFIERS-NEXT: bind-var 4
// NONE: bobbin: OMP_PROC_BIND='close' is ignored: KMP_AFFINITY='none'
// NONE-NEXT: places 1: {0,1}
// NONE-NEXT: bind-var 0
// NONE-NEXT: thread places 0 0 0 0
// DISABLED-NOT: bobbin:
// DISABLED: places 0:
// DISABLED-NEXT: bind-var 0
// DISABLED-NEXT: thread places -1 -1 -1 -1
// TOKENS: bobbin: KMP_AFFINITY='bogus,granularity=tile,socket,compact,1,2,3': 'bogus' is not a modifier, type or number of it; ignored
// TOKENS-NEXT: bobbin: KMP_AFFINITY='bogus,granularity=tile,socket,compact,1,2,3': 'granularity=tile' is not a modifier, type or number of it; ignored
// TOKENS-NEXT: bobbin: KMP_AFFINITY='bogus,granularity=tile,socket,compact,1,2,3': 'socket' is not a modifier, type or number of it; ignored
// TOKENS-NEXT: bobbin: KMP_AFFINITY='bogus,granularity=tile,socket,compact,1,2,3': '3' is not a modifier, type or number of it; ignored
// TOKENS-NEXT: places 32: {0,1} {16,17} {0,1} {16,17} {2,3}
// TOKENS: thread places 2 3 4 5
// NOLIST: bobbin: KMP_AFFINITY='explicit,proclist=[1,x]': 'proclist=[1,x]' is not a modifier, type or number of it; ignored
// NOLIST-NEXT: bobbin: KMP_AFFINITY='explicit,proclist=[1,x]': the explicit type needs proclist=[...] (CPUs, a-b ranges and {sets}); using none
// NOLIST-NEXT: places 1: {0,1}
// NOLIST-NEXT: bind-var 0
// VERBOSE: bobbin: KMP_AFFINITY: 32 places {0-15} {0-15}
// VERBOSE-SAME: {16-31} {16-31}; OMP_PROC_BIND CLOSE
// VERBOSE-NOT: bobbin:
// HERE-NOT: bobbin:
// HERE: places 2: {1} {0}
// HERE-NEXT: bind-var 3
// HERE-NEXT: thread places 0 0 1 1
// HERE-NEXT: thread CPUs 1 1 0 0
// RESET-NOT: bobbin:
// RESET: CPUs 2; bound primaries 6 of 6; rounds ending with the initial mask 3 of 3
// NORESET-NOT: bobbin:
// NORESET: CPUs 2; bound primaries 6 of 6; rounds ending with the initial mask 0 of 3
