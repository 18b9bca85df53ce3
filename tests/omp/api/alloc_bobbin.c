// REQUIRES: bobbin
// Bobbin's choices where the specification leaves room or LLVM differs:
// pools count each block's size and header exactly; every predefined allocator and
// memory space is served (from the heap; omp_high_bw_mem_alloc through its
// default_mem_fb fallback, and no allocator can be made on
// omp_high_bw_mem_space, see alloc_high_bw.c); omp_realloc with
// omp_null_allocator keeps the block's allocator; a destroyed allocator's
// blocks can still be freed; invalid traits, alignments and handles give one
// warning line each; an overflowing omp_calloc gives NULL with any
// allocator whose fallback allows it; freeing a pointer no allocator returned ends the
// program with a message.
// RUN: %libomp-compile
// RUN: %libomp-run 2>&1 | FileCheck %s
// RUN: not --crash %libomp-run free 2>&1 | FileCheck %s --check-prefix=FREE
#include "check.h"

#include <stdint.h>

static omp_allocator_handle_t make(int n, omp_alloctrait_t *t) {
  return omp_init_allocator(omp_default_mem_space, n, t);
}

int main(int argc, char **argv) {
  (void)argv;
  if (argc > 1) {
    char *p = malloc(64);
    printf("freeing a malloc block\n");
    fflush(stdout);
    omp_free(p + 48, omp_null_allocator);
    printf("returned\n");
    return 0;
  }

  // Exact pools: a block takes its size and a header of fixed size, whatever
  // the alignment, so 3 x 1024 fit in 4096 and a fourth does not, and
  // resizing charges only the difference.
  omp_alloctrait_t t[] = {{omp_atk_pool_size, 4096},
                          {omp_atk_fallback, omp_atv_null_fb},
                          {omp_atk_alignment, 512}};
  for (int k = 2; k <= 3; k++) {
    omp_allocator_handle_t al = make(k, t);
    CHECK(al != omp_null_allocator);
    void *ps[3];
    for (int i = 0; i < 3; i++)
      CHECK((ps[i] = omp_alloc(1024, al)) != NULL);
    CHECK(omp_alloc(1024, al) == NULL);
    omp_free(ps[2], al);
    CHECK((ps[2] = omp_alloc(1024, al)) != NULL);
    CHECK(omp_alloc(1024, al) == NULL);
    // Resizing in a full pool: shrinking and keeping the size work (in
    // place), growing past the pool fails, growing by what a shrink freed
    // works.
    CHECK((ps[2] = omp_realloc(ps[2], 1024, al, al)) != NULL);
    CHECK(omp_realloc(ps[2], 2048, al, al) == NULL);
    CHECK((ps[1] = omp_realloc(ps[1], 900, al, al)) != NULL);
    CHECK((ps[2] = omp_realloc(ps[2], 1148, al, al)) != NULL);
    CHECK(omp_alloc(1024, al) == NULL);
    for (int i = 0; i < 3; i++)
      omp_free(ps[i], al);
    CHECK(omp_alloc(4096, al) == NULL);
    CHECK((ps[0] = omp_alloc(4096 - 256, al)) != NULL);
    omp_free(ps[0], al);
    omp_destroy_allocator(al);
  }
  printf("pools: exact\n");

  // Every predefined allocator and memory space.
  for (uintptr_t h = 1; h <= 8; h++) {
    void *p = omp_aligned_alloc(64, 100, (omp_allocator_handle_t)h);
    CHECK(p != NULL && ((uintptr_t)p & 63) == 0);
    omp_free(p, omp_null_allocator);
  }
  for (uintptr_t m = 0; m <= 4; m++) {
    omp_allocator_handle_t al = omp_init_allocator((omp_memspace_handle_t)m, 0, NULL);
    if (m == omp_high_bw_mem_space) { // none here: see alloc_high_bw.c
      CHECK(al == omp_null_allocator);
      continue;
    }
    CHECK(al != omp_null_allocator);
    void *p = omp_alloc(100, al);
    CHECK(p != NULL);
    omp_free(p, al);
    omp_destroy_allocator(al);
  }
  printf("predefined: all served\n");

  // omp_realloc(p, n, omp_null_allocator, ...) stays with p's allocator,
  // even when it is not the default one.
  omp_allocator_handle_t al = make(3, t);
  char *p = omp_alloc(100, al);
  strcpy(p, "kept");
  p = omp_realloc(p, 2000, omp_null_allocator, omp_null_allocator);
  CHECK(p != NULL && ((uintptr_t)p & 511) == 0 && strcmp(p, "kept") == 0);
  CHECK(omp_alloc(3000, al) == NULL); // 2000 of the pool are p's
  printf("realloc: same allocator\n");

  // Destroying an allocator with a block outstanding.
  omp_destroy_allocator(al);
  CHECK(strcmp(p, "kept") == 0);
  omp_free(p, omp_null_allocator);
  printf("destroyed: block freed\n");
  fflush(stdout);

  // Invalid arguments: one warning each.
  omp_alloctrait_t bad_align[] = {{omp_atk_alignment, 48}};
  CHECK(make(1, bad_align) == omp_null_allocator);
  omp_alloctrait_t bad_key[] = {{(omp_alloctrait_key_t)99, 1}};
  CHECK(make(1, bad_key) == omp_null_allocator);
  omp_alloctrait_t bad_fb[] = {{omp_atk_fallback, omp_atv_allocator_fb}};
  CHECK(make(1, bad_fb) == omp_null_allocator);
  omp_alloctrait_t bad_value[] = {{omp_atk_fallback, omp_atv_pteam}};
  CHECK(make(1, bad_value) == omp_null_allocator);
  omp_alloctrait_t ok[] = {{omp_atk_sync_hint, omp_atv_contended},
                           {omp_atk_access, omp_atv_all},
                           {omp_atk_pinned, omp_atv_true},
                           {omp_atk_partition, omp_atv_interleaved},
                           {omp_atk_fb_data, omp_default_mem_alloc},
                           {omp_atk_alignment, omp_atv_default}};
  al = make(6, ok);
  CHECK(al != omp_null_allocator);
  omp_destroy_allocator(al);
  CHECK(omp_init_allocator((omp_memspace_handle_t)7, 0, NULL) == omp_null_allocator);
  CHECK(omp_aligned_alloc(24, 100, omp_default_mem_alloc) == NULL);
  CHECK(omp_alloc(100, (omp_allocator_handle_t)100) == NULL);
  CHECK(omp_alloc(0, omp_default_mem_alloc) == NULL);
  CHECK(omp_calloc(SIZE_MAX / 2, 4, omp_default_mem_alloc) == NULL);
  CHECK(omp_calloc(SIZE_MAX / 2, 4, omp_thread_mem_alloc) == NULL);
  printf("invalid: rejected\n");
  return 0;
}
// CHECK-NOT: bobbin:
// CHECK: pools: exact
// CHECK-NEXT: predefined: all served
// CHECK-NEXT: realloc: same allocator
// CHECK-NEXT: destroyed: block freed
// CHECK-NEXT: bobbin: omp_init_allocator: invalid value 48 for trait alignment (not a power of two); returning omp_null_allocator
// CHECK-NEXT: bobbin: omp_init_allocator: unknown trait key 99; returning omp_null_allocator
// CHECK-NEXT: bobbin: omp_init_allocator: fallback allocator_fb without an fb_data allocator; returning omp_null_allocator
// CHECK-NEXT: bobbin: omp_init_allocator: invalid value 9 for trait fallback; returning omp_null_allocator
// CHECK-NEXT: bobbin: omp_init_allocator: unknown memory space 7; returning omp_null_allocator
// CHECK-NEXT: bobbin: omp_aligned_alloc: alignment 24 is not a power of two; returning NULL
// CHECK-NEXT: bobbin: omp_alloc: 100 is not a supported allocator handle
// CHECK-NEXT: invalid: rejected
// FREE: freeing a malloc block
// FREE-NEXT: bobbin: omp_free: 0x{{[0-9a-f]+}} was not returned by an OpenMP allocation routine, or was freed already
// FREE-NOT: returned
