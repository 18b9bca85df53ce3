// Fallback default_mem_fb (explicit, and the default when no fallback trait
// is given): once the pool is exhausted, blocks come from
// omp_default_mem_alloc instead of failing; all of them can be freed with
// the allocator asked for or with omp_null_allocator.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { POOL = 8192, BLOCK = 1000, N = 100 };

int main(void) {
  omp_alloctrait_t t1[] = {{omp_atk_pool_size, POOL}, {omp_atk_fallback, omp_atv_default_mem_fb}};
  omp_alloctrait_t t2[] = {{omp_atk_pool_size, POOL}};
  omp_allocator_handle_t als[2] = {omp_init_allocator(omp_default_mem_space, 2, t1),
                                   omp_init_allocator(omp_default_mem_space, 1, t2)};
  for (int k = 0; k < 2; k++) {
    omp_allocator_handle_t al = als[k];
    CHECK(al != omp_null_allocator);
    void *ps[N];
    for (int i = 0; i < N; i++) {
      ps[i] = omp_alloc(BLOCK, al);
      CHECK(ps[i] != NULL);
      memset(ps[i], i, BLOCK);
    }
    void *big = omp_alloc(10 * POOL, al); // never fits the pool
    CHECK(big != NULL);
    memset(big, 1, 10 * POOL);
    big = omp_realloc(big, 20 * POOL, al, al);
    CHECK(big != NULL);
    omp_free(big, al);
    for (int i = 0; i < N; i++) {
      for (int j = 0; j < BLOCK; j++)
        CHECK_EQ(((unsigned char *)ps[i])[j], (unsigned char)i);
      omp_free(ps[i], i % 2 ? al : omp_null_allocator);
    }
    printf("allocator %d: %d blocks, none NULL\n", k, N);
  }

  for (int k = 0; k < 2; k++)
    omp_destroy_allocator(als[k]);
  return 0;
}
// CHECK: allocator 0: 100 blocks, none NULL
// CHECK-NEXT: allocator 1: 100 blocks, none NULL
