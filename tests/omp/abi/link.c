// REQUIRES: bobbin
// `clang -fopenmp` linking against build/lib gives a program that loads
// build/lib/libomp.so.5 (not the system's libomp) and runs correctly.
// RUN: %libomp-compile && ldd %t | FileCheck %s --check-prefix=LDD -DLIBDIR=%libomp-dir
// RUN: %libomp-run | FileCheck %s
// clang only: checks the libomp.so names clang links against.
// REQUIRES: clang
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel num_threads(3) reduction(+ : n)
  n += omp_get_thread_num();
  CHECK_EQ(n, 3);
  printf("sum of thread numbers %d\n", n);
  return 0;
}
// LDD: libomp.so.5 => [[LIBDIR]]/libomp.so.5
// LDD-NOT: llvm-14/lib/libomp
// CHECK: sum of thread numbers 3
