// REQUIRES: bobbin
// abort_fb ends the program with one line naming the allocator (its handle
// and traits) and the size it could not provide; also through the allocate
// directive's entry point and for an overflowing omp_calloc.
// RUN: %libomp-compile
// RUN: not --crash %libomp-run 1 2>&1 | FileCheck %s --check-prefix=POOL
// RUN: not --crash %libomp-run 2 2>&1 | FileCheck %s --check-prefix=CALLOC
// RUN: not --crash %libomp-run 3 2>&1 | FileCheck %s --check-prefix=CHAIN
#include "check.h"

#include <stdint.h>

int main(int argc, char **argv) {
  CHECK(argc == 2);
  omp_alloctrait_t t[] = {{omp_atk_pool_size, 4096}, {omp_atk_fallback, omp_atv_abort_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);
  void *p = omp_alloc(4000, al);
  CHECK(p != NULL);
  printf("handle %#lx\n", (unsigned long)al);
  fflush(stdout);
  switch (atoi(argv[1])) {
  case 1:
    p = omp_alloc(100, al);
    break;
  case 2:
    p = omp_calloc(SIZE_MAX / 2, 4, al);
    break;
  case 3: {
    // A chain: the first allocator falls back to the aborting one.
    omp_alloctrait_t t2[] = {{omp_atk_pool_size, 100},
                             {omp_atk_fallback, omp_atv_allocator_fb},
                             {omp_atk_fb_data, (omp_uintptr_t)al}};
    omp_allocator_handle_t first = omp_init_allocator(omp_default_mem_space, 3, t2);
    CHECK(first != omp_null_allocator);
    p = omp_aligned_alloc(64, 200, first);
    break;
  }
  }
  printf("returned %p\n", p);
  return 0;
}
// POOL: handle [[H:0x[0-9a-f]+]]
// POOL-NEXT: bobbin: omp_alloc: allocator [[H]] (omp_default_mem_space:pool_size=4096,fallback=abort_fb) cannot provide 100 bytes; its fallback is abort_fb
// POOL-NOT: returned
// CALLOC: handle [[H:0x[0-9a-f]+]]
// CALLOC-NEXT: bobbin: omp_calloc: allocator [[H]] (omp_default_mem_space:pool_size=4096,fallback=abort_fb) cannot provide {{[0-9]+}} bytes; its fallback is abort_fb
// CALLOC-NOT: returned
// CHAIN: handle [[H:0x[0-9a-f]+]]
// CHAIN-NEXT: bobbin: omp_aligned_alloc: allocator [[H]] ({{.*}}) cannot provide 200 bytes; its fallback is abort_fb
// CHAIN-NOT: returned
