// omp_calloc and omp_aligned_calloc give zeroed memory, even where freed
// dirty memory is reused; zero counts give NULL, and an overflowing product
// fails (NULL with a null_fb allocator). (LLVM 14 crashes on an overflow
// with a predefined allocator; alloc_bobbin.c checks that case.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

static void check_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    CHECK_EQ(p[i], 0);
}

int main(void) {
  omp_alloctrait_t t[] = {{omp_atk_alignment, 64}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 2, t);
  CHECK(al != omp_null_allocator);
  const omp_allocator_handle_t which[] = {omp_default_mem_alloc, omp_thread_mem_alloc, al};
  for (int w = 0; w < 3; w++) {
    for (size_t n = 1; n <= (1u << 20); n *= 4) {
      // Dirty a block of the same size first, so that calloc may get it back.
      unsigned char *d = omp_alloc(n * 3, which[w]);
      CHECK(d != NULL);
      memset(d, 0xff, n * 3);
      omp_free(d, which[w]);
      unsigned char *p = omp_calloc(n, 3, which[w]);
      CHECK(p != NULL);
      check_zero(p, n * 3);
      memset(p, 0xee, n * 3);
      omp_free(p, which[w]);
      p = omp_aligned_calloc(32, 3, n, which[w]);
      CHECK(p != NULL && ((uintptr_t)p & 31) == 0);
      check_zero(p, n * 3);
      omp_free(p, which[w]);
    }
  }
  printf("zeroed\n");

  CHECK(omp_calloc(0, 8, al) == NULL);
  CHECK(omp_calloc(8, 0, al) == NULL);
  CHECK(omp_calloc(SIZE_MAX / 2, 4, al) == NULL);
  printf("zero and overflow: NULL\n");
  omp_destroy_allocator(al);
  return 0;
}
// CHECK: zeroed
// CHECK-NEXT: zero and overflow: NULL
