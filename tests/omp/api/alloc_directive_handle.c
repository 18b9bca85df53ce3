// REQUIRES: bobbin
// The allocate clause with an allocator handle made by omp_init_allocator.
// clang 14 passes such a handle to __kmpc_alloc truncated to 32 bits and
// sign-extended, which breaks heap addresses (LLVM's libomp crashes here);
// Bobbin keeps allocator descriptors below 2 GiB so the handle survives.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

int main(void) {
  omp_alloctrait_t t[] = {{omp_atk_alignment, 64}, {omp_atk_pool_size, 1024}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);
  CHECK((uintptr_t)al < ((uintptr_t)1 << 31));
  int y = 0, bad = 0;
  long total = 0;
#pragma omp parallel for num_threads(4) private(y) allocate(al : y) reduction(+ : bad, total)
  for (int i = 0; i < 100; i++) {
    if (((uintptr_t)&y & 63) != 0)
      bad++;
    y = i;
    total += y;
  }
  CHECK_EQ(bad, 0);
  CHECK_EQ(total, 4950);
  printf("private with an aligned allocator: aligned, total %ld\n", total);

  // Many allocators, some destroyed and remade: all handles stay low.
  omp_allocator_handle_t as[1200];
  for (int i = 0; i < 1200; i++) {
    as[i] = omp_init_allocator(omp_default_mem_space, 1, t);
    CHECK((uintptr_t)as[i] > 1024 && (uintptr_t)as[i] < ((uintptr_t)1 << 31));
    if (i % 3 == 0)
      omp_destroy_allocator(as[i]);
  }
  for (int i = 0; i < 1200; i++)
    if (i % 3 != 0)
      omp_destroy_allocator(as[i]);
  omp_destroy_allocator(al);
  printf("handles: below 2 GiB\n");
  return 0;
}
// CHECK: private with an aligned allocator: aligned, total 4950
// CHECK-NEXT: handles: below 2 GiB
