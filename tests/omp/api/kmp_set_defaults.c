// kmp_set_defaults("OMP_NUM_THREADS=3") at the start of main, before the
// first parallel region, takes effect as if the variable were set, also over
// the environment's value. (The num_threads clause below makes clang call
// __kmpc_global_thread_num at the top of main, before kmp_set_defaults.)
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// RUN: env OMP_NUM_THREADS=5 %libomp-run | FileCheck %s
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

int main(void) {
  kmp_set_defaults("OMP_NUM_THREADS=3");
  CHECK_EQ(omp_get_max_threads(), 3);
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK_EQ(n, 3);
  int m = 0;
#pragma omp parallel num_threads(2) reduction(+ : m)
  m++;
  CHECK_EQ(m, 2);
  printf("default team of %d\n", n);
  return 0;
}
// CHECK: default team of 3
