// REQUIRES: bobbin
// Bobbin's OMP_DISPLAY_ENV block also lists its own BOBBIN_ variables, with
// the values in effect.
// RUN: %libomp-compile && env OMP_DISPLAY_ENV=true BOBBIN_NUM_ES=2 OMP_NUM_THREADS=3 %libomp-run 2>&1 | FileCheck %s
#include "check.h"

int main(void) {
  CHECK_EQ(omp_get_max_threads(), 3);
  printf("done\n");
  return 0;
}
// CHECK: OPENMP DISPLAY ENVIRONMENT BEGIN
// CHECK-DAG: _OPENMP
// CHECK-DAG: OMP_NUM_THREADS{{.*}}3
// CHECK-DAG: BOBBIN_NUM_ES{{.*}}2
// CHECK: OPENMP DISPLAY ENVIRONMENT END
// CHECK: done
