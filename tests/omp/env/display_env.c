// OMP_DISPLAY_ENV=true prints the specification's block on stderr, once,
// before the program's own output; unset or false prints nothing.
// RUN: %libomp-compile && env OMP_DISPLAY_ENV=true OMP_NUM_THREADS=3 %libomp-run 2>&1 >/dev/null | FileCheck %s
// RUN: env OMP_DISPLAY_ENV=TRUE %libomp-run 2>&1 >/dev/null | FileCheck %s
// RUN: env OMP_DISPLAY_ENV=false %libomp-run 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %libomp-run 2>&1 | FileCheck %s --check-prefix=OFF
#include "check.h"

int main(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  CHECK_EQ(n, omp_get_max_threads());
  printf("done\n");
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK-DAG: _OPENMP
// CHECK-DAG: OMP_NUM_THREADS
// CHECK-DAG: OMP_SCHEDULE
// CHECK-DAG: OMP_DYNAMIC
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK-NOT: OPENMP DISPLAY ENVIRONMENT
// OFF-NOT: OPENMP DISPLAY ENVIRONMENT
// OFF: done
// OFF-NOT: OPENMP DISPLAY ENVIRONMENT
