// The kmp affinity-mask routines: create gives an empty mask; set_proc adds
// a CPU the process may use, get_proc sees it (and not others), unset_proc
// removes it; out-of-range CPUs are refused with -1; destroy releases it;
// kmp_get_affinity_max_proc is at least one.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

#include <sched.h>

int main(void) {
  cpu_set_t allowed;
  CHECK_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
  int cpu = 0;
  while (!CPU_ISSET(cpu, &allowed))
    cpu++;
  CHECK(kmp_get_affinity_max_proc() > cpu);

  kmp_affinity_mask_t mask;
  kmp_create_affinity_mask(&mask);
  CHECK_EQ(kmp_get_affinity_mask_proc(cpu, &mask), 0);
  CHECK_EQ(kmp_set_affinity_mask_proc(cpu, &mask), 0);
  CHECK_EQ(kmp_get_affinity_mask_proc(cpu, &mask), 1);
  if (cpu + 1 < kmp_get_affinity_max_proc())
    CHECK_EQ(kmp_get_affinity_mask_proc(cpu + 1, &mask), 0);
  CHECK_EQ(kmp_unset_affinity_mask_proc(cpu, &mask), 0);
  CHECK_EQ(kmp_get_affinity_mask_proc(cpu, &mask), 0);
  CHECK_EQ(kmp_set_affinity_mask_proc(-1, &mask), -1);
  CHECK_EQ(kmp_get_affinity_mask_proc(-1, &mask), -1);
  CHECK_EQ(kmp_set_affinity_mask_proc(kmp_get_affinity_max_proc(), &mask), -1);
  kmp_destroy_affinity_mask(&mask);

  // From inside a region too.
  int bad = 0;
#pragma omp parallel num_threads(3) reduction(+ : bad)
  {
    kmp_affinity_mask_t m;
    kmp_create_affinity_mask(&m);
    bad += kmp_set_affinity_mask_proc(cpu, &m) != 0;
    bad += kmp_get_affinity_mask_proc(cpu, &m) != 1;
    kmp_destroy_affinity_mask(&m);
  }
  CHECK_EQ(bad, 0);
  printf("mask routines ok\n");
  return 0;
}
// CHECK: mask routines ok
