// kmp_set_stacksize_s before the first parallel region sets the OpenMP
// threads' stack size: kmp_get_stacksize_s reads it back, before and after
// the runtime starts, and every thread of a region can use a 3 MB frame
// (more than the default stack holds). clang calls __kmpc_global_thread_num
// at the top of main, so the runtime has started by then: only the first
// parallel region closes the window, as in LLVM's libomp.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

#define BIG (3u << 20)

static __attribute__((noinline)) int use_stack(int seed) {
  volatile char frame[BIG];
  for (unsigned i = 0; i < BIG; i += 4096)
    frame[i] = (char)(seed + i / 4096);
  int sum = 0;
  for (unsigned i = 0; i < BIG; i += 4096)
    sum += frame[i] == (char)(seed + i / 4096);
  return sum;
}

int main(void) {
  kmp_set_stacksize_s((size_t)8 << 20);
  CHECK_EQ(kmp_get_stacksize_s(), (size_t)8 << 20);
  int ok = 0;
#pragma omp parallel num_threads(4) reduction(+ : ok)
  ok += use_stack(omp_get_thread_num()) == BIG / 4096;
  CHECK_EQ(ok, 4);
  CHECK_EQ(kmp_get_stacksize_s(), (size_t)8 << 20);
  printf("stack size %zu MB, 4 threads used 3 MB frames\n", kmp_get_stacksize_s() >> 20);
  return 0;
}
// CHECK: stack size 8 MB, 4 threads used 3 MB frames
