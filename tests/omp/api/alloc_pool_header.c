// A pool holds its blocks' headers too: two blocks of half a pool never
// both fit, whether asked for at once by two threads or one after the
// other, while one block a little smaller than the pool does; with
// null_fb the one that does not fit is NULL. LLVM's libomp and libgomp
// charge their headers to the pool the same way (this passes on both).
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { POOL = 2 * 1024 * 1024, HALF = POOL / 2 };

int main(void) {
  omp_alloctrait_t t[] = {{omp_atk_pool_size, POOL}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);

  void *p[2] = {NULL, NULL};
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
    p[omp_get_thread_num()] = omp_alloc(HALF, al);
#pragma omp barrier
  }
  CHECK((p[0] == NULL) != (p[1] == NULL));
  omp_free(p[0] ? p[0] : p[1], al);
  printf("two halves at once: one served\n");

  void *a = omp_alloc(HALF, al);
  CHECK(a != NULL);
  CHECK(omp_alloc(HALF, al) == NULL);
  omp_free(a, al);
  CHECK(omp_alloc(POOL, al) == NULL);
  a = omp_alloc(POOL - 4096, al); // headers are small
  CHECK(a != NULL);
  omp_free(a, al);
  printf("one after the other: one served\n");
  omp_destroy_allocator(al);
  return 0;
}
// CHECK: two halves at once: one served
// CHECK-NEXT: one after the other: one served
