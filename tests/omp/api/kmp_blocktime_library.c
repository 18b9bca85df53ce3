// kmp_set_blocktime / kmp_get_blocktime and kmp_set_library_* /
// kmp_get_library read back what was set (serial 1, turnaround 2,
// throughput 3), and regions keep working in throughput mode.
// RUN: %libomp-compile && %libomp-run | FileCheck %s
// clang only: the kmp_* extensions are in LLVM's omp.h only.
// REQUIRES: clang
#include "check.h"

int main(void) {
  kmp_set_blocktime(37);
  CHECK_EQ(kmp_get_blocktime(), 37);
  kmp_set_blocktime(0);
  CHECK_EQ(kmp_get_blocktime(), 0);
  kmp_set_library_turnaround();
  CHECK_EQ(kmp_get_library(), 2);
  kmp_set_library_serial();
  CHECK_EQ(kmp_get_library(), 1);
  kmp_set_library_throughput();
  CHECK_EQ(kmp_get_library(), 3);
  kmp_set_library(2);
  CHECK_EQ(kmp_get_library(), 2);
  kmp_set_library_throughput();
  kmp_set_blocktime(200);
  int n = 0;
#pragma omp parallel num_threads(3) reduction(+ : n)
  n++;
  CHECK_EQ(n, 3);
  CHECK_EQ(kmp_get_blocktime(), 200);
  printf("blocktime %d, library %d, region of %d\n", kmp_get_blocktime(),
         kmp_get_library(), n);
  return 0;
}
// CHECK: blocktime 200, library 3, region of 3
