// omp_set_default_allocator / omp_get_default_allocator, and
// omp_null_allocator meaning the default allocator in omp_alloc,
// omp_calloc, omp_realloc and omp_free; a region's threads see the default
// set before it. omp_set_default_allocator(omp_null_allocator) restores
// omp_default_mem_alloc.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

int main(void) {
  CHECK(omp_get_default_allocator() == omp_default_mem_alloc);
  void *p = omp_alloc(100, omp_null_allocator);
  CHECK(p != NULL);
  omp_free(p, omp_null_allocator);
  printf("initial: omp_default_mem_alloc\n");

  omp_set_default_allocator(omp_thread_mem_alloc);
  CHECK(omp_get_default_allocator() == omp_thread_mem_alloc);

  omp_alloctrait_t t[] = {{omp_atk_pool_size, 4096},
                          {omp_atk_fallback, omp_atv_null_fb},
                          {omp_atk_alignment, 128}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 3, t);
  CHECK(al != omp_null_allocator);
  omp_set_default_allocator(al);
  CHECK(omp_get_default_allocator() == al);
  CHECK(omp_alloc(8192, omp_null_allocator) == NULL); // the pool's limit
  CHECK(omp_calloc(1024, 8, omp_null_allocator) == NULL);
  p = omp_alloc(1000, omp_null_allocator);
  CHECK(p != NULL && ((uintptr_t)p & 127) == 0);
  p = omp_realloc(p, 2000, omp_null_allocator, omp_null_allocator);
  CHECK(p != NULL && ((uintptr_t)p & 127) == 0);
  omp_free(p, omp_null_allocator);
  void *q = omp_calloc(10, 10, omp_null_allocator);
  CHECK(q != NULL && ((uintptr_t)q & 127) == 0);
  omp_free(q, al);
  printf("custom default: used\n");

  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  {
    if (omp_get_default_allocator() != al)
      bad++;
    void *r = omp_alloc(100, omp_null_allocator);
    if (r == NULL || ((uintptr_t)r & 127) != 0)
      bad++;
    omp_free(r, omp_null_allocator);
  }
  CHECK_EQ(bad, 0);
  printf("region: inherited\n");

  omp_set_default_allocator(omp_null_allocator);
  CHECK(omp_get_default_allocator() == omp_default_mem_alloc);
  omp_destroy_allocator(al);
  printf("reset: omp_default_mem_alloc\n");
  return 0;
}
// CHECK: initial: omp_default_mem_alloc
// CHECK-NEXT: custom default: used
// CHECK-NEXT: region: inherited
// CHECK-NEXT: reset: omp_default_mem_alloc
