// REQUIRES: bobbin
// Places, partitions and bind-var of every thread at two nesting levels
// under each policy, on a machine of 2 sockets x 2 NUMA nodes (each with its
// L3 cache) x 4 cores x 2 hardware threads that hwloc describes (synthetic
// or from XML), so that placement is checked on any machine: OMP_PROC_BIND
// per level, and the proc_bind clause overriding it, which past the end of
// the list also becomes the members' bind-var (libgomp's reading; LLVM's
// libomp keeps the list's). Threads of places with no ES report their place
// and run where the runtime puts unbound threads. Before, every thread
// reported the whole list as its partition, the place of the ES it ran on,
// and the list's bind-var whatever the clause said.
// RUN: %libomp-compile
// RUN: env HWLOC_SYNTHETIC="pack:2 numa:2 l3:1 core:4 pu:2" OMP_PLACES=cores OMP_PROC_BIND=spread,close %libomp-run 4 2 | FileCheck %s --check-prefixes=CORES,LIST
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=cores OMP_PROC_BIND=spread,close %libomp-run 4 2 | FileCheck %s --check-prefixes=CORES,LIST
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=cores OMP_PROC_BIND=true %libomp-run 4 2 clause | FileCheck %s --check-prefixes=CORES,CLAUSE
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=sockets OMP_PROC_BIND=spread %libomp-run 4 2 | FileCheck %s --check-prefix=SOCKETS
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=numa_domains OMP_PROC_BIND=spread %libomp-run 2 2 | FileCheck %s --check-prefix=NUMA
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=ll_caches OMP_PROC_BIND=close,primary %libomp-run 3 2 | FileCheck %s --check-prefix=LLC
// RUN: env HWLOC_XMLFILE=%S/Inputs/topology_2x2x4x2.xml OMP_PLACES=threads OMP_PROC_BIND=false %libomp-run 2 2 | FileCheck %s --check-prefix=FALSE
#include "check.h"

enum { MAXT = 8 };

typedef struct {
  int place, count, first, bind;
} binding_t;

static binding_t mine(void) {
  binding_t b = {omp_get_place_num(), omp_get_partition_num_places(), -1,
                 (int)omp_get_proc_bind()};
  int nums[64];
  CHECK(b.count >= 0 && b.count <= 64);
  omp_get_partition_place_nums(nums);
  if (b.count > 0)
    b.first = nums[0];
  return b;
}

static void show(const char *who, binding_t b) {
  printf("%s place %d partition %d from %d bind %d\n", who, b.place, b.count,
         b.first, b.bind);
}

int main(int argc, char **argv) {
  deadline(30, "places_bind_nested");
  CHECK(argc >= 3);
  int outer = atoi(argv[1]), inner = atoi(argv[2]);
  int clause = argc > 3 && !strcmp(argv[3], "clause");
  CHECK(outer >= 1 && outer <= MAXT && inner >= 1 && inner <= MAXT);
  omp_set_max_active_levels(2);
  printf("places %d\n", omp_get_num_places());
  show("initial", mine());
  binding_t level1[MAXT], level2[MAXT][MAXT];
  // The clause, when asked for: spread, then close; else none.
#pragma omp parallel num_threads(outer) proc_bind(spread) if (clause)
  if (clause || omp_get_level() == 1) {
    int t = omp_get_thread_num();
    level1[t] = mine();
#pragma omp parallel num_threads(inner) proc_bind(close) if (clause)
    level2[t][omp_get_thread_num()] = mine();
  }
  if (!clause) {
#pragma omp parallel num_threads(outer)
    {
      int t = omp_get_thread_num();
      level1[t] = mine();
#pragma omp parallel num_threads(inner)
      level2[t][omp_get_thread_num()] = mine();
    }
  }
  char who[32];
  for (int t = 0; t < outer; t++) {
    snprintf(who, sizeof who, "L1 %d", t);
    show(who, level1[t]);
    for (int u = 0; u < inner; u++) {
      snprintf(who, sizeof who, "L2 %d.%d", t, u);
      show(who, level2[t][u]);
    }
  }
  return 0;
}
// CORES: places 16
// LIST-NEXT: initial place 0 partition 16 from 0 bind 4
// CLAUSE-NEXT: initial place 0 partition 16 from 0 bind 1
// LIST-NEXT: L1 0 place 0 partition 4 from 0 bind 3
// CLAUSE-NEXT: L1 0 place 0 partition 4 from 0 bind 4
// CORES-NEXT: L2 0.0 place 0 partition 4 from 0 bind 3
// CORES-NEXT: L2 0.1 place 1 partition 4 from 0 bind 3
// LIST-NEXT: L1 1 place 4 partition 4 from 4 bind 3
// CLAUSE-NEXT: L1 1 place 4 partition 4 from 4 bind 4
// CORES-NEXT: L2 1.0 place 4 partition 4 from 4 bind 3
// CORES-NEXT: L2 1.1 place 5 partition 4 from 4 bind 3
// LIST-NEXT: L1 2 place 8 partition 4 from 8 bind 3
// CLAUSE-NEXT: L1 2 place 8 partition 4 from 8 bind 4
// CORES-NEXT: L2 2.0 place 8 partition 4 from 8 bind 3
// CORES-NEXT: L2 2.1 place 9 partition 4 from 8 bind 3
// LIST-NEXT: L1 3 place 12 partition 4 from 12 bind 3
// CLAUSE-NEXT: L1 3 place 12 partition 4 from 12 bind 4
// CORES-NEXT: L2 3.0 place 12 partition 4 from 12 bind 3
// CORES-NEXT: L2 3.1 place 13 partition 4 from 12 bind 3
// SOCKETS: places 2
// SOCKETS-NEXT: initial place 0 partition 2 from 0 bind 4
// SOCKETS-NEXT: L1 0 place 0 partition 1 from 0 bind 4
// SOCKETS-NEXT: L2 0.0 place 0 partition 1 from 0 bind 4
// SOCKETS-NEXT: L2 0.1 place 0 partition 1 from 0 bind 4
// SOCKETS-NEXT: L1 1 place 0 partition 1 from 0 bind 4
// SOCKETS-NEXT: L2 1.0 place 0 partition 1 from 0 bind 4
// SOCKETS-NEXT: L2 1.1 place 0 partition 1 from 0 bind 4
// SOCKETS-NEXT: L1 2 place 1 partition 1 from 1 bind 4
// SOCKETS-NEXT: L2 2.0 place 1 partition 1 from 1 bind 4
// SOCKETS-NEXT: L2 2.1 place 1 partition 1 from 1 bind 4
// SOCKETS-NEXT: L1 3 place 1 partition 1 from 1 bind 4
// SOCKETS-NEXT: L2 3.0 place 1 partition 1 from 1 bind 4
// SOCKETS-NEXT: L2 3.1 place 1 partition 1 from 1 bind 4
// NUMA: places 4
// NUMA-NEXT: initial place 0 partition 4 from 0 bind 4
// NUMA-NEXT: L1 0 place 0 partition 2 from 0 bind 4
// NUMA-NEXT: L2 0.0 place 0 partition 1 from 0 bind 4
// NUMA-NEXT: L2 0.1 place 1 partition 1 from 1 bind 4
// NUMA-NEXT: L1 1 place 2 partition 2 from 2 bind 4
// NUMA-NEXT: L2 1.0 place 2 partition 1 from 2 bind 4
// NUMA-NEXT: L2 1.1 place 3 partition 1 from 3 bind 4
// LLC: places 4
// LLC-NEXT: initial place 0 partition 4 from 0 bind 3
// LLC-NEXT: L1 0 place 0 partition 4 from 0 bind 2
// LLC-NEXT: L2 0.0 place 0 partition 4 from 0 bind 2
// LLC-NEXT: L2 0.1 place 0 partition 4 from 0 bind 2
// LLC-NEXT: L1 1 place 1 partition 4 from 0 bind 2
// LLC-NEXT: L2 1.0 place 1 partition 4 from 0 bind 2
// LLC-NEXT: L2 1.1 place 1 partition 4 from 0 bind 2
// LLC-NEXT: L1 2 place 2 partition 4 from 0 bind 2
// LLC-NEXT: L2 2.0 place 2 partition 4 from 0 bind 2
// LLC-NEXT: L2 2.1 place 2 partition 4 from 0 bind 2
// FALSE: places 32
// FALSE-NEXT: initial place {{-1|0}} partition 32 from 0 bind 0
// FALSE-NEXT: L1 0 place {{-?[0-9]+}} partition 32 from 0 bind 0
