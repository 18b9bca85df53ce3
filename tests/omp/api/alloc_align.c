// Alignment: omp_aligned_alloc and omp_aligned_calloc return pointers aligned
// to their argument, an allocator's alignment trait aligns every block it
// gives, and the two combine by taking the larger.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
#include "check.h"

#include <stdint.h>

static int aligned(const void *p, size_t a) { return ((uintptr_t)p & (a - 1)) == 0; }

static void fill(void *p, size_t n) { memset(p, 0x5a, n); }

int main(void) {
  // Predefined allocators that every runtime serves from ordinary memory.
  const omp_allocator_handle_t predef[] = {
      omp_default_mem_alloc, omp_const_mem_alloc,  omp_low_lat_mem_alloc,
      omp_cgroup_mem_alloc,  omp_pteam_mem_alloc, omp_thread_mem_alloc};
  for (size_t i = 0; i < sizeof predef / sizeof predef[0]; i++) {
    void *p = omp_alloc(24, predef[i]);
    CHECK(p != NULL && aligned(p, sizeof(void *)));
    fill(p, 24);
    omp_free(p, predef[i]);
    for (size_t a = 1; a <= 8192; a *= 2) {
      for (size_t size = 1; size <= 3000; size = size * 3 + 1) {
        p = omp_aligned_alloc(a, size, predef[i]);
        CHECK(p != NULL);
        CHECK(aligned(p, a));
        fill(p, size);
        omp_free(p, predef[i]);
      }
    }
  }
  printf("predefined: aligned\n");

  // The alignment trait, alone and combined with the argument.
  omp_alloctrait_t t[] = {{omp_atk_alignment, 256}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 1, t);
  CHECK(al != omp_null_allocator);
  void *ps[64];
  for (int i = 0; i < 64; i++) {
    ps[i] = omp_alloc((size_t)(i + 1) * 8, al);
    CHECK(ps[i] != NULL && aligned(ps[i], 256));
    fill(ps[i], (size_t)(i + 1) * 8);
  }
  for (int i = 0; i < 64; i++)
    omp_free(ps[i], al);
  void *p = omp_aligned_alloc(64, 100, al); // trait wins
  CHECK(p != NULL && aligned(p, 256));
  omp_free(p, al);
  p = omp_aligned_alloc(4096, 100, al); // argument wins
  CHECK(p != NULL && aligned(p, 4096));
  fill(p, 100);
  omp_free(p, omp_null_allocator);
  p = omp_aligned_calloc(1024, 10, 30, al);
  CHECK(p != NULL && aligned(p, 1024));
  for (int i = 0; i < 300; i++)
    CHECK_EQ(((unsigned char *)p)[i], 0);
  omp_free(p, al);
  p = omp_calloc(7, 9, al);
  CHECK(p != NULL && aligned(p, 256));
  omp_free(p, al);
  omp_destroy_allocator(al);
  printf("trait: aligned\n");

  // Through the entry points clang emits for the allocate directive.
  p = omp_aligned_alloc(128, 1, omp_default_mem_alloc);
  CHECK(p != NULL && aligned(p, 128));
  omp_free(p, omp_default_mem_alloc);
  printf("done\n");
  return 0;
}
// CHECK: predefined: aligned
// CHECK-NEXT: trait: aligned
// CHECK-NEXT: done
