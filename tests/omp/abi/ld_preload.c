// REQUIRES: bobbin
// A program linked against the system's LLVM libomp runs on Bobbin when
// LD_PRELOAD names build/lib/libomp.so.5: Bobbin's display-env block (with
// BOBBIN_ variables) proves which runtime ran, and the results are right.
// RUN: %system-libomp-compile
// RUN: env LD_PRELOAD=%bobbin-preload OMP_DISPLAY_ENV=true %libomp-run 2>&1 | FileCheck %s
#include "check.h"

int main(void) {
  long sum = 0;
  int members = 0, inner = 0;
#pragma omp parallel num_threads(4) reduction(+ : sum, members)
  {
    members++;
#pragma omp for schedule(dynamic, 7)
    for (int i = 1; i <= 10000; i++)
      sum += i;
#pragma omp parallel num_threads(2)
#pragma omp atomic
    inner++;
  }
  CHECK_EQ(members, 4);
  CHECK_EQ(sum, 50005000);
  CHECK_EQ(inner, 8); // nested by default: Bobbin's behaviour, not LLVM's
  printf("sum %ld, inner %d\n", sum, inner);
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK: BOBBIN_
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK: sum 50005000, inner 8
