// OMP_DISPLAY_ENV=verbose (any case) prints the block once, with at least
// what =true prints, before the program's output.
// RUN: %libomp-compile && env OMP_DISPLAY_ENV=verbose OMP_NUM_THREADS=3 OMP_SCHEDULE=dynamic,4 %libomp-run 2>&1 | FileCheck %s
// RUN: env OMP_DISPLAY_ENV=VERBOSE OMP_NUM_THREADS=3 OMP_SCHEDULE=dynamic,4 %libomp-run 2>&1 | FileCheck %s
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK_EQ(n, 3);
  printf("done with %d\n", n);
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK-DAG: _OPENMP
// CHECK-DAG: OMP_NUM_THREADS{{ ?= ?}}'3'
// CHECK-DAG: OMP_SCHEDULE{{ ?= ?}}'{{[Dd][Yy][Nn][Aa][Mm][Ii][Cc]}},4'
// CHECK-DAG: OMP_DYNAMIC
// CHECK-DAG: OMP_CANCELLATION
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK-NOT: OPENMP DISPLAY ENVIRONMENT
// CHECK: done with 3
