// pool_size with fallback null_fb: allocations fail (NULL) once the pool is
// exhausted, succeed again after frees, and a full drain-and-refill gets the
// same number of blocks every time (the accounting is exact).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { POOL = 64 * 1024, BLOCK = 1000, MAXB = POOL / BLOCK };

static int drain(omp_allocator_handle_t al, void **ps) {
  int n = 0;
  while (n <= MAXB && (ps[n] = omp_alloc(BLOCK, al)) != NULL) {
    memset(ps[n], n, BLOCK);
    n++;
  }
  CHECK(n <= MAXB); // never more than the pool holds
  return n;
}

int main(void) {
  omp_alloctrait_t t[] = {{omp_atk_pool_size, POOL}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);
  CHECK(omp_alloc(POOL + 1, al) == NULL);
  void *ps[MAXB + 1];
  int n = drain(al, ps);
  CHECK(n >= MAXB * 3 / 4); // the per-block overhead is small
  CHECK(omp_alloc(BLOCK, al) == NULL);
  printf("exhausted\n");

  // Free one: exactly one more fits.
  omp_free(ps[n - 1], al);
  ps[n - 1] = omp_alloc(BLOCK, al);
  CHECK(ps[n - 1] != NULL);
  CHECK(omp_alloc(BLOCK, al) == NULL);
  for (int i = 0; i < n; i++)
    omp_free(ps[i], i % 2 ? al : omp_null_allocator);
  printf("freed\n");

  for (int round = 0; round < 5; round++) {
    int again = drain(al, ps);
    CHECK_EQ(again, n);
    for (int i = 0; i < again; i++)
      omp_free(ps[i], al);
  }
  printf("refilled %s\n", "5 times");
  return 0;
}
// CHECK: exhausted
// CHECK-NEXT: freed
// CHECK-NEXT: refilled 5 times
