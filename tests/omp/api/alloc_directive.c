// The allocate directive on a local array and the allocate clause on
// private and firstprivate variables: clang turns them into __kmpc_alloc /
// __kmpc_free calls with the allocator given. (clang 14 truncates a
// non-constant allocator to 32 bits there: see alloc_directive_handle.c.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: gcc 12 does not implement the allocate directive.
// REQUIRES: clang
#include "check.h"

int main(void) {
  double arr[256];
#pragma omp allocate(arr) allocator(omp_low_lat_mem_alloc)
  for (int i = 0; i < 256; i++)
    arr[i] = i;
  double sum = 0;
  for (int i = 0; i < 256; i++)
    sum += arr[i];
  CHECK(sum == 255.0 * 256 / 2);
  printf("allocate directive: sum %.0f\n", sum);

  int x = 5, bad = 0;
#pragma omp parallel num_threads(4) firstprivate(x) allocate(omp_thread_mem_alloc : x) \
    reduction(+ : bad)
  {
    if (x != 5)
      bad++;
    x += omp_get_thread_num();
    if (x != 5 + omp_get_thread_num())
      bad++;
  }
  CHECK_EQ(bad, 0);
  printf("firstprivate with omp_thread_mem_alloc: ok\n");

  int y = 0;
  long total = 0;
#pragma omp parallel for num_threads(4) private(y) allocate(omp_cgroup_mem_alloc : y) \
    reduction(+ : total)
  for (int i = 0; i < 100; i++) {
    y = i;
    total += y;
  }
  CHECK_EQ(total, 4950);
  printf("private with omp_cgroup_mem_alloc: total %ld\n", total);

  int z = 1;
#pragma omp parallel num_threads(3) private(z) allocate(omp_pteam_mem_alloc : z)
  {
    z = omp_get_thread_num();
#pragma omp barrier
    CHECK_EQ(z, omp_get_thread_num());
  }
  printf("private with omp_pteam_mem_alloc: ok\n");
  return 0;
}
// CHECK: allocate directive: sum 32640
// CHECK-NEXT: firstprivate with omp_thread_mem_alloc: ok
// CHECK-NEXT: private with omp_cgroup_mem_alloc: total 4950
// CHECK-NEXT: private with omp_pteam_mem_alloc: ok
