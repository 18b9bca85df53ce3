// Fallback abort_fb: an allocation the pool cannot hold ends the program
// (abnormally) before omp_alloc returns; smaller ones work until then.
// RUN: %libomp-compile && not --crash %libomp-run 2>/dev/null | FileCheck %s
// Not on gcc's own runtime (gcc 12's libgomp reports an abort fallback differently):
// UNSUPPORTED: gcc && system-libomp
#include "check.h"

int main(void) {
  omp_alloctrait_t t[] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_abort_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);
  void *p = omp_alloc(1000, al);
  CHECK(p != NULL);
  omp_free(p, al);
  printf("small: ok\n");
  fflush(stdout);
  p = omp_alloc(8192, al);
  printf("large: returned %p\n", p);
  return 0;
}
// CHECK: small: ok
// CHECK-NOT: large
