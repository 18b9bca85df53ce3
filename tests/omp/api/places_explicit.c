// OMP_PLACES as explicit lists: resource intervals, place intervals,
// exclusions, bare numbers and white space. taskset fixes the CPU set to
// {0,1}, so CPUs named beyond it are dropped (the machine needs CPUs 0 and 1).
// Exclusions and white space inside abstract names: places_exclusion.c.
// RUN: %libomp-compile
// RUN: env OMP_PLACES="{0,1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0:2}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0:2:1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0},{1}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES="{0}:2" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES="{0}:2:1" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES="0,1" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES=" { 0 } , { 1 } " taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES="{0},{1},{2},{3}" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=TWO
// RUN: env OMP_PLACES="{1}:2:-1" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=REV
// RUN: env OMP_PLACES="{0:4}:4:4" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=ONE
// RUN: env OMP_PLACES="{0:2}:2" taskset -c 0,1 %libomp-run | FileCheck %s --check-prefix=OVERLAP
#define _GNU_SOURCE
#include "check.h"

#include <sched.h>

int main(void) {
  int n = print_places();
  CHECK_EQ(omp_get_place_num_procs(n), 0);
  CHECK_EQ(omp_get_place_num_procs(-1), 0);
  CHECK_EQ(omp_get_partition_num_places(), n);

  // A thread's place, when it has one, holds the CPU it runs on.
  int bad = 0;
#pragma omp parallel num_threads(2) reduction(+ : bad)
  {
    int pn = omp_get_place_num(), cpu = sched_getcpu();
    if (pn >= 0) {
      int m = omp_get_place_num_procs(pn), ids[64], found = 0;
      omp_get_place_proc_ids(pn, ids);
      for (int k = 0; k < m; k++)
        found |= ids[k] == cpu;
      bad += !found;
    }
    bad += pn < -1 || pn >= n;
  }
  CHECK_EQ(bad, 0);
  return 0;
}
// ONE: places 1: {0,1}
// TWO: places 2: {0} {1}
// REV: places 2: {1} {0}
// OVERLAP: places 2: {0,1} {1}
