// kmp_malloc, kmp_calloc, kmp_realloc, kmp_free and kmp_aligned_malloc:
// usable memory, zeroed by calloc, contents kept by realloc, and the
// alignment asked for, from several threads at once.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

#include <stdint.h>

int main(void) {
  static const size_t aligns[] = {8, 16, 64, 256, 4096};
  int bad = 0;
#pragma omp parallel num_threads(4) reduction(+ : bad)
  for (int r = 0; r < 50; r++) {
    int me = omp_get_thread_num();
    char *p = kmp_malloc(1000);
    if (!p)
      bad++;
    else {
      memset(p, me, 1000);
      p = kmp_realloc(p, 100000);
      for (int i = 0; p && i < 1000; i++)
        bad += p[i] != me;
      kmp_free(p);
    }
    int *z = kmp_calloc(256, sizeof(int));
    for (int i = 0; z && i < 256; i++)
      bad += z[i] != 0;
    bad += z == NULL;
    kmp_free(z);
    for (int a = 0; a < 5; a++) {
      char *q = kmp_aligned_malloc(3000 + r, aligns[a]);
      bad += q == NULL || (uintptr_t)q % aligns[a] != 0;
      if (q) {
        memset(q, 1, 3000 + r);
        kmp_free(q);
      }
    }
  }
  CHECK_EQ(bad, 0);
  printf("kmp allocations fine, alignments up to 4096\n");
  return 0;
}
// CHECK: kmp allocations fine, alignments up to 4096
