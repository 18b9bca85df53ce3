// REQUIRES: bobbin
// Bobbin has no high-bandwidth memory, so every request to an allocator on
// omp_high_bw_mem_space fails and its fallback trait decides, as the
// specification has it: null_fb returns NULL, default_mem_fb (also the
// predefined omp_high_bw_mem_alloc's) serves from the default memory space,
// allocator_fb from the fb_data allocator, abort_fb ends the program with
// one line; also for such an allocator made by OMP_ALLOCATOR, OpenMP 5.1's
// example of which names a predefined fb_data allocator. (LLVM's libomp instead refuses to make such an allocator and
// returns NULL from omp_high_bw_mem_alloc (14) or warns and uses the
// default (19); libgomp 12 serves every memory space from the heap.)
// RUN: %libomp-compile
// RUN: %libomp-run null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: %libomp-run default 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %libomp-run allocator 2>&1 | FileCheck %s --check-prefix=ALLOCATOR
// RUN: not --crash %libomp-run abort 2>&1 | FileCheck %s --check-prefix=ABORT
// RUN: env OMP_ALLOCATOR=omp_high_bw_mem_space:fallback=null_fb %libomp-run env 2>&1 | FileCheck %s --check-prefix=ENV-NULL
// RUN: env OMP_ALLOCATOR=omp_high_bw_mem_space:pool_size=1048576,fallback=allocator_fb,fb_data=omp_low_lat_mem_alloc %libomp-run env 2>&1 | FileCheck %s --check-prefix=ENV-FB
#include "check.h"

#include <stdint.h>

static omp_allocator_handle_t high_bw(int n, omp_alloctrait_t *t) {
  omp_allocator_handle_t al = omp_init_allocator(omp_high_bw_mem_space, n, t);
  CHECK(al != omp_null_allocator);
  return al;
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  if (!strcmp(argv[1], "null")) {
    omp_alloctrait_t t[] = {{omp_atk_fallback, omp_atv_null_fb}};
    omp_allocator_handle_t al = high_bw(1, t);
    CHECK(omp_alloc(100, al) == NULL);
    CHECK(omp_aligned_alloc(64, 100, al) == NULL);
    CHECK(omp_calloc(10, 10, al) == NULL);
    CHECK(omp_realloc(NULL, 100, al, al) == NULL);
    void *p = omp_alloc(100, omp_default_mem_alloc);
    CHECK(p != NULL);
    CHECK(omp_realloc(p, 200, al, omp_default_mem_alloc) == NULL); // p stays
    omp_free(p, omp_default_mem_alloc);
    omp_destroy_allocator(al);
    printf("null_fb: NULL\n");
  } else if (!strcmp(argv[1], "default")) {
    omp_alloctrait_t t[] = {{omp_atk_fallback, omp_atv_default_mem_fb},
                            {omp_atk_pool_size, 1000}};
    omp_allocator_handle_t als[] = {high_bw(2, t), high_bw(0, NULL), omp_high_bw_mem_alloc};
    for (int k = 0; k < 3; k++) {
      // served elsewhere, so the pool (of the first) is never charged
      char *p = omp_alloc(800, als[k]), *q = omp_calloc(100, 8, als[k]);
      CHECK(p != NULL && q != NULL);
      memset(p, 1, 800);
      for (int i = 0; i < 800; i++)
        CHECK_EQ(q[i], 0);
      p = omp_realloc(p, 4000, als[k], als[k]);
      CHECK(p != NULL && p[799] == 1);
      omp_free(p, als[k]);
      omp_free(q, omp_null_allocator);
    }
    omp_destroy_allocator(als[0]);
    omp_destroy_allocator(als[1]);
    printf("default_mem_fb: served\n");
  } else if (!strcmp(argv[1], "allocator")) {
    // The fb_data allocator's pool and alignment show who served a block.
    omp_alloctrait_t ft[] = {{omp_atk_pool_size, 1000},
                             {omp_atk_fallback, omp_atv_null_fb},
                             {omp_atk_alignment, 1024}};
    omp_allocator_handle_t fb = omp_init_allocator(omp_default_mem_space, 3, ft);
    CHECK(fb != omp_null_allocator);
    omp_alloctrait_t t[] = {{omp_atk_fallback, omp_atv_allocator_fb},
                            {omp_atk_fb_data, (omp_uintptr_t)fb}};
    omp_allocator_handle_t al = high_bw(2, t);
    void *p = omp_alloc(600, al);
    CHECK(p != NULL && ((uintptr_t)p & 1023) == 0);
    CHECK(omp_alloc(600, al) == NULL); // the fb_data pool is full
    omp_free(p, al);
    p = omp_alloc(600, al);
    CHECK(p != NULL);
    omp_free(p, omp_null_allocator);
    omp_destroy_allocator(al);
    omp_destroy_allocator(fb);
    printf("allocator_fb: the fb_data allocator\n");
  } else if (!strcmp(argv[1], "env")) {
    // The threads of a region start with the same default allocator.
    int served = 0, null = 0;
#pragma omp parallel num_threads(3) reduction(+ : served, null)
    {
      void *p = omp_alloc(100, omp_null_allocator);
      served += p != NULL;
      null += p == NULL;
      omp_free(p, omp_null_allocator);
    }
    printf("default allocator: %d served, %d NULL\n", served, null);
  } else {
    omp_alloctrait_t t[] = {{omp_atk_fallback, omp_atv_abort_fb}};
    omp_allocator_handle_t al = high_bw(1, t);
    printf("handle %#lx\n", (unsigned long)al);
    fflush(stdout);
    void *p = omp_alloc(100, al);
    printf("returned %p\n", p);
  }
  return 0;
}
// NULL-NOT: bobbin:
// NULL: null_fb: NULL
// DEFAULT-NOT: bobbin:
// DEFAULT: default_mem_fb: served
// ALLOCATOR-NOT: bobbin:
// ALLOCATOR: allocator_fb: the fb_data allocator
// ABORT: handle [[H:0x[0-9a-f]+]]
// ABORT-NEXT: bobbin: omp_alloc: allocator [[H]] (omp_high_bw_mem_space:fallback=abort_fb) cannot provide 100 bytes (no high-bandwidth memory here); its fallback is abort_fb
// ABORT-NOT: returned
// ENV-NULL-NOT: bobbin:
// ENV-NULL: default allocator: 0 served, 3 NULL
// ENV-FB-NOT: bobbin:
// ENV-FB: default allocator: 3 served, 0 NULL
