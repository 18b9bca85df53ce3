// kmp_set_stacksize_s before the first parallel region sets the OpenMP
// threads' stack size: kmp_get_stacksize_s reads it back, before and after
// the runtime starts, and every thread of a region but the initial one
// (which keeps the process's stack, as in libomp) can use a 12 MB frame, more
// than the default stack (an OS thread's) holds. clang calls __kmpc_global_thread_num
// at the top of main, so the runtime has started by then: only the first
// parallel region closes the window, as in LLVM's libomp.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

#define BIG (12u << 20)

int main(void) {
  kmp_set_stacksize_s((size_t)16 << 20);
  CHECK_EQ(kmp_get_stacksize_s(), (size_t)16 << 20);
  int ok = 0;
#pragma omp parallel num_threads(4) reduction(+ : ok)
  if (omp_get_thread_num() != 0)
    ok += uses_stack(BIG, omp_get_thread_num());
  CHECK_EQ(ok, 3);
  CHECK_EQ(kmp_get_stacksize_s(), (size_t)16 << 20);
  printf("stack size %zu MB, 3 threads used 12 MB frames\n", kmp_get_stacksize_s() >> 20);
  return 0;
}
// CHECK: stack size 16 MB, 3 threads used 12 MB frames
