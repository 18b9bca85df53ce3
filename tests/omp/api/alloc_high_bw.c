// REQUIRES: bobbin
// Bobbin has no high-bandwidth memory, so no allocator can be made on
// omp_high_bw_mem_space: omp_init_allocator answers omp_null_allocator
// whatever the traits, without a message (that answer is how a program
// learns there is none), as LLVM's libomp 19 without memkind and libgomp 12
// answer here. The predefined omp_high_bw_mem_alloc serves from the default
// memory space (its fallback is default_mem_fb), and so does an allocator
// whose fb_data it is. OMP_ALLOCATOR naming traits on that space gets one
// line and omp_default_mem_alloc, as libomp warns and uses the default.
// (The program's part passes on libomp 19; its warnings differ.)
// RUN: %libomp-compile
// RUN: %libomp-run null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: %libomp-run predefined 2>&1 | FileCheck %s --check-prefix=PREDEFINED
// RUN: %libomp-run allocator 2>&1 | FileCheck %s --check-prefix=ALLOCATOR
// RUN: env OMP_ALLOCATOR=omp_high_bw_mem_space:fallback=null_fb %libomp-run env 2>&1 | FileCheck %s --check-prefix=ENV-NULL
// RUN: env OMP_ALLOCATOR=omp_high_bw_mem_space %libomp-run env 2>&1 | FileCheck %s --check-prefix=ENV-SPACE
#include "check.h"

#include <stdint.h>

int main(int argc, char **argv) {
  CHECK(argc == 2);
  if (!strcmp(argv[1], "null")) {
    omp_alloctrait_t t[][2] = {{{omp_atk_fallback, omp_atv_null_fb}, {omp_atk_pool_size, 1 << 21}},
                               {{omp_atk_fallback, omp_atv_default_mem_fb}, {omp_atk_pool_size, 1000}},
                               {{omp_atk_fallback, omp_atv_abort_fb}, {omp_atk_alignment, 64}},
                               {{omp_atk_fallback, omp_atv_allocator_fb},
                                {omp_atk_fb_data, omp_default_mem_alloc}}};
    for (int k = 0; k < 4; k++)
      CHECK(omp_init_allocator(omp_high_bw_mem_space, 2, t[k]) == omp_null_allocator);
    CHECK(omp_init_allocator(omp_high_bw_mem_space, 0, NULL) == omp_null_allocator);
    // What a program does with that answer: the default allocator serves.
    void *p[2];
#pragma omp parallel num_threads(2)
    p[omp_get_thread_num()] = omp_alloc(1 << 20, omp_null_allocator);
    CHECK(p[0] != NULL && p[1] != NULL);
    omp_free(p[0], omp_null_allocator);
    omp_free(p[1], omp_null_allocator);
    printf("omp_init_allocator: omp_null_allocator\n");
  } else if (!strcmp(argv[1], "predefined")) {
    char *p = omp_alloc(800, omp_high_bw_mem_alloc);
    char *q = omp_calloc(100, 8, omp_high_bw_mem_alloc);
    CHECK(p != NULL && q != NULL);
    memset(p, 1, 800);
    for (int i = 0; i < 800; i++)
      CHECK_EQ(q[i], 0);
    p = omp_realloc(p, 4000, omp_high_bw_mem_alloc, omp_high_bw_mem_alloc);
    CHECK(p != NULL && p[799] == 1);
    omp_free(p, omp_high_bw_mem_alloc);
    omp_free(q, omp_null_allocator);
    printf("omp_high_bw_mem_alloc: served\n");
  } else if (!strcmp(argv[1], "allocator")) {
    // A full pool falls back to omp_high_bw_mem_alloc, which serves.
    omp_alloctrait_t t[] = {{omp_atk_pool_size, 1000},
                            {omp_atk_fallback, omp_atv_allocator_fb},
                            {omp_atk_fb_data, omp_high_bw_mem_alloc}};
    omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 3, t);
    CHECK(al != omp_null_allocator);
    void *p = omp_alloc(600, al), *q = omp_alloc(600, al);
    CHECK(p != NULL && q != NULL);
    omp_free(p, al);
    omp_free(q, al);
    omp_destroy_allocator(al);
    printf("fb_data omp_high_bw_mem_alloc: served\n");
  } else {
    // The threads of a region start with the same default allocator.
    int served = 0;
#pragma omp parallel num_threads(3) reduction(+ : served)
    {
      void *p = omp_alloc(100, omp_null_allocator);
      served += p != NULL;
      omp_free(p, omp_null_allocator);
    }
    printf("default allocator %lu: %d served\n",
           (unsigned long)omp_get_default_allocator(), served);
  }
  return 0;
}
// NULL-NOT: bobbin:
// NULL: omp_init_allocator: omp_null_allocator
// PREDEFINED-NOT: bobbin:
// PREDEFINED: omp_high_bw_mem_alloc: served
// ALLOCATOR-NOT: bobbin:
// ALLOCATOR: fb_data omp_high_bw_mem_alloc: served
// ENV-NULL: bobbin: OMP_ALLOCATOR='omp_high_bw_mem_space:fallback=null_fb': there is no high-bandwidth memory; using omp_default_mem_alloc
// ENV-NULL-NOT: bobbin:
// ENV-NULL: default allocator 1: 3 served
// ENV-SPACE-NOT: bobbin:
// ENV-SPACE: default allocator 4: 3 served
