// Fallback allocator_fb: when an allocator's pool is exhausted, blocks come
// from its fb_data allocator, which may itself fall back further. Blocks are
// charged to the pool of the allocator that served them: a chain holds
// exactly what its pools hold separately, again after everything is freed.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

enum { BLOCK = 1000, MAXB = 64 };

static omp_allocator_handle_t pool(size_t size, omp_uintptr_t fb, omp_allocator_handle_t next) {
  omp_alloctrait_t t[] = {{omp_atk_pool_size, size},
                          {omp_atk_fallback, fb},
                          {omp_atk_fb_data, (omp_uintptr_t)next}};
  omp_allocator_handle_t al =
      omp_init_allocator(omp_default_mem_space, fb == omp_atv_allocator_fb ? 3 : 2, t);
  CHECK(al != omp_null_allocator);
  return al;
}

static int drain(omp_allocator_handle_t al, void **ps) {
  int n = 0;
  while (n < MAXB && (ps[n] = omp_alloc(BLOCK, al)) != NULL) {
    memset(ps[n], 0x33, BLOCK);
    n++;
  }
  CHECK(n < MAXB);
  return n;
}

static void release(void **ps, int n, omp_allocator_handle_t al) {
  for (int i = 0; i < n; i++)
    omp_free(ps[i], al);
}

int main(void) {
  void *ps[MAXB];
  // How much each pool holds alone.
  omp_allocator_handle_t a_alone = pool(3000, omp_atv_null_fb, 0);
  omp_allocator_handle_t b_alone = pool(5000, omp_atv_null_fb, 0);
  int na = drain(a_alone, ps);
  release(ps, na, a_alone);
  int nb = drain(b_alone, ps);
  release(ps, nb, b_alone);
  CHECK(na >= 1 && nb > na);

  // a falls back to b, b returns NULL.
  omp_allocator_handle_t b = pool(5000, omp_atv_null_fb, 0);
  omp_allocator_handle_t a = pool(3000, omp_atv_allocator_fb, b);
  for (int round = 0; round < 3; round++) {
    int n = drain(a, ps);
    CHECK_EQ(n, na + nb);
    CHECK(omp_alloc(BLOCK, b) == NULL); // b is full too
    release(ps, n, round == 1 ? omp_null_allocator : a);
  }
  printf("chain of two: exact\n");

  // c falls back to a (then b), and b's blocks freed make room for c's chain.
  omp_allocator_handle_t c = pool(2000, omp_atv_allocator_fb, a);
  int n = drain(c, ps);
  CHECK(n > na + nb);
  omp_free(ps[n - 1], omp_null_allocator); // served by b: room in b again
  ps[n - 1] = omp_alloc(BLOCK, c);
  CHECK(ps[n - 1] != NULL);
  // (LLVM 14 asserts when omp_free names an allocator two hops before the
  // one that served the block, so let the header decide.)
  release(ps, n, omp_null_allocator);
  printf("chain of three: exact\n");

  // Ending in default_mem_fb: never NULL.
  omp_allocator_handle_t d = pool(2000, omp_atv_default_mem_fb, 0);
  omp_allocator_handle_t e = pool(2000, omp_atv_allocator_fb, d);
  for (int i = 0; i < MAXB; i++) {
    ps[i] = omp_alloc(BLOCK, e);
    CHECK(ps[i] != NULL);
  }
  release(ps, MAXB, omp_null_allocator);
  printf("ending in default_mem_fb: never NULL\n");

  omp_allocator_handle_t all[] = {e, d, c, a, b, a_alone, b_alone};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    omp_destroy_allocator(all[i]);
  return 0;
}
// CHECK: chain of two: exact
// CHECK-NEXT: chain of three: exact
// CHECK-NEXT: ending in default_mem_fb: never NULL
