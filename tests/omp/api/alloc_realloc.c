// omp_realloc keeps the contents up to the smaller size, can move a block to
// another allocator (whose traits then apply and whose pool is charged),
// allocates for a NULL pointer, frees for size 0, and leaves the block alone
// when it fails.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

static void pattern(unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char)(i * 31 + seed);
}

static void check_pattern(const unsigned char *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++)
    CHECK_EQ(p[i], (unsigned char)(i * 31 + seed));
}

int main(void) {
  // Grow and shrink with one allocator.
  unsigned char *p = omp_realloc(NULL, 100, omp_default_mem_alloc, omp_null_allocator);
  CHECK(p != NULL);
  pattern(p, 100, 1);
  size_t size = 100;
  for (size_t n = 200; n <= (1u << 22); n *= 2) {
    p = omp_realloc(p, n, omp_default_mem_alloc, omp_default_mem_alloc);
    CHECK(p != NULL);
    check_pattern(p, size, 1);
    pattern(p, n, 1);
    size = n;
  }
  p = omp_realloc(p, 50, omp_default_mem_alloc, omp_default_mem_alloc);
  CHECK(p != NULL);
  check_pattern(p, 50, 1);
  printf("grow and shrink: kept\n");

  // Switch to an allocator with an alignment trait, then to another one.
  omp_alloctrait_t at[] = {{omp_atk_alignment, 512}};
  omp_allocator_handle_t aligned = omp_init_allocator(omp_default_mem_space, 1, at);
  CHECK(aligned != omp_null_allocator);
  p = omp_realloc(p, 3000, aligned, omp_default_mem_alloc);
  CHECK(p != NULL && ((uintptr_t)p & 511) == 0);
  check_pattern(p, 50, 1);
  pattern(p, 3000, 2);
  p = omp_realloc(p, 1000, omp_thread_mem_alloc, omp_null_allocator);
  CHECK(p != NULL);
  check_pattern(p, 1000, 2);
  printf("switch allocators: kept\n");

  // Size 0 frees.
  CHECK(omp_realloc(p, 0, omp_default_mem_alloc, omp_thread_mem_alloc) == NULL);

  // Moving into and out of a pool charges and releases it.
  omp_alloctrait_t pt[] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t pool = omp_init_allocator(omp_default_mem_space, 2, pt);
  CHECK(pool != omp_null_allocator);
  p = omp_alloc(2000, omp_default_mem_alloc);
  CHECK(p != NULL);
  pattern(p, 2000, 3);
  p = omp_realloc(p, 2000, pool, omp_default_mem_alloc);
  CHECK(p != NULL);
  check_pattern(p, 2000, 3);
  CHECK(omp_alloc(3000, pool) == NULL); // 2000 are taken
  // Failing to grow within the pool leaves the block as it was.
  CHECK(omp_realloc(p, 5000, pool, pool) == NULL);
  check_pattern(p, 2000, 3);
  p = omp_realloc(p, 100, omp_default_mem_alloc, pool);
  CHECK(p != NULL);
  check_pattern(p, 100, 3);
  void *q = omp_alloc(3000, pool); // the pool is free again
  CHECK(q != NULL);
  omp_free(q, pool);
  omp_free(p, omp_null_allocator);
  printf("pool: charged and released\n");

  omp_destroy_allocator(pool);
  omp_destroy_allocator(aligned);
  return 0;
}
// CHECK: grow and shrink: kept
// CHECK-NEXT: switch allocators: kept
// CHECK-NEXT: pool: charged and released
