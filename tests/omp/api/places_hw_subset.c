// REQUIRES: bobbin
// libomp's KMP_HW_SUBSET restricts the machine the places are built from,
// layer by layer from the top, each count and offset under every unit of
// the layer above, the items in any order: on a machine of 2 sockets x 2
// NUMA nodes (each with its L3 cache) x 4 cores x 2 hardware threads that
// hwloc describes from XML; an explicit subset (':') uses only the layers
// it names. A malformed value, a layer named twice or missing, more units
// than a unit above holds, or a core attribute: one line, and the whole
// machine. On this machine (taskset -c 0,1), the subset is also what the
// program runs on: omp_get_num_procs counts its CPUs and the initial thread
// is bound to them, as with libomp. The variable is read at the first
// OpenMP call, so a program may set it itself (LLVM's kmp-hw-subset.c
// does). Before, it was ignored.
// RUN: %libomp-compile
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=threads %libomp-run '1s,2c,1t' 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=threads %libomp-run '1T , 2C, 1S' 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=cores %libomp-run '2s,1c@3' 2>&1 | FileCheck %s --check-prefix=OFFSET
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=threads %libomp-run ':1s,3t@1' 2>&1 | FileCheck %s --check-prefix=EXPLICIT
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=cores %libomp-run '*s,1n@1,1cores' 2>&1 | FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=cores %libomp-run '1L3@1,2c' 2>&1 | FileCheck %s --check-prefix=NUMA2
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '1s,1s' 2>&1 | FileCheck %s --check-prefixes=BAD,ALL -DVALUE=1s,1s '-DWHY=the socket layer is named twice'
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '3s' 2>&1 | FileCheck %s --check-prefixes=BAD,ALL -DVALUE=3s '-DWHY=it asks for 3 socket(s) from offset 0 where there are 2'
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '2c@7' 2>&1 | FileCheck %s --check-prefixes=BAD,ALL -DVALUE=2c@7 '-DWHY=it asks for 2 core(s) from offset 7 where there are 8'
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '2c:intel_core' 2>&1 | FileCheck %s --check-prefixes=ATTR,ALL
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '1d' 2>&1 | FileCheck %s --check-prefixes=BAD,ALL -DVALUE=1d "-DWHY=this machine's topology has no die layer"
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '0s' 2>&1 | FileCheck %s --check-prefixes=BAD,ALL -DVALUE=0s '-DWHY=a count is a positive number'
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '1s@' 2>&1 | FileCheck %s --check-prefixes=BAD,ALL -DVALUE=1s@ "-DWHY='@' is followed by a number of units to skip"
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '1q' 2>&1 | FileCheck %s --check-prefixes=LAYER,ALL
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets %libomp-run '1s,,1c' 2>&1 | FileCheck %s --check-prefixes=EMPTY,ALL
// RUN: env OMP_PLACES=threads taskset -c 0,1 %libomp-run '1c@1' 2>&1 | FileCheck %s --check-prefix=HERE
// RUN: taskset -c 0,1 %libomp-run ':1t@1' 2>&1 | FileCheck %s --check-prefix=HERE
#include "check.h"

#include <sched.h>

int main(int argc, char **argv) {
  CHECK(argc == 2);
  CHECK(setenv("KMP_HW_SUBSET", argv[1], 1) == 0);
  print_places();
  if (!getenv("HWLOC_XMLFILE")) {
    cpu_set_t mask;
    CHECK(sched_getaffinity(0, sizeof mask, &mask) == 0);
    printf("procs %d, initial thread on %d CPU(s), CPU 1 %s\n", omp_get_num_procs(),
           CPU_COUNT(&mask), CPU_ISSET(1, &mask) ? "among them" : "not");
  }
  return 0;
}
// FIRST-NOT: bobbin:
// FIRST: places 2: {0} {2}
// OFFSET-NOT: bobbin:
// OFFSET: places 2: {6,7} {22,23}
// EXPLICIT-NOT: bobbin:
// EXPLICIT: places 3: {1} {2} {3}
// NUMA-NOT: bobbin:
// NUMA: places 2: {8,9} {24,25}
// NUMA2-NOT: bobbin:
// NUMA2: places 4: {8,9} {10,11} {24,25} {26,27}
// BAD: bobbin: KMP_HW_SUBSET='[[VALUE]]': [[WHY]]; ignored
// BAD-NOT: bobbin:
// ATTR: bobbin: KMP_HW_SUBSET='2c:intel_core': core attributes (intel_core) are not supported; ignored
// ATTR-NOT: bobbin:
// LAYER: bobbin: KMP_HW_SUBSET='1q': 'q' is not a layer (s, d, n, c, t, L1, L2, L3, LL, ti, m); ignored
// LAYER-NOT: bobbin:
// EMPTY: bobbin: KMP_HW_SUBSET='1s,,1c': '' is not a layer (s, d, n, c, t, L1, L2, L3, LL, ti, m); ignored
// EMPTY-NOT: bobbin:
// ALL: places 2: {0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15} {16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31}
// HERE-NOT: bobbin:
// HERE: places 1: {1}
// HERE-NEXT: procs 1, initial thread on 1 CPU(s), CPU 1 among them
